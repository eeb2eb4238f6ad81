# Issue 11: addcmul is self + value * t1 * t2 left to right with the addition fused
# (fma(value * t1, t2, self)), addcdiv self + value * t1 / t2 left to right, and lerp one
# fused multiply-add per side of its weight, in PyTorch's vector and scalar loops alike.
# Random values, so rounding shows: bit patterns printed.
import numpy as np
import torch

rng = np.random.default_rng(7)
for dtype, view in ((torch.float32, np.int32), (torch.float64, np.int64)):
    x, y, z = (torch.tensor(rng.standard_normal(40)).to(dtype) for _ in range(3))
    w = torch.tensor(rng.uniform(-0.3, 1.3, 40)).to(dtype)
    for name, result in (
            ("addcmul", torch.addcmul(x, y, z, value=0.37)),
            ("addcmul 1", torch.addcmul(x, y, z)),
            ("addcmul scalar path", torch.addcmul(x.expand(2, 40).t(), y[:, None], z[:, None],
                                                  value=-2.5)[:, 0]),
            ("addcdiv", torch.addcdiv(x, y, z, value=0.37)),
            ("lerp 0.3", torch.lerp(x, y, 0.3)),
            ("lerp 0.7", torch.lerp(x, y, 0.7)),
            ("lerp tensor", torch.lerp(x, y, w)),
            ("addcmul_", x.clone().addcmul_(y, z, value=1e-3)),
            ("lerp_", x.clone().lerp_(y, 0.9))):
        print(dtype, name, result.numpy().view(view).tolist())
