# var / std / var_mean / std_mean in PyTorch's order of operations (fuzz 24:10287: var_mean's
# mean of quarters that sum to zero is Welford's tiny residue in PyTorch, not 0): Welford's
# update in double over dims and for var_mean / std_mean, two passes in double for var / std
# over every element; the square root taken in double; float32 and float64, random and grid
# values, transposed inputs, corrections, keepdim and infinities; bit for bit.
import numpy as np
import torch

rng = np.random.default_rng(1)


def bits(t):
    """The first values' bit patterns, compared exactly (floats get a tolerance)."""
    a = t.detach().numpy().reshape(-1)[:6]
    return a.view(np.int64 if a.dtype == np.float64 else np.int32).tolist()



shapes = [(5,), (2, 5), (3, 7), (4, 3, 6), (2, 100), (1, 700), (3, 2, 2)]
for trial in range(140):
    dtype = ["float32", "float64"][trial % 2]
    shape = shapes[(trial // 2) % 7]
    if trial % 3:
        a = rng.standard_normal(shape).astype(dtype)
    else:
        a = (rng.integers(-8, 8, shape) / 4).astype(dtype)
    if trial % 11 == 0:
        a.flat[rng.integers(a.size)] = np.inf
    x = torch.tensor(a)
    if trial % 5 == 0 and x.dim() >= 2:
        x = x.mT
    dim = [None, -1, 0, (0, -1)][(trial // 14) % 4]
    if dim == (0, -1) and x.dim() == 1:
        dim = 0
    correction = [1, 0, 2][trial % 3]
    keepdim = trial % 4 == 1
    kwargs = {"correction": correction}
    if dim is not None:
        kwargs.update(dim=dim, keepdim=keepdim)
    results = [torch.var(x, **kwargs), torch.std(x, **kwargs), *torch.var_mean(x, **kwargs),
               *torch.std_mean(x, **kwargs)]
    print(trial, dtype, tuple(x.shape), dim, correction, keepdim,
          [bits(r) for r in results])
