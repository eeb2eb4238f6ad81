# linalg.det up to 16x16 is the product of the pivots of PyTorch's LU (of A^T for a contiguous
# input, of A for a transposed view; a 2x2-4x4 matrix's last multiplier divided), so a matrix
# singular in exact arithmetic has det 0 (or -0) exactly where PyTorch's has, and a zero
# gradient in a plain backward; NumPy's determinant gave a tiny value and a finite gradient
import torch

cases = [[[-0.75, -1.75], [-0.75, -1.75]], [[0.3, 0.6], [0.1, 0.2]], [[1.1, 3.3], [0.7, 2.1]],
         [[0.5, -1.75, 1.5], [0.25, 0.5, -0.75], [1.5, -5.25, 4.5]],
         [[1.5, -0.75, 0.5, 0.25], [0.5, 1.25, -1.75, 0.5], [-0.25, 0.5, 1.5, -1.0],
          [4.5, -2.25, 1.5, 0.75]],
         [[0.3, 0.7, 1.1, -0.4, 0.9], [1.3, -0.2, 0.6, 0.8, -1.1], [0.5, 0.25, -0.75, 1.5, 0.1],
          [-0.6, 1.4, 0.2, 0.3, 0.7], [0.39, 0.91, 1.43, -0.52, 1.17]]]
for rows in cases:
    for dtype in (torch.float32, torch.float64):
        for transposed in (False, True):
            a = torch.tensor(rows, dtype=dtype)
            a = (a.mT if transposed else a).requires_grad_()
            det = torch.linalg.det(a)
            grad, = torch.autograd.grad(det, a)
            print(det, grad.abs().max() == 0, torch.det(torch.stack([a, a.mT])))
