"""SLEEF's float64 erf and tanh (``Sleef_erfd4_u10`` / ``erfd8_u10``: xerf_u1;
``Sleef_tanhd4_u10`` / ``tanhd8_u10``: xtanh) as PyTorch's AVX2 and AVX-512 builds run them,
bit for bit, on NumPy float64 arrays: the two functions of ``Vectorized<double>`` that GELU's
vector loops call (gelu_double.py).

The steps are SLEEF's, with its FMAs exact (sleef_double.fma). xerf_u1 takes one of two
branches per vector (every lane at most 2.5 or not), but a lane's value does not depend on
the branch taken, so the elements up to 2.5 and those above go apart here. Checked against
the two builds' own functions (PyTorch's library) on 50M values, special values included.

Exact FMAs cost ~25 NumPy operations each (erf's 21-term polynomial alone takes 20), so both
run a cheap pass first, as sleef_double's expm1 does: plain ``a * b + c`` for the erf's
polynomial and for both functions' double-double low parts, with a bound on how far that
can move the final pair's sum; the elements within the bound of a rounding midpoint (1-5%)
are computed again with SLEEF's FMAs (sleef_double._rounded, _mapped: blocks on the
intra-op pool). 10^5 elements: erf 13 ms, tanh 12 ms."""
import numpy as np

from .sleef_double import (
    _ALL_ONES,
    _add2_pf,
    _add2_pp,
    _add_fp,
    _add_pp,
    _div,
    _expk2,
    _ldexp2,
    _mapped,
    _mul_pf,
    _mulsign,
    _rec_pp,
    _rounded,
    _squ,
    estrin,
    expk_pair,
    fma,
    plain,
)

_F64 = np.float64
# xerf_u1's polynomials (highest coefficient first) and its double-double low coefficients,
# for |x| <= 2.5 (Abramowitz and Stegun's form, raised to the -16th power) and above (the
# exponent of exp)
_NEAR = (
    -0.2083271002525222097e-14, +0.7151909970790897009e-13, -0.1162238220110999364e-11,
    +0.1186474230821585259e-10, -0.8499973178354613440e-10, +0.4507647462598841629e-9,
    -0.1808044474288848915e-8, +0.5435081826716212389e-8, -0.1143939895758628484e-7,
    +0.1215442362680889243e-7, +0.1669878756181250355e-7, -0.9808074602255194288e-7,
    +0.1389000557865837204e-6, +0.2945514529987331866e-6, -0.1842918273003998283e-5,
    +0.3417987836115362136e-5, +0.3860236356493129101e-5, -0.3309403072749947546e-4,
    +0.1060862922597579532e-3, +0.2323253155213076174e-3, +0.1490149719145544729e-3)
_NEAR_LOW = ((0.0092877958392275604405, 7.9287559463961107493e-19),
             (0.042275531758784692937, 1.3785226620501016138e-19),
             (0.07052369794346953491, 9.5846628070792092842e-19))
_FAR = (
    -0.4024015130752621932e-18, +0.3847193332817048172e-16, -0.1749316241455644088e-14,
    +0.5029618322872872715e-13, -0.1025221466851463164e-11, +0.1573695559331945583e-10,
    -0.1884658558040203709e-9, +0.1798167853032159309e-8, -0.1380745342355033142e-7,
    +0.8525705726469103499e-7, -0.4160448058101303405e-6, +0.1517272660008588485e-5,
    -0.3341634127317201697e-5, -0.2515023395879724513e-5, +0.6539731269664907554e-4,
    -0.3551065097428388658e-3, +0.1210736097958368864e-2, -0.2605566912579998680e-2,
    +0.1252823202436093193e-2, +0.1820191395263313222e-1, -0.1021557155453465954e+0)
_FAR_LOW = ((-0.63691044383641748361, -2.4249477526539431839e-17),
            (-1.1282926061803961737, -6.2970338860410996505e-17),
            (-1.2261313785184804967e-05, -5.5329707514490107044e-22))
_TWO_OVER_SQRT_PI = _F64(1.12837916709551262756245475959)
_TANH_ONE = _F64(18.714973875)  # (from here on SLEEF's tanh is 1)


def _poly4dd(x, t, low, f):
    """poly4dd: ``low[0] + low[1] x + low[2] x**2`` in pairs, ``t x**3`` on top (ddmla's:
    ddadd_vd2_vd2_vd2 of the accumulated pair and ddmul_vd2_vd2_vd of the higher one)."""
    (c2x, c2y), (c1x, c1y), (c0x, c0y) = low
    ax, ay = _add_pp(_F64(c2x), _F64(c2y), *_mul_pf(t, _F64(0), x, f))
    bx, by = _add_pp(_F64(c0x), _F64(c0y), *_mul_pf(_F64(c1x), _F64(c1y), x, f))
    return _add_pp(bx, by, *_mul_pf(ax, ay, x * x, f))


def _expk(dx, dy, f=fma):
    """SLEEF's expk: exp of the pair (dx, dy) as one double."""
    tx, ty, q, _ = expk_pair(dx, dy, f)
    return np.where(dx < -1000, _F64(0), _ldexp2(tx + ty, q))


def _erf_pair(x, coefficients, low, f, poly_f):
    """``(1 + x * poly)`` raised to the -16th power as a pair (x <= 2.5), with the
    polynomial's FMAs as ``poly_f``."""
    x2 = x * x
    x4 = x2 * x2
    x8 = x4 * x4
    t = estrin((x, x2, x4, x8, x8 * x8), coefficients, poly_f)
    sx, sy = _add_fp(_F64(1), *_mul_pf(*_poly4dd(x, t, low, f), x, f))
    for _ in range(4):
        sx, sy = _squ(sx, sy, f)
    return (*_rec_pp(sx, sy, f), t)


def _near(x, exact):
    """erf of 0 <= x <= 2.5: the cheap pass (and the elements to compute again) or exact."""
    f = fma if exact else plain
    tx, ty, t = _erf_pair(x, _NEAR, _NEAR_LOW, f, f)
    hi, lo = _add2_pf(tx, ty, _F64(-1))
    if exact:
        return -(hi + lo), None
    # A plain polynomial ends within 4 ulps of t (measured on 10M values; 16 allowed), and
    # S = (1 + x P)**-16 moves by 16 S x**4 / (1 + x P) times t's error (1 + x P >= 1); the
    # plain low parts of the pairs (a few 2**-104 of S each, doubled by each squaring) stay
    # below 2**-90
    bound = np.abs(t) * tx * (x * x) * (x * x) * (16 * _F64(2.0 ** -48)) + _F64(2.0 ** -90)
    r, unsafe = _rounded(hi, lo, bound)
    return -r, unsafe


def _far(x):
    """erf of 2.5 < x (exact: few elements)."""
    x2 = x * x
    x4 = x2 * x2
    x8 = x4 * x4
    t = estrin((x, x2, x4, x8, x8 * x8), _FAR, fma)
    hi, lo = _add2_pf(_expk(*_poly4dd(x, t, _FAR_LOW, fma)), _F64(0), _F64(-1))
    return -(hi + lo)


def _erf(a, exact=False):
    """Sleef_erfd4_u10 of a 1-d block: the cheap pass (and the elements to compute again)
    or exact (sleef_double._mapped's calling convention)."""
    x = np.abs(a)
    near = x <= 2.5
    z, unsafe = np.empty_like(x), None if exact else np.zeros(x.size, bool)
    if near.all():
        z, unsafe = _near(x, exact)
    else:
        if near.any():
            z[near], near_unsafe = _near(x[near], exact)
            if not exact:
                unsafe[near] = near_unsafe
        far = ~near
        z[far] = _far(x[far])
    z = np.where(x < 1e-8, x * _TWO_OVER_SQRT_PI, z)
    z[(x >= 6) | (x == np.inf)] = 1
    z[x == 0] = 0
    return _mulsign(z, a), unsafe


def _tanh_pair(y, f):
    """``(e - 1/e) / (e + 1/e)`` as a pair, from expk2 of y >= 0 (xtanh), and the cheap
    pass's bound where ``f`` is ``plain``: expk2's, relative to e, which moves tanh by as
    much at most (its slope in log e is 1 - tanh**2), twice for 1/e's share, and 2**-94 for
    the plain low parts of the reciprocal and quotient (under 2**-100 of pairs below 2)."""
    dx, dy, bound = _expk2(y, f)
    ex, ey = _rec_pp(dx, dy, f)
    qx, qy = _div(*_add2_pp(dx, dy, -ex, -ey), *_add2_pp(dx, dy, ex, ey), f)
    return qx, qy, bound / dx * 2 + _F64(2.0 ** -94)


def _tanh(a, exact=False):
    """Sleef_tanhd4_u10 of a 1-d block (as _erf)."""
    y = np.abs(a)
    if exact:
        qx, qy, _ = _tanh_pair(y, fma)
        r, unsafe = qx + qy, None
    else:
        r, unsafe = _rounded(*_tanh_pair(y, plain))
    r[(y > _TANH_ONE) | (r != r)] = 1
    r = _mulsign(r, a)
    r[a != a] = _ALL_ONES
    return r, unsafe


# (any shape and layout, in cache-sized blocks on the intra-op pool: C-ordered results)
erf = _mapped(_erf)
tanh = _mapped(_tanh)
