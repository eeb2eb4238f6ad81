"""Module: registration, traversal, train/eval, and the ``__call__`` hook pipeline (forward
pre-hooks, forward, forward hooks, backward hooks; global hooks before the module's own);
and the process-wide ``register_module_*`` hooks, whose dicts live in this module's globals.

With no hooks anywhere, calling a module is one check and a call to ``forward``."""
from collections import OrderedDict
from collections.abc import Callable
from typing import Any, TypeVar

from ..._tensor import Tensor
from ...utils.hooks import RemovableHandle, register_hook
from ..parameter import Parameter
from . import _conversion, _devices, _state_dict
from ._call import call_with_hooks
from ._state_dict import _IncompatibleKeys  # noqa: F401  (nn.modules.module._IncompatibleKeys)
from ._wrapped_hook import _WrappedHook

__all__ = ["register_module_forward_pre_hook", "register_module_forward_hook",
           "register_module_full_backward_pre_hook", "register_module_backward_hook",
           "register_module_full_backward_hook", "register_module_buffer_registration_hook",
           "register_module_module_registration_hook",
           "register_module_parameter_registration_hook", "Module"]

# Forward hook signatures as PyTorch annotates them (``inspect.signature`` prints the same).
T = TypeVar("T", bound="Module")
ForwardPreHook = (Callable[[T, tuple[Any, ...]], Any | None]
                  | Callable[[T, tuple[Any, ...], dict[str, Any]],
                             tuple[Any, dict[str, Any]] | None])
ForwardHook = (Callable[[T, tuple[Any, ...], Any], Any | None]
               | Callable[[T, tuple[Any, ...], dict[str, Any], Any], Any | None])

# The hook signatures PyTorch annotates for the backward hooks.
_Gradients = tuple[Tensor, ...] | Tensor
ModuleBackwardPreHook = Callable[["Module", _Gradients], _Gradients | None]
ModuleBackwardHook = Callable[["Module", _Gradients, _Gradients], _Gradients | None]

# The process-wide hooks live here, where PyTorch keeps them: test suites reset them by
# rebinding these names (``nn.modules.module._global_forward_hooks = OrderedDict()``), so
# they are read from this module's globals at each use, never bound elsewhere.
_global_buffer_registration_hooks: dict[int, Callable] = OrderedDict()
_global_module_registration_hooks: dict[int, Callable] = OrderedDict()
_global_parameter_registration_hooks: dict[int, Callable] = OrderedDict()
_global_backward_pre_hooks: dict[int, Callable] = OrderedDict()
_global_backward_hooks: dict[int, Callable] = OrderedDict()
_global_is_full_backward_hook: bool | None = None  # set by the first global backward hook
_global_forward_pre_hooks: dict[int, Callable] = OrderedDict()
_global_forward_hooks: dict[int, Callable] = OrderedDict()
_global_forward_hooks_always_called: dict[int, bool] = OrderedDict()
_global_forward_hooks_with_kwargs: dict[int, bool] = OrderedDict()


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


_HOOK_DICTS = ("_backward_pre_hooks", "_backward_hooks", "_forward_hooks",
               "_forward_hooks_with_kwargs", "_forward_hooks_always_called", "_forward_pre_hooks",
               "_forward_pre_hooks_with_kwargs", "_state_dict_hooks", "_state_dict_pre_hooks",
               "_load_state_dict_pre_hooks", "_load_state_dict_post_hooks")


def typename(obj):
    """PyTorch's ``torch.typename``: ``'torch.FloatTensor'``, ``'int'``, ``'mod.Class'``."""
    if isinstance(obj, Tensor):
        return obj.type()
    module = getattr(obj, "__module__", "") or ""
    qualname = getattr(obj, "__qualname__", None) or getattr(obj, "__name__", None)
    if qualname is None:
        module, qualname = type(obj).__module__ or "", type(obj).__qualname__
    return qualname if module in ("", "builtins") else f"{module}.{qualname}"


class Module:
    """Base class of every layer and model."""

    training: bool
    _version = 1
    call_super_init = False
    dump_patches = False

    def __init__(self, *args, **kwargs):
        if args or kwargs:
            raise TypeError(f"{type(self).__name__}.__init__() got an unexpected argument")
        setattr_ = object.__setattr__
        setattr_(self, "training", True)
        setattr_(self, "_parameters", {})
        setattr_(self, "_buffers", {})
        setattr_(self, "_non_persistent_buffers_set", set())
        setattr_(self, "_modules", {})
        setattr_(self, "_is_full_backward_hook", None)
        for name in _HOOK_DICTS:
            setattr_(self, name, OrderedDict())

    def forward(self, *args, **kwargs):
        raise NotImplementedError(f'Module [{type(self).__name__}] is missing the required '
                                  '"forward" function')

    # ------------------------------------------------------------------ calling
    def __call__(self, *args, **kwargs):
        d = self.__dict__
        if (d["_forward_hooks"] or d["_forward_pre_hooks"] or d["_backward_hooks"]
                or d["_backward_pre_hooks"] or _global_forward_hooks
                or _global_forward_pre_hooks or _global_backward_hooks
                or _global_backward_pre_hooks):
            return call_with_hooks(self, args, kwargs, _global_forward_pre_hooks,
                                   _global_forward_hooks, _global_forward_hooks_with_kwargs,
                                   _global_forward_hooks_always_called)
        return self.forward(*args, **kwargs)

    _call_impl = __call__

    def _get_backward_hooks(self):
        """(full hooks, legacy hooks) that apply to this module: globals first."""
        if not _global_backward_hooks:  # the common cases
            if not self._backward_hooks:
                return [], []
            if self._is_full_backward_hook is True:
                return list(self._backward_hooks.values()), []
        full, legacy = [], []
        for flag, hooks in ((_global_is_full_backward_hook, _global_backward_hooks),
                            (self._is_full_backward_hook, self._backward_hooks)):
            if flag is True:
                full += hooks.values()
            elif flag is False:
                legacy += hooks.values()
        return full, legacy

    def _get_backward_pre_hooks(self):
        if not (_global_backward_pre_hooks or self._backward_pre_hooks):
            return []
        return [*_global_backward_pre_hooks.values(), *self._backward_pre_hooks.values()]

    # ------------------------------------------------------------------ hook registration
    def register_forward_pre_hook(self, hook: ForwardPreHook, *, prepend: bool = False,
                                  with_kwargs: bool = False) -> RemovableHandle:
        """``hook(module, args)`` (or ``(module, args, kwargs)``) before ``forward``."""
        return register_hook(self._forward_pre_hooks, hook, prepend=prepend,
                             flags=((self._forward_pre_hooks_with_kwargs, with_kwargs),))

    def register_forward_hook(self, hook: ForwardHook, *, prepend: bool = False,
                              with_kwargs: bool = False,
                              always_call: bool = False) -> RemovableHandle:
        """``hook(module, args, output)`` (or with kwargs) after ``forward``."""
        return register_hook(self._forward_hooks, hook, prepend=prepend,
                             flags=((self._forward_hooks_with_kwargs, with_kwargs),
                                    (self._forward_hooks_always_called, always_call)))

    def register_full_backward_pre_hook(self, hook: ModuleBackwardPreHook,
                                        prepend: bool = False) -> RemovableHandle:
        """``hook(module, grad_output) -> None | new grad_output``."""
        return register_hook(self._backward_pre_hooks, hook, prepend=prepend)

    def register_full_backward_hook(self, hook: ModuleBackwardHook,
                                    prepend: bool = False) -> RemovableHandle:
        """``hook(module, grad_input, grad_output) -> None | new grad_input``."""
        self._set_backward_mode(True)
        return register_hook(self._backward_hooks, hook, prepend=prepend)

    def register_backward_hook(self, hook: ModuleBackwardHook) -> RemovableHandle:
        """Deprecated: a hook on the last autograd node of ``forward``."""
        self._set_backward_mode(False)
        return register_hook(self._backward_hooks, hook)

    def _set_backward_mode(self, full):
        if self._is_full_backward_hook is (not full):
            raise RuntimeError("Cannot use both regular backward hooks and full backward hooks "
                               "on a single Module. Please use only one of them.")
        self._is_full_backward_hook = full

    def register_state_dict_pre_hook(self, hook):
        """``hook(module, prefix, keep_vars)`` before this module's ``state_dict``."""
        return register_hook(self._state_dict_pre_hooks, hook)

    def register_state_dict_post_hook(self, hook):
        """``hook(module, state_dict, prefix, local_metadata) -> None`` after it."""
        hook._from_public_api = True  # a bound method raises AttributeError here, as in PyTorch
        return register_hook(self._state_dict_hooks, hook)

    def _register_state_dict_hook(self, hook):
        if getattr(hook, "_from_public_api", False):
            raise RuntimeError("Cannot register the same function as the state dict post hook "
                               "that was previously registered via register_state_dict_post_hook")
        return register_hook(self._state_dict_hooks, hook)

    def register_load_state_dict_pre_hook(self, hook):
        """``hook(module, state_dict, prefix, local_metadata, strict, missing, unexpected,
        error_msgs)`` before this module loads its own entries."""
        return self._register_load_state_dict_pre_hook(hook, with_module=True)

    def _register_load_state_dict_pre_hook(self, hook, with_module=False):
        return register_hook(self._load_state_dict_pre_hooks,
                             _WrappedHook(hook, self if with_module else None))

    def register_load_state_dict_post_hook(self, hook):
        """``hook(module, incompatible_keys) -> None`` after this module and its children."""
        return register_hook(self._load_state_dict_post_hooks, hook)

    # ------------------------------------------------------------------ registration
    def register_buffer(self, name, tensor, persistent=True):
        if "_buffers" not in self.__dict__:
            raise AttributeError("cannot assign buffer before Module.__init__() call")
        _check_name("buffer", name, self, self._buffers)
        if tensor is not None and not isinstance(tensor, Tensor):
            raise TypeError(f"cannot assign '{typename(tensor)}' object to buffer '{name}' "
                            "(torch Tensor or None required)")
        for hook in _global_buffer_registration_hooks.values():
            output = hook(self, name, tensor)
            if output is not None:
                tensor = output
        if tensor is not None:
            tensor.__dict__.pop("_buffer_persistent", None)
        self._buffers[name] = tensor
        if persistent:
            self._non_persistent_buffers_set.discard(name)
        else:
            self._non_persistent_buffers_set.add(name)

    def register_parameter(self, name, param):
        if "_parameters" not in self.__dict__:
            raise AttributeError("cannot assign parameter before Module.__init__() call")
        _check_name("parameter", name, self, self._parameters)
        if param is None:
            self._parameters[name] = None
            return
        if not isinstance(param, Parameter):
            raise TypeError(f"cannot assign '{typename(param)}' object to parameter '{name}' "
                            "(torch.nn.Parameter or None required)")
        if param.grad_fn is not None:
            raise ValueError(
                f"Cannot assign non-leaf Tensor to parameter '{name}'. Model parameters must be "
                f"created explicitly. To express '{name}' as a function of another Tensor, "
                "compute the value in the forward() method.")
        for hook in _global_parameter_registration_hooks.values():
            output = hook(self, name, param)
            if output is not None:
                param = output
        self._parameters[name] = param

    def add_module(self, name, module):
        if not isinstance(module, Module) and module is not None:
            raise TypeError(f"{typename(module)} is not a Module subclass")
        if not isinstance(name, str):
            raise TypeError(f"module name should be a string. Got {typename(name)}")
        if hasattr(self, name) and name not in self._modules:
            raise KeyError(f"attribute '{name}' already exists")
        if "." in name:
            raise KeyError(f'module name can\'t contain ".", got: {name}')
        if name == "":
            raise KeyError('module name can\'t be empty string ""')
        for hook in _global_module_registration_hooks.values():
            output = hook(self, name, module)
            if output is not None:
                module = output
        self._modules[name] = module

    register_module = add_module

    def get_submodule(self, target):
        if target == "":
            return self
        module = self
        for item in target.split("."):
            if not hasattr(module, item):
                raise AttributeError(f"{module._get_name()} has no attribute `{item}`")
            module = getattr(module, item)
            if not isinstance(module, Module):
                raise AttributeError(f"`{item}` is not an nn.Module")
        return module

    def get_parameter(self, target):
        module_path, _, name = target.rpartition(".")
        module = self.get_submodule(module_path)
        if not hasattr(module, name):
            raise AttributeError(f"{module._get_name()} has no attribute `{name}`")
        param = getattr(module, name)
        if not isinstance(param, Parameter):
            raise AttributeError(f"`{name}` is not an nn.Parameter")
        return param

    def get_buffer(self, target):
        module_path, _, name = target.rpartition(".")
        module = self.get_submodule(module_path)
        if name not in module._buffers:
            raise AttributeError(f"`{name}` is not a buffer")
        return module._buffers[name]

    # ------------------------------------------------------------------ attributes
    def __getattr__(self, name):
        d = self.__dict__
        for store in ("_parameters", "_buffers", "_modules"):
            values = d.get(store)
            if values is not None and name in values:
                return values[name]
        raise AttributeError(f"'{type(self).__name__}' object has no attribute '{name}'")

    def __setattr__(self, name, value):
        d = self.__dict__
        params = d.get("_parameters")
        if isinstance(value, Parameter):
            if params is None:
                raise AttributeError("cannot assign parameters before Module.__init__() call")
            _remove_from(self, name, "_buffers", "_modules")
            self.register_parameter(name, value)
        elif params is not None and name in params:
            if value is not None:
                raise TypeError(f"cannot assign '{typename(value)}' as parameter '{name}' "
                                "(torch.nn.Parameter or None expected)")
            self.register_parameter(name, value)
        elif isinstance(value, Module):
            if d.get("_modules") is None:
                raise AttributeError("cannot assign module before Module.__init__() call")
            _remove_from(self, name, "_parameters", "_buffers")
            self.add_module(name, value)
        elif d.get("_modules") is not None and name in d["_modules"]:
            if value is not None:
                raise TypeError(f"cannot assign '{typename(value)}' as child module '{name}' "
                                "(torch.nn.Module or None expected)")
            self.add_module(name, value)
        else:
            buffers = d.get("_buffers")
            is_buffer = isinstance(value, Tensor) and "_buffer_persistent" in value.__dict__
            if is_buffer or (buffers is not None and name in buffers):
                if value is not None and not isinstance(value, Tensor):
                    raise TypeError(f"cannot assign '{typename(value)}' as buffer '{name}' "
                                    "(torch.nn.Buffer, torch.Tensor or None expected)")
                persistent = (value.__dict__["_buffer_persistent"] if is_buffer
                              else name not in self._non_persistent_buffers_set)
                self.register_buffer(name, value, persistent)
            else:
                object.__setattr__(self, name, value)

    def __delattr__(self, name):
        for store in ("_parameters", "_buffers", "_modules"):
            values = self.__dict__.get(store)
            if values is not None and name in values:
                del values[name]
                self._non_persistent_buffers_set.discard(name)
                return
        object.__delattr__(self, name)

    def __dir__(self):
        keys = set(object.__dir__(self))
        for store in ("_parameters", "_buffers", "_modules"):
            keys.update(self.__dict__.get(store, {}))
        return sorted(k for k in keys if not k[0].isdigit())

    def __setstate__(self, state):
        self.__dict__.update(state)
        for name in _HOOK_DICTS:  # old pickles may lack newer hook dicts
            self.__dict__.setdefault(name, OrderedDict())
        self.__dict__.setdefault("_is_full_backward_hook", None)
        self.__dict__.setdefault("_non_persistent_buffers_set", set())

    # ------------------------------------------------------------------ traversal
    def named_modules(self, memo=None, prefix="", remove_duplicate=True):
        """Every module in the tree (pre-order), with dotted names; the one tree walker."""
        if memo is None:
            memo = set()
        if remove_duplicate:
            if self in memo:
                return
            memo.add(self)
        yield prefix, self
        for name, module in self._modules.items():
            if module is None:
                continue
            yield from module.named_modules(memo, prefix + ("." if prefix else "") + name,
                                            remove_duplicate)

    def _named_members(self, get_members, prefix="", recurse=True, remove_duplicate=True):
        memo = set()
        modules = (self.named_modules(prefix=prefix, remove_duplicate=remove_duplicate)
                   if recurse else [(prefix, self)])
        for module_prefix, module in modules:
            for name, value in get_members(module):
                if value is None or (remove_duplicate and value in memo):
                    continue
                if remove_duplicate:
                    memo.add(value)
                yield module_prefix + ("." if module_prefix else "") + name, value

    def named_parameters(self, prefix="", recurse=True, remove_duplicate=True):
        return self._named_members(lambda m: m._parameters.items(), prefix, recurse,
                                   remove_duplicate)

    def parameters(self, recurse=True):
        for _, param in self.named_parameters(recurse=recurse):
            yield param

    def named_buffers(self, prefix="", recurse=True, remove_duplicate=True):
        return self._named_members(lambda m: m._buffers.items(), prefix, recurse,
                                   remove_duplicate)

    def buffers(self, recurse=True):
        for _, buffer in self.named_buffers(recurse=recurse):
            yield buffer

    def named_children(self):
        memo = set()
        for name, module in self._modules.items():
            if module is not None and module not in memo:
                memo.add(module)
                yield name, module

    def children(self):
        for _, module in self.named_children():
            yield module

    def modules(self):
        for _, module in self.named_modules():
            yield module

    def __hash__(self):
        return id(self)

    # ------------------------------------------------------------------ state
    def train(self, mode=True):
        if not isinstance(mode, bool):
            raise ValueError("training mode is expected to be boolean")
        self.training = mode
        for module in self.children():
            module.train(mode)
        return self

    def eval(self):
        return self.train(False)

    def requires_grad_(self, requires_grad=True):
        for p in self.parameters():
            p.requires_grad_(requires_grad)
        return self

    def zero_grad(self, set_to_none=True):
        for p in self.parameters():
            if p.grad is not None:
                if set_to_none:
                    p.grad = None
                else:
                    p.grad = p.grad.detach()
                    p.grad.zero_()

    def apply(self, fn):
        for module in self.children():
            module.apply(fn)
        fn(self)
        return self

    _apply = _conversion.apply
    to = _conversion.to
    float = _conversion.to_float
    double = _conversion.to_double
    half = _conversion.to_half
    bfloat16 = _conversion.to_bfloat16
    cpu = _conversion.to_cpu

    def cuda(self, device=None):
        return _devices.cuda(self, device)

    def type(self, dst_type):
        return _devices.legacy_type(self, dst_type)

    def share_memory(self):
        return self

    def extra_repr(self):
        return ""

    def _get_name(self):
        return type(self).__name__

    def __repr__(self):
        lines = [line for line in self.extra_repr().split("\n") if line]
        for name, module in self._modules.items():
            body = repr(module).replace("\n", "\n  ")
            lines.append(f"({name}): {body}")
        main = self._get_name() + "("
        if lines:
            if len(lines) == 1 and not self._modules:
                main += lines[0]
            else:
                main += "\n  " + "\n  ".join(lines) + "\n"
        return main + ")"

    state_dict = _state_dict.state_dict
    load_state_dict = _state_dict.load_state_dict
    _save_to_state_dict = _state_dict.save_to_state_dict
    _load_from_state_dict = _state_dict.load_from_state_dict


def _check_name(kind, name, module, store):
    if not isinstance(name, str):
        raise TypeError(f"{kind} name should be a string. Got {typename(name)}")
    if "." in name:
        raise KeyError(f'{kind} name can\'t contain "."')
    if name == "":
        raise KeyError(f'{kind} name can\'t be empty string ""')
    if hasattr(module, name) and name not in store:
        raise KeyError(f"attribute '{name}' already exists")


def _remove_from(module, name, *stores):
    module.__dict__.pop(name, None)
    for store in stores:
        module.__dict__[store].pop(name, None)
    module._non_persistent_buffers_set.discard(name)
