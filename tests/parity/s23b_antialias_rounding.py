# Antialiased interpolation as PyTorch's CPU kernels round it: the bicubic filter (a = -0.5)
# evaluated in the input's precision with its multiply-adds fused (seen through one-hot
# rows, whose outputs are the normalised weights themselves), and the gradient added output
# by output, window tap by tap, as fma(wx * wy, g, acc); bilinear and bicubic, float32 and
# float64, sizes and scale factors, an unchanged axis included (the backward resamples it).
import struct

import torch

F = torch.nn.functional


def bits(t):
    return [struct.pack(">d" if t.dtype == torch.float64 else ">f", v).hex() for v in
            t.detach().reshape(-1).tolist()]


for dtype in (torch.float32, torch.float64):
    for width, size, align in ((7, 4, False), (5, 9, True), (10, 3, False), (6, 11, False)):
        rows = torch.eye(width, dtype=dtype)[None, None]
        out = F.interpolate(rows, size=(width, size), mode="bicubic", antialias=True,
                            align_corners=align)
        print(dtype, width, size, align, bits(out))
for mode in ("bilinear", "bicubic"):
    for shape, size, scale, align in (((1, 2, 5, 7), (3, 4), None, False),
                                      ((1, 1, 6, 4), (6, 9), None, True),
                                      ((2, 1, 8, 5), None, (0.4, 0.7), False),
                                      ((1, 1, 2, 5), (5, 5), None, False)):
        for dtype in (torch.float32, torch.float64):
            a = torch.arange(torch.Size(shape).numel(), dtype=dtype).reshape(shape)
            a = a.mul(0.37).sin().mul(2.5).requires_grad_()
            out = F.interpolate(a, size=size, scale_factor=scale, mode=mode, antialias=True,
                                align_corners=align)
            grad = torch.arange(out.numel(), dtype=dtype).reshape(out.shape).mul(0.73).cos()
            (g,) = torch.autograd.grad(out, a, grad)
            print(mode, shape, size, scale, align, dtype, bits(g))
