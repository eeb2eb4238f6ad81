# float32 pow bit for bit: PyTorch's AVX2 kernel computes whole 16-float steps of each inner
# row with SLEEF's Sleef_powf8_u10, the rest with its scalar lambda: glibc's powf for a
# tensor exponent, C's double pow rounded to float for a number exponent (whose vector form
# takes the exponent as a float; 2, 3, -2, 0.5, -0.5 and -1 have kernels of their own).
# hookgrad's double pow differed in the last bit on ~1.6% of x ** 1.5
# (tools/fuzz/last_bit.py) and on the tails of tensor ** tensor. number ** tensor allocates
# its output C-contiguous first: a transposed exponent runs the element loop everywhere.
# Gradients through pow's formulas (exponent * x ** (exponent - 1), result * log(x)).
# (Positive bases where the exponent's gradient is taken: at a NaN result, result * log(x)
# multiplies two NaNs, whose sign PyTorch's compiled mul takes from its second operand.)
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


def leaf(shape, scale=1.0, shift=0.0):
    values = rng.standard_normal(shape) * scale + shift
    return torch.tensor(values.astype(np.float32), requires_grad=True)


def show(name, f, *inputs, full=False):
    out = f(*inputs)
    g = torch.tensor(rng.standard_normal(tuple(out.shape)).astype(np.float32))
    grads = torch.autograd.grad(out, inputs, g)
    fmt = hexbits if full else digest
    print(name, tuple(out.shape), fmt(out), *[fmt(q) for q in grads])


for n in range(1, 41):
    x, e = leaf(n, 2, 3), leaf(n)
    full = n in (15, 16, 17, 33)
    show(f"n={n} x ** 1.5", lambda a: a ** 1.5, x, full=full)
    show(f"n={n} x ** -1.3", lambda a: a ** -1.3, x)
    show(f"n={n} x ** e", lambda a, b: a.abs() ** b, x, e, full=full)
    show(f"n={n} 2.5 ** e", lambda b: 2.5 ** b, e)
x, e = leaf((37, 29), 3), leaf((37, 29), 2)
show("negative bases ** 2.5 (NaN lanes)", lambda a: a ** 2.5, x)
show("** 7", lambda a: a ** 7, x)
show("** 4", lambda a: a.pow(4), x)
show("abs ** e", lambda a, b: a.abs() ** b, x, e)
show("transposed ** 1.7", lambda a: a.t() ** 1.7, x)
show("transposed ** e", lambda a, b: a.abs().t() ** b.t(), x, e)
show("1.1 ** transposed", lambda b: 1.1 ** b.t(), e)
show("sliced ** e", lambda a, b: a.abs()[:, 3:] ** b[:, 3:], x, e)
show("stepped ** 0.3", lambda a: a.abs()[::2, ::3] ** 0.3, x)
show("** broadcast row", lambda a, b: a.abs() ** b[:1], x, e)
show("** broadcast 0-d", lambda a, b: a.abs() ** b[2, 3], x, e)
show("0-d ** tensor", lambda a, b: a[2, 3].abs() ** b, x, e)
x, e = leaf(100003, 1, 2), leaf(100003)
show("large ** 1.5", lambda a: a ** 1.5, x)
show("large ** e", lambda a, b: a.abs() ** b, x, e)
show("large stepped ** e", lambda a, b: a.abs()[:-1:3] ** b[1::3], x, e)
special = [0.0, -0.0, float("inf"), -float("inf"), float("nan"), 1.0, -1.0, 0.5, -0.5, 2.5,
           -2.5, 3.0, -3.0, 1e-40, 3e38, -3e38, 16777218.0, 7.0]
s = torch.tensor(special)
xx, ee = s.repeat_interleave(len(special)), s.repeat(len(special))  # (324: 20 steps and a tail)
print("special", hexbits(xx ** ee))
print("special tail", hexbits(xx[-15:] ** ee[-15:]))
for p in (1.5, -1.5, 7.0, 0.0, 1e10, float("inf"), -float("inf"), float("nan"), 0.3):
    print("special **", p, hexbits(s.repeat(2) ** p))
for b in (2.5, 0.0, -2.0, 1.0, float("inf"), float("nan")):
    print(b, "** special", hexbits(b ** s.repeat(2)))
a = xx.clone()
a.pow_(ee)
print("in place", digest(a))
a = xx.clone()
a.pow_(1.5)
print("in place ** 1.5", digest(a))
