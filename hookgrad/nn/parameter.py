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


_UNINITIALIZED_SHAPE = (
    "Can't access the shape of an uninitialized parameter or buffer. This error usually happens "
    "in `load_state_dict` when trying to load an uninitialized parameter into an initialized "
    "one. Call `forward` to initialize the parameters before accessing their attributes.")


def _materialize(tensor, shape, device, dtype):
    """Give an uninitialized tensor its shape (zero-filled, as hookgrad's ``empty``) and turn
    it into what it stands for: a Parameter, or a plain Tensor for a buffer."""
    tensor._data = empty(tuple(shape), device=device, dtype=dtype or tensor.dtype)._data
    tensor.__class__ = tensor.cls_to_become


class UninitializedParameter(Parameter):
    """A parameter whose shape is not known yet (a lazy module's, before its first call).

    Unlike PyTorch, using one in an op is not refused: it is an empty tensor until
    ``materialize`` gives it a shape."""

    cls_to_become = Parameter

    def __new__(cls, requires_grad=True, device=None, dtype=None):
        return Parameter.__new__(cls, empty(0, device=device, dtype=dtype), requires_grad)

    def __init__(self, requires_grad=True, device=None, dtype=None):
        pass

    def materialize(self, shape, device=None, dtype=None):
        _materialize(self, shape, device, dtype)

    @property
    def shape(self):
        raise RuntimeError(_UNINITIALIZED_SHAPE)

    def share_memory_(self):
        raise RuntimeError("Can't share memory on an uninitialized parameter or buffer. Call "
                           "`forward` to initialize the parameters before calling "
                           "`module.share_memory()`.")

    def __repr__(self):
        return f"<{type(self).__name__}>"

    def __reduce_ex__(self, protocol):
        return (type(self), (self.requires_grad,))

    def __deepcopy__(self, memo):
        if id(self) not in memo:
            memo[id(self)] = type(self)(self.requires_grad, None, self.dtype)
        return memo[id(self)]


class UninitializedBuffer(Tensor):
    """A buffer whose shape is not known yet; ``materialize`` makes it a plain Tensor."""

    cls_to_become = Tensor

    def __new__(cls, requires_grad=False, device=None, dtype=None, persistent=True):
        data = empty(0, device=device, dtype=dtype)
        t = object.__new__(cls)
        t._data = data._data
        t._vc = data._vc
        t._grad_fn = None
        t._requires_grad = False
        if requires_grad:
            t.requires_grad_(True)
        t.__dict__["_buffer_persistent"] = persistent
        return t

    def __init__(self, requires_grad=False, device=None, dtype=None, persistent=True):
        pass

    materialize = UninitializedParameter.materialize
    shape = UninitializedParameter.shape
    share_memory_ = UninitializedParameter.share_memory_
    __repr__ = UninitializedParameter.__repr__
    __reduce_ex__ = UninitializedParameter.__reduce_ex__
    __deepcopy__ = UninitializedParameter.__deepcopy__


def is_lazy(param):
    """Whether ``param`` is an uninitialized parameter or buffer."""
    return isinstance(param, (UninitializedParameter, UninitializedBuffer))
