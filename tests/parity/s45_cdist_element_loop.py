# cdist between few rows (PyTorch's element loop, not its matrix-product path), p = 1 and 2,
# bit for bit, with gradients: one accumulator element after element; for p = 2 GCC unrolled the loop by 4,
# adding rounded squares in those groups and fusing the last m % 4; the gradient adds each
# pair's grad * diff / dist (grad * sign(diff)) into its row pair after pair.
import numpy as np
import torch

rng = np.random.default_rng(14)
for r1, r2, m in ((5, 6, 9), (20, 25, 33), (3, 4, 1), (7, 7, 16), (2, 9, 63)):
    for dtype, view in ((torch.float32, np.int32), (torch.float64, np.int64)):
        a = torch.tensor(rng.standard_normal((r1, m)), dtype=dtype, requires_grad=True)
        b = torch.tensor(rng.standard_normal((r2, m)), dtype=dtype)
        for p in (1.0, 2.0):
            y = torch.cdist(a, b, p=p)
            incoming = torch.tensor(rng.standard_normal((r1, r2)), dtype=dtype)
            (g,) = torch.autograd.grad(y, a, incoming)
            print(r1, r2, m, dtype, p, y.detach().numpy().view(view).reshape(-1)[:8].tolist(),
                  int(y.detach().numpy().view(view).sum()), int(g.numpy().view(view).sum()))
