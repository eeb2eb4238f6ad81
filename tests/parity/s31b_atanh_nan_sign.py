# atanh's NaN signs: PyTorch's element loop (std::atanh: short, strided rows and row tails)
# sets the sign bit of an out-of-domain NaN and keeps a NaN input's; its vector loop (whole
# 64-byte steps of a contiguous row, expanded inputs too) sets it for every NaN, except
# float32 inputs below -1, whose NaN has none. The NaN reached pairwise_distance in fuzz 30:832.
import numpy as np

import torch

rng = np.random.default_rng(2)
vals = np.array([-1.75, -1.0001, -1e30, -np.inf, 1.0001, 2.0, 1e30, np.inf, np.nan, -np.nan,
                 0.5, -0.25, 1.0, -1.0, 0.0, -0.0, 1e-45])
for dt in (torch.float32, torch.float64):
    for shape in ((40,), (3, 21), (5, 8), (2, 33), (7, 3), (4, 4, 5), (17,), (16,), (15,)):
        x = torch.tensor(rng.choice(vals, shape), dtype=dt)
        outs = [x, x.transpose(0, -1) if x.ndim > 1 else x.flip(0), x[..., ::2],
                x[..., 1:] if shape[-1] > 1 else x]
        print(dt, shape, [np.signbit(torch.atanh(o).numpy()).astype(int).ravel().tolist()
                          for o in outs])
        y = x.clone()
        y.atanh_()
        print(np.signbit(y.numpy()).astype(int).ravel().tolist(), torch.isnan(y).sum())
    for n in (7, 16, 17, 40):
        e = torch.tensor([-1.75], dtype=dt).expand(n)
        print(n, np.signbit(torch.atanh(e).numpy()).astype(int).tolist())
