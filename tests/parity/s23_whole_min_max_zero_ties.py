# Which zero the whole-tensor min() / max() of a contiguous float32 tensor returns on a
# +0 / -0 tie: PyTorch's reduce_all kernel's (8-lane vectors keeping the later element of a
# tie, the tail folded into the first lanes, the lanes halved three times; one by one under
# 8 elements): fuzz 27:12215, where min() of 9 elements is -0.
import numpy as np

import torch

rng = np.random.default_rng(3)
for trial in range(200):
    n = int(rng.integers(2, 60))
    values = rng.choice([-0.0, 0.0, 1.0, -1.0], n, p=[0.4, 0.4, 0.1, 0.1]).astype(np.float32)
    t = torch.tensor(values)
    print(trial, n, int(torch.signbit(t.min())), int(torch.signbit(t.max())), t.min().item(),
          t.max().item())
