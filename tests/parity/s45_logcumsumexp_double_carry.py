# logcumsumexp of float32: PyTorch's scan carries the running value in double (its CPU
# accumulate type), each output rounded from it; NumPy's float32 scan differed on 60% of
# values. Special values too.
import numpy as np
import torch

rng = np.random.default_rng(15)
x = torch.tensor(rng.standard_normal((6, 40)) * 3, dtype=torch.float32, requires_grad=True)
for dim in (0, 1):
    y = torch.logcumsumexp(x, dim)
    (g,) = torch.autograd.grad(y.sum(), x)
    print(dim, y.detach().numpy().view(np.int32).reshape(-1)[:30].tolist(),
          int(y.detach().numpy().view(np.int32).sum()), int(g.numpy().view(np.int32).sum()))
s = torch.tensor([-0.0, float("-inf"), float("inf"), 1.0, float("nan"), 2.0, -1e30, 80.0])
print(torch.logcumsumexp(s, 0).tolist(), torch.logcumsumexp(s, 0).signbit().tolist())
