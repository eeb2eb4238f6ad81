# logcumsumexp over every pair of special values (0, -0, 1, -1, NaN, -NaN, inf, -inf, 100):
# PyTorch's scan starts from -inf, so a leading -0 becomes +0 (x + log1p(exp(-inf))), whose
# sign then decides an infinity's in a later 1 / x (log10's gradient: fuzz 28:2310); the
# first and second order gradients' classes (NaN, +-inf, +-0, finite with sign) too. (Rows
# holding NaNs of both signs are left out: which one an add of two NaNs keeps is a property
# of PyTorch's binary kernels, not of this op.)
import itertools

import numpy as np

import torch

nan, inf = float("nan"), float("inf")
V = [0.0, -0.0, 1.0, -1.0, nan, -nan, inf, -inf, 100.0]


def classes(t, nan_sign=True):
    a = t.detach().numpy().ravel()
    return "".join(("N" if v != v else "I" if v == inf else "i" if v == -inf else "z" if v == 0
                    else "f") + ("-" if s and (nan_sign or v == v) else "+")
                   for v, s in zip(a, np.signbit(a)))


for dt in (torch.float32, torch.float64):
    pairs = torch.tensor([p for p in itertools.product(V, repeat=2)
                          if not (p[0] != p[0] and p[1] != p[1])
                          or np.signbit(p[0]) == np.signbit(p[1])], dtype=dt)
    for dim, rows in ((1, pairs), (0, pairs.t().contiguous()), (0, pairs.t())):
        print(dt, dim, "y", classes(torch.logcumsumexp(rows, dim)))
        print(dt, dim, "1/y", classes(1 / torch.logcumsumexp(rows, dim)))
    for g in (1.0, -1.0, 0.0, -0.0, inf, nan):
        x = pairs.clone().requires_grad_()
        y = torch.logcumsumexp(x, 1)
        gy = torch.full_like(y, g).requires_grad_()
        (gx,) = torch.autograd.grad(y, x, gy, create_graph=True)
        print(dt, g, "gx", classes(gx))
        gg = torch.autograd.grad(gx.sum(), (x, gy))
        # (with an infinite gradient one NaN of the second order differs in sign, made in a
        # row of 79 by some kernel's vector loop, not by logcumsumexp: not pinned here)
        print(dt, g, "ggx", classes(gg[0], g != inf), "ggy", classes(gg[1], g != inf))
        (gx,) = torch.autograd.grad(torch.logcumsumexp(x, 1), x, gy.detach())
        print(dt, g, "gx plain", classes(gx))
# the fuzz program's shape: log10 of the scan, its gradient under create_graph
v6 = torch.tensor([[0.25, 1.5], [0.0, -2.0]], dtype=torch.float64) * torch.tensor(
    [[-0.5, nan], [-1.75, 0.0]], dtype=torch.float64)
v7 = torch.logcumsumexp(v6.requires_grad_(), -1)
(g,) = torch.autograd.grad(v7.log10(), v7, torch.tensor([[-0.64, -0.633], [-0.555, inf]],
                                                        dtype=torch.float64), create_graph=True)
print(classes(v7), classes(g))
