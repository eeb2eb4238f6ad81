"""Which of PyTorch's float32 softmax kernels (AVX2 or AVX-512 build) a call takes, by dim:
the last dim's (softmax_lastdim, per row) or another's (softmax_inner, per column of the
trailing dims), as ATen picks them (``dim == ndim - 1``, whatever the trailing sizes)."""
import numpy as np

from .._parallel import get_num_threads
from . import softmax_inner
from .softmax_lastdim import (
    log_softmax_grad_rows,
    log_softmax_rows,
    softmax_grad_rows,
    softmax_rows,
)


def three_dims(shape, dim):
    outer = int(np.prod(shape[:dim], dtype=np.int64))
    inner = int(np.prod(shape[dim + 1:], dtype=np.int64))
    return outer, shape[dim], inner


def forward(x, dim, log):
    """softmax (log_softmax with ``log``) of the C-contiguous, non-empty float32 ``x`` along
    ``dim``, or None where a max is not finite (NaN and inf rules: the caller's)."""
    if dim == x.ndim - 1:
        return (log_softmax_rows if log else softmax_rows)(x)
    x3 = x.reshape(three_dims(x.shape, dim))
    out = softmax_inner.log_softmax(x3) if log else softmax_inner.softmax(x3, get_num_threads())
    return None if out is None else out.reshape(x.shape)


def backward(g, y, dim, log):
    """The input's gradient from the output's ``g`` and the output ``y`` (float32, one shape,
    non-empty), or None (log_softmax: an output above 0, NaN, or a sum not finite). PyTorch
    makes the gradient contiguous first (an expanded ``y.sum()`` gradient too)."""
    g, y = np.ascontiguousarray(g), np.ascontiguousarray(y)
    if dim == y.ndim - 1:
        return (log_softmax_grad_rows if log else softmax_grad_rows)(g, y)
    shape = three_dims(y.shape, dim)
    g3, y3 = g.reshape(shape), y.reshape(shape)
    out = softmax_inner.log_softmax_grad(g3, y3) if log else softmax_inner.softmax_grad(g3, y3)
    return None if out is None else out.reshape(y.shape)
