# slogdet / logdet follow the LU PyTorch's LAPACK computes for small matrices: the multiplier
# of a 2x2 to 4x4 matrix's last column divided (not scaled by the reciprocal), so a matrix
# singular in exact arithmetic keeps its zero pivot; A^T factored for a contiguous input and
# A for a transposed view; nearly singular finite matrices signed by those pivots too
import torch

cases = [[[[-0.5, 1.5], [-0.25, 1.5]], [[-0.75, -1.75], [-0.75, -1.75]]],
         [[0.5, -1.75, 1.5], [0.25, 0.5, -0.75], [1.5, -5.25, 4.5]],
         [[1.5, -0.75, 0.5, 0.25], [0.5, 1.25, -1.75, 0.5], [-0.25, 0.5, 1.5, -1.0],
          [4.5, -2.25, 1.5, 0.75]],
         [[0.3, 0.7, 1.1, -0.4, 0.9], [1.3, -0.2, 0.6, 0.8, -1.1], [0.5, 0.25, -0.75, 1.5, 0.1],
          [-0.6, 1.4, 0.2, 0.3, 0.7], [0.39, 0.91, 1.43, -0.52, 1.17]]]
for rows in cases:
    for dtype in (torch.float32, torch.float64):
        a = torch.tensor(rows, dtype=dtype)
        print(tuple(torch.slogdet(a)), torch.logdet(a))
        print(tuple(torch.linalg.slogdet(a.mT)), torch.logdet(a.mT))
x = torch.tensor([[-0.205, 2.193], [1.703, -0.894]]) * torch.tensor([4.0, 0.5])
print(torch.slogdet(torch.stack([x, x.flip(0), x.mT])))
m = torch.tensor([[-0.75, -0.75], [-1.75, -1.75]])
print(torch.slogdet(m).sign, torch.slogdet(m.mT).sign, torch.slogdet(m.mT.contiguous()).sign)
