"""DDP's reducer: gradients into buckets as they are accumulated, one all-reduce per bucket.

Each parameter's AccumulateGrad node gets a post-hook (as PyTorch's C++ reducer does), so it
runs after the node has accumulated ``.grad`` and after every post-accumulate-grad hook of the
parameter: user hooks see the local gradient. The hook copies ``.grad`` into its bucket; a
full bucket starts a non-blocking MPI all-reduce while backward goes on (buckets start in
order, so every rank issues the same collectives in the same order). Once every bucket has
started, an end-of-backward callback is queued on the engine: it waits for the all-reduces
and writes the averages back into ``.grad`` before ``backward()`` returns. Everything,
communication hooks and their ``then`` callbacks included, runs on the thread that called
``backward()``."""
import os
import weakref

import numpy as np

from .._creation import from_numpy
from .._tensor import Tensor
from ..autograd import engine
from ..autograd.grad_mode import enable_grad
from . import _bucketing, _mpi
from ._progress import poller

_UNFINISHED = (
    "Expected to have finished reduction in the prior iteration before starting a new one. "
    "This error indicates that your module has parameters that were not used in producing "
    "loss. ")
_ENABLE_FIND_UNUSED = (
    "You can enable unused parameter detection by passing the keyword argument "
    "`find_unused_parameters=True` to `torch.nn.parallel.DistributedDataParallel`, and by \n")
_FIND_UNUSED_ENABLED = (
    "Since `find_unused_parameters=True` is enabled, this likely  means that not all "
    "`forward` outputs participate in computing loss. You can fix this by ")
_OUTPUTS_IN_LOSS = ("making sure all `forward` function outputs participate in calculating "
                    "loss. ")
_NOT_LOCATED = (
    "\nIf you already have done the above, then the distributed data parallel module wasn't "
    "able to locate the output tensors in the return value of your module's `forward` "
    "function. Please include the loss function and the structure of the return value of "
    "`forward` of your module when reporting this issue (e.g. list, dict, iterable).")
_DEBUG_HINT = (
    "\n In addition, you can set the environment variable TORCH_DISTRIBUTED_DEBUG to either "
    "INFO or DETAIL to print out information about which particular parameters did not "
    "receive gradient on this rank as part of this error")
_MARKED_TWICE = (
    "Expected to mark a variable ready only once. This error is caused by one of the "
    "following reasons: 1) Use of a module parameter outside the `forward` function. Please "
    "make sure model parameters are not shared across multiple concurrent forward-backward "
    "passes. or try to use _set_static_graph() as a workaround if this module graph does "
    "not change during training loop.2) Reused parameters in multiple reentrant backward "
    "passes. For example, if you use multiple `checkpoint` functions to wrap the same part "
    "of your model, it would result in the same set of parameters been used by different "
    "reentrant backward passes multiple times, and hence marking a variable ready multiple "
    "times. DDP does not support such use cases in default. You can try to use "
    "_set_static_graph() as a workaround if your module graph does not change over "
    "iterations.")
# appended when no parameter had been marked unused in this iteration
_UNUSED_DETECTION = (
    "3) Incorrect unused parameter detection. The return value of the `forward` function is "
    "inspected by the distributed data parallel wrapper to figure out if any of the module's "
    "parameters went unused. For unused parameters, DDP would not expect gradients from "
    "then. However, if an unused parameter becomes part of the autograd graph at a later "
    "point in time (e.g., in a reentrant backward when using `checkpoint`), the gradient "
    "will show up unexpectedly. If all parameters in the model participate in the backward "
    "pass, you can disable unused parameter detection by passing the keyword argument "
    "`find_unused_parameters=False` to `torch.nn.parallel.DistributedDataParallel`. If "
    "unused parameters in the model do not change over iterations, You can try to use "
    "_set_static_graph() as a workaround if this module graph does not change over "
    "iterations.")


def _debug_names():
    return os.environ.get("TORCH_DISTRIBUTED_DEBUG", "OFF").upper() in ("INFO", "DETAIL")


class GradBucket:
    """One bucket as a communication hook sees it: the flattened gradients (``buffer()``),
    their parameters, and whether it is the last bucket of this backward."""

    def __init__(self, index, is_last, buffer, params, offsets):
        self._index = index
        self._is_last = is_last
        self._buffer = buffer
        self._params = params
        self._offsets = offsets

    def index(self):
        return self._index

    def is_last(self):
        return self._is_last

    def buffer(self):
        return self._buffer

    def set_buffer(self, buffer):
        self._buffer = buffer

    def parameters(self):
        return list(self._params)

    def gradients(self):
        """Views into ``buffer()``, one per parameter, shaped like it."""
        flat = self._buffer
        return [flat[offset:offset + p.numel()].view(p.shape)
                for p, offset in zip(self._params, self._offsets)]


class _Bucket:
    __slots__ = ("index", "param_indices", "offsets", "numels", "buffer", "pending", "request",
                 "future")

    def __init__(self, index, params, param_indices):
        self.index = index
        self.param_indices = param_indices
        self.numels = [params[i].numel() for i in param_indices]
        self.offsets = np.concatenate([[0], np.cumsum(self.numels)[:-1]]).astype(int).tolist()
        dtype = params[param_indices[0]]._data.dtype
        self.buffer = np.zeros(sum(self.numels), dtype=dtype)
        self.pending = len(param_indices)
        self.request = None   # the MPI request of the built-in all-reduce
        self.future = None    # what a communication hook returned


class _GradReadyHook:
    """Post-hook of one parameter's AccumulateGrad node (held weakly: the reducer owns it)."""

    __slots__ = ("reducer", "index")

    def __init__(self, reducer, index):
        self.reducer = weakref.ref(reducer)
        self.index = index

    def __call__(self, grad_inputs, grad_outputs):
        reducer = self.reducer()
        if reducer is not None:
            reducer._autograd_hook(self.index)


class Reducer:
    """Buckets, hooks and the per-iteration bookkeeping of one DistributedDataParallel."""

    def __init__(self, params, process_group, caps, find_unused_parameters, param_names):
        self._params = params
        self._names = param_names
        self._group = process_group
        self._comm = process_group._comm
        self._MPI = _mpi.load()
        self._world_size = process_group.size()
        self._caps = caps
        self._find_unused = find_unused_parameters
        self.comm_hook = None
        self.comm_hook_state = None
        # Strong references keep the nodes (cached weakly on the parameters) and their hooks.
        with enable_grad():   # DDP may be built under no_grad()
            self._accumulators = [p.view_as(p).grad_fn.next_functions[0][0] for p in params]
        self._handles = [acc.register_hook(_GradReadyHook(self, i))
                         for i, acc in enumerate(self._accumulators)]
        self._set_buckets(_bucketing.initial_buckets(params, caps, find_unused_parameters))
        # Without unused-parameter detection the buckets are rebuilt once, in the order the
        # first synchronised backward produced the gradients (PyTorch's rebuild).
        self._rebuilt = bool(find_unused_parameters)
        self._ready_order = []
        self._expect_hooks = False
        self._require_finalize = False
        self._ready = [False] * len(params)
        self._unused = []
        self._marked_unused = False
        self._next_bucket = 0
        self._local_used = np.zeros(len(params), dtype=np.int32)
        self._global_used = None
        self._used_request = None

    def _set_buckets(self, bucket_indices):
        self._buckets = [_Bucket(b, self._params, indices)
                         for b, indices in enumerate(bucket_indices)]
        self._locator = [None] * len(self._params)
        for bucket in self._buckets:
            for slot, index in enumerate(bucket.param_indices):
                self._locator[index] = (bucket, slot)

    def bucket_indices(self):
        """The parameter indices of each bucket, in the order they are all-reduced."""
        return [list(bucket.param_indices) for bucket in self._buckets]

    def remove_hooks(self):
        for handle in self._handles:
            handle.remove()
        self._handles = []

    # -- forward side ------------------------------------------------------------------

    def pre_forward(self):
        """Before a forward with grad enabled: the prior reduction must be complete; the
        first time the gradient order is known, rebuild the buckets in that order."""
        if self._require_finalize:
            self._raise_unfinished()
        if not self._rebuilt and self._ready_order:
            # Every rank uses rank 0's order, so the buckets (and collectives) match.
            order = self._comm.bcast(self._ready_order, root=0)
            self._ready_order = []
            if sorted(order) == list(range(len(self._params))):   # a complete backward
                self._set_buckets(_bucketing.rebuilt_buckets(self._params, order, self._caps))
                self._rebuilt = True

    def prepare_for_backward(self, outputs):
        """After a synchronised forward: expect every parameter's hook in the next backward
        (with ``find_unused_parameters``, all but those unreachable from ``outputs``)."""
        self._expect_hooks = True
        self._ready = [False] * len(self._params)
        for bucket in self._buckets:
            bucket.pending = len(bucket.param_indices)
            bucket.request = bucket.future = None
        self._next_bucket = 0
        self._marked_unused = False
        self._unused = self._unreachable(outputs) if self._find_unused else []

    def _unreachable(self, outputs):
        seen = set()
        stack = [t.grad_fn for t in outputs if t.grad_fn is not None]
        while stack:
            node = stack.pop()
            if node in seen:
                continue
            seen.add(node)
            stack.extend(child for child, _ in node.next_functions if child is not None)
        return [i for i, acc in enumerate(self._accumulators) if acc not in seen]

    # -- backward side (hooks, on the thread running backward) -----------------------------

    def _autograd_hook(self, index):
        if self._find_unused and self._params[index].grad is not None:
            # Used since the last synchronised backward (no_sync iterations count). A hook
            # fired with no gradient (an output left out of the loss) does not count.
            self._local_used[index] = 1
        if not self._expect_hooks:
            return
        if not self._rebuilt:
            self._ready_order.append(index)
        if self._unused and not self._marked_unused:
            self._marked_unused = True
            for unused in self._unused:
                self._mark_ready(unused)
        self._mark_ready(index)

    def _mark_ready(self, index):
        if self._ready[index]:
            raise RuntimeError(
                f"{_MARKED_TWICE}\nParameter at index {index} with name {self._names[index]} "
                "has been marked as ready twice. This means that multiple autograd engine  "
                "hooks have fired for this particular parameter during this iteration."
                + ("" if self._marked_unused else _UNUSED_DETECTION))
        self._ready[index] = True
        self._require_finalize = True
        bucket, slot = self._locator[index]
        offset = bucket.offsets[slot]
        view = bucket.buffer[offset:offset + bucket.numels[slot]]
        grad = self._params[index].grad
        if grad is None:
            view.fill(0)
        elif self.comm_hook is None:
            # divide while copying, as PyTorch does when no communication hook is registered
            np.multiply(grad._data.reshape(-1), view.dtype.type(1.0 / self._world_size),
                        out=view)
        else:
            view[...] = grad._data.reshape(-1)
        bucket.pending -= 1
        if bucket.pending == 0:
            self._bucket_ready(bucket.index)
        else:
            self._progress()

    def _bucket_ready(self, index):
        # Buckets start strictly in order; a bucket that filled early waits for its turn.
        if index > self._next_bucket:
            return
        buckets = self._buckets
        while self._next_bucket < len(buckets) and buckets[self._next_bucket].pending == 0:
            self._launch(buckets[self._next_bucket])
            self._next_bucket += 1
        if self._next_bucket == len(buckets):
            if self._find_unused:
                self._global_used = np.empty_like(self._local_used)
                self._used_request = self._comm.Iallreduce(self._local_used, self._global_used,
                                                           self._MPI.SUM)
                poller.watch(self._used_request)
            engine.queue_callback(self._finalize_backward)

    def _launch(self, bucket):
        if self.comm_hook is None:
            bucket.request = self._comm.Iallreduce(self._MPI.IN_PLACE, bucket.buffer,
                                                   self._MPI.SUM)
            poller.watch(bucket.request)
        else:
            params = [self._params[i] for i in bucket.param_indices]
            grad_bucket = GradBucket(bucket.index, bucket.index == len(self._buckets) - 1,
                                     from_numpy(bucket.buffer), params, bucket.offsets)
            bucket.future = self.comm_hook(self.comm_hook_state, grad_bucket)
            if not hasattr(bucket.future, "wait"):
                raise RuntimeError(
                    f"DDP communication hook {getattr(self.comm_hook, '__name__', '')!r} "
                    f"returned {type(bucket.future).__name__}; it must return a "
                    "torch.futures.Future holding the bucket's reduced tensor")
        self._progress()

    def _progress(self):
        """Test the oldest pending all-reduce: without a background thread (no
        MPI_THREAD_MULTIPLE) these tests are all that moves it along during backward."""
        for bucket in self._buckets[:self._next_bucket]:
            if bucket.request is not None:
                if not poller.test(bucket.request):
                    return
            elif bucket.future is not None and not bucket.future.done():
                return

    # -- end of backward -------------------------------------------------------------------

    def _finalize_backward(self):
        """The end-of-backward callback: wait for every bucket, write ``.grad``."""
        self._expect_hooks = False
        self._require_finalize = False
        globally_used = None
        if self._find_unused:
            poller.release(self._used_request)
            self._used_request.Wait()
            globally_used = self._global_used
            self._used_request = None
            self._local_used[:] = 0
        for bucket in self._buckets:
            if bucket.request is not None:
                poller.release(bucket.request)
                bucket.request.Wait()
                result = bucket.buffer
            else:
                result = self._hook_result(bucket)
            bucket.request = bucket.future = None
            for slot, index in enumerate(bucket.param_indices):
                if globally_used is not None and not globally_used[index]:
                    continue  # unused on every rank: .grad stays as it was (None)
                offset = bucket.offsets[slot]
                self._write_grad(index, result[offset:offset + bucket.numels[slot]])

    def _hook_result(self, bucket):
        value = bucket.future.wait()
        if not isinstance(value, Tensor) or value.numel() != bucket.buffer.size:
            got = (f"a tensor of {value.numel()} elements" if isinstance(value, Tensor)
                   else type(value).__name__)
            raise RuntimeError(
                f"The future returned by a DDP communication hook must hold a single tensor "
                f"of the bucket's {bucket.buffer.size} elements; bucket {bucket.index} got "
                f"{got}")
        return np.asarray(value._data, dtype=bucket.buffer.dtype).reshape(-1)

    def _write_grad(self, index, flat):
        param = self._params[index]
        grad = param.grad
        values = flat.reshape(param._data.shape)
        if grad is not None and grad._data.flags.writeable:
            np.copyto(grad._data, values)
            grad._vc[0] += 1
        else:
            param.grad = from_numpy(values.copy())

    def _raise_unfinished(self):
        message = _UNFINISHED
        message += _FIND_UNUSED_ENABLED if self._find_unused else _ENABLE_FIND_UNUSED
        message += _OUTPUTS_IN_LOSS + _NOT_LOCATED
        missing = [i for i, ready in enumerate(self._ready) if not ready]
        rank = self._group.rank()
        indices = f"\nParameter indices which did not receive grad for rank {rank}: " + " ".join(
            map(str, missing))
        if _debug_names():
            names = ", ".join(self._names[i] for i in missing)
            message += (f"\nParameters which did not receive grad for rank {rank}: {names}"
                        + indices)
        else:
            message += indices + _DEBUG_HINT
        raise RuntimeError(message)
