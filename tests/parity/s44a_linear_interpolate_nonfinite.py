# (Bi/tri)linear interpolate of infinite inputs (fuzz 60:14796: linear, size 3 from 2, gave
# [nan, nan, inf] where PyTorch gives [nan, inf, inf]). PyTorch computes the source index
# in float with one fused multiply-add, fma(0.33333334f, 1.5f, -0.5f) = 1.49e-8 > 0, so the
# output reads inf * 1 + inf * 1.49e-8 = inf, not inf * 0 = NaN; its backward computes the
# same weights. NaNs keep the sign PyTorch's fused multiply-adds give them: a NaN operand's
# (the multiplicand's before the addend's), the negative default NaN only from inf * 0 or
# inf - inf. Prints bit patterns, forward and backward, of inputs and gradients with +-inf
# and +-NaN.
import numpy as np
import torch

F = torch.nn.functional


def bits(t):
    a = t.detach().contiguous().numpy()
    return a.view(np.int32 if a.dtype == np.float32 else np.int64).ravel().tolist()


x = torch.tensor([[[-1.886], [float("inf")]]], dtype=torch.float32, requires_grad=True)
y = F.interpolate(x, mode="linear", size=3, align_corners=False)
print(y)
print(bits(y))
rng = np.random.default_rng(4402)
for dtype in (torch.float32, torch.float64):
    for mode, shape, options in (("linear", (1, 2, 2), {"size": 3}),
                                 ("linear", (1, 2, 3), {"size": 7}),
                                 ("linear", (1, 1, 5), {"scale_factor": 0.7}),
                                 ("bilinear", (1, 2, 2, 3), {"size": (3, 7)}),
                                 ("bilinear", (1, 1, 3, 2), {"size": (7, 131)}),
                                 ("trilinear", (1, 1, 2, 3, 2), {"size": (3, 5, 3)})):
        for align_corners in (False, True):
            values = rng.standard_normal(shape)
            values.ravel()[::2] = np.inf
            values.ravel()[1::5] = -np.inf
            values.ravel()[3::7] = np.nan
            values.ravel()[4::9] = -np.nan
            x = torch.tensor(values.tolist(), dtype=dtype, requires_grad=True)
            y = F.interpolate(x, mode=mode, align_corners=align_corners, **options)
            g = rng.standard_normal(tuple(y.shape))
            g.ravel()[::7] = np.inf
            g.ravel()[2::5] = -np.nan
            g.ravel()[3::11] = np.nan
            y.backward(torch.tensor(g.tolist(), dtype=dtype))
            print(dtype, mode, shape, options, align_corners)
            print("  y", bits(y))
            print("  grad", bits(x.grad))
