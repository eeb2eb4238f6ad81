"""PyTorch's ZeroTensor: the immutable zeros that a backward formula gives for a gradient that is
zero by definition (PyTorch's ``_efficientzerotensor``; here ``sgn``'s gradient of a real
input, the one such formula the op surface reaches).

What a user sees of one, in a hook or as ``.grad``: writing into it in place raises "ZeroTensors
are immutable"; a product or quotient with it (``grad * 2``, ``grad / x``), a view of it
(``grad.t()``, ``grad[0]``, ``grad.view(...)``, ``grad.detach()``), its dot or outer product
with a tensor and its sum with another ZeroTensor are again ZeroTensors (so a
hook returning ``grad * 2`` hands PyTorch's engine a ZeroTensor, which ``.grad`` then keeps);
anything else (``grad + 1``, ``grad.clone()``, ``grad.sum()``, ``-grad``) is an ordinary
tensor; ``numpy()`` and ``tolist()`` refuse it. The class is a subclass only so that these
rules cost ordinary tensors nothing: no op checks for it, its own methods mark their results.

Backward formulas call ops directly (``MulBackward1.apply(grad, -0.5)``) or compute on arrays,
past those methods; so once sgn's backward has made one, ``follow_zero_tensors`` applies the
same rules to every op for the rest of that backward pass (an op hook, which also makes the
formulas take their op path): ``rsqrt``'s ``-0.5 * grad * result ** 3`` of it is again a
ZeroTensor, zeros where the result is infinite, as PyTorch's mul kernel gives it. Passes
without sgn pay nothing.
"""
import numpy as np

from ._tensor import Tensor
from ._tensor_base import ZERO_TENSOR_MESSAGE, TensorBase
from .autograd._running import current_task, pass_end_actions
from .autograd.graph import AccumulateGrad, register_op_hook

NOT_SERIALIZABLE = "ZeroTensor is not serializable, please file an issue if required."
COPY_REFUSED = ("ZeroTensors are immutable. Please materialize the tensor using `.clone()`, if you "
                "want a mutable zero tensor.")


class ZeroTensor(Tensor):
    """A tensor made by ``as_zero_tensor`` (never constructed directly)."""

    __slots__ = ()
    __module__ = "hookgrad"
    __qualname__ = "Tensor"  # (PyTorch's ZeroTensor is a torch.Tensor: type() says so)
    _zero_tensor = True

    def numpy(self, *, force=False):
        if force or self._requires_grad:  # (the requires_grad refusal comes first)
            return super().numpy(force=force)
        raise RuntimeError(" Cannot convert a ZeroTensor to numpy. Set force=True if you need "
                           "the zero array.")

    def __reduce_ex__(self, protocol):
        raise RuntimeError(NOT_SERIALIZABLE)

    def __deepcopy__(self, memo):
        # (PyTorch's deepcopy copies into the storage a ZeroTensor does not have)
        raise RuntimeError("Attempted to call copy_() on an invalid python storage.")

    def copy_(self, src, non_blocking=False):
        if self._requires_grad:  # (autograd's leaf check comes first)
            return super().copy_(src, non_blocking)
        raise RuntimeError(COPY_REFUSED)

    def __setitem__(self, key, value):
        """PyTorch's set_item: a number is filled in and an advanced key is an index_put_,
        both refused with the in-place message; a tensor is copied into the basic key's view
        (``copy_``'s message), after the key's and the value's shape checks."""
        if self._requires_grad:
            return super().__setitem__(key, value)
        parts = key if type(key) is tuple else (key,)
        if not any(isinstance(k, (list, bool, np.ndarray)) or (isinstance(k, TensorBase) and (
                k._data.ndim or k._data.dtype.kind == "b")) for k in parts):
            Tensor.__setitem__(self.clone(), key, value)  # (its index and shape errors first)
            if isinstance(value, TensorBase):
                raise RuntimeError(COPY_REFUSED)
        raise RuntimeError(ZERO_TENSOR_MESSAGE)

    def tolist(self):
        raise RuntimeError("tolist() shouldn't be called on a tensor with unallocated storage")


ZeroTensor.__name__ = "Tensor"


def as_zero_tensor(t):
    """Make the fresh zeros ``t`` (a plain Tensor) PyTorch's ZeroTensor; returns it."""
    t.__class__ = ZeroTensor
    return t


def _product(name):
    """PyTorch's ZeroTensor kernels of mul and div: the result is a ZeroTensor (of the
    promoted dtype and broadcast shape), whatever the other operand."""
    method = getattr(Tensor, name)

    def zero_product(self, *args, **kwargs):
        if kwargs.get("rounding_mode") is not None:  # (floor / trunc division: a plain op)
            return method(self, *args, **kwargs)
        result = method(self, *args, **kwargs)
        if type(result) is Tensor:  # (a fresh array: zeros, as PyTorch's, even times NaN)
            _become_zeros(result)
        return result

    zero_product.__name__ = name
    return zero_product


def _become_zeros(result):
    """Turn a fresh result tensor into a ZeroTensor (its array filled with zeros)."""
    result._data.fill(0)
    result.__class__ = ZeroTensor


def _sum(name):
    """PyTorch's ZeroTensor kernels of add and sub: a ZeroTensor plus or minus a ZeroTensor is
    one; with anything else the result is an ordinary tensor."""
    method = getattr(Tensor, name)

    def zero_sum(self, other, *args, **kwargs):
        result = method(self, other, *args, **kwargs)
        if type(other) is ZeroTensor and type(result) is Tensor:
            _become_zeros(result)
        return result

    zero_sum.__name__ = name
    return zero_sum


def _view(name):
    """A view op of a ZeroTensor is one; where the op had to copy (``reshape`` of a
    non-contiguous tensor, advanced indexing) PyTorch materialises an ordinary tensor."""
    method = getattr(Tensor, name)

    def zero_view(self, *args, **kwargs):
        result = method(self, *args, **kwargs)
        parts = result if isinstance(result, tuple) else (result,)
        for part in parts:
            if isinstance(part, TensorBase) and type(part) is Tensor and (
                    np.may_share_memory(part._data, self._data) or not part._data.size):
                part.__class__ = ZeroTensor
        return result

    zero_view.__name__ = name
    return zero_view


def _view_property(name):
    getter = getattr(Tensor, name).fget
    return property(lambda self: _view_getter(getter, self))


def _view_getter(getter, self):
    result = getter(self)
    if type(result) is Tensor and np.may_share_memory(result._data, self._data):
        result.__class__ = ZeroTensor
    return result


for _name in ("mul", "__mul__", "__rmul__", "multiply", "div", "__truediv__", "true_divide",
              "divide", "dot", "vdot", "outer"):
    setattr(ZeroTensor, _name, _product(_name))


def _reflected_product(self, other):
    """``other * zero``: Python asks the subclass's ``__rmul__`` first, even for a tensor on
    the left; the product keeps the written order (its node's edges, ``other`` first)."""
    if isinstance(other, TensorBase):
        result = Tensor.__mul__(other, self)
        if type(result) is Tensor:
            _become_zeros(result)
        return result
    return _reflected_number_product(self, other)


_reflected_number_product = ZeroTensor.__rmul__
ZeroTensor.__rmul__ = _reflected_product
for _name in ("add", "__add__", "sub", "__sub__", "subtract"):
    setattr(ZeroTensor, _name, _sum(_name))
for _name in ("view", "view_as", "reshape", "reshape_as", "t", "transpose", "swapdims",
              "swapaxes", "permute", "expand", "expand_as", "squeeze", "unsqueeze", "flatten",
              "unflatten", "select", "narrow", "diagonal", "movedim", "moveaxis", "__getitem__",
              "detach", "split", "chunk", "unbind", "unfold", "as_strided", "conj"):
    setattr(ZeroTensor, _name, _view(_name))
for _name in ("T", "mT", "data"):
    setattr(ZeroTensor, _name, _view_property(_name))
del _name


def follow_zero_tensors():
    """Apply PyTorch's ZeroTensor kernels to every op until the running backward pass ends
    (called by the backward formula that makes a ZeroTensor)."""
    task = current_task()
    if task is not None and task not in pass_end_actions:
        pass_end_actions[task] = register_op_hook(_zero_tensor_kernels).remove


def _zero_tensor_kernels(op, args, result):
    """What PyTorch's ZeroTensor dispatch gives ``op`` of ``args`` where hookgrad's op
    computed on the zeros: a product (``mul``, ``dot``, ``vdot``, ``linalg.cross``) or a
    ``div``'s numerator makes a ZeroTensor, a sum or difference of two is one and of one
    with a tensor is that tensor's values (times alpha), a view of one is one; every other
    op reads it as zeros, as hookgrad's op did."""
    if type(result) is not tuple and result._grad_fn is not None and any(
            type(a) is ZeroTensor for a in args[:op.arity]):
        follow_in_backward(result._grad_fn)
    rule = _RULES.get(op.__name__)
    if rule is None:
        if op.is_view and type(args[0]) is ZeroTensor:
            _view_parts(args[0], result)
        return
    if type(result) is not Tensor:
        return
    zero = [type(a) is ZeroTensor for a in args[:op.arity]]
    if rule == "product" and any(zero) or rule == "quotient" and zero[0]:
        _become_zeros(result)
        _promote_as_meta(result, args)
    elif rule == "sum" and any(zero) and isinstance(args[1], TensorBase):
        if all(zero):
            _become_zeros(result)
            return
        alpha = args[2] if len(args) > 2 else 1
        other = args[1]._data * (-alpha if op.__name__ == "SubBackward0" else alpha) \
            if zero[0] else args[0]._data  # (add returns the other operand, its zeros' signs)
        if result._data.flags.writeable:
            np.copyto(result._data, other, casting="unsafe")


_RULES = {"MulBackward0": "product", "MulBackward1": "product", "DotBackward0": "product",
          "VdotBackward0": "product", "LinalgCrossBackward0": "product",
          "DivBackward0": "quotient",  # (div.Scalar, DivBackward1, reads it as zeros)
          "AddBackward0": "sum", "SubBackward0": "sum"}


_NUMBER_DTYPES = {bool: np.dtype(bool), int: np.dtype(np.int64), float: np.dtype(np.float64),
                  complex: np.dtype(np.complex128)}
_CATEGORY = {"b": 0, "u": 1, "i": 1, "f": 2, "c": 3}


def _promote_as_meta(result, args):
    """PyTorch's ZeroTensor kernels take the result's dtype from meta copies of the operands,
    where a number is no longer a wrapped number but a 0-d tensor of its default dtype: with
    no operand of any dims, a 0-d float32 ZeroTensor times ``2.0`` is float64 (which the
    engine then casts back to the input's dtype, an ordinary tensor: measured, 84:4394)."""
    if result._data.ndim or result._grad_fn is not None:
        return
    dtypes = []
    for a in args:
        if isinstance(a, TensorBase):
            if a._data.ndim:
                return
            dtypes.append(a._data.dtype)
        elif type(a) in _NUMBER_DTYPES:
            dtypes.append(_NUMBER_DTYPES[type(a)])
    if any(d.kind not in _CATEGORY for d in dtypes):
        return  # (half-precision formats: not modelled)
    top = max(_CATEGORY[d.kind] for d in dtypes)
    promoted = dtypes[0]
    for d in dtypes:  # (the widest of the highest category, as PyTorch promotes 0-d tensors)
        if _CATEGORY[d.kind] == top:
            promoted = d if _CATEGORY[promoted.kind] < top else np.promote_types(promoted, d)
    if promoted != result._data.dtype:
        result._data = np.zeros((), promoted)


def _view_parts(source, result):
    for part in result if isinstance(result, tuple) else (result,):
        if type(part) is Tensor and (np.may_share_memory(part._data, source._data)
                                     or not part._data.size):
            part.__class__ = ZeroTensor


def follow_in_backward(node):
    """A node that receives or saved a ZeroTensor when a later pass runs it (one recorded
    under create_graph with a ZeroTensor input; the root of a backward given one as its
    gradient) applies the rules from then on in that pass: its class becomes a subclass of
    the same name whose ``_apply`` first calls ``follow_zero_tensors``."""
    cls = type(node)
    if cls.__dict__.get("_follows_zero_tensors") or cls is AccumulateGrad:
        return
    aware = _AWARE.get(cls)
    if aware is None:
        aware = _AWARE[cls] = type(cls.__name__, (cls,), {
            "__slots__": (), "__module__": cls.__module__, "__qualname__": cls.__qualname__,
            "_follows_zero_tensors": True, "_apply": _apply_following})
    node.__class__ = aware


_AWARE = {}  # {node class: its subclass that follows ZeroTensor rules in backward}


def _apply_following(self, grads):
    follow_zero_tensors()
    return super(type(self), self)._apply(grads)
