# prod along the contiguous last dim (and a whole product under the grain size) of float32 /
# float64, bit for bit: PyTorch's reduction loop multiplies whole blocks of 4 vectors into 4
# accumulators, combines them as (a0 * a1) * (a2 * a3), multiplies the lanes in order and
# then the leftover elements (NumPy's order differed in the last bit on most rows of 16+).
import numpy as np
import torch

rng = np.random.default_rng(4)
for dtype, view in ((torch.float32, np.int32), (torch.float64, np.int64)):
    for n in (7, 16, 31, 32, 33, 64, 95, 200):
        x = torch.tensor(1 + 0.1 * rng.standard_normal((6, n)), dtype=dtype)
        rows = torch.prod(x, 1)
        whole = torch.prod(x[0])
        kept = x.prod(-1, keepdim=True)
        print(dtype, n, rows.numpy().view(view).tolist(), whole.numpy().view(view).tolist(),
              kept.shape)
x = torch.tensor(1 + 0.1 * rng.standard_normal((3, 48)), dtype=torch.float32, requires_grad=True)
y = x.prod(1)
(g,) = torch.autograd.grad(y.sum(), x)
print(y.detach().numpy().view(np.int32).tolist())
