"""Parameter and Buffer: tensors that a Module registers automatically."""
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
        return (_rebuild_parameter, (self._data.copy(), self._requires_grad))

    def __deepcopy__(self, memo):
        if id(self) in memo:
            return memo[id(self)]
        result = Parameter(_make(self._data.copy()), self._requires_grad)
        if self._grad is not None:
            result._grad = self._grad.__deepcopy__(memo)
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


def _rebuild_parameter(data, requires_grad):
    return Parameter(_make(data), requires_grad)


def is_lazy(param):
    return False
