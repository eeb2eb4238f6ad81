"""The process-wide module hooks (``register_module_*``), applied to every Module call."""
from collections import OrderedDict
from collections.abc import Callable

from ..._tensor import Tensor
from ...utils.hooks import RemovableHandle, register_hook

# The hook signatures PyTorch annotates (``inspect.signature`` prints the same); 'Module' is a
# forward reference to the class in module.py, which imports this file.
_Gradients = tuple[Tensor, ...] | Tensor
ModuleBackwardPreHook = Callable[["Module", _Gradients], _Gradients | None]  # noqa: F821
ModuleBackwardHook = Callable[["Module", _Gradients, _Gradients], _Gradients | None]  # noqa: F821

_global_buffer_registration_hooks = OrderedDict()
_global_module_registration_hooks = OrderedDict()
_global_parameter_registration_hooks = OrderedDict()
_global_backward_pre_hooks = OrderedDict()
_global_backward_hooks = OrderedDict()
_global_forward_pre_hooks = OrderedDict()
_global_forward_hooks = OrderedDict()
_global_forward_hooks_always_called = OrderedDict()
_global_forward_hooks_with_kwargs = OrderedDict()

# None until the first global backward hook; then True (full) or False (legacy), for good.
_global_is_full_backward_hook = None


def any_call_hooks():
    """Whether a global hook may affect a module call (the fast path's only global check)."""
    return bool(_global_forward_pre_hooks or _global_forward_hooks or _global_backward_hooks
                or _global_backward_pre_hooks)


def register_module_buffer_registration_hook(hook: Callable[..., None]) -> RemovableHandle:
    """``hook(module, name, buffer) -> None | replacement`` on every buffer registration."""
    return register_hook(_global_buffer_registration_hooks, hook)


def register_module_module_registration_hook(hook: Callable[..., None]) -> RemovableHandle:
    """``hook(module, name, submodule) -> None | replacement`` on every submodule registration."""
    return register_hook(_global_module_registration_hooks, hook)


def register_module_parameter_registration_hook(hook: Callable[..., None]) -> RemovableHandle:
    """``hook(module, name, param) -> None | replacement`` on every parameter registration."""
    return register_hook(_global_parameter_registration_hooks, hook)


def register_module_forward_pre_hook(hook: Callable[..., None]) -> RemovableHandle:
    """``hook(module, args) -> None | new_args`` before every module's forward."""
    return register_hook(_global_forward_pre_hooks, hook)


def register_module_forward_hook(hook: Callable[..., None], *, with_kwargs: bool = False,
                                 always_call: bool = False) -> RemovableHandle:
    """``hook(module, args, output)`` after every module's forward."""
    handle = RemovableHandle(_global_forward_hooks,
                             extra_dict=_global_forward_hooks_always_called)
    _global_forward_hooks[handle.id] = hook
    # Like PyTorch, the with_kwargs flag is not tied to the handle, so it outlives remove().
    if with_kwargs:
        _global_forward_hooks_with_kwargs[handle.id] = True
    if always_call:
        _global_forward_hooks_always_called[handle.id] = True
    return handle


def register_module_full_backward_pre_hook(hook: ModuleBackwardPreHook) -> RemovableHandle:
    """``hook(module, grad_output) -> None | new_grad_output`` for every module."""
    return register_hook(_global_backward_pre_hooks, hook)


def _set_global_backward_mode(full):
    global _global_is_full_backward_hook
    if _global_is_full_backward_hook is (not full):
        raise RuntimeError("Cannot use both regular backward hooks and full backward hooks as a "
                           "global Module hook. Please use only one of them.")
    _global_is_full_backward_hook = full


def register_module_full_backward_hook(hook: ModuleBackwardHook) -> RemovableHandle:
    """``hook(module, grad_input, grad_output) -> None | new_grad_input`` for every module."""
    _set_global_backward_mode(True)
    return register_hook(_global_backward_hooks, hook)


def register_module_backward_hook(hook: ModuleBackwardHook) -> RemovableHandle:
    """Legacy global backward hook (on the last op of each module's forward); deprecated."""
    _set_global_backward_mode(False)
    return register_hook(_global_backward_hooks, hook)
