# float32 lgamma as PyTorch's CPU kernel computes it: SLEEF's lgammaf (u10) mapped over every
# element (a strided input's too), not C's lgammaf (which differs on ~30% of random values).
# Printed as md5s of the bits, with the gradient (digamma times the incoming gradient), on
# normal, positive, wide-ranging and edge values (poles, tiny, huge, the branch bounds).
import hashlib

import numpy as np
import torch

rng = np.random.default_rng(4949)


def bits(t):
    data = t.detach().contiguous().numpy().tobytes()
    return hashlib.md5(data).hexdigest()[:10] + str(tuple(t.shape))


VALUES = {
    "normal": rng.standard_normal(5000),
    "positive": np.abs(rng.standard_normal(5000)) + 0.1,
    "wide": rng.standard_normal(5000) * 40,
    "magnitudes": np.exp2(rng.uniform(-120, 120, 5000)) * rng.choice([-1.0, 1.0], 5000),
    "quarters": np.arange(-40, 40, 0.25),
    "edges": np.array([0.0, -0.0, 1, 2, 3, -1, -2, 0.5, -0.5, 1e-30, 1e-31, -1e-31, 1e-45,
                       np.inf, -np.inf, np.nan, 3.4e38, -3.4e38, 2.3, 7, 1.2, 4096.5,
                       -4096.5, -1e10, 1e10, 2.0 ** 31, 8.5e37]),
}

for name, values in VALUES.items():
    x = torch.tensor(values, dtype=torch.float32, requires_grad=True)
    y = torch.lgamma(x)
    y.backward(torch.tensor(rng.standard_normal(values.shape), dtype=torch.float32))
    print(name, bits(y), bits(x.grad), bool(torch.isnan(x.grad).any()))
matrix = torch.tensor(rng.standard_normal((40, 30)) * 5, dtype=torch.float32)
print("strided", bits(matrix.t().lgamma()), bits(matrix[:, ::3].lgamma()))
print("in place", bits(matrix.clone().lgamma_()), bits(torch.special.gammaln(matrix)))
