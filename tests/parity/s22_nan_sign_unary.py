# The sign bit of the NaN that sigmoid, angle and float64 log1p give, as PyTorch's kernels
# set it (signbit shows it): sigmoid flips a NaN's sign (1 / (1 + exp(-x))), angle and
# float64 log1p give a NaN without the sign bit whatever the input (float32 log1p keeps
# NumPy's signs, as PyTorch's AVX-512 build; its AVX2 build's SLEEF log1pf gives the
# default NaN, without it: recorded per ISA).
import torch

nan, inf = float("nan"), float("inf")
base = torch.tensor([nan, 0.0, -0.0, inf, -inf, 1.0, -1.0, -2.0])
x = torch.cat([base, -base])
for dtype in (torch.float32, torch.float64):
    for n in (1, 40):
        v = x.to(dtype).repeat(n)
        for f in (torch.sigmoid, torch.angle, torch.log1p):
            y = f(v)
            print(dtype, n, f.__name__, y.signbit()[:16].int().tolist(),
                  y.isnan()[:16].int().tolist())
    t = torch.tensor(nan, dtype=dtype, requires_grad=True)
    print(torch.sigmoid(-t).signbit().item(), torch.log1p(-t).signbit().item(),
          torch.sigmoid(-t).grad_fn.name())
