# PyTorch's scalar kernel paths call C's maths library (glibc's libm on Linux) element by
# element, on any CPU: asinh and acosh on every element (their kernels have no vector form),
# sinh, cosh, atanh, exp2, atan2 and pow of inputs whose inner stride is not 1 (TensorIterator's
# element loop), the float64 sigmoid of fewer elements than a vector step, and the float64
# p-norm's std::pow. NumPy 2's own SIMD code for these ufuncs on AVX-512 CPUs differs from
# glibc's on 0.1-50% of values; hookgrad's libm.py serves them by glibc's wherever NumPy's is
# not it (s47a). NaN signs of domain errors included.
import hashlib
import random

import numpy as np
import torch

torch.set_num_threads(2)
rng = random.Random(47)


def digest(t):
    b = np.ascontiguousarray(t.detach().numpy())
    return hashlib.sha256(b.view(np.int32 if b.dtype == np.float32 else np.int64).tobytes()) \
        .hexdigest()[:24]


special = [0.0, -0.0, float("inf"), -float("inf"), float("nan"), 1.0, -1.0, 0.5, -2.0, 30.0,
           -30.0, 89.5, -89.5, 710.0, -710.0, 1e-30, -1e-30, 3.0]
values = [rng.gauss(0, 1) * 2.718281828 ** rng.gauss(0, 1.5) for _ in range(3000)] + special
rng.shuffle(values)
for dtype in (torch.float32, torch.float64):
    x = torch.tensor(values, dtype=dtype)
    y = torch.tensor(values[::-1], dtype=dtype)
    with torch.no_grad():
        print(dtype, "asinh", digest(torch.asinh(x)))
        print(dtype, "acosh", digest(torch.acosh(x.abs() + 1)), digest(torch.acosh(x)))
        strided, other = x.view(-1, 2)[:, 0], y.view(-1, 2)[:, 1]  # (inner stride 2)
        positive = x.abs().view(-1, 2)[:, 0]
        for name in ("sinh", "cosh", "atanh", "exp2"):
            print(dtype, name, "strided", digest(getattr(torch, name)(strided)))
        print(dtype, "atan2 strided", digest(torch.atan2(strided, other)))
        print(dtype, "pow strided", digest(positive ** other), digest(strided ** other))
        print(dtype, "pow number strided", digest(positive ** 1.7), digest(strided ** 2.5))
small = torch.tensor([-0.35, -0.41, 1.4, 1.04, -2.07, -0.16, 0.07], dtype=torch.float64)
print("sigmoid small", torch.sigmoid(small).numpy().view(np.int64).tolist())
m = torch.tensor(values[:400], dtype=torch.float64).view(100, 4)
print("norm 2.5", torch.linalg.vector_norm(m, 2.5, dim=1).numpy().view(np.int64)[:6].tolist(),
      digest(torch.linalg.vector_norm(m, 2.5, dim=1)))
print("norm 3.5 all", torch.linalg.vector_norm(m, 3.5).numpy().view(np.int64).tolist())
