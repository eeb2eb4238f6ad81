# Fuzz (3:1959): in-place elu / selu / celu save their result, and PyTorch's backward picks
# the branch from it as from the input: its vector loop (whole blocks of 32 float32 or 16
# float64) tests result > 0, so a NaN result gets the exponential branch (NaN); its element
# loop tests result <= 0, so a NaN there gets grad * scale.
import torch

F = torch.nn.functional
nan = float("nan")
for dtype in (torch.float32, torch.float64):
    for n in (20, 40):
        x = torch.linspace(-2, 2, n, dtype=dtype)
        x[2], x[n - 3] = nan, nan
        x.requires_grad_()
        for fn in (F.elu, F.selu, F.celu):
            y = x * 1.0
            fn(y, inplace=True)
            y.mean().backward()
            print(fn.__name__, n, x.grad[[2, 3, n - 3]])
            x.grad = None
