"""PyTorch's AVX2 float32 ``logaddexp`` kernel, bit for bit: ``max(a, b) + log1p(exp(-|a -
b|))`` with SLEEF's expf and log1pf in the vector loop and glibc's on the elements it leaves
to the scalar lambda (kernel_vec.py), ``a`` where both are the same infinity (NumPy's
``logaddexp`` rounds differently on ~7% of random values). Other inputs, and NaN results,
keep NumPy's."""
import numpy as np

from . import sleef
from .kernel_vec import applies, compute, libm


def _vector(a, b):
    return np.maximum(a, b) + sleef.log1pf(sleef.expf(-np.abs(a - b)))


def _scalar(a, b):
    return np.maximum(a, b) + libm("log1pf", libm("expf", -np.abs(a - b)))


def logaddexp(x, y):
    """``logaddexp`` of two arrays (NumPy's unless both are float32, C-contiguous, of one
    shape, on an AVX2 machine)."""
    if not (applies(x) and type(y) is np.ndarray and applies(y) and x.shape == y.shape):
        return np.logaddexp(x, y)
    with np.errstate(all="ignore"):
        out = compute(x, _vector, _scalar, y.reshape(-1))
        special = ~np.isfinite(out) | ((x == y) & np.isinf(x))
        if special.any():  # (same infinities: a; NaNs: NumPy's)
            out = np.where(special, np.logaddexp(x, y), out)
    return out
