"""SLEEF's float64 ``hypot`` as PyTorch's AVX2 and AVX-512 builds run it (``Sleef_hypotd4_u05``
/ ``hypotd8_u05``: SLEEF's xhypot_u05), bit for bit, on flat float64 NumPy arrays: what
``Vectorized<double>::hypot`` gives on the vector steps of PyTorch's hypot kernel. glibc's
hypot (its scalar lambda's, and NumPy's) rounds otherwise on about one element in 150.

SLEEF divides the smaller magnitude by the larger as a double-double pair, squares it, adds
1, takes the pair's square root (a Newton step from the hardware's) and multiplies by the
larger magnitude, rounding the final pair once: well within 2**-90 of the exact hypot, so its
result is the correctly rounded one except within that of a rounding midpoint. The cheap
pass rounds the exact hypot: glibc's result (within an ulp) corrected by the residual
``x**2 + y**2 - r**2`` (exact products by Dekker's split), and flags the elements near a
midpoint, tiny or huge (SLEEF's scaling and its final product's rounding there), a power of
two, or special; those are computed again in the FMA form, SLEEF's steps one by one
(sleef_double's pairs, each FMA rounded once)."""
import numpy as np

from .sleef_double import (
    _F64,
    _add2_pf,
    _add2_pp,
    _div,
    _fma_wide,
    _mul_pp,
    _one_minus,
    _rounded,
    _safe_product_error,
    _split,
    _squ,
)

_TINY = _F64(2.2250738585072014e-308)  # DBL_MIN: below it SLEEF scales both by 2**54
_CHEAP_RANGE = (_F64(2.0 ** -900), _F64(2.0 ** 1000))  # (the larger magnitude's)
_BOUND = _F64(2.0 ** -80)  # (relative: SLEEF's pair and the residual's error, with room)
_EXACT_ONLY = 512  # (below this many elements the FMA form alone is as fast)


def _exact(low, high):
    """xhypot_u05 step by step, of the smaller and larger magnitudes (a 0, NaN or infinite
    operand is the caller's), an overflowing pair (NaN) infinite."""
    tiny = high < _TINY
    n = np.where(tiny, low * _F64(2.0 ** 54), low)
    d = np.where(tiny, high * _F64(2.0 ** 54), high)
    q = _div(n, np.zeros_like(n), d, np.zeros_like(d))
    s = _add2_pf(*_squ(*q), _F64(1))
    # ddsqrt_vd2_vd2: (s + t * t) / t / 2 from the hardware's t, a Newton step in pairs
    t = np.sqrt(s[0] + s[1])
    tt = t * t
    num = _add2_pp(*s, tt, _safe_product_error(t, t, tt))
    rec = 1 / t
    root = _mul_pp(*num, rec, rec * _one_minus(t, rec))
    root = (root[0] * _F64(0.5), root[1] * _F64(0.5))
    # ddmul_vd2_vd2_vd by the larger magnitude (unscaled), rounded once
    p = root[0] * high
    out = p + _fma_wide(root[1], high, _safe_product_error(root[0], high, p))
    small = np.flatnonzero(high < _F64(2.0 ** -900))
    if small.size:
        out[small] = _small_product(root[0][small], root[1][small], high[small], p[small])
    out[out != out] = np.inf
    return out


def _small_product(hi, lo, high, p):
    """The final ``p + fma(lo, high, fma(hi, high, -p))`` where its FMAs round onto the
    denormal grid: their exact values taken with ``high`` scaled up by 2**200 (where
    Dekker's split is exact), each scaled back with one rounding."""
    scale = _F64(2.0 ** 200)
    big = high * scale
    product = hi * big
    error = (product - p * scale) + _safe_product_error(hi, big, product)
    return p + ((lo * big) / scale + error / scale)


def _residual_pair(low, high):
    """The exact hypot as glibc's ``r`` and a correction (within 2**-100 of r), for
    magnitudes with the larger in the cheap range: the residual ``x**2 + y**2 - r**2`` of
    the operands scaled to [1, 2) (exact squares, Dekker), over ``2 r``."""
    r = np.hypot(high, low)
    # 2**-e for the larger's binary exponent e (an exact scaling of all three)
    scale = ((2046 - ((high.view(np.int64) >> 52) & 0x7FF)) << 52).view(_F64)
    xs, ys, rs = high * scale, low * scale, r * scale
    squares = []
    for v in (xs, ys, rs):
        p = v * v
        vh, vl = _split(v)
        squares.append((p, ((vh * vh - p) + 2 * vh * vl) + vl * vl))
    (p1, e1), (p2, e2), (p3, e3) = squares
    residual = ((p1 - p3) + p2) + ((e1 + e2) - e3)
    return r, residual / (2 * rs) / scale


def _cheap(low, high):
    """The correctly rounded hypot and the elements to compute again in the FMA form."""
    r, correction = _residual_pair(low, high)
    out, unsafe = _rounded(r, correction, r * _BOUND)
    np.logical_or(unsafe, ~((high >= _CHEAP_RANGE[0]) & (high <= _CHEAP_RANGE[1])), out=unsafe)
    return out, unsafe


def hypot(a, b):
    """Sleef_hypotd4_u05 (= d8_u05) of two flat float64 arrays of one size."""
    x, y = np.abs(a), np.abs(b)
    low, high = np.minimum(x, y), np.maximum(x, y)
    with np.errstate(all="ignore"):
        if x.size <= _EXACT_ONLY:
            out = _exact(low, high)
        else:
            out, unsafe = _cheap(low, high)
            redo = np.flatnonzero(unsafe)
            if redo.size:
                out[redo] = _exact(low[redo], high[redo])
        special = np.flatnonzero(~((low > 0) & (high < np.inf)))
        if special.size:  # (SLEEF's order: a 0 operand gives the other, a NaN operand the
            # default NaN (positive), an infinite one inf)
            x, y, low, high = x[special], y[special], low[special], high[special]
            values = np.where(low == 0, high, out[special])
            values[(x != x) | (y != y)] = np.nan
            values[(x == np.inf) | (y == np.inf)] = np.inf
            out[special] = values
    return out
