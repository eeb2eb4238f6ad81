# linalg.inv_ex factors each matrix in its own dtype as PyTorch's getrf (a float32 pivot is
# zero or not as float32; a 2x2's last multiplier divided) and solves a matrix holding a NaN
# or inf from the factors, so the NaN spreads over the whole inverse (7:5115)
import torch

nan, inf = float("nan"), float("inf")
cases = [[[0.75, 0.25, -1.5], [0.75, nan, 1.25], [-0.0, -1.75, -1.0]],
         [[inf, 1.0], [1.0, 2.0]], [[1.0, nan], [0.0, 0.0]], [[nan]], [[0.0]],
         [[0.1, 0.2], [0.3, 0.6]], [[0.3, 0.6], [0.1, 0.2]], [[1.1, 3.3], [0.7, 2.1]],
         [[1.0, 2.0, 3.0], [2.0, 4.0, 6.0], [1.0, 0.0, 1.0]]]
for rows in cases:
    for dtype in (torch.float32, torch.float64):
        a = torch.tensor(rows, dtype=dtype, requires_grad=True)
        inverse, info = torch.linalg.inv_ex(a)
        print(inverse, info, torch.linalg.inv_ex(torch.stack([a, a.mT])).info)
