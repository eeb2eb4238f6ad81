# sinh, cosh, atanh, exp2, sigmoid, expm1 and log1p of float32 / float64 tensors laid out other
# than C-contiguous, bit for bit: PyTorch's cpu_kernel_vec walks TensorIterator's inner row
# with its vector form (SLEEF's) over whole 64-byte steps and its scalar form (glibc's:
# sigmoid's float32 expf too) over each row's rest, or the scalar form everywhere when the
# inner stride is not 1; expm1 / log1p map SLEEF's over every element. NumPy's forms differ
# in the last bit on 5-40% of such inputs (unary sweep of issue 11, s45b; float32 strided
# sigmoid 1594 of 10000).
import hashlib
import random

import numpy as np
import torch

torch.set_num_threads(2)
rng = random.Random(3)
values = [rng.gauss(0, 1) * 2.718281828 ** rng.gauss(0, 1.5) for _ in range(37 * 41 * 53)]
for i in range(0, len(values), 97):
    values[i] = [float("nan"), -float("nan"), float("inf"), -float("inf"), -0.0, 1.0, -1.0][i % 7]
layouts = {"perm": lambda t: t.permute(2, 0, 1), "slice": lambda t: t[:, :, 3:50],
           "rows": lambda t: t[:, ::2], "inner2": lambda t: t[..., ::2],
           "flat_step": lambda t: t.reshape(-1)[::3], "pslice": lambda t: t[:30].permute(1, 2, 0)}
for dtype in (torch.float32, torch.float64):
    base = torch.tensor(values, dtype=dtype).reshape(37, 41, 53)
    for name in ("sinh", "cosh", "atanh", "exp2", "sigmoid", "expm1", "log1p"):
        for label, make in layouts.items():
            out = getattr(torch, name)(make(base))
            a = np.ascontiguousarray(out.numpy())
            b = a.view(np.int64 if a.dtype == np.float64 else np.int32)
            print(str(dtype)[6:], name, label, out.stride(), hashlib.sha256(b.tobytes()).hexdigest()[:24])
