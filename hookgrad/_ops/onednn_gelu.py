"""PyTorch's CPU ``gelu`` (approximate='none') of a float32 tensor, bit for bit.

PyTorch hands a contiguous float32 input of more than one element to oneDNN, whose erf-GELU
approximates erf by Abramowitz and Stegun's formula 7.1.26 with its own polynomial exp, in
float32 with fused multiply-adds; ``gelu_backward`` goes there too when the incoming gradient
is laid out the same way. Its AVX-512 kernel computes the forward otherwise: a piecewise
polynomial of degree 5 in |x| picked by x's exponent and two mantissa bits (its backward is
the AVX2 one: measured, 100000 of 100000 random values). These kernels are written here step
by step in NumPy (``fma32`` for each fused step), so values, signed zeros and the NaNs of
infinite inputs are oneDNN's. (The constants are the kernels' float32 bit patterns.)"""
import numpy as np

from ..backends import mkldnn
from .fused import fma32
from .onednn_isa import AVX2, AVX512_CORE, onednn_isa


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
    """Whether PyTorch computes gelu or gelu_backward of array ``x`` with oneDNN's AVX2 or
    AVX-512 kernel: float32, more than one element, row-major, mkldnn enabled, where oneDNN
    runs one of those (``onednn_isa``)."""
    return (x.dtype == np.float32 and x.size > 1 and x.flags.c_contiguous and mkldnn.enabled
            and onednn_isa() in (AVX2, AVX512_CORE))


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
    backward's slope reuses (oneDNN's backward computes the same two values again); on
    oneDNN's AVX-512 kernels ``(gelu(x), None, None)`` (``_minimax_gelu``)."""
    if onednn_isa() == AVX512_CORE:
        return _minimax_gelu(x), None, None
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


# The AVX-512 forward's polynomials: coefficient k of polynomial i is _MINIMAX[k][i], for
# |x| with exponent and top two mantissa bits picking i (1 to 22; 23: erf is 1 past _RBOUND)
_MINIMAX = [np.array(row, np.uint32).view(np.float32) for row in (
    (0xA6F2CB94, 0x32827792, 0x3381CC0C, 0x34523D4A, 0x351AC44D, 0x35F36D88, 0x36EE8229,
     0x37B8A3BB, 0x3867A213, 0x3940033B, 0x3A2A5A1D, 0x3AE35863, 0x3B7828F2, 0x3C08B14B,
     0x3C515ED3, 0xBB503236, 0xBD8D8E5E, 0xBE8ABCD9, 0xBF0C19A2, 0xBECCB328, 0x3E176CED,
     0x3F470D99, 0x3F7ABB28, 0x3F800000, 0),
    (0x3F4C422A, 0x3F4C421F, 0x3F4C4207, 0x3F4C41CB, 0x3F4C413B, 0x3F4C3FAD, 0x3F4C3A2F,
     0x3F4C2D40, 0x3F4C146A, 0x3F4BC341, 0x3F4AD08C, 0x3F48F8CF, 0x3F45FAC7, 0x3F404E07,
     0x3F3B980F, 0x3F48DFF3, 0x3F78B21B, 0x3FBB0704, 0x40019C32, 0x3FE536D6, 0x3F81331E,
     0x3E6C8684, 0x3C98F936, 0, 0x3F800000),
    (0xB62173F4, 0x3735E4CF, 0x37F2FF89, 0x388C23BE, 0x3917535C, 0x39AB2AB0, 0x3A60FADB,
     0x3AF9B960, 0x3B6E5491, 0x3C0A4EC5, 0x3CA5AA8C, 0x3D2138D9, 0x3D8737D4, 0x3DDFB660,
     0x3E0F27AB, 0x3D94004B, 0xBE0EFDEB, 0xBF1D96C3, 0xBF89DB58, 0xBF6D9897, 0xBEF69FB8,
     0xBDC4F8A8, 0xBBDE6422, 0, 0),
    (0xBE081A19, 0xBE084570, 0xBE08639B, 0xBE089837, 0xBE08F409, 0xBE09AB95, 0xBE0B66D0,
     0xBE0E400A, 0xBE124DF8, 0xBE1BDE02, 0xBE2F19C9, 0xBE4931BF, 0xBE685FBC, 0xBE89C95F,
     0xBE96CBCA, 0xBE8044AA, 0xBE0550F2, 0x3DCFD6A1, 0x3E94C826, 0x3E79345F, 0x3DECEC91,
     0x3CA46568, 0x3AA1E00A, 0, 0),
    (0xBA3D61DB, 0x39F097A3, 0x3A5845DC, 0x3AB1FA35, 0x3B0CEFB8, 0x3B653AB6, 0x3BCAE527,
     0x3C221712, 0x3C6C5840, 0x3CC0A703, 0x3D1DCC19, 0x3D63656D, 0x3D955907, 0x3DBF9910,
     0x3DD53F69, 0x3DB7DCEF, 0x3D639EBE, 0xBA6EDE48, 0xBD22BE69, 0xBD041CF1, 0xBC64F5AB,
     0xBB097A32, 0xB8EBF380, 0, 0),
    (0x3CB7D80C, 0x3C9B6050, 0x3C978D11, 0x3C92E850, 0x3C8D058B, 0x3C848454, 0x3C6CD623,
     0x3C4C824B, 0x3C2A7935, 0x3BE0B390, 0x3B0651AC, 0xBB232F53, 0xBBD42FA0, 0xBC2C5366,
     0xBC492C9E, 0xBC2A7AA6, 0xBBD55D04, 0xBA823A76, 0x3B102AA8, 0x3AE25A7E, 0x3A31F792,
     0x38B84375, 0x3689BB5A, 0, 0))]
_INDEX_BIAS = np.int64(-0x3DE00001)  # (0xC21FFFFF as int32, added before a shift by 21)
_RBOUND = _f32(0x40B15CEE)  # (about 5.54: beyond it erf(|x| / sqrt 2) is 1 in float32)


def _minimax_gelu(x):
    """oneDNN's AVX-512 erf-GELU of float32 ``x``: ``p = P_i(|x|)`` (Horner, fused), given
    x's sign, then ``(x * (1 + p)) * 0.5``; the polynomial's index from |x|'s bits plus a
    bias, shifted right by 21 (int32, wrapping), clamped to 1 .. 24, 23 past ``_RBOUND``.
    An infinity's polynomial is 0 * inf: x86's default NaN (sign set), given x's sign."""
    magnitude = np.abs(x)
    bits = magnitude.view(np.int32).astype(np.int64) + _INDEX_BIAS
    bits = (bits + 2 ** 31) % 2 ** 32 - 2 ** 31  # (the int32 addition wraps)
    index = np.clip(bits >> 21, 1, 24)
    index[magnitude > _RBOUND] = 23
    with np.errstate(all="ignore"):
        p = _MINIMAX[5][index]
        for degree in (4, 3, 2, 1, 0):
            p = fma32(p, magnitude, _MINIMAX[degree][index])
        p = np.where(np.signbit(x), -p, p).astype(np.float32)
        out = (x * (p + _ONE)) * _HALF
    infinite = np.isinf(x)
    if infinite.any():
        out[infinite] = np.where(np.signbit(x[infinite]), np.float32(np.nan),
                                 np.float32(-np.nan))
    return out


_NEGATIVE_NAN = np.float32(-np.nan)


def gelu_of_infinities(x, out):
    """On an AVX-512 CPU PyTorch's CPU gelu (approximate='none') hands a contiguous float32
    or bfloat16 input of more than one element to oneDNN, whose erf-gelu there makes NaN of
    both infinities: +inf gives a NaN with its sign bit set, -inf one without. Its own
    kernel (float64, float16, one element, a strided view, or torch.backends.mkldnn.enabled
    off) computes x * cdf(x) like nn.py's formula: +inf stays inf and -inf gives NaN. (On
    an AVX2 CPU, float32 goes to oneDNN's AVX2 kernel, ``onednn_gelu``; bfloat16 to
    PyTorch's own.)"""
    in_onednn = x.dtype == np.float32 or x.dtype.kind == "V"  # (kind "V": bfloat16)
    if not (in_onednn and x.size > 1 and x.flags.c_contiguous and mkldnn.enabled
            and onednn_isa() == AVX512_CORE):
        return out
    out = np.where(x == np.inf, _NEGATIVE_NAN, out)
    return np.where(x == -np.inf, np.float32(np.nan), out).astype(out.dtype, copy=False)
