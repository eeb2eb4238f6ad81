"""SLEEF's float32 ``atan2`` and ``pow`` as PyTorch's AVX2 (and AVX-512) build runs them
(``Sleef_atan2f8_u10``: SLEEF's xatan2f_u1; ``Sleef_powf8_u10``: xpowf), bit for bit, on
flat float32 NumPy arrays.

``Vectorized<float>::atan2`` and ``::pow`` call these from PyTorch's atan2 and pow kernels;
glibc's atan2f and powf (which PyTorch's scalar loop calls: libm.py) round differently in
the last bit on about one element in six (atan2) or fifty (pow). These follow SLEEF's
algorithms step by step: float32 operations, double-float pairs (sleef.py's helpers, FMA
forms) and each FMA rounded once (sleef.fma)."""
import numpy as np

from . import sleef
from .sleef import (
    _ALL_ONES,
    _add_pp,
    _div,
    _mul_pf,
    _mul_pp,
    _mulsign,
    _product_error,
    _squ,
    _two_sum,
    fma,
)

_F32 = np.float32
_ONE = _F32(1)
_HALF_PI = _F32(np.pi / 2)
_QUARTER_PI = _F32(np.pi / 4)
_PI = _F32(np.pi)
_HALF_PI_HI, _HALF_PI_LO = _F32(1.5707963705062866211), _F32(-4.3711388286737928865e-08)
# |x| below this (the next float above 1 / FLT_MAX) is scaled by 2**24 first, with y
_TINY_X = _F32(2.9387372783541830947e-39)
_TWO_24 = _F32(1 << 24)
_ATAN_POLY = tuple(_F32(c) for c in (
    -0.00176397908944636583328247, 0.0107900900766253471374512, -0.0309564601629972457885742,
    0.0577365085482597351074219, -0.0838950723409652709960938, 0.109463557600975036621094,
    -0.142626821994781494140625, 0.199983194470405578613281))
_ATAN_THIRD = _F32(-0.333332866430282592773438)
_LOG_POLY = tuple(_F32(c) for c in (0.240320354700088500976562, 0.285112679004669189453125,
                                     0.400007992982864379882812))
_LOG_C_HI, _LOG_C_LO = _F32(0.66666662693023681640625), _F32(3.69183861259614332084311e-09)
_EXP_POLY = tuple(_F32(c) for c in (
    0.00136324646882712841033936, 0.00836596917361021041870117, 0.0416710823774337768554688,
    0.166665524244308471679688, 0.499999850988388061523438))
_INT_MIN = np.int32(-0x80000000)


def _horner(coefficients, t):
    """``c0 * t^n + ... + cn`` as SLEEF's chain of FMAs (each rounded once)."""
    u = fma(t, coefficients[0], coefficients[1])
    wide = t.astype(np.float64)  # (converted once for the chain)
    for c in coefficients[2:]:
        u = fma(u, wide, c)
    return u


def _add_ff(x, y):
    """SLEEF's dfadd_vf2_vf_vf (|x| >= |y|)."""
    r = x + y
    return r, (x - r) + y


# ------------------------------------------------------------------------------ atan2

def _atan2k(y, x):
    """SLEEF's atan2kf_u1 of the pairs (y, 0) and (x, 0), y >= 0: atan2 as a float pair.
    (The zero low halves are left out where adding them changes no nonzero value; the
    results they could sign are zeros the caller replaces.)"""
    negative = x < 0
    q = np.where(negative, np.int32(-2), np.int32(0))
    x = np.where(negative, -x, x)  # (vxor of the sign: -0. stays -0.)
    swap = x < y
    q += swap
    # s = swap ? -x : y; t = swap ? y : x; s = dfdiv(s, t)
    n = np.where(swap, -x, y)
    d = np.where(swap, y, x)
    r = _ONE / d
    sx = n * r
    sy = fma(sx, fma(-d, r, _ONE), _product_error(r, n, sx))
    # t = dfnormalize(dfsqu(s))
    tx, ty = _squ(sx, sy)
    hx = tx + ty
    tx, ty = hx, (tx - hx) + ty
    u = _horner(_ATAN_POLY, tx)
    # t = dfmul(t, dfadd(-1/3, u * t.x)); t = dfmul(s, dfadd(1, t))
    tx, ty = _mul_pp(tx, ty, *_add_ff(_ATAN_THIRD, u * tx))
    hx = _ONE + tx
    tx, ty = _mul_pp(sx, sy, hx, ((_ONE - hx) + tx) + ty)
    # t = dfadd(dfmul((pi/2 hi, lo), q), t)
    qf = q.astype(_F32)
    px, py = _mul_pf(_HALF_PI_HI, _HALF_PI_LO, qf)
    return _add_pp(px, py, tx, ty)


def _signed_inf_term(x, m):
    """SLEEF's visinf2: ``m`` with x's sign bit ORed in where x is infinite, else +0."""
    bits = m.view(np.int32) | (x.view(np.int32) & _INT_MIN)
    return np.where(np.isinf(x), bits, np.int32(0)).view(_F32)


def atan2f(y, x):
    """Sleef_atan2f8_u10 of two flat float32 arrays of one size."""
    with np.errstate(all="ignore"):
        tiny = np.abs(x) < _TINY_X
        if tiny.any():  # (scaled, and tested below, as SLEEF's)
            x = np.where(tiny, x * _TWO_24, x)
            y = np.where(tiny, y * _TWO_24, y)
        dx, dy = _atan2k(np.abs(y), x)
        r = _mulsign(dx + dy, x)
        special = ~(np.isfinite(x) & np.isfinite(y)) | (x == 0) | (y == 0)
        out = _mulsign(r, y)
        if special.any():
            out[special] = _special_atan2(r[special], y[special], x[special])
        return out


def _special_atan2(r, y, x):
    """xatan2f_u1's selects for infinite, zero and NaN operands, then its final sign."""
    r = np.where(np.isinf(x) | (x == 0),
                 _HALF_PI - _signed_inf_term(x, _mulsign(np.full(x.shape, _HALF_PI), x)), r)
    r = np.where(np.isinf(y),
                 _HALF_PI - _signed_inf_term(x, _mulsign(np.full(x.shape, _QUARTER_PI), x)), r)
    r = np.where(y == 0, np.where(np.signbit(x), _PI, _F32(0)), r)
    r = _mulsign(r, y)
    r[np.isnan(x) | np.isnan(y)] = _ALL_ONES  # (all bits set)
    return r


# ------------------------------------------------------------------------------ pow

def _logk(d):
    """SLEEF's logkf of d > 0 (AVX2 form): log as a float pair."""
    m, e = sleef.log_reduce(d)
    # x = dfdiv(dfadd2(-1, m), dfadd2(1, m))
    nx, ny = _two_sum(_F32(-1), m)
    dx, dy = _two_sum(_ONE, m)
    xx, xy = _div(nx, ny, dx, dy)
    x2x, x2y = _squ(xx, xy)
    t = _horner(_LOG_POLY, x2x)
    sx, sy = _mul_pf(sleef._LN2_HI, sleef._LN2_LO, e.astype(_F32))
    sx, sy = _add_pp(sx, sy, xx * 2, xy * 2)
    # s = dfadd(s, dfmul(dfmul(x2, x), dfadd2(dfmul(x2, t), c)))
    ax, ay = _mul_pf(x2x, x2y, t)
    cx = ax + _LOG_C_HI  # (dfadd2 of a pair and a pair)
    v = cx - ax
    cy = ((ax - (cx - v)) + (_LOG_C_HI - v)) + (ay + _LOG_C_LO)
    px, py = _mul_pp(*_mul_pp(x2x, x2y, xx, xy), cx, cy)
    return _add_pp(sx, sy, px, py)


def _add2_pf(xx, xy, y):
    """SLEEF's dfadd2_vf2_vf2_vf: the pair (xx, xy) plus a float."""
    rx, ry = _two_sum(xx, y)
    return rx, ry + xy


def _ldexp(x, q):
    """SLEEF's vldexp_vf_vf_vi2: x * 2**q in five float32 products (int32 arithmetic
    wrapping as the vector instructions do)."""
    m = q >> 31
    m = (((m + q) >> 6) - m) << 4
    q = q - (m << 2)
    m = np.clip(m + 0x7F, 0, 0xFF)  # (0 below 1, 0xff above 0xff)
    u = (m << 23).view(_F32)
    x = x * u * u * u * u
    return x * ((q + 0x7F) << 23).view(_F32)


def _expk(dx, dy):
    """SLEEF's expkf of the pair (dx, dy): exp rounded to a float."""
    u = (dx + dy) * sleef._R_LN2
    # vrint_vi2_vf (cvtps2dq): to nearest even; out of range or NaN: INT_MIN
    inside = np.abs(u) < _F32(2147483648.0)
    q = np.where(inside, np.rint(u), _F32(-2147483648.0)).astype(np.int32)
    qf = q.astype(_F32)
    sx, sy = _add2_pf(dx, dy, qf * -sleef._L2U)
    sx, sy = _add2_pf(sx, sy, qf * -sleef._L2L)
    hx = sx + sy
    sx, sy = hx, (sx - hx) + sy
    u = _horner(_EXP_POLY, sx)
    tx, ty = _mul_pf(*_squ(sx, sy), u)
    tx, ty = _add_pp(sx, sy, tx, ty)
    hx = _ONE + tx
    out = _ldexp(hx + (((_ONE - hx) + tx) + ty), q)
    out[dx < -104] = 0
    return out


def powf(x, y):
    """Sleef_powf8_u10 of a flat float32 array ``x`` and ``y`` (a float32 array of its size
    or a float32 number)."""
    with np.errstate(all="ignore"):
        lx, ly = _logk(np.abs(x))
        out = _expk(*_mul_pf(lx, ly, y))
        y = np.asarray(y)
        ordinary = out == out
        if x.size and ordinary.all() and x.min() > 0 and np.isfinite(y).all() \
                and x.max() < np.inf and not (y == 0).any():
            one = x == 1
            if one.any():
                out[one] = 1
            return out
        return _special_pow(out, x, np.broadcast_to(y, x.shape))


def _special_pow(out, x, y):
    """xpowf's selects: NaN, a negative base, infinite or zero operands, y = 0 and x = 1."""
    out[out != out] = np.inf
    y_int = (np.trunc(y) == y) | (np.abs(y) > _TWO_24)
    small = np.abs(y) < _TWO_24
    y_odd = y_int & small & (np.where(small, y, 0).astype(np.int32) & 1 == 1)
    negative = ~(x > 0)
    # result * (x > 0 ? 1 : y integer ? (odd ? -1 : 1) : NaN)
    out = np.where(negative & y_odd, -out, out)
    out[negative & ~y_int] = np.nan  # (the product with SLEEF's NaN constant: 0x7fc00000)
    efx = _mulsign(np.abs(x) - _ONE, y)
    out = np.where(np.isinf(y), np.where(efx < 0, _F32(0), np.where(efx == 0, _ONE, np.inf)),
                   out)
    edge = np.isinf(x) | (x == 0)
    sign = np.where(y_odd, np.where(np.signbit(x), _F32(-1), _ONE), _ONE)
    below = np.where(x == 0, -y, y) < 0
    out = np.where(edge, sign * np.where(below, _F32(0), np.inf), out)
    out[np.isnan(x) | np.isnan(y)] = _ALL_ONES
    out[(y == 0) | (x == 1)] = 1
    return out.astype(_F32, copy=False)
