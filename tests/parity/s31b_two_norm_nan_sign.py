# The 2-norm squares its elements as they are, so a NaN norm is one of the input's NaNs with
# its sign, the one PyTorch's loop order keeps: over one contiguous run (8 float32 / 4
# float64 vector lanes, each keeping its first NaN, folded from the lowest lane, then the
# remainder one by one, a later NaN replacing the sum's except at the 4th float32 remainder
# element), else the first NaN in memory order; one element is |x| (fuzz 30:832, where the
# NaN came from atanh through pairwise_distance).
import numpy as np

import torch

F = torch.nn.functional
rng = np.random.default_rng(3)
for trial in range(400):
    dt = [np.float32, np.float64][trial % 2]
    shape = tuple(int(v) for v in rng.integers(1, 12, int(rng.integers(1, 4))))
    x = rng.standard_normal(shape).astype(dt)
    m = rng.random(shape) < rng.choice([0.05, 0.2, 0.5])
    x[m] = np.where(rng.random(m.sum()) < 0.5, np.nan, -np.nan)
    t = torch.tensor(x)
    kind = trial % 4
    if kind == 1:
        t = t.transpose(0, -1)
    if kind == 2 and t.ndim > 1:
        t = t[..., ::2]
    dim = None if rng.random() < 0.3 else int(rng.integers(0, t.ndim))
    if rng.random() < 0.2 and t.ndim > 1:
        dim = (0, t.ndim - 1)
    r = torch.linalg.vector_norm(t, 2, dim=dim)
    print(trial, tuple(t.shape), dim, np.signbit(r.numpy()).astype(int).ravel().tolist(),
          np.signbit(torch.norm(t, dim=dim).numpy()).astype(int).ravel().tolist())
# each pair of NaN positions in a contiguous row, opposite signs both ways
for dt, n in ((np.float32, 15), (np.float32, 29), (np.float64, 7), (np.float64, 13)):
    signs = []
    for a in range(n):
        for b in range(a + 1, n):
            for sa in (np.nan, -np.nan):
                x = np.ones(n, dt)
                x[a], x[b] = sa, -sa
                signs.append(int(np.signbit(torch.linalg.vector_norm(torch.tensor(x)).numpy())))
    print(dt.__name__, n, "".join(map(str, signs)))
a = torch.tensor([1.0, -1.75, 0.75]).atanh()  # (atanh(-1.75): NaN with its sign bit set)
for dt in (torch.float32, torch.float64):
    d = F.pairwise_distance(a.to(dt), torch.tensor([-0.889, -0.773, -1.653], dtype=dt))
    print(dt, np.signbit(d.numpy()).tolist(), torch.signbit(d))
print(np.signbit(torch.linalg.vector_norm(torch.tensor([-np.nan])).numpy()))
