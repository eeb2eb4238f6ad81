# torch.lgamma of float64 and torch.digamma of float32 / float64, bit for bit: PyTorch's lgamma
# kernel maps SLEEF's Sleef_lgammad4_u10 over every element (a strided input's too); its
# digamma is calc_digamma with glibc's log / logf and, for float64, GCC's fused polevl steps.
# Python's math.lgamma (hookgrad's former form) differed in the last bit on 81% of float64
# inputs; digamma on ~1 in 5000 (unary sweep of issue 11, s45b). Poles, zeros, infinities,
# NaN, tiny and huge inputs included.
import hashlib
import random

import numpy as np
import torch

rng = random.Random(5)
special = [0.0, -0.0, float("inf"), -float("inf"), float("nan"), -float("nan"), 1.0, 2.0, -1.0,
           -2.0, -2.5, 0.5, -0.5, 1.1, 2.3, 7.0, 171.6, 1e-310, -1e-310, 1e-305, -1e-305,
           1e17, 1e300, -1e17 - 0.5, 2.5e305, 268435456.5, -268435456.5, 9.5, 10.0, 10.5]
values = special + [rng.gauss(0, 1) * 2.718281828 ** rng.gauss(0, 2) for _ in range(4000)]
values += [rng.uniform(-30, 30) for _ in range(2000)] + [-rng.uniform(0, 200) for _ in range(1000)]
x = torch.tensor(values, dtype=torch.float64)
bits = lambda t: np.ascontiguousarray(t.numpy()).view(np.int64)  # noqa: E731
print("lgamma specials", bits(torch.lgamma(x[:len(special)])).tolist())
for label, t in (("dense", x), ("strided", x[::3]), ("transposed", x[:7000].reshape(70, 100).t())):
    print("lgamma", label, hashlib.sha256(bits(torch.lgamma(t)).tobytes()).hexdigest()[:32])
    print("digamma", label, hashlib.sha256(bits(torch.digamma(t)).tobytes()).hexdigest()[:32])
x32 = x.float()
print("digamma float32", hashlib.sha256(np.ascontiguousarray(torch.digamma(x32).numpy())
                                        .view(np.int32).tobytes()).hexdigest()[:32])
print("digamma specials", bits(torch.digamma(x[:len(special)])).tolist())
