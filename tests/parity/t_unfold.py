# Tensor.unfold: sliding windows as a view (writes reach the base), overlapping windows'
# gradients adding up, steps larger than the window, 0-d input, and the size/step errors.
import torch
x = torch.arange(10.).reshape(2, 5).requires_grad_()
u = x.unfold(1, 3, 1); print(u, u.shape, u.grad_fn.name(), u._is_view())
(u * torch.arange(18.).reshape(2, 3, 3)).sum().backward(); print(x.grad)
print(torch.arange(7.).unfold(0, 2, 3), torch.arange(4.).unfold(0, 4, 1), torch.tensor(3.).unfold(0, 1, 1))
print(torch.arange(24.).reshape(2, 3, 4).unfold(1, 2, 1).shape, torch.arange(24.).reshape(2, 3, 4).unfold(-1, 2, 2).shape)
try: torch.arange(4.).unfold(0, 5, 1)
except RuntimeError as e: print(e)
try: torch.arange(4.).unfold(0, 2, 0)
except RuntimeError as e: print(e)
y = torch.zeros(6); y.unfold(0, 2, 2)[:, 0] = 1; print(y)
