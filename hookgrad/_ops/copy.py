"""Copies and casts: clone, ``to(dtype)``, and the out-of-place forms of ``copy_`` and
``fill_`` (``Tensor._inplace`` records them in place)."""
import numpy as np

from .. import _dtype
from .._tensor_base import TensorBase, _make
from .op import Op


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
        np.copyto(out, src._data if isinstance(src, TensorBase) else src, casting="unsafe")
        return out

    def backward(self, grad):
        return grad * 0, grad


class FillBackward0(Op):
    def forward(self, a, value):
        if isinstance(value, TensorBase):
            if value._data.ndim:
                raise RuntimeError("fill_ only supports 0-dimension value tensor but got tensor "
                                   f"with {value._data.ndim} dimensions.")
            value = value.item()
        return np.full_like(a._data, value)

    def backward(self, grad):
        return grad * 0


def to_dtype(a, dtype):
    if dtype.category != _dtype.FLOAT:
        return _make(a._data.astype(dtype.np_dtype))  # integer results carry no gradient
    return ToCopyBackward0.apply(a, dtype)


def clone(input, *, memory_format=None):
    """The copy is always contiguous (the only layout here), whatever ``memory_format``."""
    return CloneBackward0.apply(input)


def copy(input, other):
    """``input.copy_(other)`` before it is written back (see ``inplace.in_place``)."""
    return CopyBackwards.apply(input, other)


def fill(input, value):
    """``input.fill_(value)`` before it is written back."""
    return FillBackward0.apply(input, value)
