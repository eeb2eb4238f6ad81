"""torch.nn.parallel.DistributedDataParallel, on hookgrad.distributed (MPI).

The arguments, defaults, errors and warnings are PyTorch 2.13's; the reducer
(hookgrad/distributed/_reducer.py) says how gradients travel. CPU only, so ``device_ids``
and ``output_device`` must be None, as for a CPU module in PyTorch."""
import collections.abc
import contextlib
import inspect
import warnings

from ... import futures
from ..._tensor import Tensor
from ...autograd.function import Function
from ...autograd.grad_mode import is_grad_enabled
from ...distributed import _bucketing, _reducer, distributed_c10d, utils
from ..modules.module import Module

__all__ = ["DistributedDataParallel"]

_BROADCAST_BUFFERS_DEPRECATED = (
    "`broadcast_buffers` is deprecated. Use `forward_sync_buffers` instead. IMPORTANT: unlike "
    "`broadcast_buffers=False`, `forward_sync_buffers=False` still syncs buffers at init. If "
    "you rely on buffers NOT being synced at init (e.g. rank-local buffers), keep using "
    "`broadcast_buffers=False` until `init_sync_buffers` is available.")
_BOTH_BUFFER_FLAGS = (
    "Both `broadcast_buffers` and `forward_sync_buffers` were specified. `broadcast_buffers` "
    "is deprecated and its value is ignored when `forward_sync_buffers` is provided.")


class _DDPSink(Function):
    """Identity over the forward's output tensors, so that with ``find_unused_parameters``
    an output left out of the loss still sends (None) gradients down its branch: the
    parameters there are then reported ready instead of being waited for."""

    @staticmethod
    def forward(ctx, *outputs):
        ctx.set_materialize_grads(False)
        return tuple(t.clone() for t in outputs)

    @staticmethod
    def backward(ctx, *grad_outputs):
        return grad_outputs


def _tensors_in(obj, found):
    """Append the tensors of a (nested) forward output to ``found``, in order."""
    if isinstance(obj, Tensor):
        found.append(obj)
    elif isinstance(obj, (list, tuple)):
        for item in obj:
            _tensors_in(item, found)
    elif isinstance(obj, collections.abc.Mapping):
        for item in obj.values():
            _tensors_in(item, found)
    return found


def _replace_tensors(obj, replacements):
    """``obj`` with its tensors replaced, in ``_tensors_in`` order, from an iterator."""
    if isinstance(obj, Tensor):
        return next(replacements)
    if isinstance(obj, tuple) and hasattr(obj, "_fields"):
        return type(obj)(*(_replace_tensors(item, replacements) for item in obj))
    if isinstance(obj, (list, tuple)):
        return type(obj)(_replace_tensors(item, replacements) for item in obj)
    if isinstance(obj, collections.abc.Mapping):
        return type(obj)({key: _replace_tensors(value, replacements)
                          for key, value in obj.items()})
    return obj


def _unsupported(name, fix):
    raise NotImplementedError(f"DistributedDataParallel({name}) is not supported by "
                              f"hookgrad's MPI reducer: {fix}")


class DistributedDataParallel(Module):
    """Data parallelism over MPI ranks: each rank runs ``module`` on its share of the batch;
    ``backward()`` returns with every ``.grad`` averaged over the ranks."""

    def __init__(self, module, device_ids=None, output_device=None, dim=0, broadcast_buffers=None,
                 init_sync=True, process_group=None, bucket_cap_mb=None,
                 find_unused_parameters=False, check_reduction=False,
                 gradient_as_bucket_view=False, static_graph=False,
                 delay_all_reduce_named_params=None, param_to_hook_all_reduce=None,
                 mixed_precision=None, device_mesh=None, skip_all_reduce_unused_params=False,
                 bucket_cap_mb_list=None, batched_grad_copy=False, forward_sync_buffers=None):
        super().__init__()
        if (delay_all_reduce_named_params is None) != (param_to_hook_all_reduce is None):
            raise ValueError("delay_all_reduce_named_params and param_to_hook_all_reduce need "
                             "to be set at the same time.")
        if process_group is not None and device_mesh is not None:
            raise RuntimeError("Cannot specify both process_group and device_mesh arguments.")
        self._reject_unsupported(gradient_as_bucket_view, static_graph,
                                 delay_all_reduce_named_params, mixed_precision, device_mesh,
                                 skip_all_reduce_unused_params)
        self.process_group = distributed_c10d._resolve(process_group)
        self.parameters_to_ignore = set(getattr(module, "_ddp_params_and_buffers_to_ignore", ()))
        self._module_parameters = [p for n, p in module.named_parameters()
                                   if n not in self.parameters_to_ignore]
        if not any(p.requires_grad for p in self._module_parameters):
            raise RuntimeError("DistributedDataParallel is not needed when a module doesn't "
                               "have any parameter that requires a gradient.")
        if device_ids is not None and len(device_ids) > 1:
            raise ValueError("device_ids can only be None or contain a single element.")
        if device_ids or output_device:
            devices = {p.device for p in self._module_parameters}
            raise ValueError(
                "DistributedDataParallel device_ids and output_device arguments only work with "
                "single-device/multiple-device GPU modules or CPU modules, but got device_ids "
                f"{device_ids}, output_device {output_device}, and module parameters "
                f"{devices}.")
        self.device_ids = None
        self.output_device = None
        self.static_graph = False
        self.dim = dim
        self.module = module
        self.device = self._module_parameters[0].device
        self.forward_sync_buffers, init_sync_buffers = self._buffer_flags(
            broadcast_buffers, forward_sync_buffers)
        self.find_unused_parameters = find_unused_parameters
        self.require_backward_grad_sync = True
        self.require_forward_param_sync = True
        self.gradient_as_bucket_view = gradient_as_bucket_view
        self.batched_grad_copy = batched_grad_copy  # a copy strategy on GPUs; nothing here
        self.mixed_precision = None
        if check_reduction:
            warnings.warn("The `check_reduction` argument in `DistributedDataParallel` module "
                          "is deprecated. Please avoid using it.", FutureWarning, stacklevel=2)
        self.broadcast_bucket_size = 250 * 1024 * 1024
        caps = _bucketing.bucket_caps(bucket_cap_mb, bucket_cap_mb_list)
        self.bucket_bytes_cap, first_cap, per_bucket = caps
        self.bucket_bytes_cap_list = list(per_bucket)
        self.bucket_bytes_cap_default = first_cap < self.bucket_bytes_cap
        parameters = self._build_params_for_reducer()
        if init_sync:
            utils._verify_param_shape_across_processes(self.process_group, parameters)
            utils._sync_module_states(self.module, self.process_group,
                                      self.broadcast_bucket_size, 0, self.parameters_to_ignore,
                                      broadcast_buffers=init_sync_buffers)
        self.reducer = _reducer.Reducer(parameters, self.process_group, caps,
                                        find_unused_parameters,
                                        self._build_debug_param_to_name_mapping(parameters))
        self._comm_hooks = []

    @staticmethod
    def _reject_unsupported(gradient_as_bucket_view, static_graph, delay_all_reduce_named_params,
                            mixed_precision, device_mesh, skip_all_reduce_unused_params):
        if gradient_as_bucket_view:
            _unsupported("gradient_as_bucket_view=True", "gradients are copied into buckets "
                         "and back; leave it False")
        if static_graph:
            _unsupported("static_graph=True", "use find_unused_parameters=True for graphs "
                         "that leave parameters unused")
        if delay_all_reduce_named_params is not None:
            _unsupported("delay_all_reduce_named_params=...", "every parameter is reduced in "
                         "its bucket")
        if mixed_precision is not None:
            _unsupported("mixed_precision=...", "register fp16_compress_hook to all-reduce in "
                         "float16")
        if device_mesh is not None:
            _unsupported("device_mesh=...", "it runs on the default (world) process group")
        if skip_all_reduce_unused_params:
            _unsupported("skip_all_reduce_unused_params=True", "unused parameters are reduced "
                         "as zeros, or left alone when unused on every rank")

    @staticmethod
    def _buffer_flags(broadcast_buffers, forward_sync_buffers):
        """(sync buffers before each forward, sync them at construction), PyTorch 2.13's."""
        if broadcast_buffers is not None:
            warnings.warn(_BOTH_BUFFER_FLAGS if forward_sync_buffers is not None
                          else _BROADCAST_BUFFERS_DEPRECATED, FutureWarning, stacklevel=3)
        if forward_sync_buffers is not None:
            return forward_sync_buffers, True
        effective = broadcast_buffers if broadcast_buffers is not None else True
        return effective, effective

    @property
    def broadcast_buffers(self):
        return self.forward_sync_buffers

    @broadcast_buffers.setter
    def broadcast_buffers(self, value):
        self.forward_sync_buffers = value

    def _build_params_for_reducer(self):
        """Parameters that require grad, module by module, each shared one once."""
        parameters, seen = [], set()
        for module_name, module in self.module.named_modules():
            for param_name, param in module.named_parameters(recurse=False):
                if (param.requires_grad and f"{module_name}.{param_name}"
                        not in self.parameters_to_ignore and id(param) not in seen):
                    seen.add(id(param))
                    parameters.append(param)
        self._assign_modules_buffers()
        return parameters

    def _assign_modules_buffers(self):
        named = [(name, buffer) for name, buffer in self.module.named_buffers()
                 if name not in self.parameters_to_ignore]
        self.modules_buffers = [buffer for _, buffer in named]
        self.named_module_buffers = dict(named)

    def _build_debug_param_to_name_mapping(self, parameters):
        """Index -> name, as PyTorch writes them (a root parameter is ``.weight``)."""
        index = {id(p): i for i, p in enumerate(parameters)}
        names = {}
        for module_name, module in self.module.named_modules():
            for param_name, param in module.named_parameters(recurse=False):
                fqn = f"{module_name}.{param_name}"
                if fqn not in self.parameters_to_ignore and param.requires_grad:
                    names[index[id(param)]] = fqn
        return names

    @staticmethod
    def _set_params_and_buffers_to_ignore_for_model(module, params_and_buffers_to_ignore):
        module._ddp_params_and_buffers_to_ignore = params_and_buffers_to_ignore

    # -- forward -------------------------------------------------------------------------

    def forward(self, *inputs, **kwargs):
        grad_enabled = is_grad_enabled()
        if grad_enabled:
            self.reducer.pre_forward()
        if self.will_sync_module_buffers():
            self._sync_buffers()
        output = self.module(*inputs, **kwargs)
        if grad_enabled and self.require_backward_grad_sync:
            self.require_forward_param_sync = True
            self.reducer.prepare_for_backward(
                _tensors_in(output, []) if self.find_unused_parameters else [])
        else:
            self.require_forward_param_sync = False
        if self.find_unused_parameters:
            output = self._through_sink(output)
        return output

    @staticmethod
    def _through_sink(output):
        tensors = _tensors_in(output, [])
        flowing = [t for t in tensors if t.grad_fn is not None]
        if not flowing:
            return output
        passed = iter(_DDPSink.apply(*flowing))
        return _replace_tensors(output, iter([next(passed) if t.grad_fn is not None else t
                                              for t in tensors]))

    def will_sync_module_buffers(self):
        return (self.require_forward_param_sync and self.forward_sync_buffers
                and len(self.modules_buffers) > 0)

    def _sync_buffers(self):
        """Rank 0's buffers (BatchNorm's running statistics, ...) to every rank."""
        self._assign_modules_buffers()
        utils._broadcast_coalesced(self.process_group, self.modules_buffers, 0)

    @contextlib.contextmanager
    def no_sync(self):
        """Accumulate gradients locally; the first synchronised backward after it averages
        the accumulated gradients."""
        old_require_backward_grad_sync = self.require_backward_grad_sync
        self.require_backward_grad_sync = False
        try:
            yield
        finally:
            self.require_backward_grad_sync = old_require_backward_grad_sync

    # -- communication hooks -------------------------------------------------------------

    def register_comm_hook(self, state, hook):
        """Let ``hook(state, bucket)`` reduce each bucket: it returns a Future holding the
        bucket's new (averaged) flat tensor. ``state=None`` means the default group."""
        self._check_comm_hook(hook)
        if self.reducer.comm_hook is not None:
            raise RuntimeError("register_comm_hook or register_builtin_comm_hook can only be "
                               "called once.")
        self._comm_hooks.append((hook, state))
        self.reducer.comm_hook = hook
        self.reducer.comm_hook_state = state

    @staticmethod
    def _check_comm_hook(hook):
        if not callable(hook):
            raise TypeError("Communication hook must be callable.")
        sig = inspect.signature(hook)  # once, at registration
        bucket_annotation = sig.parameters["bucket"].annotation
        if bucket_annotation not in (inspect.Parameter.empty, _reducer.GradBucket):
            raise ValueError("Communication hook: bucket annotation should be "
                             "dist.GradBucket.")
        if sig.return_annotation not in (inspect.Signature.empty,
                                         futures.Future[Tensor]):
            raise ValueError("Communication hook: return annotation should be "
                             "torch.futures.Future[torch.Tensor].")

    def _remove_autograd_hooks(self):
        self.reducer.remove_hooks()
