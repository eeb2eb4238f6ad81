# add_(y, alpha=a), add(x, y, alpha=a), lerp_ and SGD's step are one fused multiply-add each
# in PyTorch, vector loop and tail alike. hookgrad runs them through BLAS's fused axpy where
# NumPy's OpenBLAS has one: these are its bits against PyTorch's, over specials (NaNs of both
# signs meeting, infinities, signed zeros), float32 and float64 subnormals (where an emulated
# double fma's error terms underflow) and every length up to a few vectors. Printed as bits:
# the runner's tolerance would hide them.
import hashlib
import math
import random

import torch

rng = random.Random(49)
SPECIALS = [float("nan"), -float("nan"), float("inf"), -float("inf"), 0.0, -0.0, 1.0, -1.0]


def values(n, kind):
    if kind == "plain":
        return [rng.uniform(-3, 3) for _ in range(n)]
    if kind == "wide":
        return [rng.uniform(-1, 1) * 10.0 ** rng.randint(-44, 37) for _ in range(n)]
    if kind == "tiny32":
        return [rng.uniform(-4, 4) * 2.0 ** -126 for _ in range(n)]
    if kind == "tiny64":
        return [rng.uniform(-4, 4) * 2.0 ** -1022 for _ in range(n)]
    return [rng.choice(SPECIALS) if rng.random() < 0.5 else rng.uniform(-3, 3)
            for _ in range(n)]


def bits(t):
    dtype = torch.int32 if t.dtype == torch.float32 else torch.int64
    return hashlib.md5(str(t.contiguous().view(dtype).tolist()).encode()).hexdigest()[:12]


ALPHAS = (-0.01, 1.0, -1.0, 0.0, 3.5, 1e-30, -2.0 ** -140, 1e30, 0.7)
for dtype in (torch.float32, torch.float64):
    for kind in ("plain", "wide", "tiny32", "tiny64", "specials"):
        digests = []
        for n in (1, 3, 8, 15, 16, 17, 31, 33, 100, 1027):
            for alpha in ALPHAS:
                x = torch.tensor(values(n, kind), dtype=dtype)
                y = torch.tensor(values(n, kind), dtype=dtype)
                digests.append(bits(torch.add(x, y, alpha=alpha)))
                x.add_(y, alpha=alpha)
                digests.append(bits(x))
            x = torch.tensor(values(n, kind), dtype=dtype)
            x.lerp_(torch.tensor(values(n, kind), dtype=dtype), 0.1)
            digests.append(bits(x))
        summary = hashlib.md5(" ".join(digests).encode()).hexdigest()[:12]
        print(dtype, kind, summary, sum(1 for d in digests if d))

# an SGD step over float64 parameters near the bottom of the normal range
w = torch.tensor([v * 2.0 ** -1020 for v in values(64, "plain")], dtype=torch.float64,
                 requires_grad=True)
w.grad = torch.tensor([v * 2.0 ** -1016 for v in values(64, "plain")], dtype=torch.float64)
torch.optim.SGD([w], lr=0.01).step()
print("sgd float64 subnormal", bits(w.detach()), math.isfinite(w.sum().item()))
