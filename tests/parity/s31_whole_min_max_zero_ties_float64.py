# Which zero the whole-tensor min() / max() of a contiguous float64 tensor returns on a
# +0 / -0 tie: PyTorch's reduce_all over 4-lane vectors (the later element of a tie, the
# tail folded into the first lanes, then lane i against i ^ 1 and i ^ 2), one by one under
# 4 elements; a longer tensor too, whose min is a zero in a sea of ones.
import numpy as np

import torch

rng = np.random.default_rng(5)
for trial in range(200):
    n = int(rng.integers(2, 60))
    values = rng.choice([-0.0, 0.0, 1.0, -1.0], n, p=[0.4, 0.4, 0.1, 0.1])
    t = torch.tensor(values, dtype=torch.float64)
    print(trial, n, int(torch.signbit(t.min())), int(torch.signbit(t.max())))
for n in (1000, 4099, 30001):
    for seed in range(5):
        signs = np.random.default_rng([n, seed]).random(n) < 0.5
        zeros = np.where(signs, -0.0, 0.0)
        ones = np.where(np.arange(n) % 7 == 3, 1.0, zeros)
        t, u = torch.tensor(ones), torch.tensor(-ones)
        print(n, seed, int(torch.signbit(t.min())), int(torch.signbit(u.max())))
