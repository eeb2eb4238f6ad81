# Antialiased bilinear / bicubic interpolate, bit for bit (fuzz 28:56: lp_pool2d amplifies a
# last-bit difference). PyTorch's kernel sums each output's window as: the first product
# rounded, then blocks of 16 bytes' worth of taps (4 float32, 2 float64) each product rounded
# and added, the remaining taps with fused multiply-adds; a zero sum keeps IEEE's sign (-0 when
# every term is -0). Forward and backward bit patterns over downsampling (long windows) and
# upsampling, sizes and scale factors, align_corners both, float32 and float64, with -0.
import numpy as np
import torch

F = torch.nn.functional
rng = np.random.default_rng(2813)
for dtype, view in ((torch.float32, np.int32), (torch.float64, np.int64)):
    for i in range(24):
        h, w = int(rng.integers(4, 20)), int(rng.integers(4, 20))
        mode = ("bilinear", "bicubic")[i % 2]
        align_corners = bool(i // 2 % 2)
        values = rng.standard_normal((1, 2, h, w)) * 2
        if i % 3 == 0:
            values[values < 0.3] = -0.0
        x = torch.tensor(values.tolist(), dtype=dtype, requires_grad=True)
        if i % 4 < 2:
            options = {"size": (int(rng.integers(1, 20)), int(rng.integers(1, 20)))}
        else:
            options = {"scale_factor": (float(rng.choice([0.3, 0.45, 0.7, 1.6])),
                                        float(rng.choice([0.25, 0.5, 0.9, 2.5])))}
        y = F.interpolate(x, mode=mode, antialias=True, align_corners=align_corners, **options)
        g = torch.tensor(rng.standard_normal(tuple(y.shape)).tolist(), dtype=dtype)
        y.backward(g)
        print(dtype, mode, align_corners, (h, w), options, tuple(y.shape))
        print("  y", y.detach().numpy().view(view).ravel().tolist())
        print("  grad", x.grad.numpy().view(view).ravel().tolist())
