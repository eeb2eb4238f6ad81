"""Saved tensors: what a node keeps for backward (``SavedTensor``, PyTorch's wrapped numbers as
``SavedNumber``), the version check and freeing at unpack, and the saved-tensor hook contexts
(``saved_tensors_hooks`` and its relatives). ``hookgrad.autograd.graph`` re-exports the public
names, where PyTorch keeps them."""
import contextlib
import re
import threading

import numpy as np

from .._dtype import from_numpy_dtype
from .._tensor_base import TensorBase, _make
from ._running import _local as _running_local
from ._running import call_as_node, current_node
from .grad_mode import state as _grad_state

FREED = "freed"  # marks a SavedTensor whose value a backward pass released

FREED_MESSAGE = (
    "Trying to backward through the graph a second time (or directly access saved tensors "
    "after they have already been freed). Saved intermediate values of the graph are freed "
    "when you call .backward() or autograd.grad(). Specify retain_graph=True if you need to "
    "backward through the graph a second time or if you need to access saved tensors after "
    "calling backward.")


DETACHED_MESSAGE = (
    "Trying to use a saved tensor that has been detached in-place, i.e. with .detach_().This "
    "is not supported, please use out-of-place `.detach()` instead")


def saved_number(value):
    """What ``Node.save`` takes for an operand that may be a Python number: a Tensor as it
    is, a number as PyTorch's wrapped number (a ``SavedNumber``)."""
    return value if isinstance(value, TensorBase) else SavedNumber(value)


class SavedNumber:
    """A Python number an op saved for backward (PyTorch's wrapped number): never packed by
    saved-tensor hooks, freed by a pass without retain_graph like any saved variable. The op
    reads the number from its own fields, so unpacking it for a node gives None; ``data``
    and ``unpack()`` show it as PyTorch's wrapped-number tensor."""

    __slots__ = ("value", "freed")
    unpack_hook = None

    def __init__(self, value):
        self.value = value
        self.freed = False

    def release(self):
        self.freed = True

    @property
    def data(self):
        return None if self.freed else _make(_wrapped_array(self.value))

    def unpack(self, node=None, in_backward=False):
        if self.freed:
            raise RuntimeError(FREED_MESSAGE)
        return None if node is not None else self.data


def _wrapped_array(value):
    return np.array(value, np.int64 if isinstance(value, int) else np.float64)


class _SavedHooksState(threading.local):
    def __init__(self):
        self.stack = []          # (pack, unpack) pairs; only the innermost is used
        self.disabled = None     # message of an active disable_saved_tensors_hooks
        self.inplace = None      # an in-place op's saves under hooks (_ops/inplace_saves.py)


saved_hooks_state = _SavedHooksState()


def _strip_backward(name):
    return re.sub(r"Backward\d*$", "", name)


class SavedTensor:
    """One tensor saved for backward: version check at unpack and saved-tensor hooks. Its
    public surface is PyTorch's ``torch._C._autograd.SavedTensor`` (``grad_fn._raw_saved_*``):
    ``data``, ``unpack_hook``, ``register_hooks`` and ``unpack()``."""

    __slots__ = ("tensor", "version", "counter", "output_nr", "is_output", "packed",
                 "_unpack_hook", "has_hooks", "requires_grad", "grad_fn", "accumulator",
                 "view_grad_fn",  # (set only for the result of an in-place op on a view)
                 "clone_sequence")  # (set only for the old value an in-place op saved)

    def __init__(self, tensor, is_output=False):
        counter = self.counter = tensor._vc
        self.version = counter[0]
        self.is_output = is_output
        self.has_hooks = False
        if is_output:
            # Keep the output's storage, not the tensor, so node -> output -> node is no cycle.
            self.tensor = tensor._data
            self.output_nr = tensor._output_nr
        else:
            self.tensor = tensor
        stack = saved_hooks_state.stack
        if stack:
            pack, unpack = stack[-1]
            inplace = saved_hooks_state.inplace
            if inplace is not None:  # (inside an in-place op: PyTorch's timing and arguments)
                if is_output:
                    inplace.defer(self, tensor, pack, unpack)
                    return
                if tensor is inplace.old:
                    tensor = inplace.original_self()
            self._pack(tensor, tensor, pack, unpack)

    def _pack(self, tensor, argument, pack, unpack):
        """Run ``pack(argument)`` for ``tensor`` (``argument`` is the tensor itself for the
        hooks of a context, a detached alias for ``register_hooks``), with grad mode off as
        PyTorch runs pack hooks."""
        # What the unpacked value's autograd identity will be (see _with_history).
        self.requires_grad = tensor.requires_grad
        if self.requires_grad and not self.is_output:
            self.grad_fn = tensor.grad_fn
            self.output_nr = tensor._output_nr
            self.accumulator = tensor._grad_accumulator if self.grad_fn is None else None
        before = tensor._vc[0]
        grad_mode = _grad_state.grad_enabled
        _grad_state.grad_enabled = False
        try:
            self.packed = pack(argument)
        finally:
            _grad_state.grad_enabled = grad_mode
        if tensor._vc[0] != before:
            raise RuntimeError(
                "A saved tensor pack hook is modifying its input in place. Tensors provided as "
                "input to pack hook cannot be modified by in-place operations as this can lead "
                "to unexpected side-effects. Please open an issue if you need to perform "
                "in-place operations on the input to a pack hook.")
        self._unpack_hook = unpack
        self.has_hooks = True
        if not self.is_output:
            self.tensor = None

    @property
    def unpack_hook(self):
        """The unpack hook in use (None before hooks are set, and once freed)."""
        return self._unpack_hook if self.has_hooks and self.tensor is not FREED else None

    @property
    def data(self):
        """What is stored: the pack hook's result when hooks are set, else the saved tensor (an
        output's data without its history); None once freed."""
        if self.tensor is FREED:
            return None
        if self.has_hooks:
            return self.packed
        if self.is_output:
            return self._detached_output()
        return self.tensor

    def _detached_output(self):
        t = _make(self.tensor)
        t._vc = self.counter
        return t

    def register_hooks(self, pack_hook, unpack_hook):
        if self.tensor is FREED:
            raise RuntimeError(
                "Calling register_hooks on a saved tensor after it has been freed. Saved "
                "intermediate values of the graph are freed when you call .backward() or "
                "autograd.grad(). Specify retain_graph=True if you need to backward through the "
                "graph a second time or if you need to access saved variables after calling "
                "backward.")
        if self.has_hooks:
            raise RuntimeError(
                "Calling register_hooks on a saved tensor whose hooks have already been set. "
                "Hint: only one pair of hooks is allowed at a time.")
        # (the pack hook sees the saved value without its history, as in PyTorch)
        if self.is_output:
            original = self._original(None)
            self._pack(original, self._detached_output(), pack_hook, unpack_hook)
        else:
            self._pack(self.tensor, self.tensor.detach(), pack_hook, unpack_hook)

    def _original(self, node):
        if self.is_output:
            t = _make(self.tensor, True, node, self.output_nr)
            t._vc = self.counter
            return t
        return self.tensor

    def release(self):
        self.tensor = FREED
        self.packed = None

    def unpack(self, node=None, in_backward=False):
        """The saved value, for ``node`` (whose own output it may be: PyTorch's ``unpack()``
        without a node refuses an output, which cannot know its grad_fn). ``in_backward``:
        for the node's backward (not a ``_saved_*`` attribute), which refuses an input
        detached in place since."""
        if self.tensor is FREED:
            raise RuntimeError(FREED_MESSAGE)
        if node is None and self.is_output:
            raise RuntimeError(DETACHED_MESSAGE)
        if self.has_hooks:
            # Versions cannot be tracked through user hooks, so (as in PyTorch) no check here.
            if in_backward and current_node() is not node:  # (the engine's fast path did
                # not announce it): the hook sees its node as _current_autograd_node()
                value = call_as_node(node, self._unpack_hook, self.packed)
            else:
                value = self._unpack_hook(self.packed)
            if not isinstance(value, TensorBase):
                raise TypeError("Output of saved tensor unpack_hook expected to be a Tensor but "
                                f"got result of type {type(value).__name__}")
            return self._with_history(value, node)
        if self.counter[0] != self.version:
            self._raise_modified(node)
        if in_backward and not self.is_output and self.tensor._detached_from is not None:
            self._refuse_detached(node)
        return self._original(node)

    def _refuse_detached(self, node):
        """PyTorch refuses a saved input that had a grad_fn when saved (this node's edge goes
        there) and has lost it to an in-place ``detach_()`` since."""
        dropped = self.tensor._detached_from()
        if dropped is not None and any(child is dropped for child, _ in node._next):
            raise RuntimeError(DETACHED_MESSAGE)

    def _with_history(self, value, node):
        """A new tensor over the unpack hook's data with the saved tensor's autograd identity,
        as PyTorch gives: whatever history ``value`` has, gradients flow to where the saved
        tensor's would (its node, or the leaf's accumulator), so double backward and a
        checkpoint inside a checkpoint work through hooks that detach."""
        if not self.requires_grad:
            return _make(value._data)
        if self.is_output:
            return _make(value._data, True, node, self.output_nr)
        unpacked = _make(value._data, True, self.grad_fn, self.output_nr)
        if self.grad_fn is None and self.accumulator is not None:
            # (a leaf no graph uses, e.g. an intermediate a custom Function made a leaf and
            # saved, has no accumulator: PyTorch unpacks it as a leaf of its own)
            unpacked._grad_accumulator = self.accumulator
        return unpacked

    def _raise_modified(self, node):
        t = self.tensor
        data = t if not hasattr(t, "_data") else t._data
        shape = ", ".join(map(str, data.shape))
        # (PyTorch's type string: its legacy class name, or "CPUBoolType" for a dtype without)
        kind = "CPUBoolType" if data.dtype == bool else \
            f"torch.{from_numpy_dtype(data.dtype).legacy_name}"
        if data.dtype.kind == "c" and data is not t and t.is_conj():  # (and for a tensor with
            kind = f"CPU{from_numpy_dtype(data.dtype).legacy_name[:-6]}Type"  # the conj bit)
        what = f"[{kind} [{shape}]]"
        # An output names its own node; an input names its grad_fn as of now (after the
        # in-place op that changed it), as PyTorch does.
        # (an input's grad_fn is read as PyTorch reads it: a view's is regenerated if its base
        # changed history since)
        producer, output_nr = (node, self.output_nr) if self.is_output else (
            t.grad_fn, t._output_nr)
        # (the result of an in-place op on a view names the view's grad_fn, as PyTorch does)
        view_grad_fn = getattr(self, "view_grad_fn", None)  # (a weak reference: no cycle)
        producer = (view_grad_fn and view_grad_fn()) or producer
        if producer is not None:  # (PyTorch drops "Backward" and an overload number 0 only)
            name = re.sub(r"Backward(?:0|(\d+))$", r"\1", producer.name())
            what += f", which is output {output_nr} of {name},"
        raise RuntimeError(
            "one of the variables needed for gradient computation has been modified by an "
            f"inplace operation: {what} is at version {self.counter[0]}; expected version "
            f"{self.version} instead. Hint: enable anomaly detection to find the operation that "
            "failed to compute its gradient, with torch.autograd.set_detect_anomaly(True, "
            "check_nan=False).")


class saved_tensors_hooks:
    """Context manager: pack every tensor saved for backward inside it (thread-local)."""

    def __init__(self, pack_hook, unpack_hook):
        self.pack_hook = pack_hook
        self.unpack_hook = unpack_hook

    def __enter__(self):
        if saved_hooks_state.disabled is not None:
            raise RuntimeError(saved_hooks_state.disabled)
        _changeable_stack().append((self.pack_hook, self.unpack_hook))
        return self

    def __exit__(self, *exc):
        _changeable_stack().pop()
        return False


def _changeable_stack():
    """The hooks stack a context may push to or pop from. Inside a backward pass it is the
    pass's own copy (PyTorch's graph task runs on a copy of the caller's thread-local state),
    made here on the first change; the engine gives the caller's back when the pass ends."""
    tasks = _running_local.tasks  # (this thread's running passes, innermost last)
    if tasks:
        task = tasks[-1]
        if task.caller_hooks is None:
            task.caller_hooks = saved_hooks_state.stack
            saved_hooks_state.stack = saved_hooks_state.stack.copy()
    return saved_hooks_state.stack


class save_on_cpu(saved_tensors_hooks):
    """Saved tensors stay on the CPU (the only device here), so packing is the identity."""

    def __init__(self, pin_memory=False, device_type="cuda"):
        super().__init__(lambda t: t, lambda t: t)


class disable_saved_tensors_hooks(contextlib.ContextDecorator):
    """Make ``saved_tensors_hooks`` raise ``RuntimeError(error_message)`` inside the block."""

    def __init__(self, error_message):
        self.error_message = error_message

    def __enter__(self):
        self._prev = saved_hooks_state.disabled
        if saved_hooks_state.stack:  # hooks already active cannot be disabled
            raise RuntimeError(self.error_message)
        saved_hooks_state.disabled = self.error_message

    def __exit__(self, *exc):
        saved_hooks_state.disabled = self._prev
        return False


class allow_mutation_on_saved_tensors:
    """Within the block, in-place changes to saved tensors clone the saved value first."""

    _active = None

    def __enter__(self):
        if allow_mutation_on_saved_tensors._active is not None:
            raise RuntimeError("allow_mutation_on_saved_tensors contexts cannot be nested")
        self._hooks = saved_tensors_hooks(self._pack, self._unpack)
        self._hooks.__enter__()
        allow_mutation_on_saved_tensors._active = self
        self.closed = False
        return self

    def _pack(self, tensor):
        # Snapshot now: a later in-place change cannot reach the copy.
        return (self, tensor.detach().clone())

    def _unpack(self, packed):
        ctx, value = packed
        if ctx.closed:
            raise AssertionError(
                "Trying to backward outside of the 'allow_mutation_on_saved_tensors' context"
                "in which the graph was originally recorded.")
        return value

    def __exit__(self, *exc):
        self._hooks.__exit__(*exc)
        self.closed = True
        allow_mutation_on_saved_tensors._active = None
        return False
