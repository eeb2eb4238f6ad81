# trace sums the diagonal in order in double for float32 (PyTorch's acc_type), then casts;
# linalg.cross computes each component as one fused multiply-subtract, fma(a[i], b[j],
# -(a[j] * b[i])), as PyTorch's kernel compiles it. Bit patterns, forward and gradient.
import numpy as np
import torch

rng = np.random.default_rng(5)
for dtype in (torch.float32, torch.float64):
    view = np.int32 if dtype == torch.float32 else np.int64
    for n, m in ((5, 8), (37, 40), (120, 100)):
        a = torch.tensor(rng.standard_normal((n, m)) * 3, dtype=dtype)
        print("trace", dtype, n, m, a.trace().numpy().view(view).tolist(),
              a.t().trace().numpy().view(view).tolist())
    for shape, dim in (((6, 3), 1), ((3, 2, 4), 0)):
        x = torch.tensor(rng.standard_normal(shape), dtype=dtype, requires_grad=True)
        y = torch.tensor(rng.standard_normal(shape), dtype=dtype)
        out = torch.linalg.cross(x, y, dim=dim)
        (g,) = torch.autograd.grad(out, x, torch.tensor(rng.standard_normal(shape), dtype=dtype))
        print("cross", dtype, shape, out.detach().numpy().view(view).flatten().tolist(),
              g.numpy().view(view).flatten().tolist())
