"""The exponentials of PyTorch's CPU flash attention kernel (AVX2 and AVX-512 builds: the
same steps), bit for bit, on float32 NumPy arrays.

The forward's softmax (``_exp_reduce_sum_fusion_kernel``) takes ``Vectorized<float>::
exp_u20`` over each row's whole vectors (8 or 16 floats): a degree-5 polynomial of FMAs in
the reduced argument, scaled by a power of two built from the exponent bits; the row's
last ``n % 8`` (``n % 16``) elements go through a scalar ``exp`` that rounds like the double
``exp`` rounded to float (measured against PyTorch 2.13: not glibc's ``expf``). The
backward recomputes the probabilities with ``Vectorized<float>::exp`` (SLEEF's
``expf8_u10`` / ``expf16_u10``, sleef.py), its partial last vector included.

Each FMA is computed in float64 (the product of two floats is exact there) and rounded to
float32; that rounds twice only where the double lands on a float32 midpoint, which
``_round`` finds (the bits below float32's) and redoes with fused.fma32."""
import numpy as np

from . import libm
from .fused import _BEYOND_FLOAT32, _FLOAT32_MIDPOINT, fma32

_F32, _F64 = np.float32, np.float64


def _bits(value):
    return np.array(value, np.uint32).view(_F32)[()]


_LN_FLT_MIN = _bits(0xC2AEAC50)  # (below it the result is 0)
_LN_FLT_MAX = _bits(0x42B17218)
_LOG2E = _F64(_bits(0x3FB8AA3B))
_LN2 = _F64(_bits(0x3F317218))
_POLY = tuple(_F64(_F32(c)) for c in (0.00828929059, 0.0418978221, 0.166676521, 0.499991506,
                                      0.999999701, 1.0))
BLOCK = 1 << 15  # (elements at a time: the float64 temporaries stay in cache)


def _round(t, a, b, c):
    """``t`` (the float64 ``a * b + c``) rounded to float32 as one FMA rounds it."""
    out = t.astype(_F32)
    bits = t.view(np.uint64)
    suspect = np.bitwise_and(bits, _BEYOND_FLOAT32) == _FLOAT32_MIDPOINT
    if suspect.any():
        size = t.shape
        out[suspect] = fma32(np.broadcast_to(a, size)[suspect], np.broadcast_to(b, size)[suspect],
                             np.broadcast_to(c, size)[suspect])
    return out


def _exp_u20_block(x):
    src = np.minimum(x, _LN_FLT_MAX)
    src[x != x] = _LN_FLT_MAX  # (AVX's min returns its second operand for a NaN)
    np.maximum(src, _LN_FLT_MIN, out=src)
    s64 = src.astype(_F64)
    t = s64 * _LOG2E
    t += 0.5
    fx = np.floor(_round(t, src, _F32(_LOG2E), _F32(0.5)))
    # x - fx * ln2: fx has 8 bits and ln2 24, the difference is exact in float64
    t = fx.astype(_F64)
    t *= -_LN2
    t += s64
    p = t.astype(_F32)
    p64 = p.astype(_F64)
    t = p64 * _POLY[0]
    t += _POLY[1]
    r = _round(t, p, _F32(_POLY[0]), _F32(_POLY[1]))
    for c in _POLY[2:]:
        t = r.astype(_F64)
        t *= p64
        t += c
        r = _round(t, p, r, _F32(c))
    # 2^(fx - 1) from the exponent bits (0 below ln(FLT_MIN)), then times 2
    scale = ((fx.astype(np.int32) + 126) << 23).view(_F32)
    scale[x < _LN_FLT_MIN] = 0
    r *= scale
    r *= _F32(2)
    return r


def exp_u20(x):
    """``Vectorized<float>::exp_u20`` of each element of the float32 array ``x``."""
    flat = x.reshape(-1)
    if flat.size <= BLOCK:
        with np.errstate(all="ignore"):
            return _exp_u20_block(flat).reshape(x.shape)
    out = np.empty(flat.size, _F32)
    with np.errstate(all="ignore"):
        for start in range(0, flat.size, BLOCK):
            out[start:start + BLOCK] = _exp_u20_block(flat[start:start + BLOCK])
    return out.reshape(x.shape)


def glibc_exp(x):
    """glibc's double ``exp`` of the float64 array ``x`` (libm.py: NumPy's is glibc's only
    where NumPy does not dispatch it to its own SIMD code, which it does on AVX-512
    machines)."""
    return libm.exp(x)


def scalar_exp(x):
    """The kernel's scalar-tail ``exp`` of float32 ``x``: the double exp rounded to float."""
    with np.errstate(all="ignore"):
        return glibc_exp(x.astype(_F64)).astype(_F32)
