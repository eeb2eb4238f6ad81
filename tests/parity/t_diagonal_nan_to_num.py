# diagonal (a view: in-place writes reach the base), trace, nan_to_num: values, node names,
# gradients and errors.
import torch
x = (torch.arange(12.).reshape(3, 4) / 10).requires_grad_()
d = x.diagonal(); print(d, d.grad_fn.name(), d._is_view())
print(x.diagonal(1), x.diagonal(-1), torch.diagonal(torch.ones(2, 3, 4), 0, 1, 2).shape,
      torch.diagonal(torch.ones(2, 3, 4), 1, -1, 0).shape, x.diagonal(5).shape)
(d * torch.tensor([1., 2., 3.])).sum().backward(); print(x.grad); x.grad = None
t = x.trace(); print(t, t.grad_fn.name()); t.backward(); print(x.grad)
try: torch.ones(2, 2, 2).trace()
except RuntimeError as e: print(e)
try: x.diagonal(0, 1, 1)
except RuntimeError as e: print(e)
z = torch.zeros(3, 3); z.diagonal().fill_(1); print(z)
w = torch.zeros(2, 3); w.diagonal(1).add_(torch.tensor([5., 6.])); print(w)
y = torch.tensor([float('nan'), float('inf'), -float('inf'), 1.], requires_grad=True)
n = y.nan_to_num(); print(n, n.grad_fn.name(), torch.nan_to_num(y, nan=0.5, posinf=9., neginf=-9.))
n.sum().backward(); print(y.grad)
print(torch.nan_to_num(torch.tensor([1, 2])))
# an in-place op through a diagonal view of a non-leaf: CopySlices, and its gradient
a = torch.arange(9.).reshape(3, 3).requires_grad_()
b = a * 1
b.diagonal().mul_(3)
print(b, b.grad_fn.name())
(b * torch.arange(9.).reshape(3, 3)).sum().backward()
print(a.grad)
