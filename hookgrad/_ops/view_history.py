"""The autograd history of writes through views: ``CopySlices`` (a base's grad_fn after an
in-place op through one of its views), ``AsStridedBackward0`` (a view's grad_fn regenerated
after its base changed history) and their gradient formulas, plain and recorded."""
import numpy as np

from .._tensor_base import _make
from ..autograd._saved_tensors import FREED_MESSAGE
from ..autograd.grad_mode import state as _grad_state
from ..autograd.graph import Node
from .materialized_views import (
    chain_from_shape_now,
    has_materialized_step,
    is_materialized,
    mark,
    write_region,
)
from .op import ViewOp, replay_view, shares_elements

OVERLAP_ERROR = (
    "unsupported operation: more than one element of the written-to tensor refers to a single "
    "memory location. Please clone() the tensor before performing the operation.")


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

    def _unpack_saved(self):
        """The op's saved tensors, unpacked for the op (a pass that needs no gradient from
        here, ``inputs=`` the base, still checks them): a stale saved result names the op's
        node in PyTorch's version error, not CopySlices."""
        return self.op_node._unpack_saved()

    def _derivative_not_implemented(self):
        """PyTorch's CopySlices calls its op's backward whether or not the pass needs the
        gradients: an op without a derivative (``floor_divide_`` through a view) raises."""
        return self.op_node._derivative_not_implemented()

    def _apply(self, grads):
        if self.released:
            raise RuntimeError(FREED_MESSAGE)
        grad = grads[0]
        if grad is None:
            return (None,) * len(self._next)
        if _grad_state.grad_enabled:
            return self._apply_recorded(grad)
        op_grads = self.op_node._apply([_region(grad, self.chain)])
        return (_replaced(grad, op_grads[0], self.chain, self.layout),) + tuple(op_grads[1:])

    def _apply_recorded(self, grad):
        """Under create_graph, PyTorch's steps, each recorded, so that the gradient's graph has
        PyTorch's nodes (and their hooks fire): the gradient copied into a new base-shaped
        tensor (``CopyBackwards``), the view's region of it (``AsStridedBackward0``), a clone
        of the region handed to the op's backward (``CloneBackward0``), and the op's gradient
        for the view written back into the region (``CopySlices``)."""
        result = _make(laid_out(self.base_shape, self.layout, grad._data.dtype))
        result.copy_(grad)
        chain = self.chain
        replays = any(_is_view_fn(op) for op, _params in chain)  # (PyTorch's view_fn)
        region = replay_recorded(result, chain) if replays else RegionView.apply(
            result, chain, self.layout)
        op_grads = self.op_node._apply([region.clone()])
        if op_grads[0] is not None:
            region.copy_(op_grads[0])
        elif replays:
            write_region(chain, result._data, 0)
        else:
            region._data[...] = 0
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
            return (strided_backward(grad, self.base_shape, self.chain, self.layout),)
        return (_embedded(grad, self.base_shape, self.chain, self.layout),)


def regenerate_view(view):
    """Point a view's grad_fn at its base's current history (lazily, after in-place ops)."""
    base = view._view_base
    view._view_version = view._vc[0]
    if not base._requires_grad and view._grad_fn is None:  # (a view with history keeps a
        # regenerated node even after its base was detached in place, as PyTorch's: its edge
        # then leads nowhere)
        return
    chain, source = chain_from_base(view), base
    if any(_is_view_fn(op) for op, _params in chain):
        # (PyTorch replays the chain: see ``replay_recorded``; its last step, a plain view,
        # is the as_strided node made here)
        units = _replay_units(chain, follow_in_place=False)
        last = None if units[-1][0] else units[-1][1]
        replayed = replay_recorded(base, units if last is None else units[:-1])
        if replayed._grad_fn is not None:
            if last is None:
                _set_replayed_history(view, replayed._grad_fn, replayed._data.shape)
                return
            source, chain = replayed, last
    node = AsStridedBackward0()
    node._link((source,))
    node.chain, node.layout = chain, memory_order(source._data)
    # (the base's shape now, as PyTorch saves it: what the graph recorded of a leaf base, which
    # the gradient is checked against, may be older)
    node.base_shape = source._data.shape
    if source is base:
        view._set_history(node, 0)
    else:
        _set_replayed_history(view, node, replay_view(chain, source._data).shape)


def _set_replayed_history(view, node, shape):
    """``view``'s grad_fn is ``node``, replayed as PyTorch's view_fn replays it: of the shape
    the replay gives, which differs from the view's where an in-place view op (``t_``,
    ``unsqueeze_``) reshaped the view after its view_fn was made; PyTorch checks the gradient
    against that shape and passes it on as the replayed view's."""
    view._set_history(node, 0)
    if shape != view._data.shape:
        view._graph_meta = (node, (shape, view._data.dtype))


def _is_view_fn(op):
    """Whether PyTorch replays the view op ``op`` as itself (its ``view_fn``): view_as_real /
    view_as_complex (no as_strided changes the dtype), conj and the negative view (bits)."""
    return getattr(op, "view_fn_step", False)


def _replay_units(chain, follow_in_place=True):
    """``chain`` split as PyTorch's ``view_fn`` replays it: [(is_view_fn, steps)], the plain
    steps before the first view_fn step as one as_strided, each view_fn step as its op, each
    plain step after one as an as_strided of its own, together with the in-place view ops
    (``t_``, ``unsqueeze_``, which PyTorch's view_fn does not follow) applied before it. In-place
    view ops after the last plain step are left out unless ``follow_in_place``: PyTorch's
    view_fn, and so a view's regenerated history, stays as it was before them."""
    units, run, started = [], (), False
    for step in chain:
        if _is_view_fn(step[0]):
            if run and not (started and all(_is_in_place(op) for op, _params in run)):
                units.append((False, run))
            units.append((True, (step,)))
            run, started = (), True
        else:
            run += (step,)
            if started and not _is_in_place(step[0]):
                units.append((False, run))
                run = ()
    if run and (follow_in_place or not started):
        units.append((False, run))
    return units


def _is_in_place(op):
    """Whether the view op ``op`` is an in-place one (``t_``, ``unsqueeze_``, ...)."""
    return hasattr(op, "undo")


def replay_recorded(base, chain):
    """``chain`` (or its ``_replay_units``) applied to ``base`` as recorded ops, as PyTorch's
    ``view_fn`` of the view replays it: each plain run as one as_strided (``RegionView``),
    each view_fn step as its op (a conj or negative view again a view of ``base``, see
    materialized_views)."""
    from ..autograd.grad_mode import enable_grad
    units = chain if chain and type(chain[0][0]) is bool else _replay_units(chain)
    out = base
    with enable_grad():
        for is_view_fn, steps in units:
            if is_view_fn:
                (op, params), = steps
                source, out = out, op.apply(out, *params)
                if is_materialized(op):
                    mark(out, source, op)
            else:
                out = RegionView.apply(out, steps, memory_order(out._data))
    return out


def chain_from_base(view):
    """The view chain that selects ``view`` from an array shaped like its base now. A view's
    chain starts from the base's first shape; if the base has since changed shape in place
    (``squeeze_``, ``t_``, ... on the base: its frame, ``base._view_chain``), those ops are
    undone first, last one first."""
    return chain_from_shape_now(view._view_base, view._view_chain)


def base_dtype(chain, dtype):
    """The dtype of the base a view ``chain`` selects a view of ``dtype`` from: view_as_real
    and view_as_complex steps change it (``z.real`` is view_as_real(z).select(-1, 0))."""
    for op, _params in reversed(chain):
        name = getattr(op, "__name__", "")
        if name == "ViewAsRealBackward0":
            dtype = np.result_type(dtype, np.complex64)
        elif name == "ViewAsComplexBackward0":
            dtype = np.empty(0, dtype).real.dtype
    return dtype


def memory_order(array):
    """The order of ``array``'s dims in memory, outermost first (None: C order), so that a
    gradient for its tensor can be laid out as it is (``laid_out``)."""
    if array.flags.c_contiguous:
        return None
    return tuple(sorted(range(array.ndim), key=lambda d: -abs(array.strides[d])))


def laid_out(shape, order, dtype, zeros=False):
    """A new array of ``shape`` with its dims in memory in ``order`` (``memory_order``).
    PyTorch gives a base's gradient the base's strides; and a view's chain
    (``chain_from_base``) selects its region of such an array without a copy, where of
    another layout NumPy's reshape would copy and writes through the region would be lost
    (a base transposed in place after the view was taken)."""
    make = np.zeros if zeros else np.empty
    if order is None:
        return make(shape, dtype)
    return make(tuple(shape[d] for d in order), dtype).transpose(np.argsort(order))


def _memory_places(shape, order):
    """For an array ``laid_out(shape, order)``, each element's place in its memory."""
    memory_shape = shape if order is None else tuple(shape[d] for d in order)
    places = np.arange(int(np.prod(memory_shape))).reshape(memory_shape)
    return places if order is None else places.transpose(np.argsort(order))


class RegionView(ViewOp):
    """The region of a base-shaped tensor that a view chain selects, recorded as the view
    PyTorch makes of it (``as_strided``, with its node name)."""

    node_name = "AsStridedBackward0"

    @staticmethod
    def view_array(x, chain, layout=None):
        return replay_view(chain, x[...])

    def backward(self, grad):
        return strided_backward(grad, self.shape, *self.params)


RegionView.__name__ = RegionView.__qualname__ = "AsStridedBackward0"  # (type(node) shows it)


class _DropDims:
    """A view chain step: the first element along ``dims`` (dims dropped)."""

    @staticmethod
    def view_array(x, dims):
        # (the Ellipsis keeps a 0-d result a view, not a NumPy scalar)
        return x[tuple(0 if d in dims else slice(None) for d in range(x.ndim)) + (Ellipsis,)]


def strided_backward(grad, shape, chain, layout=None):
    """The gradient of a view made by ``as_strided`` (the view ``chain`` of a base of
    ``shape``) under create_graph, built as PyTorch builds it: the gradient's size-1 dims
    squeezed and its stride-0 (expanded) dims summed, last dim first, then written into that
    region of zeros (``CopySlices``), the whole of which is returned through ``as_strided``
    (``AsStridedBackward0``); for an empty gradient, zeros with no history (as PyTorch's).
    (``layout``: the base's ``memory_order``, which its gradient takes.)"""
    storage = _make(laid_out(shape, layout, base_dtype(chain, grad._data.dtype), zeros=True))
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
        places = replay_view(chain, _memory_places(shape, layout))
        flat = _make(np.zeros(storage._data.size, grad._data.dtype))
        flat.index_add_(0, _make(np.array(places, np.int64).reshape(-1)), grad.reshape(-1))
        strides = [st // storage._data.itemsize for st in storage._data.strides]
        return flat.as_strided(shape, strides)
    RegionView.apply(storage, chain, layout).copy_(grad)
    return RegionView.apply(storage, (), layout)


# The plain (not create_graph) forms of the formulas above, on arrays: a base-shaped
# gradient and the region of it that a view chain (``replay_view``) selects.

def _region(grad, chain):
    """The view's region of a gradient (a copy)."""
    return _make(np.array(replay_view(chain, grad._data), copy=True))


def _embedded(grad, shape, chain, layout):
    """Zeros shaped like the base with ``grad`` in the view's region; where elements of the
    region share memory (an expanded or overlapping unfolded view), the gradients of all of
    them add up there, as PyTorch's ``as_strided_backward`` sums them (its stride-0 dims
    first, last first, then the rest one by one)."""
    out = laid_out(shape, layout, base_dtype(chain, grad._data.dtype), zeros=True)
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
        places = replay_view(chain, _memory_places(shape, layout))[first]
        np.add.at(out.transpose(layout or range(out.ndim)).reshape(-1), places, data)
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


def _replaced(grad, region, chain, layout):
    """A gradient with the view's region replaced by ``region`` (zeros for None); refused,
    as PyTorch's copy into it is, where the region's elements share memory (an op written
    through an expanded view)."""
    out = laid_out(grad._data.shape, layout, grad._data.dtype)
    out[...] = grad._data
    if has_materialized_step(chain):  # (written back through the conj / negative views)
        write_region(chain, out, 0 if region is None else region._data)
        return _make(out)
    target = replay_view(chain, out)
    if shares_elements(target):
        raise RuntimeError(OVERLAP_ERROR)
    target[...] = 0 if region is None else region._data
    return _make(out)
