# torch.log1p / torch.expm1 of float64 (and of strided float32) tensors, bit for bit: PyTorch's
# AVX2 kernels map SLEEF's vector functions (Sleef_log1pd4_u10, Sleef_expm1d4_u10, and the
# float forms) over every element, a strided input's too (vml.h copies each run into a
# contiguous buffer); NumPy's / glibc's differ in the last bit on ~7-9% of inputs
# (unary sweep of issue 11, s45b). NaN, +-inf, -0, -1, huge and tiny inputs included.
import hashlib
import random

import numpy as np
import torch

rng = random.Random(45)
special = [0.0, -0.0, float("inf"), -float("inf"), float("nan"), -float("nan"), 1e-310, -1e-310,
           5e-324, 1e-300, -1e-300, 1e307, 2e307, 1e308, 1.7e308, -1.0, -1.0000000000000002,
           -0.9999999999, -0.5, 0.5, 1.0, 2.0, 709.7, 709.79, 710.0, -36.0, -37.0, -745.0,
           1e-17, -1e-17, 3e-9, -3e-9]
values = special + [rng.gauss(0, 1) * 2.718281828 ** rng.gauss(0, 1.5) for _ in range(3000)]
values += [rng.uniform(-1, 1) * 10 ** rng.uniform(-20, 3) for _ in range(1067)]


def bits(t):
    a = np.ascontiguousarray(t.detach().numpy())
    return a.view(np.int64 if a.dtype == np.float64 else np.int32)


def show(label, t):
    b = bits(t)
    print(label, tuple(t.shape), hashlib.sha256(b.tobytes()).hexdigest()[:32])


x = torch.tensor(values, dtype=torch.float64)
for name in ("log1p", "expm1"):
    f = getattr(torch, name)
    print(name, "specials", bits(f(x[:len(special)])).tolist())
    show(name + " float64 dense", f(x))
    show(name + " float64 strided", f(x[::3]))
    show(name + " float64 transposed", f(x[:4096].reshape(64, 64).t()))
    show(name + " float64 0-d", f(x[20]))
    x32 = x.float()
    show(name + " float32 strided", f(x32[::3]))
    show(name + " float32 transposed", f(x32[:4096].reshape(64, 64).t()))
    show(name + " float32 dense", f(x32))
