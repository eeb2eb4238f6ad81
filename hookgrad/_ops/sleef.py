"""SLEEF's float32 vector functions as PyTorch's AVX2 build runs them (``Sleef_expf8_u10``,
``Sleef_expm1f8_u10``, ``Sleef_log1pf8_u10``, ``Sleef_logf8_u10``), bit for bit, on NumPy arrays;
its AVX-512 build's 16-lane ones compute the same but for some NaNs' bits (LOG_NANS_FROM_INPUT).

PyTorch's ``Vectorized<float>`` calls these from its activation kernels (sigmoid, silu,
softplus, elu, log_sigmoid) and from expm1 / log1p. NumPy's functions are as accurate but
round differently in the last bit on 5-30% of inputs; these follow SLEEF's algorithm step
by step: its float32 operations, its double-float (``df``) pairs, and each FMA (one
rounding of ``a * b + c``) as float64 arithmetic rounded once to float32 (a float32
product is exact in float64). Every function takes and returns C-contiguous float32
arrays; callers handle layout, dtype and the scalar tail."""
import numpy as np

from ..backends.cpu import CAPABILITY
from . import libm
from .fused import _BEYOND_FLOAT32, _FLOAT32_MIDPOINT

_F32, _F64 = np.float32, np.float64
_R_LN2 = _F32(1.442695040888963407359924681001892137426645954152985934135449406931)
_L2U, _L2L = _F32(0.693145751953125), _F32(1.428606765330187045e-06)
_L2 = _F64(_L2U) + _F64(_L2L)  # (exact in float64)
_EXP_POLY = tuple(_F64(_F32(c)) for c in (0.00833336077630519866943359,
                                          0.0416664853692054748535156,
                                          0.166666671633720397949219, 0.5))
_LN2_HI, _LN2_LO = _F32(0.69314718246459960938), _F32(-1.904654323148236017e-09)
# SLEEF's 16-lane logs (PyTorch's AVX-512 build) give NaNs of their input's bits:
# Sleef_log1pf16_u10 a NaN input back, quiet, Sleef_logf16_u10 a negative or NaN input with
# its exponent and quiet bits set; the 8-lane ones the default NaN (checked against PyTorch)
LOG_NANS_FROM_INPUT = CAPABILITY == "AVX512"
_NAN_BITS = np.int32(0x7FC00000)


def fma(a, b, c):
    """``a * b + c`` rounded once (the AVX2 FMA instruction); ``a`` an array. The product is
    exact in float64; the sum rounded there and again to float32 errs only where the first
    rounding lands on a float32 midpoint. There (few, but many where the sum is exact, as
    with a gradient of ones) the sum's exact error (Knuth's two-sum) decides: none, the
    midpoint is the value and rounds to even; else the sum one float64 step toward it
    rounds as the exact value does. (Explicit conversions: a ufunc's own mixed-type loop
    is slower. ``b`` may be float64 already: a polynomial's variable, converted once.)"""
    t = a.astype(_F64)
    t *= b.astype(_F64, copy=False) if type(b) is np.ndarray else _F64(b)
    addend = c.astype(_F64) if type(c) is np.ndarray else _F64(c)
    t += addend
    out = t.astype(_F32)
    low = np.bitwise_and(t.view(np.uint64), _BEYOND_FLOAT32)
    suspect = low == _FLOAT32_MIDPOINT
    count = np.count_nonzero(suspect)
    if not count:
        return out
    if count * 16 > suspect.size:  # (so many: most are exact sums, found without gathers)
        product = a.astype(_F64)
        product *= b
        back = t - product
        error = product - (t - back)
        error += addend - back
        suspect &= error != 0
        if not suspect.any():
            return out
    size = suspect.shape
    where = suspect.nonzero()  # (their indices, found once: a mask indexes in a full pass)
    product = (np.broadcast_to(a, size)[where].astype(_F64)
               * np.broadcast_to(b, size)[where].astype(_F64))
    addend = np.broadcast_to(addend, size)[where]
    out[where] = _toward_error(t[where], product, addend).astype(_F32)
    return out


def _product_error(x, y, p):
    """``fma(x, y, -p)`` for ``p``, ``x * y`` rounded to float32: the product's rounding
    error, which float64 holds exactly (the product of two floats and its difference from
    p are exact there), so one rounding to float32 gives the FMA's result without its
    midpoint test."""
    e = np.multiply(x, y, dtype=_F64)
    e -= p
    return e.astype(_F32)


def _toward_error(total, product, addend):
    """``total = product + addend`` rounded in float64 moved one step toward the exact sum
    (Knuth's two-sum error; none: ``total`` itself)."""
    back = total - product
    error = (product - (total - back)) + (addend - back)
    return np.nextafter(total, total + error)


def _pow2i(q):
    """2 ** q for int32 q in float32's normal exponent range (SLEEF's vpow2i)."""
    return ((q + 0x7F) << 23).view(_F32)


def _ldexp2(d, q):
    """SLEEF's vldexp2: ``d * 2**(q >> 1) * 2**(q - (q >> 1))``, two roundings at most."""
    h = q >> 1
    return d * _pow2i(h) * _pow2i(q - h)


def _two_sum(x, y):
    """SLEEF's dfadd2 of two floats: the sum and its exact error."""
    s = x + y
    v = s - x
    return s, (x - (s - v)) + (y - v)


def _two_product(x, y):
    """SLEEF's dfmul of two floats (FMA form): the product and its exact error."""
    p = x * y
    return p, _product_error(x, y, p)


def expf(d):
    """Sleef_expf8_u10."""
    qf = np.rint(d * _R_LN2)
    # s = fma(q, -L2L, fma(q, -L2U, d)): the inner one is exact (q * L2U has 23 bits and d
    # is within a factor 2 of it), so both are d - q * (L2U + L2L) rounded once
    s64 = qf.astype(_F64)
    s64 *= _L2
    np.subtract(d, s64, out=s64)
    s = s64.astype(_F32)
    s64 = s.astype(_F64)
    u = s64 * _F64(_F32(0.000198527617612853646278381))
    u += _F64(_F32(0.00139304355252534151077271))
    for c in _EXP_POLY:
        u = u.astype(_F32).astype(_F64)
        u *= s64
        u += c
    u = u.astype(_F32).astype(_F64)
    u *= (s * s).astype(_F64)
    u += s64
    u = u.astype(_F32)
    u += _F32(1)
    # (vldexp2's two products round once at most: a single correctly rounded scaling)
    u = np.ldexp(u, qf.astype(np.int32))
    if d.size and not -104 <= d.min() <= d.max() <= 100:  # (also for a NaN)
        u[d < -104] = 0
        u[d > 100] = np.inf
        nan = d != d  # (the input's NaN, quiet)
        u[nan] = (d[nan].view(np.int32) | 0x00400000).view(_F32)
    return u


def _expk2f(dx):
    """SLEEF's expk2f of the pair (dx, 0): exp(dx) as a float pair."""
    q = np.rint(dx * _R_LN2).astype(np.int32)
    qf = q.astype(_F32)
    # s = dfadd2(d, q * -L2U); s = dfadd2(s, q * -L2L) (pair + float)
    sx, sy = _two_sum(dx, qf * -_L2U)
    t = qf * -_L2L
    rx, ry = _two_sum(sx, t)
    sx, sy = rx, ry + sy
    u = fma(_F32(0.1980960224e-3), sx, _F32(0.1394256484e-2))
    u = fma(u, sx, _F32(0.8333456703e-2))
    u = fma(u, sx, _F32(0.4166637361e-1))
    # t = dfadd2(dfmul(s, u), 1/6): dfmul(pair, float) then pair + float
    tx, ty = _mul_pf(sx, sy, u)
    tx, e = _two_sum(tx, _F32(0.166666659414234244790680580464))
    ty = e + ty
    # t = dfadd2(dfmul(s, t), 0.5): dfmul(pair, pair)
    tx, ty = _mul_pp(sx, sy, tx, ty)
    tx, e = _two_sum(tx, _F32(0.5))
    ty = e + ty
    # t = dfadd2(s, dfmul(dfsqu(s), t)) (pair + pair)
    qx, qy = _squ(sx, sy)
    qx, qy = _mul_pp(qx, qy, tx, ty)
    tx, e = _two_sum(sx, qx)
    ty = e + (sy + qy)
    # t = dfadd(1, t) (float + pair)
    rx = _F32(1) + tx
    ty = ((_F32(1) - rx) + tx) + ty
    tx = _ldexp2(rx, q)
    ty = _ldexp2(ty, q)
    low = dx < -104
    tx[low] = 0
    ty[low] = 0
    return tx, ty


def _mul_pf(xx, xy, y):
    """SLEEF's dfmul_vf2_vf2_vf (FMA form)."""
    rx = xx * y
    return rx, fma(xy, y, _product_error(xx, y, rx))


def _mul_pp(xx, xy, yx, yy):
    """SLEEF's dfmul_vf2_vf2_vf2 (FMA form)."""
    rx = xx * yx
    return rx, fma(xx, yy, fma(xy, yx, _product_error(xx, yx, rx)))


def _squ(xx, xy):
    """SLEEF's dfsqu_vf2_vf2 (FMA form)."""
    rx = xx * xx
    return rx, fma(xx + xx, xy, _product_error(xx, xx, rx))


def expm1f(a):
    """Sleef_expm1f8_u10."""
    tx, ty = _expk2f(a)
    x, e = _two_sum(tx, _F32(-1))
    x = x + (e + ty)
    x[a > _F32(88.72283172607421875)] = np.inf
    x[a < _F32(-16.635532333438687426013570)] = -1
    x[(a == 0) & np.signbit(a)] = -0.0
    nan = a != a
    if nan.any():  # (the input's NaN, quiet: NumPy's loops pick operands' NaNs by position)
        x[nan] = (a[nan].view(np.int32) | 0x00400000).view(_F32)
    return x



def log1pf(d):
    """Sleef_log1pf8_u10 (and Sleef_log1pf16_u10: the same bar a NaN's bits)."""
    dp1 = d + _F32(1)
    small = dp1 < _F32(1.17549435e-38)
    dp1 = np.where(small, dp1 * _F32(18446744073709551616.0), dp1)
    e = ((dp1 * _F32(1.0 / 0.75)).view(np.int32) >> 23 & 0xFF) - 0x7F
    t = _pow2i(-e)
    m = fma(d, t, t - _F32(1))
    e = np.where(small, e - 64, e)
    sx, sy = _mul_pf(_LN2_HI, _LN2_LO, e.astype(_F32))
    # x = dfdiv((m, 0), dfadd(2, m))
    dx = _F32(2) + m
    dy = (_F32(2) - dx) + m
    r = _F32(1) / dx
    xx = m * r
    u = fma(r, m, -xx)
    xy = fma(-dy, r, fma(-dx, r, _F32(1)))
    xy = fma(xx, xy, u)
    x2 = xx * xx
    t = fma(_F32(0.3027294874), x2, _F32(0.3996108174))
    t = fma(t, x2, _F32(0.6666694880))
    # s = dfadd(s, 2x); s = dfadd(s, x2 * x * t)
    rx = sx + xx * 2
    sy = (((sx - rx) + xx * 2) + sy) + xy * 2
    p = x2 * xx * t
    sx = rx + p
    sy = ((rx - sx) + p) + sy
    out = sx + sy
    out[d == np.inf] = np.inf
    huge = e == 128  # (d + 1 above 0.75 * FLT_MAX: PyTorch's gives log1p correctly rounded)
    if huge.any():
        out[huge] = libm.log1p(d[huge].astype(_F64)).astype(_F32)
    out[d < -1] = np.int32(-1).view(_F32)  # (all bits set: SLEEF ORs a mask in)
    out[d == -1] = -np.inf
    out[(d == 0) & np.signbit(d)] = -0.0
    nan = d != d
    if LOG_NANS_FROM_INPUT:
        out[nan] = (d[nan].view(np.int32) | 0x00400000).view(_F32)
    else:
        out[nan] = np.nan  # (the default NaN, 0x7fc00000, whatever the input's)
    return out


def logf(d):
    """Sleef_logf8_u10 (SLEEF's xlogf_u1, AVX2 build; AVX-512's Sleef_logf16_u10 bar its
    NaNs' bits)."""
    m, e = log_reduce(d)
    sx, sy = _mul_pf(_LN2_HI, _LN2_LO, e.astype(_F32))
    # x = dfdiv(dfadd2(-1, m), dfadd2(1, m))
    nx, ny = _two_sum(_F32(-1), m)
    dx, dy = _two_sum(_F32(1), m)
    out = logf_sum(sx, sy, *_div(nx, ny, dx, dy))
    if d.size and not _F32(0) < d.min() <= d.max() < np.inf:  # (also for a NaN)
        out[d == np.inf] = np.inf
        bad = (d < 0) | (d != d)
        if LOG_NANS_FROM_INPUT:
            out[bad] = (d[bad].view(np.int32) | _NAN_BITS).view(_F32)
        else:
            out[bad] = np.nan  # (SLEEF's NaN, 0x7fc00000, whatever the input's)
        out[d == 0] = -np.inf
    return out


def log_reduce(d):
    """SLEEF's reduction of d for its float32 logs (AVX2 form: xlogf_u1, logkf): ``(m, e)``
    with ``d = m * 2**e`` and m in [0.75, 1.5)."""
    tiny = d < _F32(1.17549435e-38)  # (below FLT_MIN, negatives too: scaled by 2**64)
    d = np.where(tiny, d * _F32(18446744073709551616.0), d)
    # vilogb2k (the biased exponent's bits, less 127) of d / 0.75; vldexp3 (-e added to
    # the exponent's bits: no rounding, no overflow for a d near FLT_MAX, where d / 0.75 is
    # inf and e 128)
    e = ((d * _F32(1.0 / 0.75)).view(np.int32) >> 23 & 0xFF) - 0x7F
    m = (d.view(np.int32) - (e << 23)).view(_F32)
    return m, np.where(tiny, e - 64, e)


def logf_sum(sx, sy, xx, xy):
    """The end of xlogf_u1: ``s + 2x + x^3 t(x^2)`` with ``s = (sx, sy) = e * ln 2`` and
    ``x = (xx, xy) = (m - 1) / (m + 1)``, both float pairs."""
    x2 = xx * xx
    t = fma(_F32(0.3027294874), x2, _F32(0.3996108174))
    t = fma(t, x2, _F32(0.6666694880))
    # s = dfadd(s, dfscale(x, 2)) (pair + pair); s = dfadd(s, x2 * x * t) (pair + float)
    sx, sy = _add_pp(sx, sy, xx * 2, xy * 2)
    p = x2 * xx * t
    rx = sx + p
    return rx + (((sx - rx) + p) + sy)


def _rec(dx, dy):
    """SLEEF's dfrec_vf2_vf2 (FMA form): 1 / (dx + dy) as a float pair."""
    qx = _F32(1) / dx
    return qx, qx * fma(-dy, qx, fma(-dx, qx, _F32(1)))


def _div(nx, ny, dx, dy):
    """SLEEF's dfdiv_vf2_vf2_vf2 (FMA form)."""
    t = _F32(1) / dx
    qx = nx * t
    u = _product_error(t, nx, qx)
    qy = fma(-dy, t, fma(-dx, t, _F32(1)))
    return qx, fma(qx, qy, fma(ny, t, u))


def _add_pp(xx, xy, yx, yy):
    """SLEEF's dfadd_vf2_vf2_vf2 (|x| >= |y|)."""
    rx = xx + yx
    return rx, (((xx - rx) + yx) + xy) + yy


_ALL_ONES = np.int32(-1).view(_F32)


def _nan_where(y, mask):
    """SLEEF's ``vor`` of a mask into y: all bits set (a NaN) where ``mask``."""
    y[mask] = _ALL_ONES
    return y


def _mulsign(y, x):
    """SLEEF's vmulsign: y with x's sign bit XORed in."""
    return (y.view(np.int32) ^ (x.view(np.int32) & np.int32(-0x80000000))).view(_F32)


def sinhf(x):
    """Sleef_sinhf8_u10."""
    y = np.abs(x)
    dx, dy = _expk2f(y)
    rx, ry = _rec(dx, dy)
    sx = dx - rx
    sy = (((dx - sx) - rx) + dy) - ry
    y = (sx + sy) * _F32(0.5)
    y[(np.abs(x) > 89) | (y != y)] = np.inf
    return _nan_where(_mulsign(y, x), x != x)


def coshf(x):
    """Sleef_coshf8_u10."""
    y = np.abs(x)
    dx, dy = _expk2f(y)
    sx, sy = _add_pp(dx, dy, *_rec(dx, dy))
    y = (sx + sy) * _F32(0.5)
    y[(np.abs(x) > 89) | (y != y)] = np.inf
    return _nan_where(y, x != x)


def tanhf(x):
    """Sleef_tanhf8_u10."""
    y = np.abs(x)
    dx, dy = _expk2f(y)
    ex, ey = _rec(dx, dy)
    nx, ny = _add_pp(dx, dy, -ex, -ey)
    mx, my = _add_pp(dx, dy, ex, ey)
    qx, qy = _div(nx, ny, mx, my)
    y = qx + qy
    y[(np.abs(x) > _F32(8.664339742)) | (y != y)] = 1
    return _nan_where(_mulsign(y, x), x != x)


def atanhf(x):
    """Sleef_atanhf8_u10."""
    y = np.abs(x)
    nx, ny = _two_sum(_F32(1), y)
    mx, my = _two_sum(_F32(1), -y)
    sx, sy = _logk2f(*_div(nx, ny, mx, my))
    out = (sx + sy) * _F32(0.5)
    out[y == 1] = np.inf
    out = _nan_where(out, (y > 1) | np.isinf(x) | (out != out))
    return _nan_where(_mulsign(out, x), x != x)


_EXP2_POLY = tuple(_F64(_F32(c)) for c in (0.1339262701e-2, 0.9618384764e-2, 0.5550347269e-1,
                                           0.2402264476e+0, 0.6931471825e+0, 1.0))


def exp2f(d):
    """Sleef_exp2f8_u10."""
    u = np.rint(d)
    s = d - u
    s64 = s.astype(_F64)
    t = s64 * _F64(_F32(0.1535920892e-3))
    for c in _EXP2_POLY:
        t += c
        if c != 1.0:
            t = t.astype(_F32).astype(_F64)
            t *= s64
    out = np.ldexp(t.astype(_F32), np.nan_to_num(u).astype(np.int32))
    out[d >= 128] = np.inf
    out[d < -150] = 0
    return out


def _ilogbk(d):
    """SLEEF's vilogbk (AVX2): the exponent of d > 0, a tiny d scaled up first."""
    small = d < _F32(5.421010862427522e-20)
    d = np.where(small, d * _F32(1.8446744073709552e19), d)
    q = (d.view(np.int32) >> 23) & 0xFF
    return q - np.where(small, np.int32(64 + 0x7F), np.int32(0x7F))


def _logk2f(dx, dy):
    """SLEEF's logk2f of the pair (dx, dy): log as a float pair."""
    e = _ilogbk(dx * _F32(1.0 / 0.75))
    scale = _pow2i(-e)
    mx, my = dx * scale, dy * scale
    # x = dfdiv(dfadd2(m, -1), dfadd2(m, 1))
    nx, ny = _two_sum(mx, _F32(-1))
    ex, ey = _two_sum(mx, _F32(1))
    xx, xy = _div(nx, ny + my, ex, ey + my)
    x2x, x2y = _squ(xx, xy)
    t = fma(x2x, _F32(0.2392828464508056640625), _F32(0.28518211841583251953125))
    t = fma(t, x2x, _F32(0.400005877017974853515625))
    t = fma(t, x2x, _F32(0.666666686534881591796875))
    sx, sy = _mul_pf(_LN2_HI, _LN2_LO, e.astype(_F32))
    # s = dfadd(s, 2x); s = dfadd(s, dfmul(dfmul(x2, x), t))
    sx, sy = _add_pp(sx, sy, xx * 2, xy * 2)
    px, py = _mul_pf(*_mul_pp(x2x, x2y, xx, xy), t)
    return _add_pp(sx, sy, px, py)
