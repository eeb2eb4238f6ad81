"""SLEEF's float64 ``atan2`` and ``pow`` as PyTorch's AVX2 and AVX-512 builds run them
(``Sleef_atan2d4_u10`` / ``d8``: SLEEF's xatan2_u1; ``Sleef_powd4_u10`` / ``d8``: xpow), bit
for bit, on flat float64 NumPy arrays.

``Vectorized<double>::atan2`` and ``::pow`` call these from PyTorch's atan2 and pow kernels;
glibc's atan2 and pow (its scalar loop's: libm.py) round differently in the last bit on
about one element in fifty. These follow SLEEF's algorithms step by step: double-double
pairs and each FMA rounded once (sleef_double.py's helpers). The 8-lane functions compute as
the 4-lane ones: AVX-512's logk takes the exponent and mantissa with vgetexp / vgetmant,
which give the AVX2 form's numbers for every positive input (denormals too).

The exact FMAs cost ~25 NumPy operations each; the polynomials, where most of them are,
first run as plain ``a * b + c`` with a bound on how far that moves the final pair's sum,
and the elements whose sum lies within that bound of a rounding midpoint are computed
again with the FMAs (sleef_double._rounded)."""
import numpy as np

from .sleef_double import (
    _ALL_ONES,
    _F64,
    _LN2,
    _add_pp,
    _div,
    _exponent,
    _fma_wide,
    _ldexp2,
    _mul_pf,
    _mul_pp,
    _mulsign,
    _one_minus,
    _rounded,
    _safe_product_error,
    _squ,
    _sum,
    _two_sum,
    estrin,
    expk_pair,
    fma,
    plain,
)

_HALF_PI = _F64(np.pi / 2)
_QUARTER_PI = _F64(np.pi / 4)
_PI = _F64(np.pi)
_HALF_PI_PAIR = (_F64(1.570796326794896557998982), _F64(6.12323399573676603586882e-17))
# |x| below this (the next double above 1 / DBL_MAX) is scaled by 2**53 first, with y
_TINY_X = _F64(5.5626846462680083984e-309)
_TWO_53 = _F64(2.0 ** 53)
_TINY_RATIO = _F64(2.0 ** -600)
_UP, _DOWN = _F64(2.0 ** 600), _F64(2.0 ** -600)
_ATAN_POLY = tuple(_F64(c) for c in (  # (the highest power first)
    1.06298484191448746607415e-05, -0.000125620649967286867384336,
    0.00070557664296393412389774, -0.00251865614498713360352999,
    0.00646262899036991172313504, -0.0128281333663399031014274,
    0.0208024799924145797902497, -0.0289002344784740315686289,
    0.0359785005035104590853656, -0.041848579703592507506027,
    0.0470843011653283988193763, -0.0524914210588448421068719,
    0.0587946590969581003860434, -0.0666620884778795497194182,
    0.0769225330296203768654095, -0.0909090442773387574781907))
_ATAN_TAIL = tuple(_F64(c) for c in (  # (four more steps of the chain, one by one)
    0.111111108376896236538123, -0.142857142756268568062339,
    0.199999999997977351284817, -0.333333333333317605173818))
_LOG_POLY = tuple(_F64(c) for c in (
    0.116255524079935043668677, 0.103239680901072952701192, 0.117754809412463995466069,
    0.13332981086846273921509, 0.153846227114512262845736, 0.181818180850050775676507,
    0.222222222230083560345903, 0.285714285714249172087875, 0.400000000000000077715612))
_LOG_C = (_F64(0.666666666666666629659233), _F64(3.80554962542412056336616e-17))
_DBL_MIN = _F64(2.2250738585072014e-308)
_TWO_64 = _F64(2.0 ** 64)
_EXP_MAX = _F64(709.78271114955742909217217426)  # (d above: the power is infinite)
_EXACT_ONLY = 1024


# ------------------------------------------------------------------------------ atan2

def _atan2_pair(y, x, f=fma):
    """SLEEF's atan2k_u1 of the pairs (y, 0) and (x, 0), y >= 0 (not NaN): atan2 as a pair,
    and a bound on how far the plain form (``f`` plain) can move its sum: the polynomial's
    (each plain step an ulp or so from its FMA form's: 2**-47 of its term s t u, generously)
    and the pairs' plain low parts (2**-100 of the result's magnitude)."""
    q = np.where(np.signbit(x), np.int64(-2), np.int64(0))
    x = np.where(x < 0, -x, x)  # (the sign bit flipped where x < 0: -0. stays)
    swap = x < y
    q += swap
    nx = np.where(swap, -x, y)
    ny = np.where(swap, _F64(-0.0), _F64(0))
    d = np.where(swap, y, x)
    sx, sy = _div(nx, ny, d, _F64(0), f)
    tx, ty = _squ(sx, sy, f)
    hx = tx + ty  # (ddnormalize)
    tx, ty = hx, (tx - hx) + ty
    t2 = tx * tx
    t4 = t2 * t2
    u = estrin((tx, t2, t4, t4 * t4), _ATAN_POLY, f)
    for c in _ATAN_TAIL:
        u = f(u, tx, c)
    px, py = _mul_pf(*_mul_pp(sx, sy, tx, ty, f), u, f)
    tx, ty = _add_pp(sx, sy, px, py)
    hx, hy = _mul_pf(*_HALF_PI_PAIR, q.astype(_F64), f)
    rx, ry = _add_pp(hx, hy, tx, ty)
    bound = np.abs(px) * _F64(2.0 ** -50) + np.abs(rx) * _F64(2.0 ** -100)
    return rx, ry, bound


def _atan2(y, x, exact=False):
    """Sleef_atan2d4_u10 of two flat float64 arrays of one size: the cheap pass (and where
    to compute again) or the FMA form."""
    tiny = np.abs(x) < _TINY_X
    if tiny.any():  # (scaled, and tested below, as SLEEF's)
        x = np.where(tiny, x * _TWO_53, x)
        y = np.where(tiny, y * _TWO_53, y)
    ay = np.abs(y)
    special = ~(np.isfinite(x) & np.isfinite(y)) | (x == 0) | (y == 0)
    if special.any():  # (the pair's arithmetic kept finite; the selects below replace it)
        ay = np.where(special, _F64(1), ay)
        x_in = np.where(special, _F64(1), x)
    else:
        x_in = x
    pair = _atan2_pair(ay, x_in) if exact else _atan2_pair(ay, x_in, plain)
    r, unsafe = _sum(*pair) if exact else _rounded(*pair)
    tiny = (x_in > 0) & (ay < x_in * _TINY_RATIO)
    if tiny.any():
        r[tiny] = _tiny_quotient(ay[tiny], x_in[tiny])
        if unsafe is not None:
            unsafe &= ~tiny
    r = _mulsign(r, x)
    if not special.any():
        return _mulsign(r, y), unsafe
    r[special] = _special_atan2(r[special], y[special], x[special])
    if unsafe is not None:
        unsafe &= ~special
    r = _mulsign(r, y)
    r[np.isnan(x) | np.isnan(y)] = _ALL_ONES  # (all bits set, whatever the signs)
    return r, unsafe


def _tiny_quotient(n, d):
    """atan2k_u1's sum for 0 < n / d < 2**-600: the quotient's pair (dddiv) alone (its square
    and the terms it makes underflow to 0, q is 0). Its low part rounds to the denormal grid
    (n / d under 2**-969): each FMA is emulated on the values scaled by 2**600, exactly, and
    rounded to it by the scaling back (the 53-bit rounding before that is far finer)."""
    t = 1 / d
    s = n * t
    small_t = t <= _F64(2.0 ** 400)  # (the smaller factor scaled: n < 2**-1000 where not)
    a, b = np.where(small_t, t * _UP, t), np.where(small_t, n, n * _UP)
    p, big_s = a * b, s * _UP
    u = ((p - big_s) + _safe_product_error(a, b, p)) * _DOWN  # (fmapn(t, n, s))
    v = _one_minus(d, t)
    return s + fma(big_s, v, u * _UP) * _DOWN


def _signed_inf_term(x, m):
    """SLEEF's visinf2: ``m`` with x's sign bit ORed in where x is infinite, else +0."""
    bits = m.view(np.int64) | (x.view(np.int64) & np.int64(-0x8000000000000000))
    return np.where(np.isinf(x), bits, np.int64(0)).view(_F64)


def _special_atan2(r, y, x):
    """xatan2_u1's selects for infinite and zero operands (before the final sign)."""
    r = np.where(np.isinf(x) | (x == 0),
                 _HALF_PI - _signed_inf_term(x, _mulsign(np.full(x.shape, _HALF_PI), x)), r)
    r = np.where(np.isinf(y),
                 _HALF_PI - _signed_inf_term(x, _mulsign(np.full(x.shape, _QUARTER_PI), x)), r)
    return np.where(y == 0, np.where(np.signbit(x), _PI, _F64(0)), r)


# ------------------------------------------------------------------------------ pow

def _logk(d, f=fma):
    """SLEEF's logk of d > 0 (finite; AVX2 form): log as a pair."""
    small = d < _DBL_MIN
    if small.any():
        d = np.where(small, d * _TWO_64, d)
    e = _exponent(d * _F64(1.0 / 0.75))
    m = (d.view(np.int64) - (e << 52)).view(_F64)  # (vldexp3: -e added to the exponent)
    if small.any():
        e = np.where(small, e - 64, e)
    xx, xy = _div(*_two_sum(_F64(-1), m), *_two_sum(_F64(1), m), f)
    x2x, x2y = _squ(xx, xy, f)
    x4 = x2x * x2x
    x8 = x4 * x4
    t = f(x8 * x8, _LOG_POLY[0], estrin((x2x, x4, x8), _LOG_POLY[1:], f))
    sx, sy = _mul_pf(*_LN2, e.astype(_F64), f)
    sx, sy = _add_pp(sx, sy, xx * 2, xy * 2)
    cx, cy = _mul_pp(x2x, x2y, xx, xy, f)
    sx, sy = _add_pp(sx, sy, *_mul_pp(cx, cy, *_LOG_C, f))
    cx, cy = _mul_pp(x2x, x2y, cx, cy, f)
    px, py = _mul_pf(cx, cy, t, f)
    return _add_pp(sx, sy, px, py), px


def _expk_pair(dx, dy, f=fma):
    """SLEEF's expk of the pair (dx, dy) before its last sum: the pair, the power of two
    it is scaled by (q) and the bound of the polynomial's plain steps (2**-48 of their
    term, and 2**-100 of the pair for the plain low parts)."""
    tx, ty, q, px = expk_pair(dx, dy, f)
    return tx, ty, q, np.abs(px) * _F64(2.0 ** -51) + _F64(2.0 ** -100)


def _pow_pair(ax, y, f=fma):
    """``|x| ** y`` as expk(logk(|x|) * y) leaves it before its last sum and scaling: the
    pair, q, its bound (expk's and logk's: the log polynomial's plain steps move the
    exponent by up to 2**-48 of its term, times |y|), and the exponent's pair's high part."""
    (lx, ly), lp = _logk(ax, f)
    dx = lx * y  # (ddmul_vd2_vd2_vd; y may pass 2**995, where Dekker's split overflows)
    dy = (_fma_wide if f is fma else f)(ly, y, _safe_product_error(lx, y, dx))
    tx, ty, q, bound = _expk_pair(dx, dy, f)
    bound = bound + np.abs(lp * y) * _F64(2.0 ** -51) + np.abs(dx) * _F64(2.0 ** -100)
    return tx, ty, q, bound, dx


def _pow(x, y, exact=False):
    """Sleef_powd4_u10 of a flat float64 array ``x`` and ``y`` (an array of its size):
    the cheap pass (and where to compute again) or the FMA form."""
    ax = np.abs(x)
    ordinary = (ax > 0) & (ax < np.inf) & np.isfinite(y)
    all_ordinary = ordinary.all()
    ax_in = ax if all_ordinary else np.where(ordinary, ax, _F64(1))
    y_in = y if all_ordinary else np.where(ordinary, y, _F64(0))
    tx, ty, q, bound, dx = _pow_pair(ax_in, y_in, fma if exact else plain)
    if exact:
        r, unsafe = tx + ty, None
    else:  # (scaled by 2**q after the sum, as SLEEF: the bound too, in the unscaled units)
        r, unsafe = _rounded(tx, ty, bound)
    r = _ldexp2(r, q)
    r[dx < -1000] = 0
    r[dx > _EXP_MAX] = np.inf
    if unsafe is not None:  # (the stand-ins' flags dropped)
        unsafe &= ordinary
    if all_ordinary and (x > 0).all():
        r[(x == 1) | (y == 0)] = 1
        return r, unsafe
    return _special_pow(r, x, y), unsafe


def _special_pow(r, x, y):
    """xpow's selects: a negative base, infinite, zero and NaN operands, y = 0 and x = 1."""
    y_int = np.trunc(y) == y
    with np.errstate(invalid="ignore"):
        y_odd = y_int & (np.trunc(y * 0.5) != y * 0.5)
    # result * (x > 0 ? 1 : y integer ? (odd ? -1 : 1) : NaN)
    r = np.where(x > 0, r, np.where(y_int, np.where(y_odd, -r, r), np.nan))
    efx = _mulsign(np.abs(x) - 1, y)
    r = np.where(np.isinf(y), np.where(efx < 0, _F64(0), np.where(efx == 0, _F64(1), np.inf)),
                 r)
    edge = np.isinf(x) | (x == 0)
    magnitude = np.where(np.signbit(y) ^ (x == 0), _F64(0), np.inf)
    r = np.where(edge, _mulsign(magnitude, np.where(y_odd, x, _F64(1))), r)
    r[np.isnan(x) | np.isnan(y)] = _ALL_ONES
    r[(y == 0) | (x == 1)] = 1
    return r


# ------------------------------------------------------------------------------ entry points

def _checked(function, a, b):
    """``function`` (a cheap pass or FMA form of two flat arrays) over ``a`` and ``b``, the
    elements the cheap pass flags computed again in the FMA form (up to ~1000 elements the
    FMA form alone is as fast: the NumPy calls' own cost is most of it)."""
    with np.errstate(all="ignore"):
        if a.size <= _EXACT_ONLY:
            return function(a, b, True)[0]
        out, unsafe = function(a, b)
        if unsafe is not None:
            redo = np.flatnonzero(unsafe)
            if redo.size:
                out[redo] = function(a[redo], b[redo], True)[0]
    return out


def atan2(y, x):
    """Sleef_atan2d4_u10 (= d8_u10) of two flat float64 arrays of one size."""
    return _checked(_atan2, y, x)


def power(x, y):
    """Sleef_powd4_u10 (= d8_u10) of a flat float64 array ``x`` and ``y`` (a float64 array of
    its size or a number)."""
    y = np.broadcast_to(np.asarray(y, _F64), x.shape)
    return _checked(_pow, x, y)
