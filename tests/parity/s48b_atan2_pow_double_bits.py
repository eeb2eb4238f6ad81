# float64 atan2 and pow bit for bit: PyTorch's AVX2 (AVX-512) kernels compute whole 8-double
# (16-double) steps of each inner row with SLEEF's Sleef_atan2d4_u10 / Sleef_powd4_u10 (d8),
# the rest with the scalar lambda's glibc atan2 / pow; from 32768 elements each thread's
# chunk has its own tail. hookgrad's C forms differed in the last bit on ~2% of atan2's and
# ~1% of x ** 1.5's elements (tools/fuzz/last_bit.py --dtype float64). Gradients through
# atan2's and pow's formulas (pow again for x ** (exponent - 1), result * log(x)).
# Special operands (zeros, infinities, NaNs, denormals) on the vector lanes and the tails.
# Printed: bit patterns (x + hex) or their md5.
import hashlib

import numpy as np
import torch

torch.set_num_threads(2)


def hexbits(t):
    return " ".join("x%016x" % (v & 0xFFFFFFFFFFFFFFFF)
                    for v in t.detach().numpy().view(np.int64).ravel().tolist())


def digest(t):
    data = np.ascontiguousarray(t.detach().numpy()).view(np.int64)
    return "x" + hashlib.md5(data.tobytes()).hexdigest()[:16]


rng = np.random.default_rng(48)


def leaf(shape, scale=1.0, shift=0.0):
    return torch.tensor(rng.standard_normal(shape) * scale + shift, requires_grad=True)


def show(name, f, *inputs, full=False):
    out = f(*inputs)
    g = torch.tensor(rng.standard_normal(tuple(out.shape)))
    grads = torch.autograd.grad(out, inputs, g)
    fmt = hexbits if full else digest
    print(name, tuple(out.shape), fmt(out), *[fmt(q) for q in grads])


for n in range(1, 36):
    y, x, e = leaf(n), leaf(n), leaf(n)
    p = leaf(n, 2, 3)
    full = n in (7, 9, 17)
    show(f"n={n} atan2", torch.atan2, y, x, full=full)
    show(f"n={n} x ** 1.5", lambda a: a ** 1.5, p, full=full)
    show(f"n={n} x ** -2.7", lambda a: a ** -2.7, p)
    show(f"n={n} x ** e", lambda a, b: a.abs() ** b, p, e, full=full)
    show(f"n={n} 1.7 ** e", lambda b: 1.7 ** b, e)
y, x = leaf((37, 29)), leaf((37, 29), 3)
show("atan2 transposed", lambda a, b: torch.atan2(a.t(), b.t()), y, x)
show("atan2 row broadcast", lambda a, b: torch.atan2(a, b[:1]), y, x)
show("atan2 by a number tensor", lambda a, b: torch.atan2(a, b[0, 0]), y, x)
show("atan2 sliced", lambda a, b: torch.atan2(a[:, 3:], b[:, :-3]), y, x)
show("negative bases ** 2.5 (NaN lanes)", lambda a: a ** 2.5, x)
show("abs ** e", lambda a, b: a.abs() ** b, x, y)
show("transposed ** 1.5", lambda a: a.abs().t() ** 1.5, x)
show("transposed ** e", lambda a, b: a.abs().t() ** b.t(), x, y)
show("1.1 ** transposed", lambda b: 1.1 ** b.t(), y)
show("stepped ** 0.3", lambda a: a.abs()[::2, ::3] ** 0.3, x)
y, x, p = leaf(70001), leaf(70001), leaf(70001, 2, 3)
show("atan2 70001 (threads' tails)", torch.atan2, y, x)
show("70001 ** 1.5", lambda a: a.abs() ** 1.5, p)
wide = torch.tensor(rng.standard_normal(4000) * 10.0 ** rng.integers(-200, 200, 4000))
print("atan2 wide range", digest(torch.atan2(wide, wide.flip(0))))
print("pow wide range", digest(wide.abs() ** torch.tensor(rng.standard_normal(4000) * 2)))
edges = torch.tensor([0.0, -0.0, 1.0, -1.0, 2.0, -2.0, 0.5, -1.5, 3.0, 1e-310, -1e-310, 1e308,
                      float("inf"), float("-inf"), float("nan")], dtype=torch.float64)
a, b = torch.meshgrid(edges, edges, indexing="ij")
a, b = a.reshape(-1), b.reshape(-1)
for shift in (0, 3):  # (each pair on a vector lane and on the tail)
    sa, sb = a.roll(shift), b.roll(shift)
    print("atan2 edges", shift, hexbits(torch.atan2(sa, sb)))
    print("pow edges", shift, hexbits(sa ** sb))
    print("edges ** 1.5", shift, hexbits(sa ** 1.5))
