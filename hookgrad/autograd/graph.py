"""Backward graph nodes (with the one node constructor, ``Node._link``) and the graph-level
hook APIs: node hooks, multi-grad hooks, op hooks, and (from ``_saved_tensors``, where the
saved tensors live) the saved-tensor hooks."""
import itertools
import threading
import weakref
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from .._tensor_base import OrphanHooks, TensorBase, _make
from ..utils.hooks import RemovableHandle, register_hook
from ._running import current_task
from ._saved_tensors import (  # noqa: F401  (PyTorch's torch.autograd.graph names)
    FREED,
    FREED_MESSAGE,
    SavedNumber,
    SavedTensor,
    _strip_backward,
    allow_mutation_on_saved_tensors,
    disable_saved_tensors_hooks,
    save_on_cpu,
    saved_hooks_state,
    saved_number,
    saved_tensors_hooks,
)
from .anomaly_mode import anomaly, record_forward

__all__ = ["Node", "saved_tensors_hooks", "disable_saved_tensors_hooks", "save_on_cpu",
           "register_multi_grad_hook", "allow_mutation_on_saved_tensors", "register_op_hook"]

ACCUMULATE_GRAD_SEQ = 2 ** 64 - 1
# PyTorch's error nodes (``NotImplemented``) take the same number: a pass runs them as soon as
# they are ready, so it raises before any other branch reaches a leaf's .grad
ERROR_NODE_SEQ = ACCUMULATE_GRAD_SEQ
_sequence = itertools.count()  # thread-safe under the GIL: later nodes get larger numbers
_NO_EDGE = (None, 0)

# Observers of every op call (``fn(op_class, args, result)``): the one op-level hook point,
# used by hookgrad.lens to see ops that are not modules. Empty, it costs one falsy check.
_op_hooks = OrderedDict()


def register_op_hook(fn):
    """Call ``fn(op_class, args, result)`` after every differentiable op; returns a handle.

    ``op_class.op_name()`` is a short name (``"mul"``, ``"relu"``, ``"convolution"``);
    ``result`` is a Tensor or a tuple of Tensors. (hookgrad's own hook point: PyTorch has
    none; its closest relative is ``TorchDispatchMode``.)"""
    return register_hook(_op_hooks, fn)

class _NodeHooks:
    """Hook containers and metadata of one node; the node creates it on first use, and each
    container is created on first use too (an unused one is None)."""

    __slots__ = ("pre_hooks", "post_hooks", "tensor_pre_hooks", "retains_grad", "metadata")

    def __init__(self):
        self.pre_hooks = None         # OrderedDict {handle id: fn}
        self.post_hooks = None        # OrderedDict {handle id: fn}
        self.tensor_pre_hooks = None  # {output_nr: that tensor's hook dict}
        self.retains_grad = None      # {output_nr: weakref to the tensor}
        self.metadata = None

    def get(self, name, make=dict):
        """The container ``name``, created empty if it does not exist yet."""
        container = getattr(self, name)
        if container is None:
            container = make()
            setattr(self, name, container)
        return container


class Node:
    """A backward function in the graph (``t.grad_fn``)."""

    # ``_record``: linked into the graph by ``_link`` (an op run without recording is not:
    # Op.apply marks it False, its one field an op sets itself)
    # ``_checked_meta``: None, or where an input's shape changed in place without grad mode
    # since its node recorded it, what the engine checks gradients against (see _link)
    __slots__ = ("_next", "_seq", "_in_meta", "_checked_meta", "_for_backward", "_hooks",
                 "_record", "__weakref__")

    node_name = None  # set where PyTorch's name differs from the class name

    def _link(self, inputs, adopted=None):
        """The one node constructor: make this node part of the graph, with an edge to the
        gradient node of each of ``inputs`` that requires grad (its grad_fn, or its leaf's
        AccumulateGrad; a number or a tensor that needs no gradient gets no edge), their
        shapes and dtypes (every Tensor's), the next sequence number, and no saved tensors
        or hooks yet. ``adopted``: an op's node whose inputs after the first this node
        takes over, with its saved tensors (``CopySlices`` stands in for an op applied in
        place to a view)."""
        edges = []
        meta = []
        recorded = {}
        for a in inputs:
            if isinstance(a, TensorBase):
                data = a._data
                meta.append((data.shape, data.dtype))
                if not a._requires_grad and (a._view_base is None
                                             or not a._requires_grad_from_base()):
                    edges.append(_NO_EDGE)
                    continue
                # (a view's grad_fn may need regenerating after an in-place op on its base)
                node = a._grad_fn if a._view_base is None else a.grad_fn
                if node is not None:
                    edges.append((node, a._output_nr))
                    stale = a._graph_meta
                    if stale is not None and stale[0] is node:
                        # (its shape changed in place without grad mode: PyTorch checks the
                        # gradient against what the graph recorded; formulas see the shape)
                        recorded[len(edges) - 1] = stale[1]
                elif a._no_grad_view:  # (a view made without grad mode passes none on)
                    edges.append(_NO_EDGE)
                else:  # a leaf
                    edges.append((grad_accumulator(a), 0))
                    stale = a._graph_meta
                    if stale is not None and stale[0] is a._grad_accumulator:
                        recorded[len(edges) - 1] = stale[1]  # (as above: its AccumulateGrad's)
            else:
                edges.append(_NO_EDGE)
                meta.append(None)
        if adopted is not None:
            edges += adopted._next[1:]
            meta += adopted._in_meta[1:]
        self._next = tuple(edges)
        self._in_meta = tuple(meta)
        # (always set: an unset slot would send the engine's read through __getattr__)
        self._checked_meta = tuple(recorded.get(i, m) for i, m in enumerate(meta)) \
            if recorded else None
        self._seq = next(_sequence)
        # (an adopting node frees the adopted op's saved tensors when a pass releases its own)
        self._for_backward = None if adopted is None else adopted._for_backward
        self._hooks = None
        self._record = True
        if anomaly.enabled:
            record_forward(self)

    def name(self):
        return self.node_name or type(self).__name__

    @property
    def next_functions(self):
        return self._next

    @property
    def metadata(self):
        return self._aux().get("metadata")

    def _sequence_nr(self):
        return self._seq

    def _aux(self):
        hooks = self._hooks
        if hooks is None:
            hooks = self._hooks = _NodeHooks()
        return hooks

    def register_hook(self, fn: Callable[..., Any]) -> RemovableHandle:
        """Post-hook ``fn(grad_inputs, grad_outputs) -> tuple | None``."""
        hooks = self._aux().get("post_hooks", OrderedDict)
        handle = RemovableHandle(hooks)
        hooks[handle.id] = fn
        return handle

    def register_prehook(self, fn: Callable[..., Any]) -> RemovableHandle:
        """Pre-hook ``fn(grad_outputs) -> tuple | None``."""
        hooks = self._aux().get("pre_hooks", OrderedDict)
        handle = RemovableHandle(hooks)
        hooks[handle.id] = fn
        return handle

    # Saving for backward, and the outputs (the node's other fields are set by _link only).
    def save(self, *tensors, outputs=None):
        """Save tensors for backward (None stays None): each is checked against its version
        counter when unpacked, and packed by the active saved-tensor hooks (a
        ``saved_number`` is saved as it is). ``outputs``: ids of this node's own outputs
        among them, kept as storage only (no reference cycle). Does nothing for a node that
        is not recorded."""
        if not self._record:
            return
        if outputs is None:
            self._for_backward = tuple([
                None if t is None else t if type(t) is SavedNumber else SavedTensor(t)
                for t in tensors])
        else:
            self._for_backward = tuple(None if t is None else
                                       SavedTensor(t, is_output=id(t) in outputs)
                                       for t in tensors)

    def _save_more(self, *tensors):
        """Save ``tensors`` too, after what forward saved (non-differentiable outputs that
        PyTorch's node saves, such as ``sort``'s indices)."""
        more = tuple([SavedTensor(t) for t in tensors])
        before = self._for_backward
        self._for_backward = more if before is None else before + more

    def _save_output(self, output):
        """Save this node's ``output`` too, after what forward saved."""
        saved = SavedTensor(output, is_output=True)
        before = self._for_backward
        self._for_backward = (saved,) if before is None else before + (saved,)

    def _set_output_count(self, n):
        """How many differentiable outputs this node has (gradients it receives)."""
        self._n_outputs = n

    # The Node API tensors use (their hook dicts and retain_grad live on their grad_fn).
    def _add_tensor_hooks(self, output_nr, hooks):
        """Run the tensor hook dict ``hooks`` of output ``output_nr`` before this node. The
        node runs its outputs' dicts in the order each tensor got its first hook, then each
        dict in registration order (as PyTorch does)."""
        self._aux().get("tensor_pre_hooks")[output_nr] = hooks

    def _retain_grad_of(self, output_nr, tensor):
        """Store the gradient of output ``output_nr`` in ``tensor.grad`` (held weakly)."""
        self._aux().get("retains_grad")[output_nr] = weakref.ref(tensor)

    def _forget_retained(self, output_nr):
        """Stop retaining output ``output_nr``'s gradient (its tensor moved to a new node)."""
        hooks = self._hooks
        if hooks is not None and hooks.retains_grad:
            hooks.retains_grad.pop(output_nr, None)

    def _tensor_hooks(self):
        """Snapshot of ``[(output_nr, fn)]`` tensor hooks to run before this node."""
        hooks = self._hooks
        if hooks is None or not hooks.tensor_pre_hooks:
            return ()
        return [(nr, fn) for nr, fns in list(hooks.tensor_pre_hooks.items())
                for fn in list(fns.values())]

    def _derivative_not_implemented(self):
        """Whether this node's backward raises PyTorch's "derivative for ... is not
        implemented", which it does even when the pass needs none of its gradients."""
        return self.node_name == "torch::autograd::NotImplemented"

    def _release(self):
        """Free saved tensors after a pass without retain_graph; the node itself stays."""
        for record in self._for_backward or ():
            if record is not None:
                record.release()

    def _unpack_saved(self):
        return [None if s is None else s.unpack(self, True) for s in self._for_backward]

    # ``grad_fn._saved_<name>`` / ``grad_fn._raw_saved_<name>`` for ops that name their saves
    saved_names = ()
    # Built-in ops report None for inputs that need no gradient; custom Functions report
    # whatever their backward returned (post-hooks see it; it is not routed).
    _masks_unneeded_grads = True
    _checks_own_outputs = False  # True: the engine skips _validate_outputs on the fast path
    # True: backward runs (its outputs reach the post-hooks) also in a pass that needs none of
    # its gradients, a non-leaf ``backward(inputs=...)`` target's node: PyTorch's PyNode calls
    # a custom Function's Python backward there, where its own ops compute nothing
    _runs_unneeded = False
    # False: a complex gradient this backward gives a real input is refused, as PyTorch's
    # engine does: a custom Function's, and a formula of PyTorch's without handle_r_to_c
    # (most of its formulas take the real part)
    _handles_r_to_c = True
    _n_outputs = 1  # multi-output nodes set their own count

    def __getattr__(self, attr):
        for prefix, raw in (("_raw_saved_", True), ("_saved_", False)):
            name = attr[len(prefix):]
            if attr.startswith(prefix) and name in type(self).saved_names:
                saved = object.__getattribute__(self, "_for_backward")
                index = type(self).saved_names.index(name)
                record = saved[index] if saved is not None and index < len(saved) else None
                if record is None:
                    return None if raw else self._wrapped_number(name)
                if raw:
                    return record
                value = record.unpack(self)
                return self._wrapped_number(name) if value is None else value
        raise AttributeError(f"'{type(self).__name__}' object has no attribute '{attr}'")

    def _wrapped_number(self, name):
        """What ``_saved_<name>`` shows when that input was a Python scalar (or not saved)."""
        return None

    def __dir__(self):
        names = [p + n for n in type(self).saved_names for p in ("_raw_saved_", "_saved_")]
        return sorted(set(object.__dir__(self)) | set(names))

    def __call__(self, *grads):
        """Run this node's backward formula directly on gradients (no hooks)."""
        return self._apply(list(grads))

    def __repr__(self):
        return f"<{type(self).__name__} object at {hex(id(self))}>"


class AccumulateGrad(Node):
    """The node of a leaf that requires grad; accumulates into ``variable.grad``."""

    __slots__ = ("variable",)
    __module__ = "builtins"  # (a C++ class in PyTorch: type() shows the bare name)

    def __init__(self, variable):
        # (no inputs, and the sequence number that runs after every other node: one is made
        # for each leaf in each pass, so its fields are set here, not by _link)
        self.variable = variable
        self._next = ()
        self._seq = ACCUMULATE_GRAD_SEQ
        self._in_meta = None
        self._for_backward = None
        self._hooks = None
        self._record = True

    node_name = "torch::autograd::AccumulateGrad"

    def _tensor_hooks(self):
        hooks = self.variable._backward_hooks
        if not hooks or type(hooks) is OrphanHooks:
            return ()
        return [(0, fn) for fn in list(hooks.values())]


def grad_accumulator(tensor):
    """The AccumulateGrad node of a leaf that requires grad (one per leaf, held weakly)."""
    ref = tensor._grad_accumulator
    node = ref() if ref is not None else None
    if node is None:
        node = AccumulateGrad(tensor)
        tensor._grad_accumulator = weakref.ref(node)
    return node


def alias_with_history(t, node, output_nr):
    """A new tensor over ``t``'s memory and version counter whose grad_fn is ``node``: what a
    custom Function returns for an input passed through as-is. It reports ``_is_view()`` and
    ``_base`` like PyTorch's, but is no autograd view, so an in-place op on it chains after
    ``node`` instead of rewriting ``t``'s history (why in-place works under module backward
    hooks here)."""
    from .._ops.views import reshaped_view  # (the ops import this module)
    data = t._data
    # PyTorch returns ``t.view_as(t)``, whose strides for dims of size 1 are recomputed (a
    # later matmul's fold-to-mm test reads them)
    alias = _make(reshaped_view(data, data.shape) if 1 in data.shape else data, True, node,
                  output_nr)
    alias._vc = t._vc
    root = t._view_base  # PyTorch's _base of a view of a view is the first base
    if root is None:
        root = t._alias_base
        if root is None:
            root = t
    alias._alias_base = root
    return alias


def no_grad_view(t):
    """``t.view_as(t)`` made without grad mode (PyTorch's _view_as_self_with_no_grad): what a
    custom Function returns for an input passed through that gets no history."""
    from .grad_mode import no_grad  # (grad_mode imports this module)
    with no_grad():
        return t.view_as(t)


# --------------------------------------------------------------------------- multi-grad hooks

class _MultiHandle(RemovableHandle):
    """Wraps one handle per tensor; ``remove()`` removes them all. Has no ``id``."""

    def __init__(self, handles):
        self.handles = handles

    def remove(self):
        for handle in self.handles:
            handle.remove()

    def __getstate__(self):
        return self.handles

    def __setstate__(self, state):
        self.handles = state


def register_multi_grad_hook(tensors, fn, *, mode="all"):
    """Call ``fn`` once per backward pass with the gradients of ``tensors``: with mode "all",
    once the gradients of all of them that the pass computes are known (None for the others);
    with "any", on the first of them."""
    if mode not in ("all", "any"):
        raise ValueError(f"Expects mode to be one of ('all', 'any') but got {mode}")
    lock = threading.Lock()
    if mode == "all":
        tensors = tuple(tensors)
        for t in tensors:
            if not t.requires_grad:
                raise AssertionError("Expected gradient function to be set")
        count = {}   # graph task id -> number of hooks seen so far
        buffers = {}

        def make_hook(i):
            def hook(grad):
                task = current_task()
                key = id(task)
                with lock:
                    if key not in count:
                        count[key] = sum(task.will_execute(t) for t in tensors)
                        buffers[key] = [None] * len(tensors)
                    buffers[key][i] = grad
                    count[key] -= 1
                    done = count[key] == 0
                    if done:
                        grads = buffers.pop(key)
                        del count[key]
                if done:
                    fn(grads)
            return hook

        return _MultiHandle(tuple(t.register_hook(make_hook(i)) for i, t in enumerate(tensors)))

    fired = weakref.WeakSet()

    def any_hook(grad):
        task = current_task()
        with lock:
            if task in fired:
                return
            fired.add(task)
        fn(grad)

    return _MultiHandle(tuple(t.register_hook(any_hook) for t in tensors if t.requires_grad))
