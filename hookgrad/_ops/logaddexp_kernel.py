"""PyTorch's float32 ``logaddexp`` kernel (AVX2 and AVX-512 builds), bit for bit: ``max(a, b)
+ log1p(exp(-|a - b|))`` with SLEEF's expf and log1pf in the vector loop and glibc's on the
elements it leaves to the scalar lambda (kernel_vec.py), ``a`` where both are the same
infinity, NaNs as those functions pass them on (NumPy's ``logaddexp`` rounds differently on
~7% of random values). Other inputs keep NumPy's."""
import numpy as np

from . import sleef
from .kernel_vec import applies, compute, libm

_NEGATIVE_QUIET = np.int32(-0x400000)  # (sign and quiet bits)


def _log1p_operand_nan(a, b, nan):
    """-|a - b| where a or b is NaN: the first NaN operand's, quiet, its sign set (the sum
    with max(a, b) takes log1p's NaN, the NaN of this where log1p gives its input's back)."""
    first = np.where(a != a, a, b)[nan]
    return (first.view(np.int32) | _NEGATIVE_QUIET).view(np.float32)


def _vector(a, b):
    out = np.maximum(a, b) + sleef.log1pf(sleef.expf(-np.abs(a - b)))
    nan = (a != a) | (b != b)
    if nan.any():  # (SLEEF's AVX2 log1pf: the default NaN; its AVX-512 one: the operand's)
        out[nan] = sleef.log1pf(_log1p_operand_nan(a, b, nan))
    return out


def _scalar(a, b):
    out = np.maximum(a, b) + libm("log1pf", libm("expf", -np.abs(a - b)))
    nan = (a != a) | (b != b)
    if nan.any():  # (glibc's log1pf and expf give a NaN input back)
        out[nan] = _log1p_operand_nan(a, b, nan)
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
