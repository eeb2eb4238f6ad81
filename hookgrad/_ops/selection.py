"""clamp, maximum, minimum and where: each output element is taken from one input, and the
gradient goes back to the input it was taken from (ties split evenly)."""
import numpy as np

from .. import _dtype
from .._tensor_base import TensorBase, _make, tensor_argument
from .arithmetic import _scalar_or_saved
from .op import BinaryOp, Op, broadcast_error, operands, refuse_out


class ClampBackward1(Op):
    """Clamp to scalar bounds."""

    saved_names = ('self',)

    def forward(self, a, low, high):
        self.save(a)
        self.low, self.high = low, high
        target = _bounds_dtype(a, low, high)
        return np.clip(a._data.astype(target, copy=False), low, high).astype(target, copy=False)

    def backward(self, grad):
        (a,) = self.saved()
        mask = None
        if self.low is not None:
            mask = a >= self.low
        if self.high is not None:
            upper = a <= self.high
            mask = upper if mask is None else mask & upper
        return grad * mask


class ClampBackward0(Op):
    """Clamp to tensor bounds."""

    saved_names = ('self', 'min', 'max')
    arity = 3

    def forward(self, a, low, high):
        self.save(a, low if isinstance(low, TensorBase) else None,
                  high if isinstance(high, TensorBase) else None)
        self.low, self.high = low, high
        target = _bounds_dtype(a, low, high)
        out = a._data.astype(target, copy=False)
        if low is not None:
            out = np.maximum(out, low._data if isinstance(low, TensorBase) else low)
        if high is not None:
            out = np.minimum(out, high._data if isinstance(high, TensorBase) else high)
        return out.astype(target, copy=False)

    def backward(self, grad):
        a, low, high = self.saved()
        low = _scalar_or_saved(self.low, low)
        high = _scalar_or_saved(self.high, high)
        if high is None:
            return grad * (a >= low), grad * (a < low) if self.needs(1) else None, None
        if low is None:
            return grad * (a <= high), None, grad * (a > high) if self.needs(2) else None
        # with min > max the result is max everywhere: its gradient goes to max (PyTorch's rule)
        return (grad * ((a >= low) & (a <= high)),
                grad * ((a < low) & (low < high)) if self.needs(1) else None,
                grad * ((a > high) | (high < low)) if self.needs(2) else None)


def _bounds_dtype(a, low, high):
    """Clamp promotes like an elementwise op over the input and its bounds."""
    return _dtype.result_type([v for v in (a, low, high) if v is not None]).np_dtype


class MaximumBackward0(BinaryOp):
    function = np.maximum

    def backward(self, grad):
        a, b = self.saved()
        # ties share the gradient equally, as in PyTorch
        weight = (a > b) + (a == b) * 0.5
        return grad * weight, grad * (1 - weight)


class MinimumBackward0(BinaryOp):
    function = np.minimum

    def backward(self, grad):
        a, b = self.saved()
        weight = (a < b) + (a == b) * 0.5
        return grad * weight, grad * (1 - weight)


class WhereBackward0(Op):
    arity = 2

    def forward(self, a, b, condition):
        self.condition = condition
        cond = condition._data
        x, y = operands(a, b) if isinstance(a, TensorBase) else operands(b, a)[::-1]
        try:
            return np.where(cond, x, y)
        except ValueError:  # PyTorch names the operands in this order
            raise broadcast_error([cond.shape, np.shape(x), np.shape(y)]) from None

    def backward(self, grad):
        zero = grad * 0
        return (where(self.condition, grad, zero) if self.needs(0) else None,
                where(self.condition, zero, grad) if self.needs(1) else None)


class ClampMinBackward0(ClampBackward1):
    """``clamp_min`` with a number (``ClampMaxBackward0``: ``clamp_max``)."""


class ClampMaxBackward0(ClampBackward1):
    pass


class ClampMinBackward1(ClampBackward0):
    """``clamp_min`` with a tensor (``ClampMaxBackward1``: ``clamp_max``)."""


class ClampMaxBackward1(ClampBackward0):
    pass


def clamp_min(input, min, *, out=None):
    if out is not None:
        refuse_out("clamp_min")
    if isinstance(min, TensorBase):
        return ClampMinBackward1.apply(input, min, None)
    return ClampMinBackward0.apply(input, min, None)


def clamp_max(input, max, *, out=None):
    if out is not None:
        refuse_out("clamp_max")
    if isinstance(max, TensorBase):
        return ClampMaxBackward1.apply(input, None, max)
    return ClampMaxBackward0.apply(input, None, max)


def clamp(input, min=None, max=None, *, out=None):
    if out is not None:
        refuse_out("clamp")
    if min is None and max is None:
        raise RuntimeError("torch.clamp: At least one of 'min' or 'max' must not be None")
    if isinstance(min, TensorBase) or isinstance(max, TensorBase):
        return ClampBackward0.apply(input, min, max)
    return ClampBackward1.apply(input, min, max)


clip = clamp


def maximum(input, other, *, out=None):
    if out is not None:
        refuse_out("maximum")
    return MaximumBackward0.apply(tensor_argument("maximum", "input", 1, input),
                                  tensor_argument("maximum", "other", 2, other))


def minimum(input, other, *, out=None):
    if out is not None:
        refuse_out("minimum")
    return MinimumBackward0.apply(tensor_argument("minimum", "input", 1, input),
                                  tensor_argument("minimum", "other", 2, other))


def where(condition, input, other, *, out=None):
    if out is not None:
        refuse_out("where")
    if not isinstance(condition, TensorBase) or condition._data.dtype != np.bool_:
        raise RuntimeError("where expected condition to be a boolean tensor, but got a tensor "
                           f"with dtype {getattr(condition, 'dtype', type(condition).__name__)}")
    if not isinstance(input, TensorBase) and not isinstance(other, TensorBase):
        dtype = _dtype.result_type((input, other)).np_dtype
        return _make(np.where(condition._data, input, other).astype(dtype))
    return WhereBackward0.apply(input, other, condition)
