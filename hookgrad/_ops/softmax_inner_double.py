"""PyTorch's float64 softmax kernels along a dim other than the last (``_vec_softmax``,
``_vec_softmax_backward`` in double, AVX2 and AVX-512 builds), bit for bit, as
softmax_inner.py computes their float32 forms: the input as (outer, dim, inner), a vector of
inner columns at a time (4 doubles on AVX2, 8 on AVX-512) with SLEEF's double exp, the
columns left over one at a time with C's exp; sums along dim in order from the first
element; the backward's sum of ``grad * output`` one fused multiply-add a step. Up to
softmax_double.EXACT_ELEMENTS elements (SLEEF's double exp costs about 100 times NumPy's)."""

import numpy as np

from ..backends.cpu import VECTOR_BYTES
from . import libm, sleef_double, softmax_inner
from .fused import fma64

_LANES = VECTOR_BYTES // 8  # float64 lanes of a vector


def softmax(x3, threads):
    """softmax of the C-contiguous float64 (outer, dim, inner) ``x3`` along axis 1, or None
    where a max is not finite (NaN and inf rules: the caller's)."""
    return softmax_inner.softmax(x3, threads, sleef_double.exp, libm.exp, _LANES)


def softmax_grad(g3, y3):
    """softmax's backward along axis 1 of (outer, dim, inner) float64 arrays:
    ``y * (g - sum)``, the sum ``fma(g, y, acc)`` a step from 0."""
    step = sleef_double.fma if np.isfinite(g3).all() else _fma_through_infinities
    acc = g3[:, 0] * y3[:, 0]
    for i in range(1, g3.shape[1]):
        acc = step(g3[:, i], y3[:, i], acc)
    out = g3 - acc[:, None]
    out *= y3
    return out


def _fma_through_infinities(a, b, c):
    """sleef_double.fma where every term is finite; else the plain ``a * b + c``, which is
    the fused value there (the emulation's error terms turn an infinite sum into NaN: a
    column with a -inf gradient summed to NaN instead of -inf, 89:1617)."""
    with np.errstate(invalid="ignore", over="ignore"):
        fused = sleef_double.fma(a, b, c)
        plain = a * b + c
    return np.where(np.isfinite(plain), fused, plain)


def log_softmax(x3):
    """log_softmax of the C-contiguous float64 (outer, dim, inner) ``x3`` along axis 1, or
    None where a max is not finite: the sums' logs SLEEF's (``logd4_u10`` / ``logd8_u10``,
    the tail columns' too, as the float32 kernel's)."""
    return softmax_inner.log_softmax(x3, sleef_double.exp, libm.exp, sleef_double.log_sum,
                                     _LANES)


def log_softmax_grad(g3, y3):
    """log_softmax's backward along axis 1 of (outer, dim, inner) float64 arrays
    (``grad - exp(output) * sum(grad)`` one fused multiply-add), or None unless every output
    is at most 0 and every sum finite."""
    return softmax_inner.log_softmax_grad(g3, y3, sleef_double.exp, libm.exp, _LANES, fma64)
