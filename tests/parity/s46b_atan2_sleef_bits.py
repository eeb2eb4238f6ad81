# float32 atan2 bit for bit: PyTorch's AVX2 kernel computes whole 16-float steps of each
# inner row with SLEEF's Sleef_atan2f8_u10 and the rest of the row (and every element of a
# row with a non-unit inner stride) with glibc's atan2f; the gradients are its formulas
# (grad * other / (self^2 + other^2), ...). hookgrad's NumPy arctan2 differed in the last
# bit on ~17% of the vector loop's elements (tools/fuzz/last_bit.py, atan2: 17.0%).
# Sizes 1..40 (tails only, one or two steps and a tail), strided and broadcast operands,
# a large threaded tensor, and zeros, infinities and NaNs in vector lanes and in the tail.
# Printed: bit patterns (x + hex) or their md5 (bits of float32 results only compare so).
import hashlib

import numpy as np
import torch

torch.set_num_threads(2)


def hexbits(t):
    return " ".join("x%08x" % (v & 0xFFFFFFFF) for v in t.detach().numpy().view(np.int32).ravel().tolist())


def digest(t):
    return "x" + hashlib.md5(np.ascontiguousarray(t.detach().numpy()).view(np.int32).tobytes()).hexdigest()[:16]


rng = np.random.default_rng(46)


def pair(shape, scale=1.0):
    return (torch.tensor((rng.standard_normal(shape) * scale).astype(np.float32), requires_grad=True),
            torch.tensor(rng.standard_normal(shape).astype(np.float32), requires_grad=True))


def show(name, y, x, full=False):
    out = torch.atan2(y, x)
    g = torch.tensor(rng.standard_normal(tuple(out.shape)).astype(np.float32))
    gy, gx = torch.autograd.grad(out, (y, x), g)
    fmt = hexbits if full else digest
    print(name, tuple(out.shape), fmt(out), fmt(gy), fmt(gx))


for n in range(1, 41):
    y, x = pair(n)
    show(f"n={n}", y, x, full=n in (15, 16, 17, 33))
y, x = pair((37, 29), 1e-3)
show("small y", y, x)
y, x = pair((29, 37))
show("transposed", y.t(), x.t())
show("transposed and not", y.t(), x.detach().t().contiguous().requires_grad_())
y, x = pair((40, 41))
show("sliced", y[:, 3:], x[:, 3:])
show("stepped", y[::2, ::3], x[::2, ::3])
show("broadcast row", y, x[:1])
show("broadcast 0-d", y, x[5, 7])
show("broadcast column", y, x[:, :1])
y, x = pair(100003)
show("large", y, x)
show("large stepped", y[:-1:3], x[1::3])
special = [0.0, -0.0, float("inf"), -float("inf"), float("nan"), 1.0, -1.0, 2.5, -2.5, 1e-40,
           -3e-39, 3e38, -3e38, 1e-20]
s = torch.tensor(special)
yy, xx = s.repeat_interleave(len(special)), s.repeat(len(special))  # (196: 12 steps and a tail)
print("special", hexbits(torch.atan2(yy, xx)))
print("special tail", hexbits(torch.atan2(yy[:15], xx[:15])))
a = yy.clone()
a.atan2_(xx)
print("in place", digest(a))
