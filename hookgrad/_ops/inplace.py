"""In-place ops: run the out-of-place op, write the result into the tensor's memory, bump the
version counter, and rebind autograd history (``CopySlices`` when written through a view)."""
import warnings
import weakref

import numpy as np

from .. import _dtype
from .._tensor_base import ZERO_TENSOR_MESSAGE, TensorBase, _make
from ..autograd._saved_tensors import FREED_MESSAGE, SavedTensor
from ..autograd.grad_mode import state as _grad_state
from ..autograd.graph import Node, _sequence, _strip_backward
from .clone import CloneBackward0
from .op import ViewOp, replay_view, shares_elements
from .overlap_order import overlaps_itself, write_in_order

_new = object.__new__


def _refuse_view_rebase(t):
    """PyTorch's refusal of an in-place op (with grad mode enabled, on a tensor that requires
    grad) on a view made in no_grad mode or by a function returning several views, before the
    leaf checks. A view with a node of its own (a view of such a view, made in grad mode) is
    named by it; the node is the view's own, even if its base changed history since."""
    node = t._grad_fn
    if t._no_grad_view:
        raise RuntimeError(
            ("A view" if node is None else f"Output {t._output_nr} of "
             f"{_strip_backward(node.name())} is a view of a view which") +
            " was created in no_grad mode and is being modified inplace with grad mode "
            "enabled. Given that this use case is ambiguous and error-prone, it is forbidden. "
            "You can clarify your code by moving both the view and the inplace either both "
            "inside the no_grad block (if you don't want the inplace to be tracked) or both "
            "outside (if you want the inplace to be tracked).")
    raise RuntimeError(
        ("A view was created in no_grad mode and is being modified inplace with grad mode "
         "enabled." if node is None else f"Output {t._output_nr} of "
         f"{_strip_backward(node.name())} is a view and is being modified inplace.") +
        " This view is the output of a function that returns multiple views. Such "
        "functions do not allow the output views to be modified inplace. You should "
        "replace the inplace operation by an out-of-place one.")


def _check_leaf(t):
    if t._view_base is None:
        if t._grad_fn is None and t._requires_grad:
            raise RuntimeError("a leaf Variable that requires grad is being used in an in-place "
                               "operation.")
    elif t._view_base._requires_grad:
        if t._view_base._grad_fn is None:
            raise RuntimeError("a view of a leaf Variable that requires grad is being used in "
                               "an in-place operation.")
        if t._grad_fn is None:
            # The base got its history after the view was made, and nothing has read the
            # view's grad_fn since: PyTorch's check reads the view's node as stored, none.
            raise RuntimeError("a leaf Variable that requires grad is being used in an "
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


def _write(t, array, overlap=None, fn=None, args=(), kwargs=None):
    """Copy ``array`` into ``t``'s memory with PyTorch's casting and shape rules. ``overlap``:
    what happens if elements of ``t`` share memory: None, PyTorch's refusal; ALLOW_OVERLAP,
    the write; a warning text, the write after that warning. Such a write stores only the
    elements that change, as PyTorch writes only the elements the op selects. ``array`` is
    ``fn(t, *args, **kwargs)`` where given: memory that overlaps itself otherwise (``unfold``)
    is then written as PyTorch's kernels do, element by element (see overlap_order)."""
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
    if array.dtype is not data.dtype and array.dtype != data.dtype:  # (identity: cheap)
        src, dst = _dtype.from_numpy_dtype(array.dtype), _dtype.from_numpy_dtype(data.dtype)
        if src.category > dst.category:
            raise RuntimeError(f"result type {src.legacy_name[:-6]} can't be cast to the desired "
                               f"output type {dst.legacy_name[:-6]}")
    flags = data.flags
    contiguous = flags.c_contiguous
    if not contiguous and shares_elements(data):
        if overlap is None or not _writeable(data):
            raise RuntimeError(OVERLAP_ERROR)
        if overlap is not ALLOW_OVERLAP:
            warnings.warn(overlap, UserWarning, stacklevel=4)
        np.copyto(data, array, casting="unsafe", where=array != data)
    elif not contiguous and fn is not None and overlaps_itself(data):
        write_in_order(t, array, fn, args, kwargs or {})
    elif not flags.writeable:
        if type(data) is np.ndarray:
            # no shared elements: a view of a broadcast gradient (one element of it, handed
            # to a hook as .grad) is read-only only because its base is; PyTorch writes it
            if not _writeable(data):
                raise RuntimeError(OVERLAP_ERROR)
            data[...] = array
            t._vc[0] += 1
            return
        # A NumPy scalar (what a backward formula on 0-d arrays gives, for a hook to edit in
        # place): immutable and aliased by no view, so the tensor gets an array of its own.
        t._data = data = np.empty((), data.dtype)
        np.copyto(data, array, casting="unsafe")
    else:
        # (np.copyto(data, array, casting="unsafe") as an assignment, which casts the same
        # way at less than half the call's cost)
        data[...] = array
    t._vc[0] += 1


def apply_view_inplace(t, view_op, args):
    """``t.unsqueeze_(...)``, ``t.t_()``, ...: ``t`` itself becomes the view
    ``view_op.apply(t, *args)`` (a new shape over the same memory), with its node as history."""
    recording = _grad_state.grad_enabled and (
        t._requires_grad or (t._view_base is not None and t._requires_grad_from_base()))
    if recording:
        if t._no_grad_view or t._multi_output_view:
            _refuse_view_rebase(t)
        _check_leaf(t)
    result = view_op.apply(t, *args)
    node = t._grad_fn
    if not recording and node is not None and (t._graph_meta is None
                                               or t._graph_meta[0] is not node):
        t._graph_meta = (node, (t._data.shape, t._data.dtype))
    t._data = result._data
    t._vc[0] += 1
    if result._view_chain is not None:
        # A view stays a view of its base, one view op further. A base keeps the view ops it
        # went through as its own chain (its frame), which the views made of it start with:
        # their chains stay relative to the base's first shape (see ``chain_from_base``).
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
        # (the op called here, not through _out_of_place: one call layer less on the hot path;
        # try costs nothing until it catches)
        try:
            result = fn(t, *args, **kwargs)
        except NotImplementedError:
            _refuse_unwritable_result(t, args)
            raise
        _write(t, result._data, overlap, fn, args, kwargs)
        return t
    if t._no_grad_view or t._multi_output_view:
        _refuse_view_rebase(t)
    _check_leaf(t)
    # (after autograd's checks, as PyTorch's kernel's)
    if check_inputs and args and (len(args) > 1 or isinstance(args[0], TensorBase)):
        check_input_overlap(t, args)
    if t._view_base is None:
        old = _make(t._data.copy(), t._requires_grad, t._grad_fn, t._output_nr)
        try:  # (_out_of_place, written out as above)
            result = fn(old, *args, **kwargs)
        except NotImplementedError:
            _refuse_unwritable_result(old, args)
            raise
        _write(t, result._data, overlap)
        node = result._grad_fn
        if node._for_backward:  # (a node that saved nothing saved no result, no input)
            _saved_result_is(node, t)
            if old._requires_grad:
                _saved_input_is_clone(node, old)
        t._set_history(node, 0)
        return t
    _inplace_on_view(t, fn, args, kwargs, overlap)
    return t


def _out_of_place(fn, t, args, kwargs):
    """``fn(t, *args, **kwargs)``; where the op has no kernel for the dtypes, PyTorch first
    refuses a result that cannot be written into ``t`` (its shape check comes first)."""
    try:
        return fn(t, *args, **kwargs)
    except NotImplementedError:
        _refuse_unwritable_result(t, args)
        raise


def _refuse_unwritable_result(t, args):
    """Where the op raised NotImplementedError: PyTorch's shape error first, if the result
    would not fit into ``t``."""
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


def _saved_result_is(node, t, view_grad_fn=None):
    """The op ran out of place and its result was written into ``t``: a result the node saved
    is ``t`` as of now, so (as in PyTorch, where the saved result is ``t`` itself) a later
    in-place change of ``t`` fails the node's version check. The input an in-place op saves is
    its own copy of the old value (PyTorch clones it too), so it stays as it is."""
    for saved in node._for_backward or ():
        if type(saved) is SavedTensor and saved.is_output:
            saved.counter = t._vc
            saved.version = t._vc[0]
            if not saved.has_hooks:  # (``t``'s memory, in ``t``'s dtype, as PyTorch's)
                saved.tensor = t._data
            if view_grad_fn is not None:
                saved.view_grad_fn = weakref.ref(view_grad_fn)
                # (a subclass with no slots of its own: the plain records pay nothing)
                saved.__class__ = SavedViewResult


def _saved_input_is_clone(node, old):
    """Where the op saved the value ``t`` had before the write, PyTorch saves a clone of
    ``t`` (its ``original_self``): unpacked, it has ``CloneBackward0`` as its grad_fn, whose
    edge goes to ``t``'s history before the write. ``old`` (the copy the op ran on) is that
    clone; its node is made when a create_graph backward first unpacks it (with the sequence
    number it would have had now), so that plain passes pay nothing for it."""
    for saved in node._for_backward or ():
        if type(saved) is SavedTensor and saved.tensor is old:
            saved.clone_sequence = next(_sequence)
            saved.__class__ = SavedOriginalInput
            return


class SavedOriginalInput(SavedTensor):
    """The saved old value of a tensor an op wrote in place (see ``_saved_input_is_clone``)."""

    __slots__ = ()

    def _cloned(self):
        if _grad_state.grad_enabled:
            t = self.tensor
            clone = _new(CloneBackward0)
            clone._link((t,))
            clone._seq = self.clone_sequence
            t._grad_fn = self.grad_fn = clone
            t._output_nr = self.output_nr = 0
            self.__class__ = SavedTensor  # (made once: later unpacks are plain)

    def _original(self, node):
        self._cloned()
        return self.tensor

    def _with_history(self, value, node):
        if self.tensor is not None:
            self._cloned()
        return SavedTensor._with_history(self, value, node)


class SavedViewResult(SavedTensor):
    """The saved result of an op applied in place through a view: unpacked, it has the
    view's grad_fn as of the write (``AsStridedBackward0``), as PyTorch's, so a double
    backward reaches the base through ``CopySlices``; the op's own node once that grad_fn is
    gone (PyTorch keeps it weakly too)."""

    __slots__ = ()

    def _original(self, node):
        return SavedTensor._original(self, self.view_grad_fn() or node)

    def _with_history(self, value, node):
        return SavedTensor._with_history(self, value, self.view_grad_fn() or node)


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
    # The view's value before the write, with its history (the op's edge; what the op saves
    # as its input becomes a clone of it, so that a double backward reaches the base).
    before = _make(view._data.copy())
    if view._requires_grad:
        before._requires_grad = True
        before._grad_fn = view.grad_fn
        before._output_nr = view._output_nr
    result = _out_of_place(fn, before, args, kwargs)
    _write(view, result._data, overlap, fn, args, kwargs)
    if result._grad_fn is None:  # the op recorded nothing (``copy_`` into an integer tensor)
        return
    if before._requires_grad:
        _saved_input_is_clone(result._grad_fn, before)
    node = CopySlices()
    node._link((base,), adopted=result._grad_fn)
    if node._for_backward is None:  # (so that a pass without retain_graph releases it)
        node._for_backward = ()
    node.op_node, node.chain = result._grad_fn, chain_from_base(view)
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
        # (and with it the op's edge to the view's grad_fn as of the write: a saved result's
        # error message then names the op, as PyTorch's once that grad_fn is gone)
        self.op_node = None

    def _apply(self, grads):
        if self.released:
            raise RuntimeError(FREED_MESSAGE)
        grad = grads[0]
        if grad is None:
            return (None,) * len(self._next)
        if _grad_state.grad_enabled:
            return self._apply_recorded(grad)
        op_grads = self.op_node._apply([_region(grad, self.chain)])
        return (_replaced(grad, op_grads[0], self.chain),) + tuple(op_grads[1:])

    def _apply_recorded(self, grad):
        """Under create_graph, PyTorch's steps, each recorded, so that the gradient's graph has
        PyTorch's nodes (and their hooks fire): the gradient copied into a new base-shaped
        tensor (``CopyBackwards``), the view's region of it (``AsStridedBackward0``), a clone
        of the region handed to the op's backward (``CloneBackward0``), and the op's gradient
        for the view written back into the region (``CopySlices``)."""
        result = _make(np.empty(self._in_meta[0][0], grad._data.dtype))
        result.copy_(grad)
        region = RegionView.apply(result, self.chain)
        op_grads = self.op_node._apply([region.clone()])
        if op_grads[0] is None:
            region._data[...] = 0
        else:
            region.copy_(op_grads[0])
        return (result,) + tuple(op_grads[1:])


class AsStridedBackward0(Node):
    """A view's grad_fn regenerated after its base changed history: the gradient lands in the
    view's region of a zero base-shaped gradient."""

    __module__ = "builtins"  # (a C++ class in PyTorch: type() shows the bare name)

    def _apply(self, grads):
        grad = grads[0]
        if grad is None:
            return (None,)
        if _grad_state.grad_enabled:
            return (strided_backward(grad, self._in_meta[0][0], self.chain),)
        return (_embedded(grad, self._in_meta[0][0], self.chain),)


def regenerate_view(view):
    """Point a view's grad_fn at its base's current history (lazily, after in-place ops)."""
    base = view._view_base
    view._view_version = view._vc[0]
    if not base._requires_grad:
        return
    node = AsStridedBackward0()
    node._link((base,))
    node.chain = chain_from_base(view)
    view._set_history(node, 0)


def chain_from_base(view):
    """The view chain that selects ``view`` from an array shaped like its base now. A view's
    chain starts from the base's first shape; if the base has since changed shape in place
    (``squeeze_``, ``t_``, ... on the base: its frame, ``base._view_chain``), those ops are
    undone first, last one first."""
    frame = view._view_base._view_chain
    if frame is None:
        return view._view_chain
    undo = ()
    for op, params in reversed(frame):
        undo += op.undo(*params)
    return undo + view._view_chain


class RegionView(ViewOp):
    """The region of a base-shaped tensor that a view chain selects, recorded as the view
    PyTorch makes of it (``as_strided``, with its node name)."""

    node_name = "AsStridedBackward0"

    @staticmethod
    def view_array(x, chain):
        return replay_view(chain, x[...])

    def backward(self, grad):
        return strided_backward(grad, self.shape, self.params[0])


class _DropDims:
    """A view chain step: the first element along ``dims`` (dims dropped)."""

    @staticmethod
    def view_array(x, dims):
        # (the Ellipsis keeps a 0-d result a view, not a NumPy scalar)
        return x[tuple(0 if d in dims else slice(None) for d in range(x.ndim)) + (Ellipsis,)]


def strided_backward(grad, shape, chain):
    """The gradient of a view made by ``as_strided`` (the view ``chain`` of a base of
    ``shape``) under create_graph, built as PyTorch builds it: the gradient's size-1 dims
    squeezed and its stride-0 (expanded) dims summed, last dim first, then written into that
    region of zeros (``CopySlices``), the whole of which is returned through ``as_strided``
    (``AsStridedBackward0``); for an empty gradient, zeros with no history (as PyTorch's)."""
    storage = _make(np.zeros(shape, grad._data.dtype))
    if not grad._data.size:
        return storage
    region = replay_view(chain, storage._data)
    dropped = []
    for dim in range(region.ndim - 1, -1, -1):
        if region.shape[dim] == 1:
            grad = grad.squeeze(dim)
        elif region.strides[dim] == 0 and region.size:  # (NumPy's empty arrays: strides 0)
            grad = grad.sum(dim)
        else:
            continue
        dropped.append(dim)
    if dropped:
        chain = chain + ((_DropDims, (tuple(dropped),)),)
    if _overlapping(replay_view(chain, storage._data)):
        # (an overlapping unfold: index_add_ into a flat storage, seen as the base)
        places = replay_view(chain, np.arange(storage._data.size).reshape(shape))
        flat = _make(np.zeros(storage._data.size, grad._data.dtype))
        flat.index_add_(0, _make(np.array(places, np.int64).reshape(-1)), grad.reshape(-1))
        strides, step = [], 1
        for size in reversed(shape):
            strides.insert(0, step)
            step *= max(size, 1)
        return flat.as_strided(shape, strides)
    RegionView.apply(storage, chain).copy_(grad)
    return RegionView.apply(storage, ())


# The plain (not create_graph) forms of the formulas above, on arrays: a base-shaped
# gradient and the region of it that a view chain (``replay_view``) selects.

def _region(grad, chain):
    """The view's region of a gradient (a copy)."""
    return _make(np.array(replay_view(chain, grad._data), copy=True))


def _embedded(grad, shape, chain):
    """Zeros shaped like the base with ``grad`` in the view's region; where elements of the
    region share memory (an expanded or overlapping unfolded view), the gradients of all of
    them add up there, as PyTorch's ``as_strided_backward`` sums them (its stride-0 dims
    first, last first, then the rest one by one)."""
    out = np.zeros(shape, grad._data.dtype)
    region = replay_view(chain, out)
    if not _overlapping(region):
        region[...] = grad._data
        return _make(out)
    data = grad._data
    for dim in range(region.ndim - 1, -1, -1):
        if region.shape[dim] > 1 and not region.strides[dim]:
            data = data.sum(dim, keepdims=True)
    first = tuple(slice(0, 1) if not st else slice(None) for st in region.strides)
    region = region[first]
    if not _overlapping(region):
        region[...] = data
    else:
        places = replay_view(chain, np.arange(out.size).reshape(shape))[first]
        np.add.at(out.reshape(-1), places, data)
    return _make(out)


def _overlapping(view):
    """Whether elements of ``view`` may share memory: its dims by stride, each must step over
    all the memory the smaller ones span (a sufficient test; where it errs, the caller's
    adding form gives the same as a plain write)."""
    if not view.size:
        return False
    extent = view.itemsize
    for stride, size in sorted((abs(st), n) for st, n in zip(view.strides, view.shape) if n > 1):
        if stride < extent:
            return True
        extent += stride * (size - 1)
    return False


def _replaced(grad, region, chain):
    """A gradient with the view's region replaced by ``region`` (zeros for None); refused,
    as PyTorch's copy into it is, where the region's elements share memory (an op written
    through an expanded view)."""
    out = np.array(grad._data, copy=True)
    target = replay_view(chain, out)
    if shares_elements(target):
        raise RuntimeError(OVERLAP_ERROR)
    target[...] = 0 if region is None else region._data
    return _make(out)
