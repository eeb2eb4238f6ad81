"""The slow path of ``Module.__call__``: every module hook, in PyTorch's order."""
import functools
import warnings
import weakref

from ..._tensor import Tensor
from . import _global_hooks as _g
from ._functions import BackwardHook


class _WrappedHook:
    """A legacy backward hook bound to its module by a weak reference."""

    def __init__(self, hook, module):
        self.hook = hook
        functools.update_wrapper(self, hook)
        self.module = weakref.ref(module)

    def __call__(self, *args):
        module = self.module()
        if module is None:
            raise RuntimeError("You are trying to call the hook of a dead Module!")
        return self.hook(module, *args)


def _snapshot(global_hooks, module_hooks):
    """``(id, hook)`` pairs, globals first, fixed before the first runs (hooks added or
    removed meanwhile take effect next call)."""
    if not (global_hooks or module_hooks):
        return ()
    return (*global_hooks.items(), *module_hooks.items())


def call_with_hooks(module, args, kwargs):
    """The slow path of ``Module.__call__``, step by step: backward hooks set up, forward
    pre-hooks (global first), forward, forward hooks, backward hooks on the result; on an
    exception, the always_call forward hooks still run."""
    result = None
    started_always_called = set()
    backward_pre_hooks = module._get_backward_pre_hooks() if (
        module._backward_pre_hooks or _g._global_backward_pre_hooks) else []
    full_hooks, legacy_hooks = module._get_backward_hooks() if (
        module._backward_hooks or _g._global_backward_hooks) else ([], [])
    try:
        # 1-2: forward pre-hooks, globals first; the snapshot is taken when the loop starts
        for hook_id, hook in _snapshot(_g._global_forward_pre_hooks,
                                       module._forward_pre_hooks):
            if hook_id in module._forward_pre_hooks_with_kwargs:
                new = hook(module, args, kwargs)
                if new is not None:
                    if not (isinstance(new, tuple) and len(new) == 2):
                        raise RuntimeError("forward pre-hook must return None or a tuple of "
                                           f"(new_args, new_kwargs), but got {new}.")
                    args, kwargs = new
            else:
                new = hook(module, args)
                if new is not None:
                    args = new if isinstance(new, tuple) else (new,)
        # 3: wrap positional tensor inputs for full backward hooks
        backward_hook = None
        if full_hooks or backward_pre_hooks:
            backward_hook = BackwardHook(module, full_hooks, backward_pre_hooks)
            args = backward_hook.setup_input_hook(args)
        # 4
        result = module.forward(*args, **kwargs)
        # 5: forward hooks, snapshot taken after forward returned
        for hook_id, hook in _snapshot(_g._global_forward_hooks, module._forward_hooks):
            if (hook_id in module._forward_hooks_always_called
                    or hook_id in _g._global_forward_hooks_always_called):
                started_always_called.add(hook_id)
            if (hook_id in module._forward_hooks_with_kwargs
                    or hook_id in _g._global_forward_hooks_with_kwargs):
                new = hook(module, args, kwargs, result)
            else:
                new = hook(module, args, result)
            if new is not None:
                result = new
        # 6: wrap outputs
        if backward_hook is not None:
            if not isinstance(result, (Tensor, tuple)):
                warnings.warn("For backward hooks to be called, module output should be a "
                              "Tensor or a tuple of Tensors but received " + str(type(result)),
                              stacklevel=1)
            result = backward_hook.setup_output_hook(result)
        # 7: legacy backward hooks on the grad_fn of the first output tensor
        if legacy_hooks:
            _attach_legacy_hooks(module, legacy_hooks, args, result)
        return result
    except Exception:
        _run_always_called_hooks(module, args, kwargs, result, started_always_called)
        raise


def _run_always_called_hooks(module, args, kwargs, result, started):
    """After a failure, run the always_call forward hooks not yet started."""
    for hook_id, hook in _g._global_forward_hooks.items():
        if hook_id in _g._global_forward_hooks_always_called and hook_id not in started:
            try:
                # globals get three arguments here even when registered with_kwargs
                new = hook(module, args, result)
                if new is not None:
                    result = new
            except Exception as e:
                warnings.warn("global module forward hook with ``always_call=True`` raised an "
                              "exception that was silenced as another error was raised in "
                              f"forward: {str(e)}", stacklevel=1)
    for hook_id, hook in module._forward_hooks.items():
        if hook_id in module._forward_hooks_always_called and hook_id not in started:
            try:
                if hook_id in module._forward_hooks_with_kwargs:
                    new = hook(module, args, kwargs, result)
                else:
                    new = hook(module, args, result)
                if new is not None:
                    result = new
            except Exception as e:
                warnings.warn("module forward hook with ``always_call=True`` raised an exception "
                              "that was silenced as another error was raised in forward: "
                              f"{str(e)}", stacklevel=1)


def _attach_legacy_hooks(module, hooks, args, result):
    var = result
    while not isinstance(var, Tensor):
        if isinstance(var, dict):
            var = next(v for v in var.values() if isinstance(v, Tensor))
        else:
            var = var[0]
    grad_fn = var.grad_fn
    if grad_fn is None:
        return
    for hook in hooks:
        grad_fn.register_hook(_WrappedHook(hook, module))
    _warn_legacy_hooks(args, result, grad_fn)


def _warn_legacy_hooks(inputs, result, grad_fn):
    """The deprecation warnings of the legacy (non-full) backward hooks, in PyTorch's order
    of checks."""
    def future(message):
        warnings.warn(message, FutureWarning, stacklevel=4)

    if isinstance(result, Tensor):
        result = (result,)
    elif not (isinstance(result, tuple) and all(isinstance(r, Tensor) for r in result)):
        future("Using non-full backward hooks on a Module that does not return a single Tensor "
               "or a tuple of Tensors is deprecated and will be removed in future versions. "
               "This hook will be missing some of the grad_output. Please use "
               "register_full_backward_hook to get the documented behavior.")
        return
    if isinstance(inputs, Tensor):
        inputs = (inputs,)
    elif not (isinstance(inputs, tuple) and all(isinstance(i, Tensor) for i in inputs)):
        future("Using non-full backward hooks on a Module that does not take as input a single "
               "Tensor or a tuple of Tensors is deprecated and will be removed in future "
               "versions. This hook will be missing some of the grad_input. Please use "
               "register_full_backward_hook to get the documented behavior.")
        return
    out_nodes = {r.grad_fn for r in result if r.grad_fn is not None}
    if not out_nodes or (len(out_nodes) == 1 and grad_fn not in out_nodes):
        future("Using a non-full backward hook when outputs are nested in python data structure "
               "is deprecated and will be removed in future versions. This hook will be missing "
               "some grad_output.")
    elif len(out_nodes) > 1:
        future("Using a non-full backward hook when outputs are generated by different autograd "
               "Nodes is deprecated and will be removed in future versions. This hook will be "
               "missing some grad_output. Please use register_full_backward_hook to get the "
               "documented behavior.")
    else:
        input_nodes = {i.grad_fn for i in inputs if i.grad_fn is not None}
        if input_nodes != {edge[0] for edge in grad_fn.next_functions}:
            future("Using a non-full backward hook when the forward contains multiple autograd "
                   "Nodes is deprecated and will be removed in future versions. This hook will "
                   "be missing some grad_input. Please use register_full_backward_hook to get "
                   "the documented behavior.")

