# slogdet's gradient of a singular matrix comes from the forward's LU in the input's dtype: a
# float32 matrix singular only in float32 has PyTorch's infinite gradient (NumPy's float64
# inverse gave finite ones) and refuses create_graph; a transposed view solves through the LU
# of A with LAPACK's transposed solve (the infinities in other places)
import torch

for rows in ([[1.1, 3.3], [0.7, 2.1]], [[-0.75, -1.75], [-0.75, -1.75]], [[0.3, 0.6], [0.1, 0.2]],
             [[1.0, 2.0, 3.0], [2.0, 4.0, 6.0], [1.0, 0.0, 1.0]]):
    # (in float64 the first is only nearly singular: its gradient's rounding is MKL's)
    for dtype in (torch.float32,) if rows[0][0] == 1.1 else (torch.float32, torch.float64):
        for transposed in (False, True):
            a = torch.tensor(rows, dtype=dtype)
            a = (a.mT if transposed else a).requires_grad_()
            sign, logabsdet = torch.slogdet(a)
            grad, = torch.autograd.grad(logabsdet, a)
            print(sign, logabsdet, grad)
            try:
                print(torch.autograd.grad(torch.logdet(a), a, create_graph=True))
            except torch.linalg.LinAlgError as error:
                print(error)
