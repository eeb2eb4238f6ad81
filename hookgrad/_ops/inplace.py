"""In-place ops: run the out-of-place op, write the result into the tensor's memory, bump the
version counter, and rebind autograd history (``CopySlices`` when written through a view)."""
import numpy as np

from .. import _dtype
from .._tensor_base import TensorBase, _make
from ..autograd.grad_mode import state as _grad_state
from ..autograd.graph import Node, _strip_backward
from .op import Op, replay_view


def _check_leaf(t):
    if t._view_base is None:
        if t._grad_fn is None and t._requires_grad:
            raise RuntimeError("a leaf Variable that requires grad is being used in an in-place "
                               "operation.")
    elif t._view_base._grad_fn is None and t._view_base._requires_grad:
        raise RuntimeError("a view of a leaf Variable that requires grad is being used in an "
                           "in-place operation.")


def _write(t, array):
    """Copy ``array`` into ``t``'s memory with PyTorch's casting and shape rules."""
    data = t._data
    if array.dtype != data.dtype:
        src, dst = _dtype.from_numpy_dtype(array.dtype), _dtype.from_numpy_dtype(data.dtype)
        if src.category > dst.category:
            raise RuntimeError(f"result type {src.legacy_name[:-6]} can't be cast to the desired "
                               f"output type {dst.legacy_name[:-6]}")
    if array.shape != data.shape:
        try:
            broadcast = np.broadcast_shapes(array.shape, data.shape)
        except ValueError:
            broadcast = array.shape
        if broadcast != data.shape:
            raise RuntimeError(
                f"output with shape [{', '.join(map(str, data.shape))}] doesn't match the "
                f"broadcast shape [{', '.join(map(str, broadcast))}]")
    if not data.flags.writeable:
        raise RuntimeError(
            "unsupported operation: more than one element of the written-to tensor refers to a "
            "single memory location. Please clone() the tensor before performing the operation.")
    np.copyto(data, array, casting="unsafe")
    t._vc[0] += 1


def apply_view_inplace(t, view_op, args):
    """``t.unsqueeze_(...)``, ``t.t_()``, ...: ``t`` itself becomes the view
    ``view_op.apply(t, *args)`` (a new shape over the same memory), with its node as history."""
    recording = _grad_state.grad_enabled and t._requires_grad
    if recording:
        _check_leaf(t)
    result = view_op.apply(t, *args)
    t._data = result._data
    t._vc[0] += 1
    if t._view_base is not None:  # a view stays a view of its base, one view op further
        t._view_chain = result._view_chain
    if recording:
        t._set_history(result._grad_fn, 0)
    return t


def in_place(function):
    """The in-place method of an op: ``t.exp_()`` is ``exp(t)`` written back into ``t``."""
    def method(self, *args, **kwargs):
        return apply_inplace(self, function, args, kwargs)
    method.__name__ = function.__name__ + "_"
    method.__qualname__ = "Tensor." + method.__name__
    method.__wrapped__ = function  # inspect.signature shows the op's parameters
    return method


def apply_inplace(t, fn, args, kwargs):
    """``t.op_(*args, **kwargs)`` implemented as ``fn(t, *args, **kwargs)`` written back into
    ``t``."""
    recording = _grad_state.grad_enabled and (
        t._requires_grad or _any_requires_grad(args)
        or (kwargs and _any_requires_grad(kwargs.values())))
    if not recording:
        result = fn(t, *args, **kwargs)
        _write(t, result._data)
        return t
    if t._no_grad_view:
        raise RuntimeError(
            "A view was created in no_grad mode and is being modified inplace with grad mode "
            "enabled. Given that this use case is ambiguous and error-prone, it is forbidden. "
            "You can clarify your code by moving both the view and the inplace either both "
            "inside the no_grad block (if you don't want the inplace to be tracked) or both "
            "outside (if you want the inplace to be tracked).")
    _check_leaf(t)
    if t._multi_output_view:
        raise RuntimeError(
            f"Output {t._output_nr} of {_strip_backward(t.grad_fn.name())} is a view and is "
            "being modified inplace. This view is the output of a function that returns "
            "multiple views. Such functions do not allow the output views to be modified "
            "inplace. You should replace the inplace operation by an out-of-place one.")
    if t._view_base is None:
        old = _make(t._data.copy(), t._requires_grad, t._grad_fn, t._output_nr)
        result = fn(old, *args, **kwargs)
        _write(t, result._data)
        t._set_history(result._grad_fn, 0)
        return t
    _inplace_on_view(t, fn, args, kwargs)
    return t


def _any_requires_grad(values):
    return any(isinstance(a, TensorBase) and a._requires_grad for a in values)


def _inplace_on_view(view, fn, args, kwargs):
    base = view._view_base
    # The view's value before the write, with its history (what the op saves as its input,
    # so that a double backward reaches the base through it).
    before = view.clone() if view._requires_grad else _make(view._data.copy())
    result = fn(before, *args, **kwargs)
    _write(view, result._data)
    node = CopySlices()
    node._link((base,), adopted=result._grad_fn)
    node.op_node, node.chain = result._grad_fn, view._view_chain
    base._set_history(node, 0)
    regenerate_view(view)


class CopySlices(Node):
    """The base's grad_fn after an in-place op through one of its views: the op's backward
    applied to the view's part of the gradient, written back into it; the op's other inputs
    get their gradients as the op gives them. Written with ops, so differentiable again."""

    node_name = "torch::autograd::CopySlices"

    def _apply(self, grads):
        grad = grads[0]
        if grad is None:
            return (None,) * len(self._next)
        op_grads = self.op_node._apply([RegionBackward.apply(grad, self.chain)])
        grad = ReplaceRegionBackward.apply(grad, op_grads[0], self.chain)
        return (grad,) + tuple(op_grads[1:])


class AsStridedBackward0(Node):
    """A view's grad_fn regenerated after its base changed history: the gradient lands in the
    view's region of a zero base-shaped gradient."""

    def _apply(self, grads):
        grad = grads[0]
        if grad is None:
            return (None,)
        return (EmbedRegionBackward.apply(grad, self._in_meta[0][0], self.chain),)


def regenerate_view(view):
    """Point a view's grad_fn at its base's current history (lazily, after in-place ops)."""
    base = view._view_base
    view._view_version = view._vc[0]
    if not base._requires_grad:
        return
    node = AsStridedBackward0()
    node._link((base,))
    node.chain = view._view_chain
    view._set_history(node, 0)


# The gradient formulas above, as ops on a base-shaped gradient and the region of it that a
# view chain (``replay_view``) selects. Each is the other's adjoint.

class RegionBackward(Op):
    """The view's region of a gradient (a copy)."""

    def forward(self, grad, chain):
        self.chain = chain
        return np.array(replay_view(chain, grad._data), copy=True)

    def backward(self, grad):
        return EmbedRegionBackward.apply(grad, self._in_meta[0][0], self.chain)


class EmbedRegionBackward(Op):
    """Zeros shaped like the base with ``grad`` in the view's region."""

    def forward(self, grad, shape, chain):
        self.chain = chain
        out = np.zeros(shape, grad._data.dtype)
        replay_view(chain, out)[...] = grad._data
        return out

    def backward(self, grad):
        return RegionBackward.apply(grad, self.chain)


class ReplaceRegionBackward(Op):
    """A gradient with the view's region replaced by ``region`` (zeros for None)."""

    arity = 2

    def forward(self, grad, region, chain):
        self.chain = chain
        out = np.array(grad._data, copy=True)
        replay_view(chain, out)[...] = 0 if region is None else region._data
        return out

    def backward(self, grad):
        return (ReplaceRegionBackward.apply(grad, None, self.chain) if self.needs(0) else None,
                RegionBackward.apply(grad, self.chain) if self.needs(1) else None)
