"""Parameter and Buffer: tensors that a Module registers automatically."""
from collections import OrderedDict

from .._creation import empty
from .._tensor import Tensor
from .._tensor_base import _make


class Parameter(Tensor):
    """A leaf tensor that is a module parameter (``requires_grad=True`` by default)."""

    def __new__(cls, data=None, requires_grad=True):
        if data is None:
            data = empty(0)
        t = object.__new__(cls)
        t._data = data._data
        t._vc = data._vc  # shares storage and version with ``data``, as PyTorch does
        t._grad_fn = None
        t._requires_grad = False
        if requires_grad:
            t.requires_grad_(True)
        return t

    def __init__(self, data=None, requires_grad=True):
        pass

    def __repr__(self):
        return "Parameter containing:\n" + super().__repr__()

    def __reduce_ex__(self, protocol):
        # As PyTorch: a plain Parameter comes back, with the attributes a user set on this one
        # but no gradient and no hooks.
        state = {k: v for k, v in self.__dict__.items() if not k.startswith("_")}
        return (_rebuild_parameter, (self._data.copy(), self._requires_grad, state))

    def __deepcopy__(self, memo):
        # As PyTorch: the same class over a copy of the data; gradient, hooks and attributes
        # are not copied.
        if id(self) in memo:
            return memo[id(self)]
        result = type(self)(_make(self._data.copy()), self._requires_grad)
        memo[id(self)] = result
        return result


class Buffer(Tensor):
    """Marks a tensor to register as a buffer when assigned to a Module attribute."""

    def __new__(cls, data=None, *, persistent=True):
        if data is None:
            data = empty(0)
        t = _make(data._data)
        t._vc = data._vc
        t.__dict__["_buffer_persistent"] = persistent
        return t


def _rebuild_parameter(data, requires_grad, state=None):
    param = Parameter(_make(data), requires_grad)
    param._backward_hooks = OrderedDict()  # (what PyTorch's unpickled parameters hold)
    if state:
        param.__dict__.update(state)
    return param


def is_lazy(param):
    return False
