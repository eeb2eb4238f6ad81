"""The triangles of a (batch of) matrices: tril and triu, with PyTorch's node names."""
import numpy as np

from .inplace import ALLOW_OVERLAP, apply_inplace
from .op import Op, refuse_out


class TrilBackward0(Op):
    supports_complex = True  # (moves elements; so does its backward)
    keep = staticmethod(np.tril)

    def forward(self, a, diagonal):
        x = a._data
        if x.ndim < 2:
            raise RuntimeError(f"{type(self).op_name()}: input tensor must have at least 2 "
                               "dimensions")
        self.diagonal = diagonal
        # (a new contiguous tensor, as PyTorch's, also from a transposed input)
        return np.ascontiguousarray(self.keep(x, diagonal))

    def backward(self, grad):
        return type(self).apply(grad, self.diagonal)


class TriuBackward0(TrilBackward0):
    keep = staticmethod(np.triu)


def tril(input, diagonal=0, *, out=None):
    return TrilBackward0.apply(input, diagonal) if out is None else refuse_out("tril")


def triu(input, diagonal=0, *, out=None):
    return TriuBackward0.apply(input, diagonal) if out is None else refuse_out("triu")


def _writes_in_place(data):
    """Whether PyTorch's kernel zeroes ``tril_``/``triu_``'s elements in the tensor's own
    memory, shared elements and all (memory written by several elements is then zeroed if
    any of them lies outside the triangle): up to 3 dims always, beyond that when the batch
    dims are laid out one matrix after another (the first may be expanded). Otherwise it
    works on a contiguous copy, and the copy back refuses shared memory."""
    if data.ndim <= 3:
        return True
    expected = data.shape[-1] * data.shape[-2] * data.itemsize
    for i in range(data.ndim - 3, -1, -1):
        if i == 0 and (data.strides[0] == 0 or data.shape[0] == 1):
            continue
        if data.strides[i] != expected:
            return False
        expected *= data.shape[i]
    return True


def _in_place(function):
    def method(self, diagonal=0):
        overlap = ALLOW_OVERLAP if _writes_in_place(self._data) else None
        return apply_inplace(self, function, (diagonal,), {}, overlap)
    method.__name__ = function.__name__ + "_"
    method.__qualname__ = "Tensor." + method.__name__
    return method


tril_, triu_ = _in_place(tril), _in_place(triu)
