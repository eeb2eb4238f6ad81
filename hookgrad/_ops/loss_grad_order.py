"""mse_loss's, smooth_l1_loss's and huber_loss's gradients rounded as PyTorch's CPU kernels
(mse_backward / smooth_l1_backward / huber_backward in PointwiseOpsKernel.cpp) round them:
a norm (2 / numel, 1 / numel for a mean, else 2 or 1, rounded to the dtype) times the slope,
then times the incoming gradient -- not the slope times a pre-scaled gradient. smooth_l1's
and huber's element loops (past the last whole block of two vectors) order their products
otherwise -- ``norm * d * g / beta`` inside, ``norm * g * delta`` outside -- and take beta
and delta as the double they are passed as (the vectors take them in the dtype)."""
import numpy as np

from .._tensor_base import _make
from ..backends.cpu import vector_bytes

_GRAIN = 32768  # (above it PyTorch splits the loop between threads: each its own tail)
_BLOCK_BYTES = 2 * vector_bytes("loss_backward")  # (two vectors a step)


def _norm(dtype, reduction, count, twice=False):
    value = np.float64(2.0 if twice else 1.0)
    if reduction == "mean":
        with np.errstate(divide="ignore"):  # (C++'s 1. / 0: inf, for an empty input)
            value = value / np.float64(count)
    return dtype.type(value)


def _times(a, b):
    """``a * b``, into ``a`` (a fresh array) where the product has its shape and dtype."""
    if (isinstance(a, np.ndarray) and np.result_type(a, b) == a.dtype
            and np.broadcast_shapes(a.shape, np.shape(b)) == a.shape):
        return np.multiply(a, b, out=a)
    return np.asarray(a * b)


def _difference(input, target):
    return np.asarray(np.subtract(input._data, target._data))


def _scalar_tail(x, t, g):
    """The flat positions PyTorch's element loop computes (None: none, or not modelled): past
    the whole blocks of two vectors, where the operands are dense C-ordered blocks of one
    shape (the incoming gradient may be one broadcast value) on one thread."""
    size = x.size
    start = size - size % (_BLOCK_BYTES // x.itemsize)
    if start == size or size > _GRAIN or t.shape != x.shape or x.dtype.kind != "f":
        return None
    if not (x.flags.c_contiguous and t.flags.c_contiguous):
        return None
    if not (g.ndim == 0 or (g.shape == x.shape and g.flags.c_contiguous)):
        return None
    return slice(start, size)


def mse_grad(grad, input, target, reduction, count):
    d = _difference(input, target)
    out = _times(_times(d, _norm(d.dtype, reduction, count, twice=True)), grad._data)
    return (_make(out),)


def smooth_l1_grad(grad, input, target, reduction, count, beta):
    d = _difference(input, target)
    norm, g = _norm(d.dtype, reduction, count), grad._data
    slope = np.divide(d, d.dtype.type(beta), out=d) if d.ndim else d / d.dtype.type(beta)
    slope = np.asarray(np.clip(slope, -1, 1, out=slope if slope.ndim else None))
    out = _times(_times(slope, norm), g)
    tail = _scalar_tail(input._data, target._data, g)
    if tail is not None:  # (C++'s double beta there: compared and divided in double; the
        # same value as the vectors' outside)
        dt, gt, wide = _tail_operands(input, target, g, tail)
        inside = (((norm * dt) * gt).astype(np.float64) / beta).astype(d.dtype)
        np.copyto(out.reshape(-1)[tail], inside, where=np.abs(wide) < beta)
    return (_make(out),)


def huber_grad(grad, input, target, reduction, count, delta):
    d = _difference(input, target)
    norm, g = _norm(d.dtype, reduction, count), grad._data
    clipped = np.asarray(np.clip(d, -delta, delta, out=d if d.ndim else None))
    out = _times(_times(clipped, norm), g)
    tail = _scalar_tail(input._data, target._data, g)
    if tail is not None:  # (C++'s double delta there: compared and multiplied in double)
        dt, gt, wide = _tail_operands(input, target, g, tail)
        edge = ((norm * gt).astype(np.float64) * delta).astype(d.dtype)
        signed = np.where(dt < 0, -edge, edge)  # (-norm * g * delta rounds as its negation)
        out.reshape(-1)[tail] = np.where(np.abs(wide) >= delta, signed, (norm * dt) * gt)
    return (_make(out),)


def _tail_operands(input, target, g, tail):
    """The element loop's differences, gradients and the differences in double."""
    dt = input._data.reshape(-1)[tail] - target._data.reshape(-1)[tail]
    return dt, (g if g.ndim == 0 else g.reshape(-1)[tail]), dt.astype(np.float64)
