"""digamma, trigamma and polygamma as PyTorch's CPU kernels compute them (its Cephes-derived
formulas, step for step): float32 in float32 arithmetic with C's float functions (``logf``,
``sinf``), float64 in float64 with C's double ones, and the Hurwitz zeta of polygamma n >= 2
in float64 for both. NumPy's own log, tan and power are SIMD approximations that differ from
C's in the last bit for a few elements in a hundred, so the transcendental steps call the C
library, element by element (the arithmetic around them is NumPy's, which rounds as C's)."""
import ctypes
import math

import numpy as np

from . import glibc_logf, libm
from .sleef_double import fma as fma64

_PSI_10 = 2.25175258906672110764
_DIGAMMA_SERIES = (8.33333333333333333333E-2, -2.10927960927960927961E-2,
                   7.57575757575757575758E-3, -4.16666666666666666667E-3,
                   3.96825396825396825397E-3, -8.33333333333333333333E-3,
                   8.33333333333333333333E-2)
_MACHEP = 1.11022302462515654042E-16
_ZETA_SERIES = (12.0, -720.0, 30240.0, -1209600.0, 47900160.0, -1.8924375803183791606e9,
                7.47242496e10, -2.950130727918164224e12, 1.1646782814350067249e14,
                -4.5979787224074726105e15, 1.8152105401943546773e17, -7.1661652561756670113e18)

_c_functions = {}


def _c_function(name, fallback, c_type=ctypes.c_float, arity=1):
    """The C maths library's function ``name`` of one ``c_type`` (``logf``, ``lgamma``);
    without a C maths library, ``fallback`` (Python's double function: off in the last bit
    now and then)."""
    function = _c_functions.get(name)
    if function is None:
        library = libm.library()
        try:
            function = getattr(library, name)
            function.argtypes, function.restype = [c_type] * arity, c_type
        except AttributeError:  # (no C maths library, or not this function in it)
            function = fallback
        _c_functions[name] = function
    return function




def _elementwise(function, x, dtype):
    """``function`` (a C function through ctypes) of each element: for the few elements whose
    reflection needs C's own sin / tan (their last bit is amplified near a pole)."""
    flat = np.asarray(x).reshape(-1).tolist()
    return np.fromiter(map(function, flat), dtype, len(flat)).reshape(np.shape(x))


def _c_sin(v):  # (C's sin of an infinity is x86's default NaN, sign bit set)
    return math.sin(v) if math.isfinite(v) else (v if v != v else -math.nan)


def _c_tan(v):
    return math.tan(v) if math.isfinite(v) else (v if v != v else -math.nan)


def _log(x):
    """C's ``logf`` / ``log`` (glibc's, not correctly rounded), vectorised: for float32
    glibc_logf's port; for float64 the extended-precision logarithm rounded once, which is
    glibc's result except within a few hundredths of an ulp of a rounding midpoint, where
    glibc's own log is called (~1 element in 10; 0.4 us each)."""
    with np.errstate(divide="ignore", invalid="ignore"):
        if x.dtype == np.float32:
            return glibc_logf.c_log(x)  # (0-d arrays too)
        wide = np.log(np.asarray(x, np.longdouble))
        out = np.array(wide, x.dtype)  # (an array for 0-d too: written below)
        log = _c_function("log", None, ctypes.c_double)
        if log is not None and out.size:
            half = np.spacing(np.abs(out)).astype(np.longdouble) / 2
            near = np.abs(np.abs(wide - out) - half) < half / 8
            near |= ~np.isfinite(out)
            if near.any():
                out[near] = _elementwise(log, x[near], x.dtype)
        return out








def digamma(x):
    """PyTorch's ``calc_digamma`` of a float32 or float64 array: poles (0 excepted, +-inf
    there) NaN; negatives reflected through ``pi / tan(pi * frac(x))`` in float64; pushed up
    past 10 by the recurrence, then the asymptotic series."""
    one = x.dtype.type(1)
    with np.errstate(invalid="ignore", divide="ignore", over="ignore"):
        integer = x == np.trunc(x)
        pole = (x < 0) & integer  # (-inf too)
        reflected = (x < 0) & ~integer
        z = np.where(reflected, one - x, np.where(pole, one, x))
        result = np.zeros_like(z)
        low = z < 10
        while low.any():  # (the elements still below 10 step on; the others keep theirs)
            result = np.where(low, result - one / np.where(low, z, one), result)
            z = np.where(low, z + one, z)
            low = z < 10
        inv2 = one / (z * z)
        series = np.zeros_like(z)
        for coefficient in _DIGAMMA_SERIES:  # (Cephes' polevl; GCC fuses float64's steps)
            series = (fma64(series, inv2, coefficient) if x.dtype == np.float64 else
                      series * inv2 + x.dtype.type(coefficient))
        series = np.where(z < x.dtype.type(1e17), inv2 * series, 0)
        out = result + _log(z) - x.dtype.type(0.5) / z - series
        out = np.where(z == 10, result + x.dtype.type(_PSI_10), out)
        if reflected.any():  # (C's tan of the reflected elements only)
            fraction = np.fmod(x[reflected].astype(np.float64), 1.0)
            tangent = _elementwise(_c_tan, math.pi * fraction, np.float64)
            out = np.array(out, copy=True)
            out[reflected] = out[reflected] - (math.pi / tangent).astype(x.dtype)
        out = np.where(pole, np.nan, out)
        return np.where(x == 0, np.copysign(np.inf, -x), out).astype(x.dtype, copy=False)


def trigamma(x):
    """PyTorch's ``trigamma`` of a float32 or float64 array: below 1/2 reflected through
    ``pi^2 / sin(pi x)^2`` (in the input's precision: float32 poles are large numbers, not
    inf), six steps of the recurrence, then the asymptotic series."""
    t = x.dtype.type
    pi = t(math.pi)
    with np.errstate(invalid="ignore", divide="ignore", over="ignore"):
        reflected = x < t(0.5)
        result = np.zeros_like(x)
        if reflected.any():  # (C's sine of the reflected elements only)
            angle = pi * x[reflected]
            sine = (_elementwise(_c_function("sinf", math.sin), angle, np.float32)
                    if x.dtype == np.float32 else _elementwise(_c_sin, angle, np.float64))
            result[reflected] = result[reflected] - (pi * pi) / (sine * sine)
        z = np.where(reflected, t(1) - x, x)
        for _ in range(6):
            result = result + t(1) / (z * z)
            z = z + t(1)
        inv2 = t(1) / (z * z)
        tail = t(1) + t(1) / (t(2) * z) + inv2 * (
            t(1) / t(6) - inv2 * (t(1) / t(30) - inv2 * (t(1) / t(42))))
        result = result + tail / z
        return np.where(reflected, t(-1) * result, result)  # (C's: a NaN keeps its sign)


def polygamma(n, x):
    """PyTorch's ``calc_polygamma`` (n >= 2) of a float32 or float64 array:
    ``(-1)^(n+1) * exp(lgamma(n + 1)) * zeta(n + 1, x)``, the factor in the input's precision,
    the zeta in float64 and rounded to it."""
    t = x.dtype.type
    if x.dtype == np.float32:  # (C's lgammaf / expf; Python's lgamma is not C's)
        log_factorial = _c_function("lgammaf", math.lgamma)(float(n + 1))
        factor = t(_c_function("expf", math.exp)(log_factorial))
    else:
        log_factorial = _c_function("lgamma", math.lgamma, ctypes.c_double)(float(n + 1))
        factor = t(math.exp(log_factorial))
    sign = t(1) if n % 2 else t(-1)
    with np.errstate(invalid="ignore", over="ignore"):
        return sign * factor * zeta(float(n + 1), x.astype(np.float64),
                                    single=x.dtype == np.float32).astype(x.dtype)


def zeta(s, q, single=False):
    """Cephes' Hurwitz zeta ``sum_k (q + k)^-s`` for a number ``s >= 2`` (an integer here) and
    a float64 array ``q``: terms summed until one is below the float64 epsilon of the sum
    (nine at least, and up past 9), then the Euler-Maclaurin tail until a term is. ``single``:
    for a float32 input, whose first term PyTorch takes in float32 (C's ``powf``)."""
    with np.errstate(invalid="ignore", divide="ignore", over="ignore", under="ignore"):
        out = np.full(q.shape, np.nan)
        pole = (q <= 0) & (q == np.floor(q))
        out[pole] = np.inf
        live = ~pole
        if single:  # (C's powf: float32 in, float32 out)
            total = _powers(q.astype(np.float32), -s).astype(np.float32).astype(np.float64)
        else:
            total = _powers(q, -s)
        a, term, steps = q.copy(), np.zeros_like(q), 0
        while True:
            active = live & ((steps < 9) | (a <= 9.0))
            if not active.any():
                break
            steps += 1
            a = np.where(active, a + 1, a)
            term = np.where(active, _powers(np.where(active, a, 1.0), -s), term)
            total = np.where(active, total + term, total)
            converged = active & (-_MACHEP * total < term) & (term < _MACHEP * total)
            out[converged] = total[converged]
            live &= ~converged
        w = a
        total = total + term * w / (s - 1)
        total = total - 0.5 * term
        rising, k = np.ones_like(q), 0.0
        for coefficient in _ZETA_SERIES:
            if not live.any():
                break
            rising = rising * (s + k)
            term = term / w
            step = rising * term / coefficient
            total = total + step
            converged = live & (np.abs(step / total) < _MACHEP)
            out[converged] = total[converged]
            live &= ~converged
            k += 1
            rising = rising * (s + k)
            term = term / w
            k += 1
        out[live] = total[live]
        return out


def _powers(base, exponent):
    """C's ``pow`` of each element of ``base`` to an integral number, vectorised: in extended
    precision rounded once (C's result but for about 1 element in 1000), with C's NaN signs
    (a NaN base's sign cleared to an odd power)."""
    wide = np.power(base.astype(np.longdouble), exponent).astype(base.dtype)
    if exponent % 2 == 1:
        wide = np.where(np.isnan(base), np.abs(base), wide)
    return wide
