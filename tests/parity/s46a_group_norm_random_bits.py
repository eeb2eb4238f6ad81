# Group norm on random N(0, 1) float32 and float64 values (contiguous input), bit for bit as
# PyTorch's CPU kernel rounds it: the statistics by RowwiseMoments' Welford steps, the fused
# affine steps, the backward's channel totals (the leftover channels' loop vectorized in one
# 16-byte chunk on the serial path, all fused on two threads). tools/fuzz/last_bit.py showed
# group_norm differing on 55% of the elements forward and 66% backward (issue 11).
import numpy as np
import torch

F = torch.nn.functional
rng = np.random.default_rng(46)
SHAPES = [((16, 4, 33), 2), ((3, 6, 5, 7), 3), ((2, 20, 9), 4), ((1, 13, 11), 1),
          ((4, 10), 2), ((2, 8, 3, 3, 2), 4), ((1, 24, 45), 2), ((2, 7, 300), 1)]


def bits(t):
    a = t.detach().numpy()
    return a.view(np.int32 if a.dtype == np.float32 else np.int64).reshape(-1).tolist()


for threads in (1, 2):
    torch.set_num_threads(threads)
    for dtype in (torch.float32, torch.float64):
        for shape, groups in SHAPES:
            for affine in ("none", "weight", "both"):
                kind = np.float32 if dtype == torch.float32 else np.float64
                x = torch.tensor(rng.standard_normal(shape).astype(kind), requires_grad=True)
                dy = torch.tensor(rng.standard_normal(shape).astype(kind))
                channels = shape[1]
                w = b = None
                if affine != "none":
                    w = torch.tensor(rng.standard_normal(channels).astype(kind),
                                     requires_grad=True)
                if affine == "both":
                    b = torch.tensor(rng.standard_normal(channels).astype(kind),
                                     requires_grad=True)
                y = F.group_norm(x, groups, w, b)
                y.backward(dy)
                print(threads, dtype, shape, groups, affine)
                print(" y", bits(y))
                print(" dx", bits(x.grad))
                if w is not None:
                    print(" dw", bits(w.grad))
                if b is not None:
                    print(" db", bits(b.grad))
