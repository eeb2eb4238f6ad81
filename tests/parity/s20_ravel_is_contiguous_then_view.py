# Fuzz (1:16427): ravel is contiguous().view(-1): ViewBackward0, after a CloneBackward0 when
# the input is not contiguous (a view of the clone, not reshape's UnsafeViewBackward0 copy);
# logsigmoid's output is contiguous whatever the input's layout.
import torch

F = torch.nn.functional
x = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], requires_grad=True)
for y in (x, x.t(), x * 1, (x * 1).t(), x[:, ::2], x.expand(2, 2, 3), x[0]):
    r = y.ravel()
    print(r, r.grad_fn.name(), r.grad_fn.next_functions[0][0].name(), r._is_view(),
          r.is_contiguous())
x.t().ravel().mul(torch.arange(6.0)).sum().backward()
print(x.grad)
with torch.no_grad():
    print(x.t().ravel()._is_view(), torch.tensor(3.0).ravel())
z = F.logsigmoid(x.t())
print(z.stride(), z.ravel().grad_fn.next_functions[0][0].name())
print(F.logsigmoid(torch.ones(2, 3, 4, dtype=torch.float16).permute(2, 0, 1)).stride())
grad, = torch.autograd.grad(z, x, torch.ones(2, 3).t())
print(grad, grad.stride())
