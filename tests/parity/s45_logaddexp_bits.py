# logaddexp of float32 tensors, bit for bit: PyTorch's AVX2 kernel computes
# max(a, b) + log1p(exp(-|a - b|)) with SLEEF's expf / log1pf in its vector loop and glibc's on
# the leftover elements, and returns a where both are the same infinity.
import numpy as np
import torch

rng = np.random.default_rng(16)
for n in (5, 16, 37, 2113):
    a = torch.tensor(rng.standard_normal(n) * 3, dtype=torch.float32, requires_grad=True)
    b = torch.tensor(rng.standard_normal(n) * 3, dtype=torch.float32)
    y = torch.logaddexp(a, b)
    (g,) = torch.autograd.grad(y, a, torch.tensor(rng.standard_normal(n), dtype=torch.float32))
    print(n, y.detach().numpy().view(np.int32)[:20].tolist(),
          int(y.detach().numpy().view(np.int32).sum()), int(g.numpy().view(np.int32).sum()))
inf, nan = float("inf"), float("nan")
a = torch.tensor([inf, -inf, inf, -inf, 0.0, nan, 1.0, 100.0, -100.0, 3.0] * 2)
b = torch.tensor([inf, -inf, -inf, 2.0, -0.0, 1.0, nan, 100.0, 50.0, 3.0] * 2)
print(torch.logaddexp(a, b).tolist())
