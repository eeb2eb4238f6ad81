# Fuzz seed 5: the determinant of a matrix with NaN or infinite entries is NaN / inf without
# any warning (NumPy's "invalid value encountered in det" must not reach the user), nor does
# its plain backward warn.
import warnings

import torch

for rows in ([[float('nan')]], [[float('inf'), 1.0], [2.0, float('inf')]],
             [[float('inf'), float('-inf')], [1.0, 1.0]]):
    for dtype in (torch.float32, torch.float64):
        x = torch.tensor(rows, dtype=dtype, requires_grad=True)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter('always')
            d = x.det()
            print(d, torch.linalg.det(x.detach()), torch.det(x[None]).shape)
            d.backward()
        print([str(w.message) for w in caught])
