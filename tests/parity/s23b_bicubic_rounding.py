# Bicubic interpolation (antialias off) rounds as PyTorch's CPU kernels: the forward's cubic
# coefficients and tap sums partly fused into FMAs (fma(v0, w0, v1 * w1), then the other two
# taps; width taps in each row, then the rows), the backward's coefficients unfused and its
# 16 taps added output by output, width tap outer; float32 and float64, align_corners both
# ways, sizes and scale factors (a copy in the backward where the sizes do not change).
import struct

import torch

F = torch.nn.functional


def bits(t):
    return [struct.pack(">d" if t.dtype == torch.float64 else ">f", v).hex() for v in
            t.detach().reshape(-1).tolist()]


x = torch.tensor([[[[1.75, 1.0, 2.0, -0.5, 1.5], [1.5, 0.75, -1.25, -1.75, 1.5]]]],
                 requires_grad=True)
print(F.interpolate(x, mode="bicubic", size=5).round())
for shape, size, scale, align in (((1, 2, 3, 4), (5, 7), None, False),
                                  ((2, 1, 5, 3), (4, 8), None, True),
                                  ((1, 1, 4, 6), None, (1.5, 0.7), False),
                                  ((1, 2, 6, 5), None, (2.25, 1.3), True),
                                  ((1, 1, 3, 4), None, (1.3, 1.2), False),
                                  ((1, 1, 1, 3), (1, 7), None, False)):
    for dtype in (torch.float32, torch.float64):
        a = torch.arange(torch.Size(shape).numel(), dtype=dtype).reshape(shape).mul(0.37).sin()
        a = a.mul(2.5).requires_grad_()
        out = F.interpolate(a, size=size, scale_factor=scale, mode="bicubic",
                            align_corners=align)
        grad = torch.arange(out.numel(), dtype=dtype).reshape(out.shape).mul(0.73).cos()
        (g,) = torch.autograd.grad(out, a, grad)
        print(shape, size, scale, align, dtype, bits(out), bits(g))
