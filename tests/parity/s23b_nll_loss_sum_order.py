# nll_loss's sum and mean round as PyTorch's kernel sums: acc -= x (x * w weighted) in
# cascade levels that move up every 16 samples (the first sample to the top level), level 0
# added first; the weighted mean divides by the weights summed the same way; ignored
# targets skip their sample. float32 and float64, small and large batches.
import struct

import torch

F = torch.nn.functional


def bits(t):
    return struct.pack(">d" if t.dtype == torch.float64 else ">f", t.item()).hex()


for dtype in (torch.float32, torch.float64):
    for n, c in ((3, 2), (17, 5), (100, 3), (300, 7), (1000, 4), (5000, 2)):
        x = torch.arange(n * c, dtype=dtype).reshape(n, c).mul(0.731).sin().mul(3)
        t = torch.arange(n).mul(7).remainder(c)
        w = torch.arange(c, dtype=dtype).add(1).mul(0.37)
        t_ignored = t.clone()
        t_ignored[::5] = -100
        print(dtype, n, c, [bits(F.nll_loss(x, t, reduction=r)) for r in ("sum", "mean")],
              [bits(F.nll_loss(x, t, weight=w, reduction=r)) for r in ("sum", "mean")],
              [bits(F.nll_loss(x, t_ignored, weight=w, reduction=r)) for r in ("sum", "mean")])
