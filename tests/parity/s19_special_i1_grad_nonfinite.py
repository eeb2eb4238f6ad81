# Fuzz (3:19138): special.i1's gradient is 1/2 wherever |x| is not above eps, NaN included
# (PyTorch masks the whole slope, i0(x) - i1(x) / x, there); at +-inf it is NaN.
import torch

for dt in (torch.float32, torch.float64):
    x = torch.tensor([0.0, -1.25, float("nan"), float("inf"), float("-inf"), 1e-30, -0.0, 1.0],
                     dtype=dt, requires_grad=True)
    (g,) = torch.autograd.grad(torch.special.i1(x).sum(), x)
    print(g)
    (g,) = torch.autograd.grad(torch.special.i1(x).sum(), x, create_graph=True)
    print(g)
