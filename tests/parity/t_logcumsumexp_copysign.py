# logcumsumexp (large inputs, mixed-sign gradients, -inf, integers refused) and copysign
# (tensor and number, zero inputs, no gradient for the sign source).
import torch
x = torch.tensor([[1., 3., -2.], [0., 100., 200.]], requires_grad=True)
y = x.logcumsumexp(1); print(y, y.grad_fn.name())
(y * torch.tensor([[1., -2., 3.], [0.5, 1., -1.]])).sum().backward(); print(x.grad)
try: torch.tensor([1, 2]).logcumsumexp(0)
except NotImplementedError as e: print("NotImplementedError", e)
print(torch.tensor(2.).logcumsumexp(0), torch.tensor([-float('inf'), 1.]).logcumsumexp(0), torch.logcumsumexp(x.detach(), 0))
a = torch.tensor([1., -2., 0., 3.], requires_grad=True); b = torch.tensor([-1., 1., -1., 0.], requires_grad=True)
c = torch.copysign(a, b); print(c, c.grad_fn.name()); c.sum().backward(); print(a.grad, b.grad)
print(torch.copysign(a, -1.).grad_fn.name(), torch.copysign(torch.tensor([1, -2]), torch.tensor([-1, 1])), torch.copysign(torch.tensor([0.]), torch.tensor([-0.])), a.copysign(b))
