"""Copies and casts: clone, ``to(dtype)``, and the out-of-place forms of ``copy_`` and
``fill_`` (``Tensor._inplace`` records them in place)."""
import numpy as np

from .. import _dtype
from .._tensor_base import TensorBase, _make
from .op import Op, broadcast_error


class CloneBackward0(Op):
    def forward(self, a):
        return np.array(a._data, copy=True, order="C")

    def backward(self, grad):
        return grad


class ToCopyBackward0(Op):
    def forward(self, a, dtype):
        return a._data.astype(dtype.np_dtype)

    def backward(self, grad):
        return grad  # the engine casts back to the input's dtype


class CopyBackwards(Op):
    """``self.copy_(src)`` as an out-of-place op: the result is ``src`` in self's shape/dtype."""

    arity = 2

    def forward(self, a, src):
        out = np.empty_like(a._data)
        if isinstance(src, TensorBase):
            src = src._data
            if src.shape != out.shape:
                _check_broadcasts_to(src.shape, out.shape)
        np.copyto(out, src, casting="unsafe")
        return out

    def backward(self, grad):
        # the overwritten self gets zeros (not grad * 0: NaN for an infinite gradient)
        return _make(np.zeros(self._in_meta[0][0], grad._data.dtype)), grad


def _check_broadcasts_to(shape, target):
    """PyTorch's errors where ``copy_`` cannot broadcast a source of ``shape`` to ``target``."""
    try:
        broadcast = np.broadcast_shapes(target, shape)
    except ValueError:
        raise broadcast_error([target, shape]) from None
    if broadcast != target:
        raise RuntimeError(f"output with shape {list(target)} doesn't match the broadcast shape "
                           f"{list(broadcast)}")


class FillBackward0(Op):
    def forward(self, a, value):
        if isinstance(value, TensorBase):
            if value._data.ndim:
                raise RuntimeError("fill_ only supports 0-dimension value tensor but got tensor "
                                   f"with {value._data.ndim} dimensions.")
            value = value.item()
        return np.full_like(a._data, value)

    def backward(self, grad):  # zeros, not grad * 0
        return _make(np.zeros(self._in_meta[0][0], grad._data.dtype))


def to_dtype(a, dtype):
    if dtype.category != _dtype.FLOAT:
        return _make(a._data.astype(dtype.np_dtype))  # integer results carry no gradient
    return ToCopyBackward0.apply(a, dtype)


def clone(input, *, memory_format=None):
    """The copy is always contiguous (the only layout here), whatever ``memory_format``."""
    return CloneBackward0.apply(input)


def copy(input, other):
    """``input.copy_(other)`` before it is written back (see ``inplace.in_place``). An integer
    or bool destination holds no gradient, so nothing is recorded (PyTorch's rule)."""
    if input._data.dtype.kind != "f" and isinstance(other, TensorBase):
        other = other.detach()
    return CopyBackwards.apply(input, other)


def fill(input, value):
    """``input.fill_(value)`` before it is written back."""
    return FillBackward0.apply(input, value)
