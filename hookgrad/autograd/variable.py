"""torch.autograd.Variable: the wrapper that Tensors replaced, kept for old code.

``isinstance(x, Variable)`` is true of every tensor; ``Variable(t)`` is a new tensor sharing
``t``'s data and version counter but none of its history (so it is a leaf), with
``requires_grad`` as given (default False)."""
import warnings

import numpy as np

from .. import _dtype
from .._tensor_base import TensorBase, _make

__all__ = ["VariableMeta", "Variable"]


class VariableMeta(type):
    def __instancecheck__(cls, instance):
        return isinstance(instance, TensorBase)


class Variable(metaclass=VariableMeta):
    """``Variable(data, requires_grad=False, volatile=False)``: returns a Tensor."""

    def __new__(cls, data=None, requires_grad=False, volatile=False, **kwargs):
        if kwargs:
            name = next(iter(kwargs))
            raise TypeError(f"'{name}' is an invalid keyword argument for this function")
        if volatile:
            warnings.warn("volatile was removed and now has no effect. Use `with "
                          "torch.no_grad():` instead.", UserWarning, stacklevel=2)
        if data is None:
            return _make(np.zeros((0,), _dtype.get_default_dtype().np_dtype))
        if not isinstance(data, TensorBase):
            raise TypeError(f"Variable data has to be a tensor, but got {type(data).__name__}")
        if requires_grad and data._data.dtype.kind not in "fVc":
            raise RuntimeError("Only Tensors of floating point and complex dtype can require "
                               "gradients")
        alias = _make(data._data, bool(requires_grad))
        alias._vc = data._vc
        return alias
