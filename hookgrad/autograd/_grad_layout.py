"""The layout of a leaf's first ``.grad`` when the leaf is not C-contiguous, by PyTorch's
layout contract for AccumulateGrad: the gradient of a leaf whose memory is dense (no gaps,
no overlaps: a permuted or transposed tensor) takes the leaf's strides; that of any other
leaf (a slice with gaps, an expanded tensor) is contiguous. A C-contiguous leaf's gradient is
C-contiguous already (the engine's common path, which never comes here)."""
import numpy as np

from .._tensor_base import _make


def _dense(array):
    """Whether the elements of ``array`` fill their memory without gaps or overlaps."""
    step = array.itemsize
    for stride, size in sorted((abs(st), sz) for st, sz in zip(array.strides, array.shape)
                               if sz != 1):
        if stride != step:
            return False
        step *= size
    return True


def first_grad(variable, grad, recording):
    """A new ``.grad`` for ``variable`` (not C-contiguous) holding ``grad``'s values, laid out
    by the contract; under create_graph / grad mode written by ``copy_`` (``CopyBackwards``
    when the gradient has history), as every first ``.grad`` then is."""
    data = variable._data
    if data.size and _dense(data):
        out = np.empty_like(data, dtype=grad._data.dtype)  # (order "K": the leaf's strides)
    else:
        out = np.empty(data.shape, grad._data.dtype)
    if recording:
        return _make(out).copy_(grad)
    out[...] = grad._data
    return _make(out)
