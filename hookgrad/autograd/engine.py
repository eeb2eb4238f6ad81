"""The backward engine: the one loop that runs nodes and dispatches every backward hook.

Per node, PyTorch's order: tensor hooks -> retains-grad hooks -> node pre-hooks -> backward ->
node post-hooks -> route outputs. Ready nodes run highest sequence number first."""
import heapq
import itertools
import sys
import threading

import numpy as np

from .._dtype import from_numpy_dtype
from .._tensor_base import ZERO_TENSOR_MESSAGE, _make
from . import _grad_layout, grad_mode
from ._grad_layout import accumulate_error, copy_recorded, first_grad, obeys_layout_contract
from ._hook_results import check_hook_result, check_hook_tuple, hook_name  # noqa: F401
from ._post_accumulate import accumulate_nothing as _accumulate_nothing
from ._post_accumulate import call_post_accumulate_hooks as _call_post_accumulate_hooks
from ._running import (  # noqa: F401  (engine API)
    _local,
    call_as_node,
    current_graph_task_id,
    current_node,
    current_task,
    end_task,
    pass_end_actions,
    running_nodes,
)
from ._saved_tensors import FREED_MESSAGE
from .anomaly_mode import anomaly
from .graph import AccumulateGrad, grad_accumulator, saved_hooks_state

_grad_state = grad_mode.state
_task_ids = itertools.count()
# Ties (all AccumulateGrad nodes share one sequence number) run in the order they became ready.
_ready_order = itertools.count()
_accumulate_lock = threading.Lock()  # no gradient contribution is lost across threads


class GraphTask:
    """State of one ``backward()`` / ``grad()`` call; every call has its own."""

    __slots__ = ("id", "create_graph", "keep_graph", "exec_info", "captures", "captured",
                 "reachable", "callbacks", "caller_hooks", "__weakref__")

    def __init__(self, keep_graph, create_graph):
        self.id = next(_task_ids)
        self.keep_graph = keep_graph
        self.create_graph = create_graph
        self.exec_info = None   # {node: needed} when only some inputs are wanted
        self.captures = None    # {node: [(output_nr, index)]} for autograd.grad
        self.captured = None
        self.reachable = None
        self.callbacks = None   # queue_callback's end-of-backward callbacks, in order
        self.caller_hooks = None  # the caller's saved-tensor hooks stack, once the pass copied it

    def should_execute(self, node):
        return self.exec_info is None or node in self.exec_info

    def will_execute(self, tensor):
        """Whether the hooks of ``tensor`` run in this task (used by multi-grad hooks)."""
        node = tensor.grad_fn
        if node is None:
            if self.captures is not None:
                raise RuntimeError(
                    "A leaf node was passed to _will_engine_execute_node but we are currently "
                    "running autograd.grad(). This is currently not supported.")
            node = tensor._grad_accumulator() if tensor._grad_accumulator else None
        if self.exec_info is not None:
            return node in self.exec_info
        return node in self.reachable


def queue_callback(callback):
    """Run ``callback()`` when the running backward pass has run all its nodes, on its thread,
    before ``backward()`` returns (PyTorch's ``Variable._execution_engine.queue_callback``).

    Callbacks belong to the graph task of the calling thread, so concurrent backward passes
    on other threads neither see nor run them; they run in the order queued, with the grad
    mode of the pass, and may queue more. Only the thread running a pass can reach its task,
    so the list needs no lock."""
    task = current_task()
    if task is None:
        raise RuntimeError("Final callbacks can only be installed during backward pass.")
    if task.callbacks is None:
        task.callbacks = []
    task.callbacks.append(callback)


def _run_callbacks(task):
    callbacks = task.callbacks
    i = 0
    while i < len(callbacks):  # a callback may queue another
        callbacks[i]()
        i += 1


def gradient_edge(tensor):
    """The (node, output_nr) a gradient for ``tensor`` flows into, or None."""
    node = tensor.grad_fn
    if node is not None:
        return node, tensor._output_nr
    if tensor.requires_grad:
        return grad_accumulator(tensor), 0
    return None


def _discover(root_nodes):
    """Count, for every reachable node, the edges that feed into it."""
    deps = {}
    stack = []
    for node in root_nodes:
        if node in deps:
            deps[node] += 1
        else:
            deps[node] = 1
            stack.append(node)
    while stack:
        for child, _ in stack.pop()._next:
            if child is None:
                continue
            if child in deps:
                deps[child] += 1
            else:
                deps[child] = 1
                stack.append(child)
    return deps


def _mark_needed(root_nodes, targets):
    """Nodes on a path from a root to any target node (targets included)."""
    needed = {}
    # Iterative post-order DFS: a node is needed if it is a target or has a needed child.
    for root in root_nodes:
        if root in needed:
            continue
        stack = [(root, iter(root._next))]
        visiting = {root}
        while stack:
            node, children = stack[-1]
            for child, _ in children:
                if child is not None and child not in needed and child not in visiting:
                    visiting.add(child)
                    stack.append((child, iter(child._next)))
                    break
            else:
                stack.pop()
                needed[node] = node in targets or any(
                    c is not None and needed.get(c, False) for c, _ in node._next)
    return {node for node, is_needed in needed.items() if is_needed}


def root_gradient_edges(roots):
    """Where each root's gradient starts; PyTorch's error for a root that has no edge."""
    root_edges = []
    for i, t in enumerate(roots):
        # (a view made without grad mode reports requires_grad but has no edge to start from)
        edge = None if t._no_grad_view and t.grad_fn is None else gradient_edge(t)
        if edge is None:
            _raise_no_edge(i)
        root_edges.append(edge)
    return root_edges


def _validated_root_seed(index, root, node, seed):
    """PyTorch checks a root's gradient against the shape its node recorded, which an in-place
    view op without grad mode (``squeeze_``) may have changed since: summed to it when it
    broadcasts there, else refused (by the root's index, no node named)."""
    stale = root._graph_meta
    shape = stale[1][0]
    recorded_by = stale[0]
    if recorded_by is root._grad_accumulator:  # (a leaf's: its AccumulateGrad's weak reference)
        recorded_by = recorded_by()
    if recorded_by is not node or seed._data.shape == shape:
        return seed
    return _sum_to(None, index, seed, shape)


def _raise_no_edge(i):
    raise RuntimeError(
        f"element {i} of tensors does not require grad and does not have a grad_fn")


def run_backward(roots, seeds, keep_graph, create_graph, inputs=None, accumulate=True):
    """Run one graph task. With ``accumulate=False`` (autograd.grad) return the captured
    gradients of ``inputs``; otherwise accumulate into leaves (only ``inputs`` if given)."""
    task = GraphTask(keep_graph, create_graph)
    if len(roots) == 1 and roots[0]._grad_fn is not None and roots[0]._view_base is None:
        # (the common ``loss.backward()``: a non-view root with history has its edge at once)
        root = roots[0]
        root_edges = [(root._grad_fn, root._output_nr)]
    else:
        root_edges = root_gradient_edges(roots)
    root_nodes = [node for node, _ in root_edges]
    if inputs is not None and accumulate:
        # inputs=: each retained once the roots have edges, before their gradients' checks
        for t in inputs:
            t.grad_fn  # noqa: B018 (read first, as PyTorch: a stale view's grad_fn regenerates)
            t.retain_grad()
    if any(root._graph_meta is not None for root in roots):
        # (rare: a root's shape changed in place without grad; backward passes a tuple)
        seeds = [seed if root._graph_meta is None
                 else _validated_root_seed(i, root, root_edges[i][0], seed)
                 for i, (root, seed) in enumerate(zip(roots, seeds))]
    deps = _discover(root_nodes)
    task.reachable = deps
    if inputs is not None:
        input_edges = [gradient_edge(t) for t in inputs]
        if accumulate:
            targets = {edge[0] for edge in input_edges}
            needed = _mark_needed(root_nodes, targets)
            # a non-leaf input's node with no needed node below it runs (its hooks fire) but
            # computes no gradient, as PyTorch's backward skips outputs nothing needs
            task.exec_info = {node: True if type(node) is AccumulateGrad
                              or _has_needed_child(node, needed) else _HOOKS_ONLY
                              for node in needed}
        else:
            captures = {}
            for index, edge in enumerate(input_edges):
                captures.setdefault(edge[0], []).append((edge[1], index))
            needed = _mark_needed(root_nodes, set(captures))
            # Capture-only nodes are evaluated (tensor hooks run) but not executed.
            task.exec_info = {node: node in needed and _has_needed_child(node, needed)
                              for node in needed}
            task.captures = captures
            task.captured = [None] * len(inputs)

    buffers = {}
    ready = []
    for (node, nr), seed in zip(root_edges, seeds):
        _add_to_buffer(buffers, node, nr, seed, create_graph)
        deps[node] -= 1
        if deps[node] == 0:
            heapq.heappush(ready, (-node._seq, next(_ready_order), node))

    prev_mode = _grad_state.grad_enabled
    _grad_state.grad_enabled = create_graph
    # A pass runs on its own copy of the saved-tensor hooks stack (PyTorch's graph task keeps
    # the caller's thread-local state): a hook that enters or leaves a hooks context during
    # backward changes neither the caller's stack nor what follows the pass. The copy is made
    # by the first such change (saved_tensors_hooks), which keeps the caller's in the task.
    _local.tasks.append(task)
    try:
        _run_ready_nodes(task, ready, buffers, deps)
        if task.callbacks is not None:
            _run_callbacks(task)
    finally:
        end_task()  # (and the end action of a pass that met a ZeroTensor)
        if task.caller_hooks is not None:
            saved_hooks_state.stack = task.caller_hooks
        _grad_state.grad_enabled = prev_mode
    return task.captured


def _run_ready_nodes(task, ready, buffers, deps):
    """The loop: run the highest-sequence ready node, route its outputs, repeat."""
    exec_info = task.exec_info
    create_graph = task.create_graph
    keep_graph = task.keep_graph
    heappop, heappush = heapq.heappop, heapq.heappush
    # The ready entry to run next, kept out of the heap while it would be the heap's minimum
    # anyway (a chain of nodes then never touches the heap). Order is exactly the heap's.
    held = None
    while held is not None or ready:
        if held is not None:
            node = held[2]
            held = None
        else:
            node = heappop(ready)[2]
        grads = buffers.pop(node)
        if node._hooks is None and exec_info is None and not anomaly.enabled:
            # Fast path: no hook can observe this node run, so no bookkeeping.
            if type(node) is AccumulateGrad:
                if not node.variable._backward_hooks:
                    if grads[0] is not None:
                        _accumulate(task, node.variable, grads)
                    elif node.variable._post_accumulate_grad_hooks:  # (run for None too)
                        _call_post_accumulate_hooks(node.variable._post_accumulate_grad_hooks,
                                                    node.variable)
                    continue
                outputs = _call_function(task, node, grads)
            else:
                outputs = node._apply(grads)
                if not node._checks_own_outputs:
                    outputs = _validate_outputs(task, node, outputs)
                if node._hooks is not None:  # registered as it ran (by a saved tensor's
                    outputs = _call_post_hooks(node, outputs, ())  # unpack hook)
                if not keep_graph and node._for_backward is not None:
                    node._release()  # (a node that saved nothing has nothing to free)
        elif exec_info is not None:
            outputs = _evaluate(task, node, grads)
        else:
            outputs = _call_function(task, node, grads)
        grads = None
        if not outputs:
            continue
        for (child, nr), grad in zip(node._next, outputs):
            if child is None or (exec_info is not None and child not in exec_info):
                continue
            buf = buffers.get(child)
            if buf is None:  # the first gradient for child
                n_outputs = child._n_outputs
                if n_outputs == 1:
                    buffers[child] = [grad]
                else:
                    buf = buffers[child] = [None] * n_outputs
                    buf[nr] = grad
            elif grad is not None:
                old = buf[nr]
                buf[nr] = grad if old is None else _sum_grads(old, grad, create_graph)
            remaining = deps[child] - 1
            deps[child] = remaining
            if not remaining:
                entry = (-child._seq, next(_ready_order), child)
                if held is None:
                    held = entry
                elif entry < held:
                    heappush(ready, held)
                    held = entry
                else:
                    heappush(ready, entry)
        # Hold no gradient past routing: AccumulateGrad steals only unshared ones.
        outputs = grad = old = entry = None
        if held is not None and ready and ready[0] < held:
            heappush(ready, held)
            held = None


def _has_needed_child(node, needed):
    return any(c is not None and c in needed for c, _ in node._next)


def _add_to_buffer(buffers, node, nr, grad, create_graph):
    buf = buffers.get(node)
    if buf is None:
        buf = buffers[node] = [None] * node._n_outputs
    old = buf[nr]
    buf[nr] = grad if old is None else _sum_grads(old, grad, create_graph)


def _sum_grads(old, grad, create_graph):
    """Sum two gradient contributions out of place (a hook may hold either)."""
    if create_graph or pass_end_actions:  # (or as ZeroTensors add: _zero_tensor.py)
        return old + grad
    return _make(_array_sum(old._data, grad._data))


def _array_sum(a, b):
    """``a + b`` as an array: NumPy gives 0-d operands a read-only scalar, which a hook's
    in-place edit of the gradient (allowed in PyTorch) could not write. (b + a: b's NaN where
    both are NaN, as PyTorch's add: arithmetic.AddBackward0)"""
    total = b + a
    return total if type(total) is np.ndarray else np.asarray(total)


_HOOKS_ONLY = "hooks only"  # an exec_info value: run the node's hooks, compute no gradient


def _evaluate(task, node, grads):
    exec_info = task.exec_info
    if exec_info is not None:
        needed = exec_info.get(node, False)
        if not needed:
            grads = _call_tensor_pre_hooks(node, grads)
        if task.captures is not None:
            for nr, index in task.captures.get(node, ()):
                task.captured[index] = grads[nr]
        if not needed:
            return None
        if needed is _HOOKS_ONLY:
            return _call_function(task, node, grads, False)
    return _call_function(task, node, grads)


def _call_tensor_pre_hooks(node, grads):
    hooks = node._hooks
    if (hooks is not None and hooks.tensor_pre_hooks) or type(node) is AccumulateGrad:
        for nr, fn in node._tensor_hooks():
            old = grads[nr]
            new = fn(old)
            if new is not None:
                check_hook_result(fn, old, new)
                grads[nr] = new
    if hooks is not None and hooks.retains_grad:
        for nr, ref in list(hooks.retains_grad.items()):
            tensor = ref()
            grad = grads[nr]
            if tensor is not None and grad is not None:
                _retain(tensor, grad)
    return grads


def _retain(tensor, grad):
    if tensor._grad is None:
        tensor._grad = grad.clone() if _grad_state.grad_enabled else _copy(grad)
    else:
        tensor._grad = tensor._grad + grad


def _copy(t):
    return _make(np.array(t._data, order="C", copy=True))


def _call_function(task, node, grads, compute=True):
    """One node, every step in order (tensor hooks, retains-grad, pre-hooks, backward,
    post-hooks), visible to ``_current_autograd_node()`` while it runs; without ``compute``
    its backward gives None for every input (none is needed)."""
    nodes = _local.nodes
    nodes.append(node)
    try:
        hooks = node._hooks
        grads = _call_tensor_pre_hooks(node, grads)
        if hooks is not None and hooks.pre_hooks:
            for fn in list(hooks.pre_hooks.values()):
                result = fn(tuple(grads))
                if result is not None:
                    # (in the caller's list, as PyTorch: held once, AccumulateGrad steals it)
                    grads[:] = check_hook_tuple(fn, grads, result)
            result = None  # drop our reference: AccumulateGrad may steal an unshared gradient
        # (after the pre-hooks, which may add post-hooks, as PyTorch decides)
        hooks = node._hooks
        had_post_hooks = hooks is not None and bool(hooks.post_hooks)
        if had_post_hooks:
            _own_scalar_memory(grads)
        if type(node) is AccumulateGrad:
            outputs = ()
            if grads[0] is not None:
                _accumulate(task, node.variable, grads)
            elif node.variable._post_accumulate_grad_hooks:
                # (an undefined gradient accumulates nothing, but PyTorch still runs these)
                _call_post_accumulate_hooks(node.variable._post_accumulate_grad_hooks,
                                            node.variable)
        elif not (compute or node._runs_unneeded):  # (PyTorch runs it: unpacks, no output)
            if getattr(node, "released", False):
                raise RuntimeError(FREED_MESSAGE)
            if node._derivative_not_implemented():
                node._apply(grads)  # (raises PyTorch's "derivative for ... is not implemented")
            if getattr(node, "_for_backward", None):
                node._unpack_saved()
            outputs = (None,) * len(node._next)
        else:
            if anomaly.enabled:
                outputs = anomaly.run_node(node, grads)
            else:
                outputs = node._apply(grads)
            outputs = _validate_outputs(task, node, outputs)
        if node._hooks is not None:  # (read again: an unpack hook may have added some)
            # PyTorch keeps the node's incoming gradients only for post-hooks it had when its
            # backward started; hooks registered during the backward get an empty tuple
            outputs = _call_post_hooks(node, outputs, tuple(grads) if had_post_hooks else ())
        # (after the post-hooks, as PyTorch: a post-hook that raises leaves them saved)
        if not task.keep_graph:
            node._release()
        return outputs
    finally:
        nodes.pop()


def _own_scalar_memory(grads):
    """Give a NumPy scalar gradient a 0-d array, so that the views a backward makes of it
    alias it for the node's post-hooks, as PyTorch's do (a function: no reference to a
    gradient outlives it, and AccumulateGrad steals a gradient nothing else holds)."""
    for grad in grads:
        if grad is not None and type(grad._data) is not np.ndarray:
            grad._data = np.array(grad._data)


def _call_post_hooks(node, outputs, grad_outputs):
    post_hooks = node._hooks.post_hooks
    if not post_hooks:
        return outputs
    for fn in list(post_hooks.values()):
        result = fn(tuple(outputs), grad_outputs)
        if result is not None:
            outputs = check_hook_tuple(fn, outputs, result)
    return outputs


COMPLEX_GRAD_OF_REAL = (
    "Expected isFloatingType(grad.scalar_type()) || (input_is_complex == grad_is_complex) to be "
    "true, but got false.  (Could this error message be improved?  If so, please report an "
    "enhancement request to PyTorch.)")


def _validate_outputs(task, node, outputs):
    """Shape, dtype and count checks on what a backward formula returned; un-broadcasts.
    Returns ``outputs`` itself when nothing needs changing (the common case)."""
    edges = node._next
    if len(outputs) != len(edges):
        raise RuntimeError(f"function {node.name()} returned an incorrect number of gradients "
                           f"(expected {len(edges)}, got {len(outputs)})")
    meta = getattr(node, "_checked_meta", None) or node._in_meta
    exec_info = task.exec_info
    fixed = None  # a copy of outputs, made on the first change
    for i, grad in enumerate(outputs):
        if grad is None:
            continue
        child = edges[i][0]
        if child is None or (exec_info is not None and child not in exec_info):
            if node._masks_unneeded_grads:
                # built-in ops compute only the gradients that are needed
                if fixed is None:
                    fixed = list(outputs)
                fixed[i] = None
                continue
            if child is None:
                continue
            # (a gradient this pass does not need is still checked and cast: post-hooks see
            # it in its input's dtype, as PyTorch's validate_outputs checks every valid edge)
        shape, np_dtype = meta[i]
        data = grad._data
        if data.shape != shape or data.dtype != np_dtype:
            if data.shape != shape:
                grad = _sum_to(node, i, grad, shape)
            if grad._data.dtype != np_dtype:
                if grad._data.dtype.kind == "c" and np_dtype.kind != "c":
                    if not node._handles_r_to_c:  # (PyTorch's validate_outputs check)
                        raise RuntimeError(COMPLEX_GRAD_OF_REAL)
                    # a real input of a complex op takes the real part (PyTorch's formulas'
                    # handle_r_to_c). (Imported here: the ops import the engine's modules.)
                    from .._ops.complex_ops import real_part
                    grad = real_part(grad)
                grad = grad.to(from_numpy_dtype(np_dtype))
            if fixed is None:
                fixed = list(outputs)
            fixed[i] = grad
    return outputs if fixed is None else fixed


def _sum_to(node, index, grad, shape):
    """``grad`` summed to ``shape`` where it broadcasts there; else PyTorch's refusal, naming
    ``node`` (None: a root's gradient, checked before any node runs)."""
    gshape = grad._data.shape
    lead = len(gshape) - len(shape)
    ok = lead >= 0 and all(s == 1 or s == g for s, g in zip(shape, gshape[lead:]))
    if not ok:
        who = "" if node is None else f"Function {node.name()} returned an "
        raise RuntimeError(
            f"{who}invalid gradient at index {index} - got "
            f"[{', '.join(map(str, gshape))}] but expected shape compatible with "
            f"[{', '.join(map(str, shape))}]")
    return grad.sum_to_size(shape)


def _accumulate(task, variable, grads):
    """AccumulateGrad: add into ``variable.grad``, then run post-accumulate-grad hooks."""
    if variable._grad_fn is not None or not variable._requires_grad:
        _accumulate_nothing(variable)
        return
    grad = grads[0]
    with _accumulate_lock:
        old = variable._grad
        if old is None:
            if task.create_graph or _grad_state.grad_enabled:
                variable._grad = (copy_recorded(grad) if variable._data.flags.c_contiguous
                                  else first_grad(variable, grad, True))
            elif (sys.getrefcount(grad) <= _STEALABLE_REFS
                  and obeys_layout_contract(grad._data, variable._data)):
                # Nothing else holds this gradient: keep its buffer (PyTorch "steals" it).
                data = grad._data
                if data.base is not None and not data.flags.writeable:
                    data = _grad_layout.writeable_alias(data)
                if data is None:
                    variable._grad = _copy(grad)
                elif grad._view_base is not None or data is not grad._data:
                    variable._grad = _make(data)  # (.grad is never a view: same memory)
                    if grad._zero_tensor:  # (a view of sgn's ZeroTensor gradient: one too)
                        variable._grad.__class__ = type(grad)
                else:
                    variable._grad = grad if grad._grad_fn is None else grad.detach()
            elif _grad_layout.c_strided_leaf(variable._data):
                variable._grad = _copy(grad)
            else:  # (PyTorch's layout contract: the leaf's strides if dense, else contiguous)
                variable._grad = first_grad(variable, grad, False)
        elif task.create_graph or _grad_state.grad_enabled:
            variable._grad = old + grad
            _grad_layout.warn_if_contract_broken("sum", variable._grad._data, variable._data)
        else:
            if old._zero_tensor:  # (sgn's gradient kept as .grad: PyTorch's ZeroTensor)
                raise RuntimeError(ZERO_TENSOR_MESSAGE)
            old_data = old._data
            if old_data.flags.writeable:
                try:
                    np.add(grad._data, old_data, old_data)  # (+=, the new NaN first)
                except (ValueError, TypeError):  # (a .grad reshaped or recast in place)
                    raise accumulate_error(old_data, grad._data) from None
                old._vc[0] += 1
                _grad_layout.warn_if_contract_broken("in place", old_data, variable._data)
            else:
                variable._grad = _make(_array_sum(old_data, grad._data))
    hooks = variable._post_accumulate_grad_hooks
    if hooks:
        _call_post_accumulate_hooks(hooks, variable)


# References to a stealable gradient when _accumulate checks: the grads list, the local
# name, and getrefcount's own argument.
_STEALABLE_REFS = 3
