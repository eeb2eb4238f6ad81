# slogdet / logdet of matrices holding NaN: PyTorch's sign of a NaN pivot is 0, not 1
import torch

nan = float("nan")
for rows in ([[nan]], [[-1.5, 2.0, -2.0], [1.75, -1.0, 1.75], [0.0, nan, -1.5]],
             [[-2.308, 2.448, -2.41], [-0.795, -3.334, 1.947], [nan, -1.459, 0.531]]):
    for dtype in (torch.float32, torch.float64):
        a = torch.tensor(rows, dtype=dtype, requires_grad=True)
        sign, logabsdet = torch.slogdet(a)
        print(sign, logabsdet, torch.logdet(a))
batch = torch.tensor([[[-1.5, 2.0, -2.0], [1.75, -1.0, 1.75], [0.0, nan, -1.5]],
                      [[-0.75, 0.5, -0.75], [1.0, -0.25, 0.5], [-0.25, 1.0, 1.0]]])
print(torch.linalg.slogdet(batch))
