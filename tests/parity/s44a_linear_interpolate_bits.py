# (Bi/tri)linear interpolate (antialias off), bit for bit, forward and backward (fuzz 58:12040:
# bilinear outputs and gradients off in their last bits). PyTorch's CPU kernels compute the
# weights in the kernel's precision with the source index fused (fma(scale, i + 0.5, -0.5));
# the generic forward kernel (1-d; 2-d channels-first with output height + width > 128; 3-d)
# sums each axis as fma(t0, w0, t1 * w1); the channels-last kernel (2-d with a small output or
# channels-last with C > 3; 3-d channels-last with C > 3) sums the 4 / 8 taps with multiplied-
# out weights in one fused chain, ordered one way for whole vectors of channels and the other
# for the rest; the backward adds fma(weights, g, acc) output by output. Covers sizes and
# scale factors (recomputed or not), align_corners both, channels-last inputs and gradients,
# float32 and float64.
import numpy as np
import torch

F = torch.nn.functional
rng = np.random.default_rng(4401)
CASES = [
    ("linear", (2, 3, 7), {"size": 12}, None),
    ("linear", (1, 2, 9), {"scale_factor": 0.6}, None),
    ("linear", (1, 2, 5), {"scale_factor": 1.7, "recompute_scale_factor": True}, None),
    ("bilinear", (1, 2, 5, 6), {"size": (9, 11)}, None),
    ("bilinear", (1, 11, 4, 3), {"scale_factor": (2.5, 1.5)}, None),
    ("bilinear", (1, 2, 3, 4), {"size": (2, 130)}, None),
    ("bilinear", (1, 2, 7, 3), {"scale_factor": (0.6, 45.0)}, None),
    ("bilinear", (2, 5, 4, 5), {"size": (6, 3)}, torch.channels_last),
    ("bilinear", (1, 11, 3, 3), {"scale_factor": 1.7, "recompute_scale_factor": True},
     torch.channels_last),
    ("trilinear", (1, 2, 3, 4, 3), {"size": (5, 3, 6)}, None),
    ("trilinear", (1, 9, 2, 3, 4), {"scale_factor": (2.0, 0.7, 1.5)}, torch.channels_last_3d),
    ("trilinear", (1, 5, 3, 2, 3), {"size": (4, 5, 2)}, torch.channels_last_3d),
]
for dtype, view in ((torch.float32, np.int32), (torch.float64, np.int64)):
    for mode, shape, options, layout in CASES:
        for align_corners in (False, True):
            x = torch.tensor(rng.standard_normal(shape).tolist(), dtype=dtype)
            if layout is not None:
                x = x.contiguous(memory_format=layout)
            x.requires_grad_()
            y = F.interpolate(x, mode=mode, align_corners=align_corners, **options)
            g = torch.tensor(rng.standard_normal(tuple(y.shape)).tolist(), dtype=dtype)
            if layout is not None:
                g = g.contiguous(memory_format=layout)
            y.backward(g)
            print(dtype, mode, shape, options, layout, align_corners, tuple(y.shape))
            print("  y", y.detach().contiguous().numpy().view(view).ravel().tolist())
            print("  grad", x.grad.contiguous().numpy().view(view).ravel().tolist())
