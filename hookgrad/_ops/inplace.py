"""In-place ops: run the out-of-place op, write the result into the tensor's memory, bump the
version counter, and rebind autograd history (``CopySlices`` when written through a view)."""
import warnings
import weakref

import numpy as np

from .. import _dtype
from .._tensor_base import ZERO_TENSOR_MESSAGE, TensorBase, _make, view_node_label
from ..autograd._grad_layout import non_overlapping_and_dense
from ..autograd._saved_tensors import SavedTensor
from ..autograd.grad_mode import state as _grad_state
from ..autograd.graph import _sequence
from . import inplace_saves
from .clone import CloneBackward0
from .materialized_views import after_write
from .materialized_views import made as _materialized
from .op import in_place_integer, shares_elements
from .overlap_order import (
    overlaps_itself,
    write_in_order,
    write_reading_updates,
)
from .view_history import (
    OVERLAP_ERROR,
    CopySlices,
    chain_from_base,
    memory_order,
    regenerate_view,
)
from .zero_division import ZERO_DIVISION, write_before_zero_divisor

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
             f"{view_node_label(node)} is a view of a view which") +
            " was created in no_grad mode and is being modified inplace with grad mode "
            "enabled. Given that this use case is ambiguous and error-prone, it is forbidden. "
            "You can clarify your code by moving both the view and the inplace either both "
            "inside the no_grad block (if you don't want the inplace to be tracked) or both "
            "outside (if you want the inplace to be tracked).")
    raise RuntimeError(
        ("A view was created in no_grad mode and is being modified inplace with grad mode "
         "enabled." if node is None else f"Output {t._output_nr} of "
         f"{view_node_label(node)} is a view and is being modified inplace.") +
        " This view is the output of a function that returns multiple views. Such "
        "functions do not allow the output views to be modified inplace. You should "
        "replace the inplace operation by an out-of-place one.")


def refuse_recorded_write(t):
    """Autograd's checks before an in-place op it records on ``t`` (before the kernel's own
    checks of shapes and dtypes, as PyTorch's VariableType runs them)."""
    if t._no_grad_view or t._multi_output_view:
        _refuse_view_rebase(t)
    _check_leaf(t)


def records_inplace(t, args=(), kwargs=None):
    """Whether an in-place op on ``t`` with ``args`` / ``kwargs`` is recorded (grad mode, and
    ``t`` or an argument requires grad)."""
    return _grad_state.grad_enabled and (
        t._requires_grad or (t._view_base is not None and t._requires_grad_from_base())
        or _any_requires_grad(args) or (kwargs and _any_requires_grad(kwargs.values())))


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
    elif t._requires_grad:
        # (a view of a leaf that itself requires grad: ``b.view(...).requires_grad_()``; or a
        # view of such a view, whose base is b; PyTorch asks whether the base is a leaf)
        raise RuntimeError("a view of a leaf Variable that requires grad is being used in an "
                           "in-place operation.")


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


class _Memory:
    """An array interface over memory, for NumPy to view (``base`` keeps its owner alive)."""

    def __init__(self, interface, base):
        self.__array_interface__ = interface
        self.base = base


def _writable(data):
    """``data``, or a writable alias of its memory, for the writes PyTorch makes into a
    gradient handed to a hook: NumPy keeps a view of a broadcast gradient read-only whatever
    its owner allows, where PyTorch writes into the expanded memory. None where the owner
    itself is read-only (memory that is not a gradient's)."""
    if data.flags.writeable:
        return data
    try:
        data.flags.writeable = True
        return data
    except ValueError:
        pass
    root = _root(data)
    if not (isinstance(root, np.ndarray) and root.flags.writeable):
        return None
    interface = dict(data.__array_interface__)
    interface["data"] = (interface["data"][0], False)
    return np.asarray(_Memory(interface, data))


def _changed(array, data):
    """Where ``array`` differs from ``data`` bit for bit: the elements an op writes into
    memory shared by several elements (a NaN it keeps is no change; -0.0 to 0.0 is one)."""
    if array.dtype == data.dtype and data.dtype.kind == "f":
        bits = np.dtype(f"u{data.dtype.itemsize}")
        return array.view(bits) != data.view(bits)
    return array != data


def refuse_overlap(data, overlap):
    """PyTorch's refusal of a write into memory that overlaps itself, which its iterator
    checks before the shapes and dtypes (called where one of those errors is coming)."""
    if overlap is None and not data.flags.c_contiguous and shares_elements(data):
        raise RuntimeError(OVERLAP_ERROR)


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
            refuse_overlap(data, overlap)
            raise RuntimeError(
                f"output with shape [{', '.join(map(str, data.shape))}] doesn't match the "
                f"broadcast shape [{', '.join(map(str, broadcast))}]")
    if array.dtype is not data.dtype and array.dtype != data.dtype:  # (identity: cheap)
        src, dst = _dtype.from_numpy_dtype(array.dtype), _dtype.from_numpy_dtype(data.dtype)
        if src.category > dst.category:
            refuse_overlap(data, overlap)
            raise RuntimeError(f"result type {src.legacy_name[:-6]} can't be cast to the desired "
                               f"output type {dst.legacy_name[:-6]}")
    flags = data.flags
    contiguous = flags.c_contiguous
    if not contiguous and shares_elements(data):
        writable = None if overlap is None else _writable(data)
        if writable is None:
            raise RuntimeError(OVERLAP_ERROR)
        if overlap is not ALLOW_OVERLAP:
            warnings.warn(overlap, UserWarning, stacklevel=4)
        np.copyto(writable, array, casting="unsafe", where=_changed(array, data))
    elif not contiguous and fn is not None and overlaps_itself(data):
        write_in_order(t, array, fn, args, kwargs or {})
    elif not flags.writeable:
        if type(data) is np.ndarray:
            # no shared elements: a view of a broadcast gradient (one element of it, handed
            # to a hook as .grad) is read-only only because its base is; PyTorch writes it
            writable = _writable(data)
            if writable is None:
                raise RuntimeError(OVERLAP_ERROR)
            writable[...] = array
        else:
            # A NumPy scalar (what a backward formula on 0-d arrays gives, for a hook to edit
            # in place): immutable and aliased by no view, so the tensor gets its own array.
            t._data = data = np.empty((), data.dtype)
            np.copyto(data, array, casting="unsafe")
    else:
        # (np.copyto(data, array, casting="unsafe") as an assignment, which casts the same
        # way at less than half the call's cost)
        data[...] = array
    t._vc[0] += 1
    if _materialized[0] and len(t._vc) > 1:  # (a family holding conj / neg views' copies)
        after_write(t)


def apply_view_inplace(t, view_op, args):
    """``t.unsqueeze_(...)``, ``t.t_()``, ...: ``t`` itself becomes the view
    ``view_op.apply(t, *args)`` (a new shape over the same memory), with its node as history."""
    recording = records_inplace(t)
    if recording:
        refuse_recorded_write(t)
    result = view_op.apply(t, *args)
    if not recording:
        # What the graph recorded of ``t`` stays what PyTorch checks its gradients against:
        # its grad_fn's output, or (a leaf) its AccumulateGrad's input while that lives (held
        # by its weak reference, which a new AccumulateGrad replaces)
        node = t._grad_fn
        if node is None and t._grad_accumulator is not None and t._grad_accumulator():
            node = t._grad_accumulator
        if node is not None and (t._graph_meta is None or t._graph_meta[0] is not node):
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
    """The array owning ``array``'s memory (through as_strided's holder of the interface
    too, whose ``base`` is the array it views)."""
    while (base := getattr(array, "base", None)) is not None:
        array = base
    return array


def check_input_overlap(t, args):
    """PyTorch's elementwise kernels refuse an input that shares some but not all of the
    written tensor's memory, or all of it in another layout (``x.add_(x[0])``,
    ``x.mul_(x.t())``); the very tensor, a disjoint part, or memory too hard to tell pass.
    Returns whether an input of the last kind shares memory with ``t``."""
    data = t._data
    root = None
    reads_written = False
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
        if not (non_overlapping_and_dense(data) and non_overlapping_and_dense(other)):
            # (PyTorch's "too hard": allowed, its loop then reads what it wrote before)
            try:
                reads_written = reads_written or np.shares_memory(data, other, 1 << 16)
            except np.exceptions.TooHardError:
                reads_written = True
            continue
        begin, other_begin = data.__array_interface__["data"][0], other.__array_interface__[
            "data"][0]
        end, other_end = begin + data.nbytes, other_begin + other.nbytes
        if begin == other_begin and end == other_end:
            if data.shape == other.shape and all(
                    st == other_st or (n == 1 and not (st and other_st))
                    for st, other_st, n in zip(data.strides, other.strides, data.shape)):
                continue  # the same memory in the same layout: PyTorch's full overlap (a
                # size-1 dim NumPy gives stride 0, as broadcast_to, PyTorch gives the layout's)
        elif not (begin < other_end and other_begin < end):
            continue
        raise RuntimeError(INPUT_OVERLAP_ERROR)
    return reads_written


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
    try:
        return _apply_inplace(t, fn, args, kwargs, overlap, check_inputs)
    except RuntimeError as error:
        if error.args == (ZERO_DIVISION,):
            # (PyTorch's iterator refuses a result that does not fit before its kernel runs)
            _refuse_unwritable_result(t, args, fn, t._data, overlap)
            write_before_zero_divisor(t, fn, args, kwargs)  # (as far as PyTorch's loop got)
        raise


def _apply_inplace(t, fn, args, kwargs, overlap, check_inputs):
    recording = records_inplace(t, args, kwargs)
    reads_written = False
    if not recording:
        if check_inputs and args and (len(args) > 1 or isinstance(args[0], TensorBase)):
            reads_written = check_input_overlap(t, args)
        # (the op called here, not through _out_of_place: one call layer less on the hot path;
        # try costs nothing until it catches)
        try:
            result = fn(t, *args, **kwargs)
        except NotImplementedError:
            _refuse_unwritable_result(t, args, fn, t._data, overlap)
            raise
        if reads_written:
            _write_reading_updates(t, result._data, overlap, fn, args, kwargs)
        else:
            _write(t, result._data, overlap, fn, args, kwargs)
        return t
    refuse_recorded_write(t)
    if t._data.dtype.kind not in "fVc":  # (PyTorch gives an integer tensor history in place
        in_place_integer[0] += 1  # without its dtype check: Op.apply skips it meanwhile)
        try:
            return _recorded_inplace(t, fn, args, kwargs, overlap, check_inputs)
        finally:
            in_place_integer[0] -= 1
    return _recorded_inplace(t, fn, args, kwargs, overlap, check_inputs)


def _recorded_inplace(t, fn, args, kwargs, overlap, check_inputs):
    """``apply_inplace`` once it records: the op on a copy of ``t``, written back, ``t``
    rebased on the op's node (or, for a view, its base through CopySlices)."""
    reads_written = False
    # (after autograd's checks, as PyTorch's kernel's)
    if check_inputs and args and (len(args) > 1 or isinstance(args[0], TensorBase)):
        reads_written = check_input_overlap(t, args)
    if t._view_base is None:
        # (a clone keeping the layout, as PyTorch's preserve_format: the saved input's memory
        # order decides which elements its backward's vector loop covers)
        old = _make(t._data.copy(order="K"), t._requires_grad, t._grad_fn, t._output_nr)
        # (and what the graph recorded of t, if its shape changed in place without grad
        # mode: the op's node checks its gradient against that, as PyTorch's)
        old._graph_meta = t._graph_meta
        saves = inplace_saves.begin(old)  # (None unless saved-tensor hooks are active)
        try:  # (_out_of_place, written out as above)
            result = fn(old, *args, **kwargs)
        except NotImplementedError:
            _abandon(saves)
            _refuse_unwritable_result(old, args, fn, t._data, overlap)
            raise
        except BaseException:
            _abandon(saves)
            raise
        try:
            if reads_written:
                _write_reading_updates(t, result._data, overlap, fn, args, kwargs)
            else:
                _write(t, result._data, overlap)
        except BaseException:
            _abandon(saves)
            raise
        node = result._grad_fn
        if node is None:  # (the op recorded nothing: an integer tensor's shift or bitwise op,
            _finish(saves, node, t)  # after a fill_ with a value that requires grad; t keeps
            return t                 # its history)
        if node._for_backward:  # (a node that saved nothing saved no result, no input)
            _saved_result_is(node, t)
            if old._requires_grad:
                _saved_input_is_clone(node, old)
        t._set_history(node, 0)
        _finish(saves, node, t)
        return t
    _inplace_on_view(t, fn, args, kwargs, overlap, reads_written)
    return t


def _write_reading_updates(t, array, overlap, fn, args, kwargs):
    """``_write`` (its checks, its version bump) where an input shares ``t``'s memory in a
    layout PyTorch allows: its loop reads, for each element, what the elements before wrote
    (see overlap_order)."""
    original = t._data.copy()
    _write(t, array, overlap, fn, args, kwargs)
    write_reading_updates(t, original, array, fn, args, kwargs)
    if _materialized[0] and len(t._vc) > 1:
        after_write(t)


def _out_of_place(fn, t, args, kwargs, written, overlap):
    """``fn(t, *args, **kwargs)``; where the op has no kernel for the dtypes, PyTorch first
    refuses a result that cannot be written into ``written`` (its shape check comes first)."""
    try:
        return fn(t, *args, **kwargs)
    except NotImplementedError:
        _refuse_unwritable_result(t, args, fn, written._data, overlap)
        raise


def _refuse_unwritable_result(t, args, fn, written, overlap):
    """Where the op raised NotImplementedError: PyTorch's refusal of ``written`` (the array
    written into) if it overlaps itself (``refuse_overlap``); its shape error, if the result
    would not fit into ``t``; then its cast error, if the operands' common dtype would not
    cast to ``t``'s (not for ops computing in ``t``'s dtype: ``fn.computes_in_input_dtype``,
    comparisons and lerp, whose kernels refuse the dtypes first)."""
    refuse_overlap(written, overlap)
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
    # (then TensorIterator's common dtype, which must cast to ``t``'s before any kernel
    # looks at the dtypes: bool.hypot_(long) is a cast error, not hypot's missing kernel)
    operands = [a for a in args if isinstance(a, (TensorBase, bool, int, float, complex))]
    if operands and not getattr(fn, "computes_in_input_dtype", False):
        result = _dtype.result_type([t, *operands])
        dst = t.dtype
        if result.category > dst.category:
            raise RuntimeError(f"result type {result.legacy_name[:-6]} can't be cast to the "
                               f"desired output type {dst.legacy_name[:-6]}") from None


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
    tensor, which PyTorch does not record: the op computes without recording either)."""
    enabled = _grad_state.grad_enabled
    _grad_state.grad_enabled = False
    try:
        values = fn(t, *args)._data
    finally:
        _grad_state.grad_enabled = enabled
    _write(t, values)
    return t


def _any_requires_grad(values):
    return any(isinstance(a, TensorBase) and (a._requires_grad or (
        a._view_base is not None and a._requires_grad_from_base())) for a in values)


def _inplace_on_view(view, fn, args, kwargs, overlap, reads_written=False):
    base = view._view_base
    # The view's value before the write, with its history (the op's edge; what the op saves
    # as its input becomes a clone of it, so that a double backward reaches the base).
    before = _make(view._data.copy())
    if view._requires_grad:
        before._requires_grad = True
        before._grad_fn = view.grad_fn
        before._output_nr = view._output_nr
    saves = inplace_saves.begin(before)  # (None unless saved-tensor hooks are active)
    try:
        result = _out_of_place(fn, before, args, kwargs, view, overlap)
        if reads_written:
            _write_reading_updates(view, result._data, overlap, fn, args, kwargs)
        else:
            _write(view, result._data, overlap, fn, args, kwargs)
    except BaseException:
        _abandon(saves)
        raise
    if result._grad_fn is None:  # the op recorded nothing (``copy_`` into an integer tensor)
        _finish(saves, None, view)
        return
    if before._requires_grad:
        _saved_input_is_clone(result._grad_fn, before)
    node = CopySlices()
    node._link((base,), adopted=result._grad_fn)
    if node._for_backward is None:  # (so that a pass without retain_graph releases it)
        node._for_backward = ()
    node.op_node, node.chain = result._grad_fn, chain_from_base(view)
    node.layout = memory_order(base._data)  # (which the base's gradient takes)
    node.base_shape = base._data.shape  # (PyTorch's saved base geometry: its shape now, not
    # the recorded one an in-place reshape under no_grad left behind; the engine checks it)
    base._set_history(node, 0)
    regenerate_view(view)
    _saved_result_is(result._grad_fn, view, view._grad_fn)
    _finish(saves, result._grad_fn, view)


def _finish(saves, node, written):
    if saves is not None:
        inplace_saves.finish(saves, node, written)


def _abandon(saves):
    if saves is not None:
        inplace_saves.abandon(saves)
