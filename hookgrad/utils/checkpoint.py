"""torch.utils.checkpoint: activation checkpointing, built on hookgrad's hooks as PyTorch
builds it.

Two variants, as in PyTorch 2.13:

- ``use_reentrant=True``: a custom autograd Function runs the function without recording
  and saves only its inputs; its backward reruns the function with grad mode on and calls
  ``autograd.backward`` on the result (a backward inside the backward).
- ``use_reentrant=False``: the function runs with grad mode on under
  ``saved_tensors_hooks`` whose pack hook keeps a small holder instead of each tensor saved
  for backward; the first unpack in a backward pass reruns the function under a second pair
  of hooks that collects the recomputed tensors in the same order (stopping early once all
  are in, by default), and every unpack returns its recomputed tensor.

Either way the function runs twice (forward hooks of modules inside fire twice) and the
random state of the forward is restored for the rerun, so dropout masks repeat. Which
tensors an op saves for backward is hookgrad's own choice, so where the early stop of the
non-reentrant rerun falls can differ from PyTorch's by a few ops."""
import contextlib
import uuid
import warnings
import weakref
from collections import defaultdict

from .._random import get_rng_state, set_rng_state
from .._tensor import Tensor
from ..autograd import backward as _backward
from ..autograd import engine as _engine
from ..autograd.function import Function
from ..autograd.grad_mode import enable_grad, is_grad_enabled, no_grad
from ..autograd.graph import SavedTensor, saved_tensors_hooks
from ..nn.modules.container import Sequential
from ._checkpoint_debug import debug_context_and_callback

__all__ = ["checkpoint", "checkpoint_sequential", "CheckpointError", "CheckpointFunction",
           "check_backward_validity", "detach_variable", "get_device_states",
           "set_device_states", "noop_context_fn", "set_checkpoint_early_stop",
           "DefaultDeviceType", "set_checkpoint_debug_enabled"]

USE_REENTRANT_WARNING = (
    "torch.utils.checkpoint: the use_reentrant parameter should be passed explicitly. "
    "Starting in PyTorch 2.9, calling checkpoint without use_reentrant will raise an "
    "exception. use_reentrant=False is recommended, but if you need to preserve the current "
    "default behavior, you can pass use_reentrant=True. Refer to docs for more details on the "
    "differences between the two variants.")
SEQUENTIAL_USE_REENTRANT_WARNING = (
    "torch.utils.checkpoint.checkpoint_sequential: the use_reentrant parameter should be "
    "passed explicitly. In version 2.9 we will raise an exception if use_reentrant is not "
    "passed. use_reentrant=False is recommended, but if you need to preserve the current "
    "default behavior, you can pass use_reentrant=True. Refer to docs for more details on the "
    "differences between the two variants.")
DEBUG_TIP = """
Tip: To see a more detailed error message, either pass `debug=True` to
`torch.utils.checkpoint.checkpoint(...)` or wrap the code block
with `with torch.utils.checkpoint.set_checkpoint_debug_enabled(True):` to
enable checkpoint‑debug mode globally.

If this error occurs under torch.compile with automatic_dynamic_shapes enabled,
it may be because the recomputation selected a different compiled graph than the
forward pass (e.g., a dynamic graph instead of the original static graph).
To fix this, either:
  - Use torch._dynamo.mark_dynamic() to explicitly mark varying dimensions as
    dynamic upfront, avoiding the static-to-dynamic transition.
  - Call torch._C._dynamo.eval_frame._set_lru_cache(False) to disable LRU cache
    reordering, which can change which graph is checked first between forward
    and recompute.
See https://github.com/pytorch/pytorch/issues/166926 for more details and
workaround examples.
"""

_settings = {"early_stop": None, "debug": None}


class CheckpointError(RuntimeError):
    """The recomputation did not save what the forward saved."""


@contextlib.contextmanager
def set_checkpoint_early_stop(enable):
    """Whether non-reentrant checkpoints made inside stop recomputing once all is recomputed."""
    previous = _settings["early_stop"]
    _settings["early_stop"] = enable
    try:
        yield
    finally:
        _settings["early_stop"] = previous


@contextlib.contextmanager
def set_checkpoint_debug_enabled(enabled):
    """Turn the ``debug`` option of every checkpoint inside on or off (``None``: as passed)."""
    previous = _settings["debug"]
    _settings["debug"] = enabled
    try:
        yield
    finally:
        _settings["debug"] = previous


def noop_context_fn():
    return contextlib.nullcontext(), contextlib.nullcontext()


class DefaultDeviceType:
    """The device type whose random state checkpoints save: the CPU, the only one here."""

    _default_device_type = None

    @staticmethod
    def set_device_type(device="cuda"):
        DefaultDeviceType._default_device_type = device

    @staticmethod
    def get_device_type():
        if not DefaultDeviceType._default_device_type:
            DefaultDeviceType._default_device_type = "cpu"
        return DefaultDeviceType._default_device_type


def get_device_states(*args):
    """Random states of the accelerators the tensors live on: none here."""
    return [], []


def set_device_states(devices, states, *, device_type=None):
    """Nothing to restore without accelerators."""


def detach_variable(inputs):
    if not isinstance(inputs, tuple):
        raise RuntimeError("Only tuple of tensors is supported. Got Unsupported input type: "
                           f"{type(inputs).__name__}")
    out = []
    for value in inputs:
        if isinstance(value, Tensor):
            detached = value.detach()
            detached.requires_grad = value.requires_grad
            value = detached
        out.append(value)
    return tuple(out)


def check_backward_validity(inputs):
    if not any(value.requires_grad for value in inputs if isinstance(value, Tensor)):
        warnings.warn("None of the inputs have requires_grad=True. Gradients will be None",
                      stacklevel=2)


def _is_checkpoint_valid():
    """False inside a backward pass that computes only some gradients (``autograd.grad`` or
    ``backward(inputs=...)``): the reentrant variant's inner backward would accumulate into
    every leaf instead (PyTorch's ``torch.autograd._is_checkpoint_valid``)."""
    return all(task.exec_info is None for task in _engine._local.tasks)


@contextlib.contextmanager
def _forward_rng_state(state, enabled):
    """Run the block with the random state the forward started from; restore after."""
    if not enabled:
        yield
        return
    outside = get_rng_state()
    set_rng_state(state)
    try:
        yield
    finally:
        set_rng_state(outside)


# ---------------------------------------------------------------------------- reentrant
class CheckpointFunction(Function):
    """The reentrant variant: save the inputs, rerun the function in backward."""

    @staticmethod
    def forward(ctx, run_function, preserve_rng_state, *args):
        check_backward_validity(args)
        ctx.run_function = run_function
        ctx.preserve_rng_state = preserve_rng_state
        if preserve_rng_state:
            ctx.fwd_cpu_state = get_rng_state()
        ctx.inputs = [None if isinstance(a, Tensor) else a for a in args]
        ctx.tensor_indices = [i for i, a in enumerate(args) if isinstance(a, Tensor)]
        ctx.save_for_backward(*[a for a in args if isinstance(a, Tensor)])
        with no_grad():
            return run_function(*args)

    @staticmethod
    def backward(ctx, *grads):
        if not _is_checkpoint_valid():
            raise RuntimeError(
                "When use_reentrant=True, torch.utils.checkpoint is incompatible with .grad() "
                "or passing an `inputs` parameter to .backward(). To resolve this error, you "
                "can either set use_reentrant=False, or call .backward() without passing the "
                "`inputs` argument.")
        inputs = list(ctx.inputs)
        for index, tensor in zip(ctx.tensor_indices, ctx.saved_tensors):
            inputs[index] = tensor
        with _forward_rng_state(getattr(ctx, "fwd_cpu_state", None), ctx.preserve_rng_state):
            detached = detach_variable(tuple(inputs))
            with enable_grad():
                outputs = ctx.run_function(*detached)
        if isinstance(outputs, Tensor):
            outputs = (outputs,)
        roots, seeds = [], []
        for output, grad in zip(outputs, grads):
            if isinstance(output, Tensor) and output.requires_grad:
                roots.append(output)
                seeds.append(grad)
        if not roots:
            raise RuntimeError("none of output has requires_grad=True, this checkpoint() is "
                               "not necessary")
        _backward(roots, seeds)
        return (None, None) + tuple(value.grad if isinstance(value, Tensor) else None
                                    for value in detached)


# ---------------------------------------------------------------------------- non-reentrant
class _Holder:
    """Stands in for one saved tensor; ``handles[pass id]`` finds its recomputed value."""

    def __init__(self):
        self.handles = {}


class _Handle:
    pass


class _StopRecomputation(Exception):
    pass


def _metadata(tensor):
    return {"shape": tensor.shape, "dtype": tensor.dtype, "device": tensor.device}


_METADATA = {"default": _metadata, "none": lambda tensor: None}


class _Frame:
    """One non-reentrant checkpoint call: its inputs, a weak reference per saved tensor,
    and per backward pass what the rerun recomputed."""

    def __init__(self, recompute, early_stop, metadata_fn, unpack_error_cb=None):
        self.recompute = recompute
        self.unpack_error_cb = unpack_error_cb
        self.early_stop = early_stop
        self.metadata_fn = metadata_fn
        self.saved_inputs = []
        self.weak_holders = []
        self.metadatas = []
        self.recomputed = defaultdict(weakref.WeakKeyDictionary)
        self.recompute_count = defaultdict(int)
        self.is_recomputed = defaultdict(bool)
        self.forward_completed = False
        self.ignore_saved_mismatch = False

    def save_inputs(self, args):
        self.saved_inputs = [SavedTensor(a) if isinstance(a, Tensor) else a for a in args]

    def inputs(self):
        return [a.unpack(None) if isinstance(a, SavedTensor) else a for a in self.saved_inputs]

    def check_recomputed(self, pass_id):
        if self.ignore_saved_mismatch:
            return
        if len(self.weak_holders) != self.recompute_count[pass_id]:
            raise CheckpointError(
                "torch.utils.checkpoint: A different number of tensors was saved during the "
                "original forward and recomputation.\n"
                f"Number of tensors saved during forward: {len(self.weak_holders)}\n"
                "Number of tensors saved during recomputation: "
                f"{self.recompute_count[pass_id]}.\n{DEBUG_TIP}")
        different = []
        for index, ref in enumerate(self.weak_holders):
            holder = ref()
            if holder is None:
                continue
            recomputed = self.recomputed[pass_id][holder.handles[pass_id]]
            now = self.metadata_fn(recomputed)
            if self.metadatas[index] != now:
                different.append(f"tensor at position {index}:\nsaved metadata: "
                                 f"{self.metadatas[index]}\nrecomputed metadata: {now}\n")
        if different:
            raise CheckpointError(
                "torch.utils.checkpoint: Recomputed values for the following tensors have "
                f"different metadata than during the forward pass.\n{''.join(different)}.\n"
                f"{DEBUG_TIP}")


def _pack_in_forward(frame):
    def pack(tensor):
        holder = _Holder()
        frame.weak_holders.append(weakref.ref(holder))
        with no_grad():
            frame.metadatas.append(frame.metadata_fn(tensor))
        return holder
    return pack


def _unpack_in_backward(frame):
    frame_ref = weakref.ref(frame)

    def unpack(holder):
        if frame.unpack_error_cb is None:
            return _unpack(frame, frame_ref, holder)
        try:
            return _unpack(frame, frame_ref, holder)
        except CheckpointError as error:
            frame.unpack_error_cb(error)
            raise
    return unpack


def _unpack(frame, frame_ref, holder):
    """The recomputed tensor standing for ``holder`` in the current backward pass (the
    first unpack of the pass reruns the function)."""
    pass_id = _engine.current_graph_task_id()
    if pass_id == -1:  # unpacked outside a backward pass: a pass of its own
        pass_id = uuid.uuid4().int
    if not frame.is_recomputed[pass_id]:
        with _recompute_hooks(frame_ref, pass_id), enable_grad():
            try:
                frame.recompute(*frame.inputs())
            except _StopRecomputation:
                pass
        frame.is_recomputed[pass_id] = True
        frame.check_recomputed(pass_id)
    handle = holder.handles.get(pass_id)
    if handle is None:
        raise CheckpointError(
            "torch.utils.checkpoint: Unpack is being triggered for a tensor that was "
            "already unpacked once. If you are calling ctx.saved_tensors in backward, "
            "make sure to do so only once. Otherwise please open an issue with details on "
            "your use case.")
    value = frame.recomputed[pass_id][handle]
    holder.handles[pass_id] = None
    return value


def _recompute_hooks(frame_ref, pass_id):
    """Saved-tensor hooks of the rerun: the n-th tensor it saves is the n-th one the forward
    saved; once all are in (early stop) the rerun is cut short."""

    def pack(tensor):
        frame = frame_ref()
        if tensor.requires_grad:
            tensor = tensor.detach()
        index = frame.recompute_count[pass_id]
        frame.recompute_count[pass_id] += 1
        if index >= len(frame.weak_holders):
            if not frame.forward_completed:  # a backward inside the checkpointed function
                frame.ignore_saved_mismatch = True
                return tensor
            raise CheckpointError("torch.utils.checkpoint: trying to save more tensors during "
                                  f"recomputation than during the original forward pass.\n"
                                  f"{DEBUG_TIP}")
        holder = frame.weak_holders[index]()
        if holder is not None:  # (dead when its node was freed by an earlier backward)
            handle = holder.handles[pass_id] = _Handle()
            frame.recomputed[pass_id][handle] = tensor
        if frame.early_stop and frame.recompute_count[pass_id] == len(frame.weak_holders):
            raise _StopRecomputation
        return tensor

    return saved_tensors_hooks(pack, _identity)


def _identity(value):
    return value


def _checkpoint_without_reentrant(function, preserve_rng_state, context_fn, determinism_check,
                                  early_stop, args, kwargs, unpack_error_cb=None):
    if determinism_check not in _METADATA:
        raise ValueError(f"determinism_check should be one of {list(_METADATA)}, but got "
                         f"{determinism_check}")
    forward_context, recompute_context = context_fn()
    fwd_state = get_rng_state() if preserve_rng_state else None

    def recompute(*inputs):
        with _forward_rng_state(fwd_state, preserve_rng_state), recompute_context:
            function(*inputs, **kwargs)

    if _settings["early_stop"] is not None:
        early_stop = _settings["early_stop"]
    frame = _Frame(recompute, early_stop, _METADATA[determinism_check], unpack_error_cb)
    if not is_grad_enabled():  # nothing is saved without grad mode: just run it
        return function(*args, **kwargs)
    frame.save_inputs(args)
    # The graph's saved tensors keep the unpack hook, which keeps the frame alive.
    hooks = saved_tensors_hooks(_pack_in_forward(frame), _unpack_in_backward(frame))
    suppressed = True
    with hooks, forward_context:
        output = function(*args, **kwargs)
        suppressed = False
    if suppressed:
        raise RuntimeError(
            "torch.utils.checkpoint: the forward context provided by context_fn suppressed an "
            "exception raised during the checkpointed forward. This is not supported because "
            "checkpoint cannot return a value for a failed forward.")
    frame.forward_completed = True
    return output


# ---------------------------------------------------------------------------- entry points
def checkpoint(function, *args, use_reentrant=None, context_fn=noop_context_fn,
               determinism_check="default", debug=False, early_stop=True, **kwargs):
    """Run ``function(*args, **kwargs)`` without keeping its intermediate tensors; they are
    recomputed during backward."""
    if use_reentrant is None:
        warnings.warn(USE_REENTRANT_WARNING, stacklevel=2)
        use_reentrant = True
    preserve = kwargs.pop("preserve_rng_state", True)
    if kwargs and use_reentrant:
        raise ValueError("Unexpected keyword arguments: " + ",".join(arg for arg in kwargs))
    if use_reentrant:
        if context_fn is not noop_context_fn or debug is not False:
            raise ValueError("Passing `context_fn` or `debug` is only supported when "
                             "use_reentrant=False.")
        return CheckpointFunction.apply(function, preserve, *args)
    if _settings["debug"] if _settings["debug"] is not None else debug:
        if context_fn is not noop_context_fn:
            raise ValueError("debug=True is incompatible with non-default context_fn")
        context_fn, unpack_error_cb = debug_context_and_callback(CheckpointError)
        return _checkpoint_without_reentrant(function, preserve, context_fn, determinism_check,
                                             early_stop, args, kwargs, unpack_error_cb)
    return _checkpoint_without_reentrant(function, preserve, context_fn, determinism_check,
                                         early_stop, args, kwargs)


def checkpoint_sequential(functions, segments, input, use_reentrant=None, **kwargs):
    """Checkpoint all but the last of ``segments`` runs of consecutive ``functions``."""
    if use_reentrant is None:
        warnings.warn(SEQUENTIAL_USE_REENTRANT_WARNING, stacklevel=2)
        use_reentrant = True
    preserve = kwargs.pop("preserve_rng_state", True)
    if kwargs:
        raise ValueError("Unexpected keyword arguments: " + ",".join(arg for arg in kwargs))
    if isinstance(functions, Sequential):
        functions = list(functions.children())
    segment_size = len(functions) // segments
    end = -1
    for start in range(0, segment_size * (segments - 1), segment_size):
        end = start + segment_size - 1
        input = checkpoint(_Segment(functions, start, end), input,
                           use_reentrant=use_reentrant, preserve_rng_state=preserve)
    return _Segment(functions, end + 1, len(functions) - 1)(input)


class _Segment:
    """``functions[start..end]`` applied in turn."""

    def __init__(self, functions, start, end):
        self.functions, self.start, self.end = functions, start, end

    def __call__(self, input):
        for j in range(self.start, self.end + 1):
            input = self.functions[j](input)
        return input
