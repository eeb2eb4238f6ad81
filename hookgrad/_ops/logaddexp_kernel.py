"""PyTorch's AVX2 float32 ``logaddexp`` kernel, bit for bit: ``max(a, b) + log1p(exp(-|a -
b|))`` with SLEEF's expf and log1pf in the vector loop and glibc's on the elements it leaves
to the scalar lambda (kernel_vec.py), ``a`` where both are the same infinity (NumPy's
``logaddexp`` rounds differently on ~7% of random values). Other inputs, and the scalar
lambda's NaN results, keep NumPy's."""
import numpy as np

from . import sleef
from .kernel_vec import applies, compute, libm

_SIGN = np.int32(-0x80000000)


def _vector(a, b):
    out = np.maximum(a, b) + sleef.log1pf(sleef.expf(-np.abs(a - b)))
    nan = (a != a) | (b != b)
    if nan.any():  # (the sum takes log1pf's NaN: of -|a - b|, the first NaN operand's, sign
        # set, on AVX-512; the default NaN on AVX2)
        first = np.where(a != a, a, b)[nan]
        out[nan] = sleef.log1pf((first.view(np.int32) | _SIGN).view(np.float32))
    return out


def _scalar(a, b):
    out = np.maximum(a, b) + libm("log1pf", libm("expf", -np.abs(a - b)))
    nan = out != out
    if nan.any():
        out[nan] = np.logaddexp(a[nan], b[nan])
    return out


def logaddexp(x, y):
    """``logaddexp`` of two arrays (NumPy's unless both are float32, C-contiguous, of one
    shape, on an AVX2 or AVX-512 machine)."""
    if not (applies(x) and type(y) is np.ndarray and applies(y) and x.shape == y.shape):
        return np.logaddexp(x, y)
    with np.errstate(all="ignore"):
        out = compute(x, _vector, _scalar, y.reshape(-1))
        special = (x == y) & np.isinf(x)
        if special.any():  # (same infinities: a)
            out = np.where(special, x, out)
    return out
