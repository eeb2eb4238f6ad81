"""SLEEF's float64 vector functions as PyTorch's AVX2 build runs them (and its AVX-512 one)
(``Sleef_expm1d4_u10``, ``Sleef_log1pd4_u10``, ``Sleef_sinhd4_u10``, ``Sleef_coshd4_u10``,
``Sleef_atanhd4_u10``, ``Sleef_exp2d4_u10``, ``Sleef_expd4_u10``), bit for bit, on NumPy float64
arrays.

PyTorch's ``Vectorized<double>`` calls these from expm1 / log1p (whose kernels map the
vector function over every element, a strided input's too, through a contiguous buffer),
from sinh, cosh, atanh, exp2 and sigmoid's vector loop. glibc's functions (libm.py) are as
accurate but round differently in the last bit on 5-25% of inputs. These follow SLEEF's
algorithm step by step (its double-double ``dd`` pairs, Estrin polynomials and the FMA
instructions of its AVX2 build). NumPy has no fma: an FMA goes through NumPy's complex
multiply (complex_fma, exact), else it is the exact product (Dekker's split) added with an
exact sum and rounded once more (erring only within 2**-104 of a rounding midpoint). Work
goes in cache-sized blocks on the intra-op pool.

The FMAs cost several NumPy operations each, so expm1, log1p, sinh, cosh and atanh first run
a cheap pass with plain ``a * b + c`` where the FMA only moves low bits (their polynomials
and double-double low parts), with a bound on how far that can move the final pair's value;
the elements whose sum lies within the bound of a rounding midpoint (1-15%) are computed
again in the FMA form (``_rounded``, ``_mapped``). Checked against SLEEF's own functions
(Sleef_*d4_u10 of PyTorch's library) on 20M values, special values included."""
import numpy as np

from .._parallel import get_num_threads, parallel_for
from ..backends.cpu import CAPABILITY, VECTOR_BYTES
from . import complex_fma
from .kernel_vec import chunk

_F64 = np.float64
# (PyTorch's AVX-512 build calls SLEEF's 8-lane functions, which compute as the 4-lane ones)
_MODELLED = CAPABILITY in ("AVX2", "AVX512")
_STEP = 2 * VECTOR_BYTES // 8  # doubles per step of cpu_kernel_vec's vector loop (2 x 4 on
# AVX2, 2 x 8 on AVX-512)
_SPLIT = _F64(134217729.0)  # 2**27 + 1
_BLOCK = 16384
_BIG, _DOWN, _UP = _F64(2.0 ** 995), _F64(2.0 ** -600), _F64(2.0 ** 600)
_R_LN2 = _F64(1.442695040888963407359924681001892137426645954152985934135449406931)
_L2U = _F64(.69314718055966295651160180568695068359375)
_L2L = _F64(.28235290563031577122588448175013436025525412068e-12)
_LN2 = (_F64(0.693147180559945286226764), _F64(2.319046813846299558417771e-17))
_EXPK2_POLY = tuple(_F64(c) for c in (
    0.1602472219709932072e-9, 0.2092255183563157007e-8, 0.2505230023782644465e-7,
    0.2755724800902135303e-6, 0.2755731892386044373e-5, 0.2480158735605815065e-4,
    0.1984126984148071858e-3, 0.1388888888886763255e-2, 0.8333333333333347095e-2,
    0.4166666666666669905e-1))
_LOG1P_POLY = tuple(_F64(c) for c in (
    0.1532076988502701353e+0, 0.1525629051003428716e+0, 0.1818605932937785996e+0,
    0.2222214519839380009e+0, 0.2857142932794299317e+0, 0.3999999999635251990e+0,
    0.6666666666667333541e+0))
_LOGK2_POLY = tuple(_F64(c) for c in (
    0.13860436390467167910856, 0.131699838841615374240845, 0.153914168346271945653214,
    0.181816523941564611721589, 0.22222224632662035403996, 0.285714285511134091777308,
    0.400000000000914013309483))
_EXP_POLY = tuple(_F64(c) for c in (  # (xexp's FMA form)
    +0.2081276378237164457e-8, +0.2511210703042288022e-7, +0.2755762628169491192e-6,
    +0.2755723402025388239e-5, +0.2480158687479686264e-4, +0.1984126989855865850e-3,
    +0.1388888888914497797e-2, +0.8333333333314938210e-2, +0.4166666666666602598e-1,
    +0.1666666666666669072e+0))
_EXP2_POLY = tuple(_F64(c) for c in (
    0.4434359082926529454e-9, 0.7073164598085707425e-8, 0.1017819260921760451e-6,
    0.1321543872511327615e-5, 0.1525273353517584730e-4, 0.1540353045101147808e-3,
    0.1333355814670499073e-2, 0.9618129107597600536e-2, 0.5550410866482046596e-1,
    0.2402265069591012214e+0))


def _split(a):
    high = _SPLIT * a - (_SPLIT * a - a)
    return high, a - high


def _product_error(a, b, p):
    """``a * b - p`` exactly, for ``p = fl(a * b)`` (SLEEF's vfmapn of a product); both
    factors below 2**995 (a larger one's split overflows)."""
    error = complex_fma.fma(a, b, -p, _F64)
    if error is not None:
        return error
    ah, al = _split(a)
    bh, bl = _split(b)
    return ((ah * bh - p) + ah * bl + al * bh) + al * bl


def fma(a, b, c, _error=None):
    """``a * b + c`` rounded once (complex_fma, else emulated: see the module's note)."""
    fused = complex_fma.fma(a, b, c, _F64)
    if fused is not None:
        return fused
    p = a * b
    return _added_once(p, (_error or _product_error)(a, b, p), c)


def _fma_wide(a, b, c):  # (fma where a factor may pass 2**995: a reciprocal of a tiny one)
    return fma(a, b, c, _safe_product_error)


def _added_once(p, e, c):
    """``(p + e) + c`` for a product ``p`` and its exact error ``e``, rounded once (two-sum)."""
    s = p + c
    v = s - p
    return s + (((p - (s - v)) + (c - v)) + e)


def plain(a, b, c):
    """``a * b + c`` rounded twice: the cheap pass's stand-in for an FMA (see _rounded)."""
    return a * b + c


def _poly(x, x2, x4, x8, c, f=fma):
    """SLEEF's Estrin polynomials POLY7 (x8 None) and POLY10: c[0] the highest coefficient."""
    def p2(c1, c0):
        return f(x, c1, c0)

    def p4(c3, c2, c1, c0):
        return f(x2, p2(c3, c2), p2(c1, c0))

    if x8 is None:  # POLY7: MLA(x4, POLY3, POLY4)
        return f(x4, f(x2, c[0], p2(c[1], c[2])), p4(*c[3:]))
    return f(x8, p2(c[0], c[1]), f(x4, p4(*c[2:6]), p4(*c[6:])))


def estrin(powers, c, f=fma):
    """SLEEF's Estrin polynomial (estrin.h) of 2**k terms or fewer, ``c`` highest first;
    ``powers`` are x, x**2, x**4, ... (as many as the terms need)."""
    n = len(c)
    if n == 1:
        return _F64(c[0])
    level = (n - 1).bit_length() - 1  # (the highest power of two below n: its split)
    low = 1 << level
    return f(powers[level], estrin(powers, c[:n - low], f), estrin(powers, c[n - low:], f))


EXPK_POLY = tuple(_F64(c) for c in (  # (expk's, highest first)
    2.51069683420950419527139e-08, 2.76286166770270649116855e-07,
    2.75572496725023574143864e-06, 2.48014973989819794114153e-05,
    0.000198412698809069797676111, 0.0013888888939977128960529,
    0.00833333333332371417601081, 0.0416666666665409524128449,
    0.166666666666666740681535, 0.500000000000000999200722))


def expk_pair(dx, dy, f=fma):
    """SLEEF's expk (exp of the pair (dx, dy), as its double erf and pow take it) before its
    last sum and scaling: the pair, the power of two q it is scaled by, and the high part
    of its polynomial's term (which the callers' cheap passes bound their error by)."""
    dq = np.rint((dx + dy) * _R_LN2)
    q = np.clip(np.nan_to_num(dq), -2000, 2000).astype(np.int64)
    sx, sy = _add2_pf(dx, dy, dq * -_L2U)
    sx, sy = _add2_pf(sx, sy, dq * -_L2L)
    hx = sx + sy  # (ddnormalize)
    sx, sy = hx, (sx - hx) + sy
    s2 = sx * sx
    s4 = s2 * s2
    u = estrin((sx, s2, s4, s4 * s4), EXPK_POLY, f)
    tx, ty = _add_fp(_F64(1), sx, sy)
    px, py = _mul_pf(*_squ(sx, sy, f), u, f)
    tx, ty = _add_pp(tx, ty, px, py)
    return tx, ty, q, px


def _pow2i(q):
    """2 ** q for int64 q in float64's normal exponent range (SLEEF's vpow2i)."""
    return ((q + 0x3FF) << 52).view(_F64)


def _ldexp2(d, q):
    h = q >> 1
    return d * _pow2i(h) * _pow2i(q - h)


def _exponent(d):
    """SLEEF's vilogb2k: the biased exponent's bits less 0x3ff."""
    return ((d.view(np.int64) >> 52) & 0x7FF) - 0x3FF


def _ilogbk(d):
    """SLEEF's vilogbk (d > 0; a tiny d scaled up first)."""
    small = d < _F64(4.9090934652977266e-91)
    d = np.where(small, _F64(2.037035976334486e90) * d, d)
    return ((d.view(np.int64) >> 52) & 0x7FF) - np.where(small, 300 + 0x3FF, 0x3FF)


def _add2_pf(xx, xy, y):
    """ddadd2_vd2_vd2_vd."""
    s = xx + y
    v = s - xx
    return s, ((xx - (s - v)) + (y - v)) + xy


def _add2_pp(xx, xy, yx, yy):
    """ddadd2_vd2_vd2_vd2."""
    s = xx + yx
    v = s - xx
    return s, ((xx - (s - v)) + (yx - v)) + (xy + yy)


def _add_fp(x, yx, yy):
    """ddadd_vd2_vd_vd2 (|x| >= |y|)."""
    s = x + yx
    return s, ((x - s) + yx) + yy


def _add_pp(xx, xy, yx, yy):
    """ddadd_vd2_vd2_vd2 (|x| >= |y|)."""
    s = xx + yx
    return s, (((xx - s) + yx) + xy) + yy


def _mul_pf(xx, xy, y, f=fma):
    """ddmul_vd2_vd2_vd."""
    s = xx * y
    return s, f(xy, y, _product_error(xx, y, s))


def _mul_pp(xx, xy, yx, yy, f=fma):
    """ddmul_vd2_vd2_vd2."""
    s = xx * yx
    return s, f(xx, yy, f(xy, yx, _product_error(xx, yx, s)))


def _squ(xx, xy, f=fma):
    """ddsqu_vd2_vd2."""
    s = xx * xx
    return s, f(xx + xx, xy, _product_error(xx, xx, s))


def _one_minus(d, t):
    """SLEEF's vfmanp(d, t, 1) = 1 - d * t for t = fl(1 / d): exactly representable."""
    p = d * t
    return (1 - p) - _safe_product_error(d, t, p)


def _safe_product_error(a, b, p):
    """_product_error where a factor may pass 2**995 (exp of 690 on; 1 / tiny): for Dekker's
    split, that factor scaled down by 2**-600 and the other up (product and error unchanged)."""
    if complex_fma.complex_fma_exact(_F64, 2):  # (no split: exact for any factor)
        return _product_error(a, b, p)
    if not np.abs(a).max() <= _BIG:  # (or a NaN)
        big = np.abs(a) > _BIG
        a, b = np.where(big, a * _DOWN, a), np.where(big, b * _UP, b)
    if not np.abs(b).max() <= _BIG:
        big = np.abs(b) > _BIG
        a, b = np.where(big, a * _UP, a), np.where(big, b * _DOWN, b)
    return _product_error(a, b, p)


def _rec_pp(dx, dy, f=fma):
    """ddrec_vd2_vd2."""
    f = _fma_wide if f is fma else f
    s = 1 / dx
    return s, s * f(-dy, s, _one_minus(dx, s))


def _div(nx, ny, dx, dy, f=fma):
    """dddiv_vd2_vd2_vd2."""
    f = _fma_wide if f is fma else f
    t = 1 / dx
    s = nx * t
    u = _safe_product_error(t, nx, s)
    v = f(-dy, t, _one_minus(dx, t))
    return s, f(s, v, f(ny, t, u))


def _expk2(d, f=fma):
    """SLEEF's expk2 of the pair (d, 0): exp(d) as a pair (tx, ty), and a bound on how far
    ``tx + ty`` can be from the FMA form's where ``f`` is ``plain``: the polynomial's (each
    plain step can end an ulp away from its FMA form's, five on its main chain: 2**-47 of
    it, generously) as it enters, and 2**-95 (the plain low-part products, each under
    2**-104 of the pair's magnitude, a few here)."""
    dq = np.rint(d * _R_LN2)
    q = np.clip(np.nan_to_num(dq), -2000, 2000).astype(np.int64)
    sx, sy = _add2_pf(d, _F64(0), dq * -_L2U)
    sx, sy = _add2_pf(sx, sy, dq * -_L2L)
    s2x, s2y = _squ(sx, sy, f)
    s4x, s4y = _squ(s2x, s2y, f)
    u = _poly(sx, s2x, s4x, s4x * s4x, _EXPK2_POLY, f)
    tx, ty = _add_fp(_F64(0.5), *_mul_pf(sx, sy, _F64(0.1666666666666666574e+0), f))
    tx, ty = _add_fp(_F64(1), *_mul_pp(tx, ty, sx, sy, f))
    tx, ty = _add_fp(_F64(1), *_mul_pp(tx, ty, sx, sy, f))
    tx, ty = _add_pp(tx, ty, *_mul_pf(s4x, s4y, u, f))
    scale = _ldexp2(_F64(1), q)
    tx, ty = _ldexp2(tx, q), _ldexp2(ty, q)
    low = d < -1000
    bound = (np.abs(s4x * u) * _F64(2.0 ** -47) + _F64(2.0 ** -95)) * scale
    return np.where(low, 0, tx), np.where(low, 0, ty), bound


def _half_ulp(r):
    """Half the spacing of doubles above |r| (r normal, from 2**-960: smaller ones are
    flagged apart; np.spacing is 50 times slower)."""
    return ((r.view(np.int64) & 0x7FF0000000000000) - (53 << 52)).view(_F64)


def _rounded(hi, lo, bound):
    """``hi + lo`` rounded, and where it may differ from the FMA form's sum (whose pair is
    within ``bound`` of this one): where the sum's distance to the nearest rounding midpoint
    does not exceed the bound, or the sum is not finite, tiny or a power of two. Those few
    are computed again with the FMA form (``_mapped``)."""
    r = hi + lo
    residual = np.abs((hi - r) + lo)  # (exact: |lo| is at most half an ulp of hi)
    unsafe = _half_ulp(r) - residual <= bound
    # (a power of two: the spacing below is half that above; NaN, tiny)
    np.logical_or(unsafe, (r.view(np.int64) & 0xFFFFFFFFFFFFF) == 0, out=unsafe)
    np.logical_or(unsafe, ~(np.abs(r) >= _F64(2.0 ** -960)), out=unsafe)
    np.logical_or(unsafe, np.isinf(r), out=unsafe)
    return r, unsafe


def _sum(hi, lo, bound):
    """The FMA form's ``hi + lo`` (nothing to check)."""
    return hi + lo, None


def _expm1_pair(a, f=fma):
    tx, ty, bound = _expk2(a, f)
    return (*_add2_pf(tx, ty, _F64(-1)), bound)


def _expm1(a, exact=False):
    """Sleef_expm1d4_u10: the cheap pass (and where to compute again) or the FMA form."""
    x, unsafe = _sum(*_expm1_pair(a)) if exact else _rounded(*_expm1_pair(a, plain))
    x[a > _F64(709.782712893383996732223)] = np.inf
    x[a < _F64(-36.736800569677101399113302437)] = -1
    x[(a == 0) & np.signbit(a)] = -0.0
    return x, unsafe


def _log1p_pair(d, f=fma):
    """Sleef_log1pd4_u10's pair before its last sum, and the cheap pass's bound: ``p``'s
    (each plain step of the polynomial can end an ulp away from its FMA form's, the four
    on its main chain an ulp of t each, and p's own rounding another ulp of it: 2**-48 of
    p, generously) and the plain low parts' (2**-98 of the terms' magnitude)."""
    dp1 = d + 1
    small = dp1 < _F64(2.2250738585072014e-308)
    dp1 = np.where(small, dp1 * _F64(18446744073709551616.0), dp1)
    e = _exponent(dp1 * _F64(1.0 / 0.75))
    t = ((0x3FF - e) << 52).view(_F64)  # (vldexp3 of 1: 2 ** -e)
    m = d * t + (t - 1)  # (d * t exact: one rounding, the fma's)
    e = np.where(small, e - 64, e).astype(_F64)
    sx, sy = _mul_pf(*_LN2, e, f)
    dx = 2 + m
    xx, xy = _div(m, _F64(0), dx, (2 - dx) + m, f)
    x2 = xx * xx
    x4 = x2 * x2
    t = _poly(x2, x4, x4 * x4, None, _LOG1P_POLY, f)
    sx, sy = _add_pp(sx, sy, xx * 2, xy * 2)
    p = x2 * xx * t
    rx = sx + p
    bound = np.abs(p) * _F64(2.0 ** -48) + (np.abs(e) + np.abs(xx)) * _F64(2.0 ** -98)
    return rx, ((sx - rx) + p) + sy, bound


def _log1p(d, exact=False):
    """Sleef_log1pd4_u10 (as _expm1)."""
    r, unsafe = _sum(*_log1p_pair(d)) if exact else _rounded(*_log1p_pair(d, plain))
    huge = d > 1e307  # (SLEEF's log1p takes its log there: LOG1P_BOUND)
    if huge.any():
        r[huge] = _log_u1(d[huge])
    r[(d < -1) | (d != d)] = np.nan
    r[d == -1] = -np.inf
    r[(d == 0) & np.signbit(d)] = -0.0
    return r, unsafe


def _two_sum(x, y):
    """ddadd2_vd2_vd_vd: x + y and its exact error."""
    s = x + y
    v = s - x
    return s, (x - (s - v)) + (y - v)


def _log_u1(d):
    """Sleef_logd4_u10 (xlog_u1) of d > 1e307 (finite or inf), as Sleef_log1pd4_u10 takes it."""
    e = _exponent(d * _F64(1.0 / 0.75))
    m = (d.view(np.int64) - (e << 52)).view(_F64)  # (vldexp3: -e added to the exponent)
    xx, xy = _div(*_two_sum(_F64(-1), m), *_two_sum(_F64(1), m))
    x2 = xx * xx
    x4 = x2 * x2
    t = _poly(x2, x4, x4 * x4, None, _LOG1P_POLY)
    sx, sy = _mul_pf(*_LN2, e.astype(_F64))
    sx, sy = _add_pp(sx, sy, xx * 2, xy * 2)
    p = x2 * xx * t
    rx = sx + p
    r = rx + (((sx - rx) + p) + sy)
    r[d == np.inf] = np.inf
    return r


def log_sum(d):
    """Sleef_logd4_u10 / logd8_u10 (one algorithm for normal inputs) of a sum of exps (each
    at least 1: finite, normal, positive)."""
    return _log_u1(d)


_ALL_ONES = np.int64(-1).view(_F64)  # (SLEEF ORs a mask into a NaN result)


def _mulsign(y, x):
    """SLEEF's vmulsign: y with x's sign bit XORed in."""
    return (y.view(np.int64) ^ (x.view(np.int64) & np.int64(-0x8000000000000000))).view(_F64)


def _sinh_pair(a, f=fma, sign=-1):
    """``exp(a) - 1 / exp(a)`` (sign -1: ddsub_vd2_vd2_vd2) or ``+`` (sign 1: ddadd) as
    xsinh / xcosh form it from expk2, and the cheap pass's bound (expk2's, twice for the
    reciprocal's share, and 2**-95 of the terms for the reciprocal's plain low part)."""
    dx, dy, bound = _expk2(a, f)
    rx, ry = _rec_pp(dx, dy, f)
    if sign > 0:
        sx, sy = _add_pp(dx, dy, rx, ry)
    else:
        sx = dx - rx
        sy = (((dx - sx) - rx) + dy) - ry
    return sx, sy, bound * 2 + (dx + rx) * _F64(2.0 ** -95)


def _cosh_pair(a, f=fma):
    return _sinh_pair(a, f, 1)


def _sinh(x, exact=False):
    """Sleef_sinhd4_u10 (as _expm1)."""
    a = np.abs(x)
    y, unsafe = _sum(*_sinh_pair(a)) if exact else _rounded(*_sinh_pair(a, plain))
    y *= 0.5
    y[(a > 710) | (y != y)] = np.inf
    y = _mulsign(y, x)
    y[x != x] = _ALL_ONES
    return y, unsafe


def _cosh(x, exact=False):
    """Sleef_coshd4_u10 (as _expm1)."""
    a = np.abs(x)
    y, unsafe = _sum(*_cosh_pair(a)) if exact else _rounded(*_cosh_pair(a, plain))
    y *= 0.5
    y[(a > 710) | (y != y)] = np.inf
    y[x != x] = _ALL_ONES
    return y, unsafe


def _logk2(dx, dy, f=fma):
    """SLEEF's logk2 of the pair (dx, dy): log as a pair, and the cheap pass's bound: the
    polynomial's (its plain steps and t's last one can each end an ulp away from the FMA
    form's: 2**-48 of the term t makes, generously) and the plain low parts' (2**-95 of the
    terms' magnitude)."""
    e = _ilogbk(dx * _F64(1.0 / 0.75))
    mx, my = _ldexp2(dx, -e), _ldexp2(dy, -e)
    xx, xy = _div(*_add2_pf(mx, my, _F64(-1)), *_add2_pf(mx, my, _F64(1)), f)
    x2x, x2y = _squ(xx, xy, f)
    x4 = x2x * x2x
    t = f(_poly(x2x, x4, x4 * x4, None, _LOGK2_POLY, f), x2x, _F64(0.666666666666664853302393))
    e = e.astype(_F64)
    sx, sy = _mul_pf(*_LN2, e, f)
    sx, sy = _add_pp(sx, sy, xx * 2, xy * 2)
    px, py = _mul_pf(*_mul_pp(x2x, x2y, xx, xy, f), t, f)
    bound = np.abs(px) * _F64(2.0 ** -48) + (np.abs(e) + np.abs(xx)) * _F64(2.0 ** -95)
    return (*_add_pp(sx, sy, px, py), bound)


def _atanh_pair(a, f=fma):
    """The pair of log((1 + a) / (1 - a)) and the cheap pass's bound (logk2's, and 2**-98
    for the quotient's plain low part: under 2**-100 of it, log's slope 1 / it)."""
    sx, sy, bound = _logk2(*_div(*_two_sum(_F64(1), a), *_two_sum(_F64(1), -a), f), f)
    return sx, sy, bound + _F64(2.0 ** -98)


def _atanh(x, exact=False):
    """Sleef_atanhd4_u10 (as _expm1)."""
    a = np.abs(x)
    y, unsafe = _sum(*_atanh_pair(a)) if exact else _rounded(*_atanh_pair(a, plain))
    y *= 0.5
    y[a == 1] = np.inf
    y[a > 1] = _ALL_ONES
    y = _mulsign(y, x)
    y[np.isinf(x) | (y != y)] = _ALL_ONES
    return y, unsafe


def _exp2(d):
    """Sleef_exp2d4_u10. (No cheap pass: its polynomial feeds plain roundings whose last bit
    a plain polynomial would change too often.)"""
    u = np.rint(d)
    q = np.clip(np.nan_to_num(u), -4000, 4000).astype(np.int64)
    s = d - u
    s2 = s * s
    s4 = s2 * s2
    u = fma(_poly(s, s2, s4, s4 * s4, _EXP2_POLY), s, _F64(0.6931471805599452862e+0))
    p = u * s
    e = _product_error(u, s, p)
    t = 1 + p  # ddnormalize(ddadd_vd2_vd_vd2(1, ddmul_vd2_vd_vd(u, s))).x
    u = _ldexp2(t + (((1 - t) + p) + e), q)
    u[d >= 1024] = np.inf
    u[d < -2000] = 0
    return u


def exp_vector(d):
    """Sleef_expd4_u10 (SLEEF's xexp, FMA form; no cheap pass, as exp2)."""
    u = np.rint(d * _R_LN2)
    q = np.clip(np.nan_to_num(u), -4000, 4000).astype(np.int64)
    s = fma(u, -_L2U, d)
    s = fma(u, -_L2L, s)
    s2 = s * s
    s4 = s2 * s2
    u = fma(_poly(s, s2, s4, s4 * s4, _EXP_POLY), s, _F64(0.5))
    u = fma(u, s, _F64(1))
    u = _ldexp2(fma(u, s, _F64(1)), q)
    u[d > _F64(709.782712893384)] = np.inf  # (0x1.62e42fefa39efp+9)
    u[d < -1000] = 0
    return u


def _sigmoid(x, exact=True):
    """UnaryOpsKernel's sigmoid vector lambda: ``(1 + exp(-x)).reciprocal()``."""
    return 1 / (1 + exp_vector(-x)), None


def _exact_only(function):
    """An FMA form without a cheap pass, in _mapped's calling convention."""
    return lambda x, exact=True: (function(x), None)


def _blocks(start, stop, function, flat, out, again):
    with np.errstate(all="ignore"):
        for i in range(start, stop, _BLOCK):
            j = min(i + _BLOCK, stop)
            out[i:j], unsafe = function(flat[i:j])
            if unsafe is not None:
                again[i:j] = unsafe


def _exact_blocks(start, stop, function, flat, out):
    with np.errstate(all="ignore"):
        for i in range(start, stop, _BLOCK):
            j = min(i + _BLOCK, stop)
            out[i:j] = function(flat[i:j], True)[0]


def _mapped(function):
    """``function`` (a SLEEF form over a 1-d float64 array: its cheap pass, returning the
    elements it may have wrong, or with ``exact`` its FMA form) over an array of any shape
    and layout, in blocks on the intra-op pool, the flagged elements computed again in the
    FMA form (all at once: its fixed cost is many small NumPy calls). C-ordered result."""
    def run(blocks, n, *args):
        threads = get_num_threads()
        step = max(_BLOCK, -(-n // threads // _BLOCK) * _BLOCK) if n > 4 * _BLOCK else n
        if step < n:
            parallel_for(n, step, blocks, *args)
        else:
            blocks(0, n, *args)

    def compute(x):
        flat = np.ascontiguousarray(x).reshape(-1)
        n = flat.size
        out = np.empty(n, _F64)
        again = np.zeros(n, bool)
        run(_blocks, n, function, flat, out, again)
        redo = np.flatnonzero(again)
        if redo.size:
            fixed = np.empty(redo.size, _F64)
            run(_exact_blocks, redo.size, function, flat[redo], fixed)
            out[redo] = fixed
        return out.reshape(np.shape(x))
    compute.__name__ = function.__name__.lstrip("_")
    return compute


expm1 = _mapped(_expm1)
log1p = _mapped(_log1p)
sinh = _mapped(_sinh)
cosh = _mapped(_cosh)
atanh = _mapped(_atanh)
exp2 = _mapped(_exact_only(_exp2))
exp = _mapped(_exact_only(exp_vector))
sigmoid = _mapped(_sigmoid)


def applies(x):
    """Whether ``x`` (an array) takes these forms: float64 on an AVX2 or AVX-512 machine."""
    return x.dtype == _F64 and _MODELLED


def scalar_positions(n):
    """Flat indices of a contiguous ``n``-double run that cpu_kernel_vec's scalar lambda
    computes: each thread's chunk's last ``size % _STEP`` elements."""
    size = chunk(n)
    tails = [np.arange(stop - (stop - start) % _STEP, stop)
             for start in range(0, n, size) for stop in (min(start + size, n),)]
    return np.concatenate(tails) if tails else np.empty(0, np.intp)


def kernel_vec(vector, scalar, x):
    """A cpu_kernel_vec kernel of a C-contiguous float64 ``x``: ``vector`` (an array form
    of its vector lambda) on the vector steps, ``scalar`` (C's: libm.py) on each chunk's
    tail."""
    out = vector(x)
    flat = out.reshape(-1)
    tail = scalar_positions(flat.size)
    if tail.size:
        with np.errstate(all="ignore"):
            flat[tail] = scalar(x.reshape(-1)[tail])
    return out
