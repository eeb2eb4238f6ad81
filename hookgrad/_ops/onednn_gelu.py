"""PyTorch's CPU ``gelu`` (approximate='none') of a float32 tensor, bit for bit.

PyTorch hands a contiguous float32 input of more than one element to oneDNN, whose erf-GELU
on this CPU class (its AVX2 kernel) approximates erf by Abramowitz and Stegun's formula 7.1.26
with its own polynomial exp, in float32 with fused multiply-adds; ``gelu_backward`` goes
there too when the incoming gradient is laid out the same way. Both kernels are written here
step by step in NumPy (``fma32`` for each fused step), so values, signed zeros and the NaNs
of infinite inputs are oneDNN's. (The constants are the kernel's float32 bit patterns.)"""
import numpy as np

from ..backends import mkldnn
from .fused import fma32
from .onednn_isa import AVX2, onednn_isa


def _f32(bits):
    return np.array(bits, np.uint32).view(np.float32)[()]


_ONE_OVER_SQRT_TWO = _f32(0x3F3504F3)
_ONE_OVER_SQRT_PI = _f32(0x3F106EBA)
_P = _f32(0x3EA7BA05)  # 0.3275911: t = 1 / (1 + p |x|)
_ERF_POLYNOMIAL = [_f32(b) for b in (0x3E827906, 0xBE91A98E, 0x3FB5F0E3, 0xBFBA00E3,
                                       0x3F87DC22)]  # a1 .. a5
_LOG2E = _f32(0x3FB8AA3B)
_LN2 = _f32(0x3F317218)
_LN_FLT_MAX = _f32(0x42B17218)
_LN_FLT_MIN = _f32(0xC2AEAC50)
_EXP_POLYNOMIAL = [_f32(b) for b in (0x3F7FFFFB, 0x3EFFFEE3, 0x3E2AAD40, 0x3D2B9D0D,
                                       0x3C07CFCE)]  # p1 .. p5
_ONE = np.float32(1)
_HALF = np.float32(0.5)


def runs_on_onednn(x):
    """Whether PyTorch computes gelu or gelu_backward of array ``x`` with oneDNN's AVX2
    kernel: float32, more than one element, row-major, mkldnn enabled, where oneDNN runs its
    AVX2 kernels (``onednn_isa``). (Its AVX-512 kernels use another erf approximation, not
    modelled: the exact formula stands in there, with that kernel's NaNs for infinities.)"""
    return (x.dtype == np.float32 and x.size > 1 and x.flags.c_contiguous and mkldnn.enabled
            and onednn_isa() == AVX2)


def _fma_normal(a, b, c):
    """float32 ``fma(a, b, c)`` of float32 values (as float64 arrays or numbers), as float64
    (the steps below chain in float64 without converting back and forth)."""
    return fma32(a, b, c).astype(np.float64)


def _horner(coefficients, t):
    """The polynomial with ``coefficients`` (highest degree first) at float64 ``t``, one
    fused step per degree; its values here lie in [0.2, 2]."""
    y = np.float64(coefficients[0])
    for c in coefficients[1:]:
        y = _fma_normal(y, t, np.float64(c))
    return y


def _exp(v):
    """oneDNN's exp of float32 ``v`` <= 0, as float64: 2^n * p(r) with n from a floor,
    r = v - n ln2 (fused), p of degree 5 in Horner form (fused), 0 below log(FLT_MIN); x86's
    min / max keep the bound for a NaN (as ``fmin`` / ``fmax``)."""
    below = v < _LN_FLT_MIN
    v = np.fmax(np.fmin(v, _LN_FLT_MAX), _LN_FLT_MIN)
    n = np.floor(v * _LOG2E + _HALF)
    r = fma32(-n, _LN2, v).astype(np.float64)
    exponent = (n - _ONE).astype(np.int32) + 127
    scale = (exponent << 23).view(np.float32)
    scale[below] = 0
    y = _horner([_EXP_POLYNOMIAL[i] for i in (4, 3, 2, 1, 0)] + [_ONE], r)
    return (y.astype(np.float32) * scale) * np.float32(2)


def _erf(x):
    """erf(x) = sign(x) (1 - poly(t) t exp(-x^2)), t = 1 / (1 + p |x|), as oneDNN orders it;
    also returns exp(-x^2) for the backward. float32 in and out."""
    t = _ONE / _fma_normal(np.float64(_P), np.abs(x).astype(np.float64), 1.0).astype(np.float32)
    e = _exp(-(x * x))
    poly = _horner([_ERF_POLYNOMIAL[i] for i in (4, 3, 2, 1, 0)], t.astype(np.float64))
    erf = _fma_normal((-e * t).astype(np.float64), poly, 1.0).astype(np.float32)
    return np.where(np.signbit(x), -erf, erf), e


def gelu(x):
    """``(gelu(x), erf, exp)``: 0.5 s + 0.5 s erf(s / sqrt 2), the last step fused (so -0
    and large negative s give +0), with the erf and exp(-s^2 / 2) it used, which the
    backward's slope reuses (oneDNN's backward computes the same two values again)."""
    with np.errstate(all="ignore"):
        erf, e = _erf(x * _ONE_OVER_SQRT_TWO)
        half = x * _HALF
        return fma32(erf, half, half), erf, e


def gelu_slope(x, erf=None, e=None):
    """d gelu / ds as oneDNN's backward computes it: (s / sqrt 2)(1 / sqrt pi) exp(-s^2 / 2)
    + 0.5 + 0.5 erf(s / sqrt 2), the last step fused."""
    with np.errstate(all="ignore"):
        r = x * _ONE_OVER_SQRT_TWO
        if erf is None:
            erf, e = _erf(r)
        density = r * _ONE_OVER_SQRT_PI * e
        return _fma_normal(erf.astype(np.float64), 0.5,
                           (density + _HALF).astype(np.float64)).astype(np.float32)
