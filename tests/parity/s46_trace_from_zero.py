# trace sums its diagonal from 0 (fuzz 73:16562): a diagonal of -0 values gives +0, so 1 / it
# is +inf.
import numpy as np
import torch

for values in ([[-0.0]], [[-0.0, 1.0], [2.0, -0.0]], [[-0.0, 1.0], [2.0, 0.0]], [[1.5, 2.0], [0.0, -1.5]],
               [[-0.0, 1.0], [2.0, -0.0], [3.0, 4.0]]):
    for dtype in (torch.float32, torch.float64, torch.complex64):
        t = torch.tensor(values, dtype=dtype).trace()
        print(dtype, t, np.signbit(t.real.numpy()), 1 / t.real)
