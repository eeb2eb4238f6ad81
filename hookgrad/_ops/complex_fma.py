"""A vectorised fused multiply-add from NumPy's complex multiply.

NumPy has no ``fma`` ufunc, but its SIMD loops multiply complex numbers with FMA
instructions: the real part of ``x * y`` is ``fma(x.re, y.re, -(x.im * y.im))``, rounded
once. With ``x = a + c i`` and ``y = b - i``, ``x.im * y.im`` is ``-c`` exactly, so the real
part of ``x * y`` is ``fma(a, b, c)``: a float32 FMA from complex64, a float64 one from
complex128, at the cost of laying ``a`` and ``c`` out as one complex array (two strided
copies) and ``b`` as another (or a complex number). That is 2-5 times faster than the
emulations of fused.py and sleef_double.py on small arrays and, for float64, on large ones
too; on large float32 arrays the copies cost what fused.fma32's float64 pass does.

Whether the NumPy in use computes it so is checked once per dtype, on first use
(``_fuses``): a build whose loops round the product first (no FMA, or another formula)
makes ``fma`` report None, and callers emulate. NaN results are left to the callers (which
NaN an FMA returns depends on its operand order, which NumPy's formula does not promise)."""
import math

import numpy as np

_COMPLEX = {np.dtype(np.float32): np.dtype(np.complex64),
            np.dtype(np.float64): np.dtype(np.complex128)}
_works = {}  # float dtype -> whether NumPy's complex multiply gives the FMA


def fma(a, b, c, dtype):
    """``fma(a, b, c)`` in the float dtype ``dtype`` (float32 or float64) of arrays or
    numbers of that dtype broadcast together: a new C-contiguous array (0-d for numbers), or
    None where NumPy's complex multiply does not round once here."""
    dtype = np.dtype(dtype)
    works = _works.get(dtype)
    if works is None:
        works = _works[dtype] = _fuses(dtype)
    if not works:
        return None
    return _product_real(a, b, c, dtype)


def _product_real(a, b, c, dtype):
    if np.ndim(b) and not np.ndim(a):  # (a number goes in y: no copy for it)
        a, b = b, a
    shape = np.broadcast_shapes(np.shape(a), np.shape(b), np.shape(c))
    if math.prod(shape) == 1:  # (NumPy multiplies one complex number without an FMA: two)
        def pair(v):
            return np.broadcast_to(np.asarray(v, dtype).reshape(1), (2,))
        out = _product_real(pair(a), pair(b) if np.ndim(b) else b, pair(c), dtype)
        return out[:1].reshape(shape)
    x = np.empty(shape + (2,), dtype)
    x[..., 0] = a
    x[..., 1] = c
    xc = x.view(_COMPLEX[dtype])[..., 0]
    if np.ndim(b):
        y = np.empty(shape + (2,), dtype)
        y[..., 0] = b
        y[..., 1] = -1
        y = y.view(_COMPLEX[dtype])[..., 0]
    else:  # (a Python complex's parts are doubles: b, a float32 or float64, exactly)
        y = _COMPLEX[dtype].type(complex(b, -1.0))
    with np.errstate(all="ignore"):  # (the imaginary parts may overflow: unused)
        np.multiply(xc, y, out=xc)
    return x[..., 0].copy()


def _fuses(dtype):
    """Whether the real part of the complex product rounds ``a * b + c`` once, with ``b``
    an array and a number, on every length up to a few vectors and beyond (vector loops and
    tails), and keeps a zero sum's IEEE sign: ``(1 + 2**-k)**2 - 1`` rounded once keeps
    its last term, which rounding the square first loses."""
    k = 12 if dtype == np.float32 else 27
    factor = dtype.type(1 + 2.0 ** -k)
    expected = dtype.type(2.0 ** (1 - k) + 2.0 ** (-2 * k))
    for n in (*range(1, 34), 67, 1027):  # (and one element alone, as a pair)
        a = np.full(n, factor, dtype)
        c = np.full(n, -1, dtype)
        for b in (a, factor):
            if not (_product_real(a, b, c, dtype) == expected).all():
                return False
    zeros = dtype.type(0.0), dtype.type(-0.0)
    for a in zeros:
        for c in zeros:
            got = _product_real(np.full(3, a, dtype), dtype.type(1), np.full(3, c, dtype), dtype)
            if np.signbit(got).tolist() != [bool(np.signbit(a) and np.signbit(c))] * 3:
                return False
    return True
