"""In-place ops: run the out-of-place op, write the result into the tensor's memory, bump the
version counter, and rebind autograd history (``CopySlices`` when written through a view)."""
import warnings
import weakref

import numpy as np

from .. import _dtype
from .._tensor_base import ZERO_TENSOR_MESSAGE, TensorBase, _make
from ..autograd._saved_tensors import FREED_MESSAGE, SavedTensor
from ..autograd.grad_mode import state as _grad_state
from ..autograd.graph import Node, _strip_backward
from .op import Op, replay_view, shares_elements


def _check_leaf(t):
    if t._view_base is None:
        if t._grad_fn is None and t._requires_grad:
            raise RuntimeError("a leaf Variable that requires grad is being used in an in-place "
                               "operation.")
    elif t._view_base._grad_fn is None and t._view_base._requires_grad:
        raise RuntimeError("a view of a leaf Variable that requires grad is being used in an "
                           "in-place operation.")


OVERLAP_ERROR = (
    "unsupported operation: more than one element of the written-to tensor refers to a single "
    "memory location. Please clone() the tensor before performing the operation.")
ALLOW_OVERLAP = "allow"  # the ``overlap`` of writes PyTorch makes into any tensor (fill_, zero_)


def _deprecated_on_expanded(op, example, line):
    """PyTorch's warning for ``op`` writing into a tensor whose elements share memory."""
    return (f"Use of {op} on expanded tensors is deprecated. Please clone() the tensor before "
            f"performing this operation. This also applies to advanced indexing e.g. {example} "
            "(Triggered internally at /__w/pytorch/pytorch/aten/src/ATen/native/"
            f"TensorAdvancedIndexing.cpp:{line}.)")


INDEX_PUT_ON_EXPANDED = _deprecated_on_expanded("index_put_", "tensor[indices] = tensor", 976)
MASKED_FILL_ON_EXPANDED = _deprecated_on_expanded("masked_fill_", "tensor[mask] = scalar", 2450)
INDEX_FILL_ON_EXPANDED = _deprecated_on_expanded("index_fill_", "tensor[mask] = scalar", 1913)


def _writeable(data):
    """Whether ``data`` may be written, making a broadcast gradient handed to a hook (read-only
    where its elements share memory) writable for the writes PyTorch allows into it."""
    if not data.flags.writeable:
        try:
            data.flags.writeable = True
        except ValueError:  # memory NumPy or its owner keeps read-only
            return False
    return True


def _write(t, array, overlap=None):
    """Copy ``array`` into ``t``'s memory with PyTorch's casting and shape rules. ``overlap``:
    what happens if elements of ``t`` share memory: None, PyTorch's refusal; ALLOW_OVERLAP,
    the write; a warning text, the write after that warning. Such a write stores only the
    elements that change, as PyTorch writes only the elements the op selects."""
    if t._zero_tensor:
        raise RuntimeError(ZERO_TENSOR_MESSAGE)
    data = t._data
    if array.shape != data.shape:  # (PyTorch checks the shape before the dtype)
        try:
            broadcast = np.broadcast_shapes(array.shape, data.shape)
        except ValueError:
            broadcast = array.shape
        if broadcast != data.shape:
            raise RuntimeError(
                f"output with shape [{', '.join(map(str, data.shape))}] doesn't match the "
                f"broadcast shape [{', '.join(map(str, broadcast))}]")
    if array.dtype != data.dtype:
        src, dst = _dtype.from_numpy_dtype(array.dtype), _dtype.from_numpy_dtype(data.dtype)
        if src.category > dst.category:
            raise RuntimeError(f"result type {src.legacy_name[:-6]} can't be cast to the desired "
                               f"output type {dst.legacy_name[:-6]}")
    flags = data.flags
    if not flags.c_contiguous and shares_elements(data):
        if overlap is None or not _writeable(data):
            raise RuntimeError(OVERLAP_ERROR)
        if overlap is not ALLOW_OVERLAP:
            warnings.warn(overlap, UserWarning, stacklevel=4)
        np.copyto(data, array, casting="unsafe", where=array != data)
    elif not flags.writeable:
        raise RuntimeError(OVERLAP_ERROR)
    else:
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
        t._set_history(result._grad_fn, 0, move_retained=False)
    return t


INPUT_OVERLAP_ERROR = (
    "unsupported operation: some elements of the input tensor and the written-to tensor refer "
    "to a single memory location. Please clone() the tensor before performing the operation.")


def _root(array):
    while isinstance(array.base, np.ndarray):
        array = array.base
    return array


def _non_overlapping_and_dense(array):
    expected = array.itemsize
    for stride, size in sorted((st, sz) for st, sz in zip(array.strides, array.shape) if sz != 1):
        if stride != expected:
            return False
        expected *= size
    return True


def check_input_overlap(t, args):
    """PyTorch's elementwise kernels refuse an input that shares some but not all of the
    written tensor's memory, or all of it in another layout (``x.add_(x[0])``,
    ``x.mul_(x.t())``); the very tensor, a disjoint part, or memory too hard to tell pass."""
    data = t._data
    root = None
    for a in args:
        if not isinstance(a, TensorBase):
            continue
        other = a._data
        if other is data:
            continue
        owner, data_owner = other.base, data.base
        if owner is None:
            owner = other
        if data_owner is None:
            data_owner = data
        if owner is not data_owner and getattr(owner, "base", 0) is None \
                and getattr(data_owner, "base", 0) is None:
            continue  # views of two different owners (the common case)
        if root is None:
            root = _root(data)
        if _root(other) is not root or not data.size or not other.size:
            continue
        if not (_non_overlapping_and_dense(data) and _non_overlapping_and_dense(other)):
            continue  # (PyTorch's "too hard": allowed)
        begin, other_begin = data.__array_interface__["data"][0], other.__array_interface__[
            "data"][0]
        end, other_end = begin + data.nbytes, other_begin + other.nbytes
        if begin == other_begin and end == other_end:
            if data.strides == other.strides:
                continue  # the same memory in the same layout: PyTorch's full overlap
        elif not (begin < other_end and other_begin < end):
            continue
        raise RuntimeError(INPUT_OVERLAP_ERROR)


def in_place(function, overlap=None, check_inputs=True):
    """The in-place method of an op: ``t.exp_()`` is ``exp(t)`` written back into ``t``
    (``overlap``: see ``_write``; ``check_inputs``: refuse inputs overlapping ``t`` as
    PyTorch's elementwise kernels do)."""
    def method(self, *args, **kwargs):
        return apply_inplace(self, function, args, kwargs, overlap, check_inputs)
    method.__name__ = function.__name__ + "_"
    method.__qualname__ = "Tensor." + method.__name__
    method.__wrapped__ = function  # inspect.signature shows the op's parameters
    return method


def apply_inplace(t, fn, args, kwargs, overlap=None, check_inputs=False):
    """``t.op_(*args, **kwargs)`` implemented as ``fn(t, *args, **kwargs)`` written back into
    ``t`` (``overlap``: see ``_write``; ``check_inputs``: see ``in_place``)."""
    recording = _grad_state.grad_enabled and (
        t._requires_grad or (t._view_base is not None and t._requires_grad_from_base())
        or _any_requires_grad(args) or (kwargs and _any_requires_grad(kwargs.values())))
    if not recording:
        if check_inputs and args and (len(args) > 1 or isinstance(args[0], TensorBase)):
            check_input_overlap(t, args)
        result = _out_of_place(fn, t, args, kwargs)
        _write(t, result._data, overlap)
        return t
    if t._no_grad_view:
        raise RuntimeError(
            "A view was created in no_grad mode and is being modified inplace with grad mode "
            "enabled. Given that this use case is ambiguous and error-prone, it is forbidden. "
            "You can clarify your code by moving both the view and the inplace either both "
            "inside the no_grad block (if you don't want the inplace to be tracked) or both "
            "outside (if you want the inplace to be tracked).")
    if t._multi_output_view:  # (before the leaf checks, as PyTorch)
        node = t.grad_fn
        raise RuntimeError(
            ("A view was created in no_grad mode and is being modified inplace with grad mode "
             "enabled." if node is None else f"Output {t._output_nr} of "
             f"{_strip_backward(node.name())} is a view and is being modified inplace.") +
            " This view is the output of a function that returns multiple views. Such "
            "functions do not allow the output views to be modified inplace. You should "
            "replace the inplace operation by an out-of-place one.")
    _check_leaf(t)
    # (after autograd's checks, as PyTorch's kernel's)
    if check_inputs and args and (len(args) > 1 or isinstance(args[0], TensorBase)):
        check_input_overlap(t, args)
    if t._view_base is None:
        old = _make(t._data.copy(), t._requires_grad, t._grad_fn, t._output_nr)
        result = _out_of_place(fn, old, args, kwargs)
        _write(t, result._data, overlap)
        _saved_result_is(result._grad_fn, t)
        t._set_history(result._grad_fn, 0)
        return t
    _inplace_on_view(t, fn, args, kwargs, overlap)
    return t


def _out_of_place(fn, t, args, kwargs):
    """``fn(t, *args, **kwargs)``; where the op has no kernel for the dtypes, PyTorch first
    refuses a result that cannot be written into ``t`` (its shape check comes first)."""
    try:
        return fn(t, *args, **kwargs)
    except NotImplementedError:
        shape = t._data.shape
        try:
            broadcast = np.broadcast_shapes(
                shape, *[a._data.shape for a in args if isinstance(a, TensorBase)])
        except ValueError:  # (operands that do not broadcast: the op's own error stands)
            broadcast = shape
        if broadcast != shape:
            raise RuntimeError(
                f"output with shape [{', '.join(map(str, shape))}] doesn't match the "
                f"broadcast shape [{', '.join(map(str, broadcast))}]") from None
        raise


def _saved_result_is(node, t, view_grad_fn=None):
    """The op ran out of place and its result was written into ``t``: a result the node saved
    is ``t`` as of now, so (as in PyTorch, where the saved result is ``t`` itself) a later
    in-place change of ``t`` fails the node's version check. The input an in-place op saves is
    its own copy of the old value (PyTorch clones it too), so it stays as it is."""
    for saved in node._for_backward or ():
        if type(saved) is SavedTensor and saved.is_output:
            saved.counter = t._vc
            saved.version = t._vc[0]
            if view_grad_fn is not None:
                saved.view_grad_fn = weakref.ref(view_grad_fn)


def write_unrecorded(t, fn, args):
    """``t.op_(*args)`` written without autograd history (``copy_`` into an integer or bool
    tensor, which PyTorch does not record)."""
    _write(t, fn(t, *args)._data)
    return t


def _any_requires_grad(values):
    return any(isinstance(a, TensorBase) and (a._requires_grad or (
        a._view_base is not None and a._requires_grad_from_base())) for a in values)


def _inplace_on_view(view, fn, args, kwargs, overlap):
    base = view._view_base
    # The view's value before the write, with its history (what the op saves as its input,
    # so that a double backward reaches the base through it).
    before = view.clone() if view._requires_grad else _make(view._data.copy())
    result = _out_of_place(fn, before, args, kwargs)
    _write(view, result._data, overlap)
    if result._grad_fn is None:  # the op recorded nothing (``copy_`` into an integer tensor)
        return
    node = CopySlices()
    node._link((base,), adopted=result._grad_fn)
    if node._for_backward is None:  # (so that a pass without retain_graph releases it)
        node._for_backward = ()
    node.op_node, node.chain = result._grad_fn, view._view_chain
    base._set_history(node, 0)
    regenerate_view(view)
    _saved_result_is(result._grad_fn, view, view._grad_fn)


class CopySlices(Node):
    """The base's grad_fn after an in-place op through one of its views: the op's backward
    applied to the view's part of the gradient, written back into it; the op's other inputs
    get their gradients as the op gives them. Written with ops, so differentiable again."""

    node_name = "torch::autograd::CopySlices"
    __module__ = "builtins"  # (a C++ class in PyTorch: type() shows the bare name)
    released = False

    def _release(self):
        """PyTorch's CopySlices drops its op when a pass without retain_graph is done: a
        second pass raises even when the op saved nothing."""
        super()._release()
        self.released = True

    def _apply(self, grads):
        if self.released:
            raise RuntimeError(FREED_MESSAGE)
        grad = grads[0]
        if grad is None:
            return (None,) * len(self._next)
        op_grads = self.op_node._apply([RegionBackward.apply(grad, self.chain)])
        grad = ReplaceRegionBackward.apply(grad, op_grads[0], self.chain)
        return (grad,) + tuple(op_grads[1:])


class AsStridedBackward0(Node):
    """A view's grad_fn regenerated after its base changed history: the gradient lands in the
    view's region of a zero base-shaped gradient."""

    __module__ = "builtins"  # (a C++ class in PyTorch: type() shows the bare name)

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
