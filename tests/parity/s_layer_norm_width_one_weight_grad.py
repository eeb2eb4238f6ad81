# Issue 11 (fuzz): layer_norm over one value per row: x - mean is 0, but PyTorch's kernel
# computes the normalized value as fma(x, rstd, -(rstd * mean)), the rounding error of
# rstd * x, and the weight's gradient sums those (also under create_graph).
import torch

F = torch.nn.functional
x = torch.tensor([[-0.584], [1.81], [0.3], [-2.25], [7.125]])
for dtype in (torch.float32, torch.float64):
    w = torch.tensor([-1.25], dtype=dtype, requires_grad=True)
    b = torch.tensor([0.5], dtype=dtype, requires_grad=True)
    F.layer_norm(x.to(dtype), [1], w, b).sum().backward()
    print(w.grad, b.grad)
    (g,) = torch.autograd.grad(F.layer_norm(x.to(dtype)[:, None], [1, 1], w.view(1, 1)).sum(),
                               w, create_graph=True)
    print(g)
