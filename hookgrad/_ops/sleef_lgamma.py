"""SLEEF's float64 lgamma (``Sleef_lgammad4_u10``: xlgamma_u1 over gammak and sinpik) as
PyTorch's AVX2 build runs it, bit for bit, on NumPy float64 arrays. PyTorch's lgamma kernel
maps the vector function over every element (vml.h's map, a strided input's through a
contiguous buffer), so this is torch.lgamma of float64 on AVX2 everywhere. The steps are
SLEEF's, with its FMAs exact (sleef_double.fma); every branch is computed for every element
and selected, as the vector code does."""
import numpy as np

from .sleef_double import (
    _add2_pf,
    _add2_pp,
    _div,
    _exact_only,
    _fma_wide,
    _logk2,
    _mapped,
    _mul_pf,
    _mul_pp,
    _product_error,
    _safe_product_error,
    _two_sum,
    fma,
)

_F64 = np.float64
_SIGN = np.int64(-0x8000000000000000)


def _normalize(x, y):
    s = x + y
    return s, (x - s) + y


def _select(o2, o0, a, b, c):
    """vsel_vd_vo_vo_d_d_d: o2 ? a : (o0 ? b : c)."""
    return np.where(o2, _F64(a), np.where(o0, _F64(b), _F64(c)))


def _add2_fp(x, yx, yy):
    """ddadd2_vd2_vd_vd2."""
    s = x + yx
    v = s - x
    return s, ((x - (s - v)) + (yx - v)) + yy


def _mul_pp_wide(xx, xy, yx, yy):
    """ddmul_vd2_vd2_vd2 where a factor may pass 2**995."""
    s = xx * yx
    return s, _fma_wide(xx, yy, _fma_wide(xy, yx, _safe_product_error(xx, yx, s)))


def _mul_ff(x, y):
    """ddmul_vd2_vd_vd: the exact product as a pair."""
    p = x * y
    return p, _product_error(x, y, p)


_SINPI_POLY = ((9.94480387626843774090208e-16, -2.02461120785182399295868e-14),
               (-3.89796226062932799164047e-13, 6.948218305801794613277840e-12),
               (1.150115825399960352669010e-10, -1.75724749952853179952664e-09),
               (-2.46113695010446974953590e-08, 3.133616889668683928784220e-07),
               (3.590860448590527540050620e-06, -3.65762041821615519203610e-05),
               (-0.000325991886927389905997954, 0.0024903945701927185027435600))


def _sinpik(d):
    """SLEEF's sinpik: sin(pi d) as a pair."""
    u = d * 4
    q = np.trunc(np.nan_to_num(u, nan=0.0, posinf=0.0, neginf=0.0))
    q = np.clip(q, -2.0 ** 31, 2.0 ** 31 - 1).astype(np.int64)
    q = (q + ((q < 0) ^ 1)) & ~1  # (vsrl(q, 31) ^ 1: toward the even one away from 0)
    o = (q & 2) == 2
    s = u - q
    t = s
    s = s * s
    s2x, s2y = _mul_ff(t, t)
    u = np.where(o, _F64(_SINPI_POLY[0][0]), _F64(_SINPI_POLY[0][1]))
    for c_o, c_n in _SINPI_POLY[1:]:
        u = fma(u, s, np.where(o, _F64(c_o), _F64(c_n)))
    xx, xy = _add2_fp(u * s, np.where(o, _F64(0.0158543442438155018914259),
                                      _F64(-0.0807455121882807852484731)),
                      np.where(o, _F64(-1.04693272280631521908845e-18),
                               _F64(3.61852475067037104849987e-18)))
    xx, xy = _add2_pp(*_mul_pp(s2x, s2y, xx, xy),
                      np.where(o, _F64(-0.308425137534042437259529),
                               _F64(0.785398163397448278999491)),
                      np.where(o, _F64(-1.95698492133633550338345e-17),
                               _F64(3.06287113727155002607105e-17)))
    xx, xy = _mul_pp(xx, xy, np.where(o, s2x, t), np.where(o, s2y, 0))
    ox, oy = _add2_pf(xx, xy, _F64(1))
    xx, xy = np.where(o, ox, xx), np.where(o, oy, xy)
    flip = np.where((q & 4) == 4, _SIGN, np.int64(0))
    return (xx.view(np.int64) ^ flip).view(_F64), (xy.view(np.int64) ^ flip).view(_F64)


_GAMMA_POLY = (  # (o2 branch, o0 branch, else), highest first
    (-156.801412704022726379848862, +0.2947916772827614196e+2, +0.7074816000864609279e-7),
    (+1.120804464289911606838558160000, +0.1281459691827820109e+3, +0.4009244333008730443e-6),
    (+13.39798545514258921833306020000, +0.2617544025784515043e+3, +0.1040114641628246946e-5),
    (-0.116546276599463200848033357000, +0.3287022855685790432e+3, +0.1508349150733329167e-5),
    (-1.391801093265337481495562410000, +0.2818145867730348186e+3, +0.1288143074933901020e-5),
    (+0.015056113040026424412918973400, +0.1728670414673559605e+3, +0.4744167749884993937e-6),
    (+0.179540117061234856098844714000, +0.7748735764030416817e+2, -0.6554816306542489902e-7),
    (-0.002481743600264997730942489280, +0.2512856643080930752e+2, -0.3189252471452599844e-6),
    (-0.029527880945699120504851034100, +0.5766792106140076868e+1, +0.1358883821470355377e-6),
    (+0.000540164767892604515196325186, +0.7270275473996180571e+0, -0.4343931277157336040e-6),
    (+0.006403362833808069794787256200, +0.8396709124579147809e-1, +0.9724785897406779555e-6),
    (-0.000162516262783915816896611252, -0.8211558669746804595e-1, -0.2036886057225966011e-5),
    (-0.001914438498565477526465972390, +0.6828831828341884458e-1, +0.4373363141819725815e-5),
    (+7.20489541602001055898311517e-05, -0.7712481339961671511e-1, -0.9439951268304008677e-5),
    (+0.000839498720672087279971000786, +0.8337492023017314957e-1, +0.2050727030376389804e-4),
    (-5.17179090826059219329394422e-05, -0.9094964931456242518e-1, -0.4492620183431184018e-4),
    (-0.000592166437353693882857342347, +0.1000996313575929358e+0, +0.9945751236071875931e-4),
    (+6.97281375836585777403743539e-05, -0.1113342861544207724e+0, -0.2231547599034983196e-3),
    (+0.000784039221720066627493314301, +0.1255096673213020875e+0, +0.5096695247101967622e-3),
    (-0.000229472093621399176949318732, -0.1440498967843054368e+0, -0.1192753911667886971e-2),
    (-0.002681327160493827160473958490, +0.1695571770041949811e+0, +0.2890510330742210310e-2),
    (+0.003472222222222222222175164840, -0.2073855510284092762e+0, -0.7385551028674461858e-2),
    (+0.083333333333333333335592087900, +0.2705808084277815939e+0, +0.2058080842778455335e-1))


def _gammak(a):
    """SLEEF's gammak: (log|Gamma| part, 1 / Gamma factor) as two pairs."""
    otiny = np.abs(a) < 1e-306
    oref = a < 0.5
    rx, ry = _two_sum(_F64(1), -a)
    xx = np.where(otiny, 0, np.where(oref, rx, a))
    xy = np.where(otiny, 0, np.where(oref, ry, 0))
    o0 = (0.5 <= xx) & (xx <= 1.1)
    o2 = 2.3 <= xx
    yx, yy = _normalize(*_mul_pp(*_add2_pf(xx, xy, _F64(1)), xx, xy))
    for k in (2, 3, 4):
        yx, yy = _normalize(*_mul_pp(*_add2_pf(xx, xy, _F64(k)), yx, yy))
    o = o2 & (xx <= 7)
    cllnx, cllny = np.where(o, yx, 1), np.where(o, yy, 0)
    px, py = _add2_pf(xx, xy, _F64(5))
    xx, xy = np.where(o, px, xx), np.where(o, py, xy)
    t = np.where(o2, 1 / xx, _normalize(*_add2_pf(xx, xy, np.where(o0, _F64(-1), _F64(-2))))[0])
    u = _select(o2, o0, *_GAMMA_POLY[0])
    for c in _GAMMA_POLY[1:]:
        u = fma(u, t, _select(o2, o0, *c))
    lx, ly = _logk2(xx, xy)[:2]
    yx, yy = _mul_pp_wide(*_add2_pf(xx, xy, _F64(-0.5)), lx, ly)  # (x up to 1e308)
    yx, yy = _add2_pp(yx, yy, -xx, -xy)
    yx, yy = _add2_pp(yx, yy, _F64(0.91893853320467278056), _F64(-3.8782941580672414498e-17))
    ut = _mul_ff(u, t)
    zx, zy = _add2_pf(*ut, np.where(o0, _F64(-0.4006856343865314862e+0),
                                    _F64(-0.6735230105319810201e-1)))
    zx, zy = _add2_pf(*_mul_pf(zx, zy, t), np.where(o0, _F64(+0.8224670334241132030e+0),
                                                    _F64(+0.3224670334241132030e+0)))
    zx, zy = _add2_pf(*_mul_pf(zx, zy, t), np.where(o0, _F64(-0.5772156649015328655e+0),
                                                    _F64(+0.4227843350984671345e+0)))
    zx, zy = _mul_pf(zx, zy, t)
    clcx, clcy = np.where(o2, yx, zx), np.where(o2, yy, zy)
    dx, dy = _add2_pf(*ut, _F64(1))
    clldx, clldy = np.where(o2, dx, 1), np.where(o2, dy, 0)
    yx, yy = cllnx, cllny
    rx, ry = _add2_pp(_F64(1.1447298858494001639), _F64(1.026595116270782638e-17), -clcx, -clcy)
    clcx = np.where(otiny, _F64(83.1776616671934334590333), np.where(oref, rx, clcx))
    clcy = np.where(otiny, _F64(3.67103459631568507221878e-15), np.where(oref, ry, clcy))
    cllnx = np.where(otiny, 1, np.where(oref, cllnx, clldx))
    cllny = np.where(otiny, 0, np.where(oref, cllny, clldy))
    if oref.any():
        scaled = np.clip(np.nan_to_num(np.trunc(a * (1.0 / (1 << 28)))), -2.0 ** 31, 2.0 ** 31 - 1)
        sx, sy = _mul_pp(clldx, clldy, *_sinpik(a - _F64(1 << 28) * scaled))
    else:
        sx = sy = np.zeros_like(a)
    clldx = np.where(otiny, a * _F64(2.0 ** 120), np.where(oref, sx, yx))
    clldy = np.where(otiny, 0, np.where(oref, sy, yy))
    return (clcx, clcy), _div(cllnx, cllny, clldx, clldy)


def _lgamma(a):
    """Sleef_lgammad4_u10 of a 1-d float64 array."""
    (cx, cy), (bx, by) = _gammak(a)
    flip = np.where(bx < 0, _SIGN, np.int64(0))  # (ddabs: the pair's sign from its high part)
    bx, by = np.abs(bx), (by.view(np.int64) ^ flip).view(_F64)
    yx, yy = _add2_pp(cx, cy, *_logk2(bx, by)[:2])
    r = yx + yy
    finite = np.isfinite(a)
    integer = np.trunc(a) == a
    r[np.isinf(a) | ((a <= 0) & integer) | (finite & (r != r))] = np.inf
    return r


lgamma = _mapped(_exact_only(_lgamma))  # (torch.lgamma of a float64 array, any layout)
lgamma.__doc__ = "torch.lgamma of a float64 array of any shape and layout (a C-ordered result)."
