# torch.sigmoid of float64 tensors, bit for bit: on AVX2 the kernel's vector loop (8 doubles a
# step) computes (1 + exp(-x)).reciprocal() with SLEEF's Sleef_expd4_u10, each chunk's tail
# (n % 8, per thread chunk from 32768 elements) 1 / (1 + std::exp(-x)) with glibc's exp, a
# strided input the scalar form throughout; NumPy's exp in the vector steps differs in the
# last bit of ~2.5% (unary sweep of issue 11, s45b). NaN signs included.
import hashlib
import random

import numpy as np
import torch

torch.set_num_threads(2)
rng = random.Random(7)
special = [0.0, -0.0, float("inf"), -float("inf"), float("nan"), -float("nan"), 709.78, -709.78,
           745.0, -745.0, 800.0, -800.0, 36.0, -36.0, 37.0, -37.0, 1e-300, -1e-300]
for n in (3, 8, 13, 1000, 40003):
    values = [rng.gauss(0, 5) for _ in range(n)] + special
    rng.shuffle(values)
    x = torch.tensor(values, dtype=torch.float64)
    for label, t in (("dense", x), ("strided", x[::3])):
        b = np.ascontiguousarray(torch.sigmoid(t).numpy()).view(np.int64)
        print(n, label, hashlib.sha256(b.tobytes()).hexdigest()[:32])
    s = torch.tensor(special, dtype=torch.float64)
    print(n, "specials", np.ascontiguousarray(torch.sigmoid(s).numpy()).view(np.int64).tolist())
