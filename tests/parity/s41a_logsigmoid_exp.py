# F.logsigmoid and its gradient round as PyTorch's kernels far more often with VML's exp and
# log1p (what torch.exp uses) than with NumPy's: min(x, 0) - log1p(exp(-|x|)) forward, and
# z / (1 + z) (from 1 for x < 0) with z = exp(-|x|) backward. Elements where both libraries
# round alike (PyTorch's vector loops use SLEEF's exp: not modelled). Bit patterns
# (sweep s41a, no fuzz id).
import numpy as np
import torch

F = torch.nn.functional


def bits(t):
    return t.detach().numpy().view(np.int32 if t.dtype == torch.float32 else np.int64).tolist()


values = np.random.default_rng(8).standard_normal(2000) * 4
picks = {torch.float32: [7, 9, 21, 35, 36, 40, 54, 58, 60, 72, 76, 80, 85, 95, 100, 103],
         torch.float64: [3, 145, 179, 227, 271, 276, 298, 394, 568, 601, 660, 706, 708, 712,
                         821, 825]}
for dtype, rows in picks.items():
    x = torch.tensor(values[rows], dtype=dtype, requires_grad=True)
    y = F.logsigmoid(x)
    (g,) = torch.autograd.grad(y, x, torch.ones_like(y))
    print(dtype, "forward", bits(y))
    print(dtype, "grad", bits(g))
