# Which zero amin / amax return when +0.0 and -0.0 tie: the first in a short reduction, the
# one PyTorch's vector loop keeps in a long one (inner and outer reductions, transposed
# inputs), shown through the sign (fuzz 12:14517: `%=` then amin then reciprocal).
import itertools

import numpy as np
import torch


def signs(t):
    return "".join("-" if str(v).startswith("-") else "+" if v == 0 else "x"
                   for v in t.flatten().tolist())


rng = np.random.default_rng(0)
for dtype in [torch.float32, torch.float64]:
    for name in ["amin", "amax"]:
        for n in [1, 2, 3, 15, 16, 17, 31, 32, 33, 40, 64, 65, 100]:
            line = ""
            for k in range(n):
                x = torch.zeros(n, dtype=dtype)
                x[k] = -0.0
                line += signs(getattr(x, name)())
            print(dtype, name, n, line)
        for _trial in range(12):
            shape = tuple(int(s) for s in rng.integers(1, 40, size=rng.integers(1, 4)))
            x = torch.tensor(rng.choice([0.0, -0.0, 1.0, -1.0, 0.0, -0.0], size=shape),
                             dtype=dtype)
            nd = len(shape)
            for dims in [d for r in range(1, nd + 1) for d in itertools.combinations(range(nd), r)]:
                print(dtype, name, shape, dims, signs(getattr(x, name)(dims)),
                      signs(getattr(x, name)(dims, keepdim=True)))
            if nd > 1:
                xt = x.transpose(0, -1)
                print("transposed", signs(getattr(xt, name)(0)), signs(getattr(xt, name)(-1)))
            print("all", signs(getattr(x, name)()))
# the fuzz program 12:14517
v1 = torch.tensor([-2.0, 0.0], requires_grad=True) * 1
v1 %= torch.tensor([1.0])
print(v1, v1.amin((0,)).reciprocal())
