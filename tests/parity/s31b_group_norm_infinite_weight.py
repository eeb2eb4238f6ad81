# group_norm with an infinite (or NaN) weight: PyTorch computes x * scale + shift with
# scale = rstd * weight and shift = bias - mean * scale, so the rounding of its Welford mean
# shows: a group whose exact mean is 0 has a mean of one ulp's size there, the shift is -inf
# or +inf (not 0 * inf = NaN), and x * inf + shift is +-inf or NaN by x's sign; float32 and
# float64; gradients too (fuzz 30:4314). NaN signs are not pinned: PyTorch's kernels pick
# them by their vector loops, which hookgrad does not follow here.
import numpy as np

import torch

F = torch.nn.functional
rng = np.random.default_rng(11)
inf, nan = float("inf"), float("nan")


def classes(t):
    a = t.detach().numpy().ravel()
    return "".join(("N" if v != v else "I" if v == inf else "i" if v == -inf else "z" if v == 0
                    else "f") + ("-" if s and v == v else "+") for v, s in zip(a, np.signbit(a)))


for trial in range(240):
    dt = [torch.float32, torch.float64][trial % 2]
    n, groups = int(rng.integers(1, 3)), int(rng.integers(1, 3))
    c = groups * int(rng.integers(1, 4))
    hw = int(rng.integers(2, 12))
    if trial % 3:  # (values and their negatives: an exact mean of 0)
        v = np.round(rng.standard_normal(n * c * hw // 2 + 1), 3)
        x = rng.permutation(np.concatenate([v, -v]))[:n * c * hw].reshape(n, c, hw)
    else:
        x = rng.integers(-8, 9, (n, c, hw)) / 4
    if rng.random() < 0.2:
        x[tuple(rng.integers(0, d) for d in x.shape)] = rng.choice([inf, -inf, nan])
    w = rng.integers(-8, 9, c) / 4
    w[rng.integers(0, c)] = rng.choice([inf, -inf, nan])
    b = rng.integers(-8, 9, c) / 4
    if rng.random() < 0.3:
        b[rng.integers(0, c)] = rng.choice([inf, -inf, nan])
    xt = torch.tensor(x, dtype=dt, requires_grad=True)
    wt = torch.tensor(w, dtype=dt, requires_grad=True)
    bt = torch.tensor(b, dtype=dt, requires_grad=True)
    y = F.group_norm(xt, groups, wt, bt)
    g = torch.tensor(rng.integers(-4, 5, y.shape) / 4, dtype=dt)
    gx, gw, gb = torch.autograd.grad(y, (xt, wt, bt), g)
    print(trial, classes(y), classes(gx), classes(gw), classes(gb))
x = torch.tensor([[[[-1.5, -0.25, 1.5], [1.75, 0.0, 1.75]], [[-1.5, -2.0, 0.75], [-1.25, 1.0, -0.5]],
                   [[1.25, -0.25, 0.25], [-0.25, -0.25, 1.5]],
                   [[0.0, -0.75, 2.0], [-1.25, -0.5, -1.5]]]])
w = torch.tensor([inf, 0.241, -1.134, -0.945], requires_grad=True)
b = torch.tensor([-1.126, -0.001, 0.023, -1.088], requires_grad=True)
y = F.group_norm(x, 1, weight=w, bias=b)
print(classes(y), y)
print([classes(t) for t in torch.autograd.grad(y.sum(), (w, b), create_graph=True)])
