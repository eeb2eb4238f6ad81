"""PyTorch's float32 and float64 ``logaddexp`` kernels (AVX2 and AVX-512 builds), bit for bit:
``max(a, b) + log1p(exp(-|a - b|))`` with SLEEF's exp and log1p in the vector loop and
glibc's on the elements it leaves to the scalar lambda (kernel_vec.py, sleef_double.py),
``a`` where both are the same infinity, NaNs as those functions pass them on (NumPy's
``logaddexp`` rounds differently on ~7% of random values). Other inputs keep NumPy's."""
import numpy as np

from . import libm as c_math
from . import sleef, sleef_double
from .kernel_vec import applies, compute, libm

# (sign and quiet bits, as a signed integer of each float's width)
_NEGATIVE_QUIET = {4: np.int32(-0x400000), 8: np.int64(-0x7FF8000000000000)}


def _log1p_operand_nan(a, b, nan):
    """-|a - b| where a or b is NaN: the first NaN operand's, quiet, its sign set (the sum
    with max(a, b) takes log1p's NaN, the NaN of this where log1p gives its input's back)."""
    first = np.where(a != a, a, b)[nan]
    mask = _NEGATIVE_QUIET[first.itemsize]
    return (first.view(mask.dtype) | mask).view(first.dtype)


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
    """``logaddexp`` of two arrays: float32 ones, C-contiguous once broadcast, on an AVX2 or
    AVX-512 machine as PyTorch's kernel; others NumPy's, with PyTorch's NaNs."""
    if type(y) is np.ndarray and x.dtype == y.dtype and x.dtype in _MODELLED \
            and x.shape != y.shape:
        try:  # (PyTorch's loop computes a broadcast operand's elements as a copy's)
            shape = np.broadcast_shapes(x.shape, y.shape)
        except ValueError:
            return np.logaddexp(x, y)  # (NumPy's error, which the op turns into PyTorch's)
        x, y = (np.broadcast_to(v, shape).copy() for v in (x, y))
    order = _memory_order(x, y)
    if order is not None:  # (one permuted layout: PyTorch's loop walks it in memory order)
        return logaddexp(x.transpose(order), y.transpose(order)).transpose(np.argsort(order))
    if type(y) is np.ndarray and x.dtype == np.float64 == y.dtype and x.shape == y.shape \
            and x.size and x.flags.c_contiguous and y.flags.c_contiguous \
            and sleef_double.applies(x):
        return _logaddexp64(x, y)
    if not (applies(x) and type(y) is np.ndarray and applies(y) and x.shape == y.shape):
        return _signed_nans(np.logaddexp(x, y), x, y)
    with np.errstate(all="ignore"):
        out = compute(x, _vector, _scalar, y.reshape(-1))
        special = (x == y) & np.isinf(x)
        if special.any():  # (same infinities: a)
            out = np.where(special, x, out)
    return out


_MODELLED = (np.dtype(np.float32), np.dtype(np.float64))


def _logaddexp64(x, y):
    """float64 ``logaddexp`` of C-contiguous arrays of one shape: SLEEF's double exp and
    log1p on the vector steps (a NaN operand: log1p's NaN, no sign), C's on each chunk's
    tail (the NaN of -|a - b|, its sign set)."""
    with np.errstate(all="ignore"):
        out = np.maximum(x, y) + sleef_double.log1p(sleef_double.exp(-np.abs(x - y)))
        flat, a, b = out.reshape(-1), x.reshape(-1), y.reshape(-1)
        flat[np.isnan(a) | np.isnan(b)] = np.nan  # (the vector sum takes log1p's NaN)
        tail = sleef_double.scalar_positions(flat.size)
        if tail.size:
            ta, tb = a[tail], b[tail]
            flat[tail] = np.maximum(ta, tb) + c_math.log1p(c_math.exp(-np.abs(ta - tb)))
            nan = np.isnan(ta) | np.isnan(tb)
            if nan.any():
                flat[tail[nan]] = _log1p_operand_nan(ta, tb, nan)
        special = (x == y) & np.isinf(x)
        if special.any():  # (same infinities: a)
            out = np.where(special, x, out)
    return out


def _memory_order(x, y):
    """The dims of float32 or float64 ``x`` and ``y``, permuted alike and dense, in memory
    order (the permutation making both C-contiguous), or None."""
    if type(y) is not np.ndarray or x.dtype not in _MODELLED or y.dtype != x.dtype \
            or x.shape != y.shape or x.strides != y.strides or x.flags.c_contiguous:
        return None
    order = sorted(range(x.ndim), key=lambda d: -x.strides[d])
    return order if x.transpose(order).flags.c_contiguous else None


def _signed_nans(out, x, y):
    """NumPy's float32 ``out`` with a NaN operand's NaN, its sign set, where PyTorch's formula
    passes it through ``-|a - b|`` into log1p (NumPy keeps the operand's sign). float64's
    vector loop (SLEEF's double log1p) gives a NaN without sign: left as NumPy's."""
    if out.dtype != np.float32:
        return out
    nan = np.isnan(x) | np.isnan(y)
    if np.any(nan):
        out = np.asarray(out)  # (a 0-d result: NumPy's scalar)
        out[nan] = _log1p_operand_nan(x, y, nan)
    return out
