"""SLEEF's float32 lgamma (``Sleef_lgammaf8_u10`` / ``Sleef_lgammaf16_u10``: xlgammaf_u1 over
gammafk, sinpifk and logk2f) as PyTorch's AVX2 and AVX-512 builds run it, bit for bit, on
NumPy float32 arrays. PyTorch's lgamma kernel maps the vector function over every element of
a float tensor (a strided one's through a contiguous buffer; measured: no element takes C's
lgammaf, which differs from it on ~30% of random inputs), so this is torch.lgamma of float32
everywhere. The steps are SLEEF's FMA forms in float32 (sleef.py's double-float pairs); every
branch is computed for every element and selected, as the vector code does."""
import numpy as np

from .._parallel import get_num_threads, parallel_for
from ..backends.cpu import CAPABILITY
from .sleef import _div, _logk2f, _mul_pf, _mul_pp, _two_product, _two_sum, fma
from .sleef_double import _add2_pf, _add2_pp  # (the same float-pair sums in any dtype)

_F32, _F64 = np.float32, np.float64
_SIGN = np.int32(-0x80000000)
_INT_MIN = np.int32(-0x80000000)
_BLOCK = 1 << 14  # (elements per NumPy pass: the pairs' temporaries stay in cache)


def _pair(value):
    """vcast_vf2_d: a double constant as a float pair."""
    high = _F32(value)
    return high, _F32(_F64(value) - _F64(high))


def _truncate(x):
    """vtruncate_vi2_vf (cvttps2dq): toward zero; a NaN or out-of-range value gives INT_MIN."""
    inside = np.abs(x) < _F32(2.0 ** 31)  # (False for NaN)
    if inside.all():
        return x.astype(np.int32)  # (C's conversion truncates)
    out = np.full(x.shape, _INT_MIN)
    out[inside] = x[inside].astype(np.int32)
    return out


def _normalize(x, y):
    s = x + y
    return s, (x - s) + y


def _add2_fp(x, yx, yy):
    """dfadd2_vf2_vf_vf2."""
    s = x + yx
    v = s - x
    return s, ((x - (s - v)) + (yx - v)) + yy


def _flip(x, mask):
    """x with its sign bit flipped where ``mask``."""
    return (x.view(np.int32) ^ np.where(mask, _SIGN, np.int32(0))).view(_F32)


def _sinpifk(d):
    """SLEEF's sinpifk: sin(pi d) as a float pair."""
    u = d * _F32(4)
    q = _truncate(u)
    q = (q + ((q.view(np.uint32) >> 31).astype(np.int32) ^ 1)) & ~1
    o = (q & 2) == 2
    s = u - q.astype(_F32)
    t = s
    s = s * s
    s2x, s2y = _two_product(t, t)
    u = np.where(o, _F32(-0.2430611801e-7), _F32(+0.3093842054e-6))
    u = fma(u, s, np.where(o, _F32(+0.3590577080e-5), _F32(-0.3657307388e-4)))
    u = fma(u, s, np.where(o, _F32(-0.3259917721e-3), _F32(+0.2490393585e-2)))
    xx, xy = _add2_fp(u * s, np.where(o, _F32(0.015854343771934509277),
                                      _F32(-0.080745510756969451904)),
                      np.where(o, _F32(4.4940051354032242811e-10),
                               _F32(-1.3373665339076936258e-09)))
    xx, xy = _add2_pp(*_mul_pp(s2x, s2y, xx, xy),
                      np.where(o, _F32(-0.30842512845993041992), _F32(0.78539818525314331055)),
                      np.where(o, _F32(-9.0728339030733922277e-09),
                               _F32(-2.1857338617566484855e-08)))
    xx, xy = _mul_pp(xx, xy, np.where(o, s2x, t), np.where(o, s2y, _F32(0)))
    ox, oy = _add2_pf(xx, xy, _F32(1))
    xx, xy = np.where(o, ox, xx), np.where(o, oy, xy)
    negative = (q & 4) == 4
    return _flip(xx, negative), _flip(xy, negative)


_GAMMA_POLY = tuple(tuple(_F32(c) for c in row) for row in (  # (o2, o0, else), highest first
    (+0.000839498720672087279971000786, +0.9435157776e+0, +0.1102489550e-3),
    (-5.17179090826059219329394422e-05, +0.8670063615e+0, +0.8160019934e-4),
    (-0.000592166437353693882857342347, +0.4826702476e+0, +0.1528468856e-3),
    (+6.97281375836585777403743539e-05, -0.8855129778e-1, -0.2355068718e-3),
    (+0.000784039221720066627493314301, +0.1013825238e+0, +0.4962242092e-3),
    (-0.000229472093621399176949318732, -0.1493408978e+0, -0.1193488017e-2),
    (-0.002681327160493827160473958490, +0.1697509140e+0, +0.2891599433e-2),
    (+0.003472222222222222222175164840, -0.2072454542e+0, -0.7385451812e-2),
    (+0.083333333333333333335592087900, +0.2705872357e+0, +0.2058077045e-1)))
# the small-argument series' last three coefficients: (o0, else)
_SERIES = tuple(tuple(_F32(c) for c in row) for row in (
    (-0.400686534596170958447352690395e+0, -0.673523028297382446749257758235e-1),
    (+0.822466960142643054450325495997e+0, +0.322467033928981157743538726901e+0),
    (-0.577215665946766039837398973297e+0, +0.422784335087484338986941629852e+0)))
_HALF_LOG_2PI = _pair(0.91893853320467278056)
_LOG_PI = _pair(1.1447298858494001639)
_LOG_2_60 = _pair(41.58883083359671856503)


def _gammafk(a):
    """SLEEF's gammafk: (log|Gamma| part, 1 / Gamma factor) as two float pairs. The vector
    code computes every branch for every element and selects; here each branch runs on the
    elements it is selected for (the same values, at a fraction of the cost)."""
    one, zero = _F32(1), _F32(0)
    otiny = np.abs(a) < _F32(1e-30)
    oref = a < _F32(0.5)
    rx, ry = _two_sum(one, -a)
    xx = np.where(otiny, zero, np.where(oref, rx, a))
    xy = np.where(otiny, zero, np.where(oref, ry, zero))
    o0 = (_F32(0.5) <= xx) & (xx <= _F32(1.2))
    o2 = _F32(2.3) <= xx
    o = o2 & (xx <= _F32(7))
    cllnx, cllny = np.full_like(a, one), np.zeros_like(a)
    if o.any():  # (the product x (x + 1) (x + 2), and x moved up by 3)
        ox, oy = xx[o], xy[o]
        yx, yy = _normalize(*_mul_pp(*_add2_pf(ox, oy, one), ox, oy))
        cllnx[o], cllny[o] = _normalize(*_mul_pp(*_add2_pf(ox, oy, _F32(2)), yx, yy))
        xx[o], xy[o] = _add2_pf(ox, oy, _F32(3))
    t = np.empty_like(a)
    t[o2] = one / xx[o2]
    rest = ~o2
    t[rest] = _normalize(*_add2_pf(xx[rest], xy[rest], np.where(o0[rest], _F32(-1), _F32(-2))))[0]
    u = np.where(o2, _GAMMA_POLY[0][0], np.where(o0, _GAMMA_POLY[0][1], _GAMMA_POLY[0][2]))
    for c2, c0, c in _GAMMA_POLY[1:]:
        u = fma(u, t, np.where(o2, c2, np.where(o0, c0, c)))
    utx, uty = _two_product(u, t)
    clcx, clcy = np.empty_like(a), np.empty_like(a)
    clldx, clldy = np.full_like(a, one), np.zeros_like(a)
    if o2.any():  # (Stirling's series)
        ox, oy = xx[o2], xy[o2]
        yx, yy = _mul_pp(*_add2_pf(ox, oy, _F32(-0.5)), *_logk2f(ox, oy))
        yx, yy = _add2_pp(yx, yy, -ox, -oy)
        clcx[o2], clcy[o2] = _add2_pp(yx, yy, *_HALF_LOG_2PI)
        clldx[o2], clldy[o2] = _add2_pf(utx[o2], uty[o2], one)
    if rest.any():  # (the series about 1 or 2)
        tr, near_one = t[rest], o0[rest]
        zx, zy = _add2_pf(utx[rest], uty[rest], np.where(near_one, *_SERIES[0]))
        zx, zy = _add2_pf(*_mul_pf(zx, zy, tr), np.where(near_one, *_SERIES[1]))
        zx, zy = _add2_pf(*_mul_pf(zx, zy, tr), np.where(near_one, *_SERIES[2]))
        clcx[rest], clcy[rest] = _mul_pf(zx, zy, tr)
    # the reflection's and the tiny arguments' values, and the factor's pairs
    lnx, lny = cllnx, cllny  # (the product before the selects below: SLEEF's y)
    cllnx = np.where(otiny, one, np.where(oref, cllnx, clldx))
    cllny = np.where(otiny, zero, np.where(oref, cllny, clldy))
    denominator_x = np.where(otiny, a * _F32(2.0 ** 60), lnx)
    denominator_y = np.where(otiny, zero, lny)
    reflect = oref & ~otiny
    if reflect.any():
        ar = a[reflect]
        rx, ry = _add2_pp(*_LOG_PI, -clcx[reflect], -clcy[reflect])
        clcx[reflect], clcy[reflect] = rx, ry
        whole = _truncate(ar * _F32(1.0 / (1 << 12))).astype(_F32)
        denominator_x[reflect], denominator_y[reflect] = _mul_pp(
            clldx[reflect], clldy[reflect], *_sinpifk(ar - _F32(1 << 12) * whole))
    clcx[otiny], clcy[otiny] = _LOG_2_60
    return (clcx, clcy), _div(cllnx, cllny, denominator_x, denominator_y)


def _lgammaf(a):
    """xlgammaf_u1 of a 1-d float32 array."""
    (cx, cy), (bx, by) = _gammafk(a)
    negative = bx < 0  # (dfabs: the pair's sign from its high part)
    yx, yy = _add2_pp(cx, cy, *_logk2f(np.abs(bx), _flip(by, negative)))
    r = yx + yy
    poles = np.isinf(a) | ((a <= 0) & (np.trunc(a) == a)) | (np.isfinite(a) & (r != r))
    r[poles] = np.inf
    return r


def _blocks(start, stop, flat, out):
    with np.errstate(all="ignore"):
        for i in range(start, stop, _BLOCK):
            j = min(i + _BLOCK, stop)
            out[i:j] = _lgammaf(flat[i:j])


def applies(x):
    """Whether ``x`` (an array) takes this form: float32 on an AVX2 or AVX-512 machine (other
    builds call C's lgammaf)."""
    return x.dtype == _F32 and CAPABILITY in ("AVX2", "AVX512")


def lgammaf(x):
    """torch.lgamma of a float32 array of any shape and layout (a C-ordered result)."""
    flat = np.ascontiguousarray(x, _F32).reshape(-1)
    n = flat.size
    out = np.empty(n, _F32)
    step = max(_BLOCK, -(-n // get_num_threads()))  # (a thread's share, in blocks)
    if step < n:
        parallel_for(n, step, _blocks, flat, out)
    else:
        _blocks(0, n, flat, out)
    return out.reshape(np.shape(x))
