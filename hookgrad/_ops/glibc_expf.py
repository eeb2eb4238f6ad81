"""glibc's ``expf`` (the float32 ``std::exp`` of PyTorch's element loops on Linux: sigmoid's
of a strided input), bit for bit, on NumPy arrays: calling it through ctypes costs ~0.4 us an
element, NumPy's float32 exp rounds differently on ~15% of values (glibc's is not correctly
rounded: its double result before the last rounding is only 2**-33 accurate).

glibc (2.28 on, Arm's optimized-routines algorithm) takes ``x * 32 / ln 2 = k + r`` with
``|r| <= 1/2``, ``2**(k/32)`` from a 32-entry table and ``2**(r/32)`` from a degree-3
polynomial, all in double, rounded once to float. The same steps here give its double
result to within a few double ulps (its FMA build fuses some steps); where that result lies
so near a float32 rounding midpoint that those ulps could round it the other way, and for
every input from |x| >= 88 on (overflow, underflow, inf, NaN), glibc's own expf is called
(glibc_logf's scheme)."""
import math

import numpy as np

from . import kernel_vec
from .glibc_logf import available as available  # (the same condition: glibc's C library)

_N = 32
_SHIFT = float.fromhex("0x1.8p+52")
_INVLN2N = float.fromhex("0x1.71547652b82fep+0") * _N
_C0, _C1, _C2 = (float.fromhex("0x1.c6af84b912394p-5") / _N ** 3,
                 float.fromhex("0x1.ebfce50fac4f3p-3") / _N ** 2,
                 float.fromhex("0x1.62e42ff0c52d6p-1") / _N)


def _exp2_fraction(i):
    """2**(i/32) correctly rounded (glibc's table's values; NumPy's exp2 may be its own SIMD
    code, a few of whose results here are an ulp off): the integer 32nd root (five floored
    square roots) of 2**i scaled by 2**(116 * 32), rounded from 116 to 52 fraction bits."""
    root = 1 << (116 * _N + i)
    for _ in range(5):
        root = math.isqrt(root)
    return ((root + (1 << 63)) >> 64) / 2.0 ** 52


# 2**(i/32) less i/32 in the exponent bits (glibc's __exp2f_data.tab: adding k << 47 back
# scales by 2**(k // 32))
_TABLE = (np.array([_exp2_fraction(i) for i in range(_N)]).view(np.uint64)
          - (np.arange(_N, dtype=np.uint64) << np.uint64(47)))
_LOW_BITS = np.uint64((1 << 29) - 1)  # (the double mantissa bits a float32 drops)
_MIDPOINT = 1 << 28
_MARGIN = 1 << 16  # (double ulps: far above the builds' few; glibc_logf's)


def expf(x):
    """glibc's expf of each element of the float32 array ``x`` (a new array of its shape)."""
    xd = x.astype(np.float64)
    z = xd * _INVLN2N
    kd = z + _SHIFT
    ki = kd.view(np.uint64).copy()  # (the integer k in the low bits)
    kd -= _SHIFT
    r = z - kd
    s = (_TABLE[(ki % np.uint64(_N)).astype(np.intp)] + (ki << np.uint64(47))).view(np.float64)
    y = (_C0 * r + _C1) * (r * r) + (_C2 * r + 1)
    y *= s
    out = np.asarray(y.astype(np.float32))  # (an array for a 0-d x too: written below)
    near = np.abs((y.view(np.uint64) & _LOW_BITS).astype(np.int64) - _MIDPOINT) < _MARGIN
    near |= ~(np.abs(x) < np.float32(88))  # (overflow, underflow, inf, NaN: glibc's own)
    if near.any():
        out[near] = kernel_vec.libm("expf", x[near])
    return out
