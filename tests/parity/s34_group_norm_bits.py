# Issue 11 (fuzz 35:12804): group_norm's result bit for bit in groups of one chunk (under
# 128 float32 / 64 float64 elements), with and without affine parameters: PyTorch's
# RowwiseMoments statistics and fused affine part. atanh near +-1 showed a last-bit
# difference of a 2-element group as a silent value difference.
import numpy as np
import torch

F = torch.nn.functional
rng = np.random.default_rng(11)
v3 = torch.tensor([[[1.745], [-2.278]], [[-1.041], [1.84]]], requires_grad=True)
print(torch.arctanh(F.group_norm(v3, 1)))
for dtype, view in ((torch.float32, np.int32), (torch.float64, np.int64)):
    for shape, groups in (((2, 2, 1), 1), ((4, 6, 5), 3), ((2, 8, 3, 3), 4), ((3, 4), 2)):
        x = torch.tensor(rng.standard_normal(shape)).to(dtype)
        weight = torch.tensor(rng.standard_normal(shape[1])).to(dtype)
        bias = torch.tensor(rng.standard_normal(shape[1])).to(dtype)
        print(dtype, shape, F.group_norm(x, groups).numpy().view(view).tolist())
        print(dtype, shape, F.group_norm(x, groups, weight, bias).numpy().view(view).tolist())
