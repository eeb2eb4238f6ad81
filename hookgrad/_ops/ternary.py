"""Pointwise ops of three tensors: lerp, addcmul and addcdiv, with PyTorch's node names."""
import numpy as np

from .._tensor_base import TensorBase
from .op import Op, operands, refuse_out


def _lerp(x, y, w):
    """PyTorch's two-sided formula: from ``start`` for small weights, from ``end`` for large
    ones (the same numbers, rounded as PyTorch rounds them)."""
    diff = y - x
    return np.where(np.abs(w) < 0.5, x + w * diff, y - diff * (1 - w)).astype(diff.dtype,
                                                                             copy=False)


class LerpBackward0(Op):
    """``start + weight * (end - start)`` with a number ``weight``."""

    arity = 2

    def forward(self, start, end, weight):
        self.weight = weight
        x, y = operands(start, end)
        return _lerp(x, y, weight)

    def backward(self, grad):
        w = self.weight
        return (grad * (1 - w) if self.needs(0) else None,
                grad * w if self.needs(1) else None)


class LerpBackward1(Op):
    """``lerp`` with a tensor ``weight``."""

    saved_names = ('self', 'end', 'weight')
    arity = 3

    def forward(self, start, end, weight):
        self.save(start, end, weight)
        x, y = operands(start, end)
        return _lerp(x, y, weight._data)

    def backward(self, grad):
        start, end, weight = self.saved()
        return (grad * (1 - weight) if self.needs(0) else None,
                grad * weight if self.needs(1) else None,
                grad * (end - start) if self.needs(2) else None)


class AddcmulBackward0(Op):
    """``input + value * tensor1 * tensor2``."""

    saved_names = ('tensor1', 'tensor2')
    arity = 3

    def forward(self, a, t1, t2, value):
        self.value = value
        self.save(t1, t2)
        return a._data + value * (t1._data * t2._data)

    def backward(self, grad):
        t1, t2 = self.saved()
        v = self.value
        return (grad if self.needs(0) else None,
                grad * t2 * v if self.needs(1) else None,
                grad * t1 * v if self.needs(2) else None)


class AddcdivBackward0(Op):
    """``input + value * tensor1 / tensor2``."""

    saved_names = ('tensor1', 'tensor2')
    arity = 3

    def forward(self, a, t1, t2, value):
        self.value = value
        self.save(t1, t2)
        return a._data + value * (t1._data / t2._data)

    def backward(self, grad):
        t1, t2 = self.saved()
        v = self.value
        return (grad if self.needs(0) else None,
                grad * v / t2 if self.needs(1) else None,
                -grad * v * t1 / (t2 * t2) if self.needs(2) else None)


def lerp(input, end, weight, *, out=None):
    if out is not None:
        refuse_out("lerp")
    if isinstance(weight, TensorBase):
        return LerpBackward1.apply(input, end, weight)
    return LerpBackward0.apply(input, end, weight)


def addcmul(input, tensor1, tensor2, *, value=1, out=None):
    if out is not None:
        refuse_out("addcmul")
    return AddcmulBackward0.apply(input, tensor1, tensor2, value)


def addcdiv(input, tensor1, tensor2, *, value=1, out=None):
    if out is not None:
        refuse_out("addcdiv")
    return AddcdivBackward0.apply(input, tensor1, tensor2, value)
