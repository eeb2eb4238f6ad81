"""Optimizer: parameter groups, per-parameter state, state_dict, and its hooks (step pre- and
post-hooks, global and per optimizer; state_dict and load_state_dict pre- and post-hooks).

Each subclass's ``step`` is wrapped once per class (at its first construction) so that the
global and per-optimizer step hooks run around it, as in PyTorch. Unlike PyTorch, hook dicts
are snapshotted before dispatch, so a hook may remove itself while running."""
import functools
import typing
import warnings
from collections import OrderedDict, defaultdict
from collections.abc import Callable
from copy import deepcopy
from itertools import chain
from typing import Any

import numpy as np

from .._ops.materialized_views import after_write
from .._ops.materialized_views import made as _materialized
from .._tensor import Tensor
from .._tensor_base import _make
from ..autograd.grad_mode import enable_grad, no_grad
from ..utils.hooks import RemovableHandle, register_hook

# Hook signatures as PyTorch annotates them (``inspect.signature`` prints the same); Python
# 3.10 has no typing.Self, a type variable of the same name stands in there.
_Self = getattr(typing, "Self", None) or typing.TypeVar("Self")
StepPreHook = Callable[[_Self, tuple[Any, ...], dict[str, Any]],
                       tuple[tuple[Any, ...], dict[str, Any]] | None]
StepPostHook = Callable[[_Self, tuple[Any, ...], dict[str, Any]], None]
StateDictHook = Callable[["Optimizer"], None]
StateDictDictHook = Callable[["Optimizer", dict[str, Any]], dict[str, Any] | None]

__all__ = [
    "Optimizer",
    "register_optimizer_step_post_hook",
    "register_optimizer_step_pre_hook",
    "required",
]

_global_optimizer_pre_hooks = OrderedDict()
_global_optimizer_post_hooks = OrderedDict()


class _RequiredParameter:
    """Marks a default that every parameter group must set (like SGD's ``lr`` once was)."""

    def __repr__(self):
        return "<required parameter>"


required = _RequiredParameter()


def register_optimizer_step_pre_hook(hook):
    """Register ``hook(optimizer, args, kwargs) -> None | (args, kwargs)`` for every optimizer."""
    return register_hook(_global_optimizer_pre_hooks, hook)


def register_optimizer_step_post_hook(hook):
    """Register ``hook(optimizer, args, kwargs) -> None`` for every optimizer."""
    return register_hook(_global_optimizer_post_hooks, hook)


def _typename(obj):
    if isinstance(obj, Tensor):
        return obj.type()
    cls = type(obj)
    module = "" if cls.__module__ == "builtins" else cls.__module__ + "."
    return module + cls.__qualname__


def _hook_step(func):
    """Wrap a class's ``step`` so that each call runs: global pre-hooks, per-optimizer
    pre-hooks, step, per-optimizer post-hooks, global post-hooks."""

    @functools.wraps(func)
    def step(*args, **kwargs):
        self = args[0]
        # Iterated live, like PyTorch: a hook removing itself mid-step raises there too.
        for pre_hook in chain(_global_optimizer_pre_hooks.values(),
                              self._optimizer_step_pre_hooks.values()):
            result = pre_hook(self, args, kwargs)
            if result is not None:
                if not (isinstance(result, tuple) and len(result) == 2):
                    raise RuntimeError(f"{func} must return None or a tuple of (new_args, "
                                       f"new_kwargs), but got {result}.")
                args, kwargs = result
        out = func(*args, **kwargs)
        for post_hook in chain(self._optimizer_step_post_hooks.values(),
                               _global_optimizer_post_hooks.values()):
            post_hook(self, args, kwargs)
        return out

    step.hooked = True
    return step


def _use_grad(func):
    """Run a ``step`` implementation without recording autograd history."""

    @functools.wraps(func)
    def step(self, *args, **kwargs):
        with no_grad():
            return func(self, *args, **kwargs)

    return step


def _closure_loss(closure):
    if closure is None:
        return None
    with enable_grad():
        return closure()


def _scalar(x):
    """A hyperparameter as a Python number (a one-element Tensor lr is allowed)."""
    return x.item() if isinstance(x, Tensor) else x


def _bump(*tensors):
    """Record an in-place write, as an in-place op would (views share the counter; conj views
    of a parameter, held as copies, are recomputed: see materialized_views)."""
    for t in tensors:
        t._vc[0] += 1
        if _materialized[0] and len(t._vc) > 1:
            after_write(t)


def _real(array):
    """A complex array's real view (PyTorch's ``view_as_real``: its real and imaginary parts
    along a last axis of 2, in any layout), else it: the arrays PyTorch's optimizers step
    on."""
    if array.dtype.kind != "c":
        return array
    array = np.asarray(array)  # (a NumPy scalar, from 0-d arithmetic, has no memory to view)
    real = array.real
    return np.lib.stride_tricks.as_strided(real, array.shape + (2,),
                                           array.strides + (real.itemsize,))


def _zeros_like(p):
    return _make(np.zeros_like(p._data))


def _step_counter():
    return _make(np.zeros((), np.float32))


def _grad_and_state(optimizer, p, group, *entries):
    """``(grad, state)`` of parameter ``p`` for a step: its gradient's array (negated, a new
    array, under ``maximize``) and its state, started on its first step with a step counter
    and ``entries`` in order (PyTorch's ``state_dict`` keeps it): a name gets zeros like
    ``p``, a ``(name, make)`` pair ``make()``."""
    grad = p.grad._data
    if group["maximize"]:
        grad = -grad
    state = optimizer.state[p]
    if len(state) == 0:
        state["step"] = _step_counter()
        for entry in entries:
            name, value = (entry, _zeros_like(p)) if isinstance(entry, str) else \
                (entry[0], entry[1]())
            state[name] = value
    return grad, state


class Optimizer:
    """Base class of all optimizers."""

    def __init__(self, params, defaults):
        if defaults.get("differentiable"):
            raise NotImplementedError(
                f"{type(self).__name__}(differentiable=True) is not supported: hookgrad "
                "optimizers update parameters in place without recording autograd history; "
                "write the update with tensor ops yourself to differentiate through it")
        self.defaults = defaults
        self._optimizer_step_pre_hooks = OrderedDict()
        self._optimizer_step_post_hooks = OrderedDict()
        self._optimizer_state_dict_pre_hooks = OrderedDict()
        self._optimizer_state_dict_post_hooks = OrderedDict()
        self._optimizer_load_state_dict_pre_hooks = OrderedDict()
        self._optimizer_load_state_dict_post_hooks = OrderedDict()
        self._patch_step_function()
        if isinstance(params, Tensor):
            raise TypeError("params argument given to the optimizer should be an iterable of "
                            "Tensors or dicts, but got " + _typename(params))
        self.state = defaultdict(dict)
        self.param_groups = []
        param_groups = list(params)
        if len(param_groups) == 0:
            raise ValueError("optimizer got an empty parameter list")
        if not isinstance(param_groups[0], dict):
            param_groups = [{"params": param_groups}]
        for param_group in param_groups:
            self.add_param_group(param_group)

    def _patch_step_function(self):
        cls = type(self)
        if not getattr(cls.step, "hooked", None):
            cls.step = _hook_step(cls.step)

    def __getstate__(self):
        return {"defaults": self.defaults, "state": self.state,
                "param_groups": self.param_groups}

    _restored_defaults = ()  # ((key, default), ...) each param group gains when unpickled

    def __setstate__(self, state):
        self.__dict__.update(state)
        for group in self.param_groups:
            for key, value in self._restored_defaults:
                group.setdefault(key, value)
        for name in ("_optimizer_step_pre_hooks", "_optimizer_step_post_hooks",
                     "_optimizer_state_dict_pre_hooks", "_optimizer_state_dict_post_hooks",
                     "_optimizer_load_state_dict_pre_hooks",
                     "_optimizer_load_state_dict_post_hooks"):
            self.__dict__.setdefault(name, OrderedDict())
        self._patch_step_function()
        self.defaults.setdefault("differentiable", False)

    def __repr__(self):
        # As PyTorch's: a blank line between groups (each group's text ends with a newline
        # and the next one starts with another).
        text = self.__class__.__name__ + " ("
        for i, group in enumerate(self.param_groups):
            text += f"\nParameter Group {i}\n"
            text += "".join(f"    {key}: {group[key]}\n" for key in sorted(group)
                            if key != "params")
        return text + ")"

    # ------------------------------------------------------------------ hooks
    def register_step_pre_hook(self, hook: StepPreHook) -> RemovableHandle:
        """``hook(optimizer, args, kwargs) -> None | (new_args, new_kwargs)`` before ``step``."""
        return register_hook(self._optimizer_step_pre_hooks, hook)

    def register_step_post_hook(self, hook: StepPostHook) -> RemovableHandle:
        """``hook(optimizer, args, kwargs) -> None`` after ``step``."""
        return register_hook(self._optimizer_step_post_hooks, hook)

    def register_state_dict_pre_hook(self, hook: StateDictHook,
                                     prepend: bool = False) -> RemovableHandle:
        """``hook(optimizer) -> None`` before ``state_dict`` builds the dict."""
        return register_hook(self._optimizer_state_dict_pre_hooks, hook, prepend=prepend)

    def register_state_dict_post_hook(self, hook: StateDictDictHook,
                                      prepend: bool = False) -> RemovableHandle:
        """``hook(optimizer, state_dict) -> None | state_dict`` (a returned dict replaces it)."""
        return register_hook(self._optimizer_state_dict_post_hooks, hook, prepend=prepend)

    def register_load_state_dict_pre_hook(self, hook: StateDictDictHook,
                                          prepend: bool = False) -> RemovableHandle:
        """``hook(optimizer, state_dict) -> None | state_dict`` on a shallow copy of the input."""
        return register_hook(self._optimizer_load_state_dict_pre_hooks, hook, prepend=prepend)

    def register_load_state_dict_post_hook(self, hook: StateDictHook,
                                           prepend: bool = False) -> RemovableHandle:
        """``hook(optimizer) -> None`` after loading."""
        return register_hook(self._optimizer_load_state_dict_post_hooks, hook, prepend=prepend)

    # ------------------------------------------------------------------ state_dict
    def state_dict(self):
        """The state with parameters replaced by their index in group order."""
        for pre_hook in tuple(self._optimizer_state_dict_pre_hooks.values()):
            pre_hook(self)
        index, start = {}, 0
        param_groups = []
        for group in self.param_groups:
            packed = {k: v for k, v in group.items() if k != "params"}
            # As in PyTorch: a parameter repeated within a group gets its last position.
            index.update({id(p): i for i, p in enumerate(group["params"], start)
                          if id(p) not in index})
            packed["params"] = [index[id(p)] for p in group["params"]]
            start += len(packed["params"])
            param_groups.append(packed)
        state = {(index[id(k)] if isinstance(k, Tensor) else k): v
                 for k, v in self.state.items()}
        state_dict = {"state": state, "param_groups": param_groups}
        for post_hook in tuple(self._optimizer_state_dict_post_hooks.values()):
            result = post_hook(self, state_dict)
            if result is not None:
                state_dict = result
        return state_dict

    def load_state_dict(self, state_dict):
        """Load a dict from ``state_dict()``; state is matched to parameters by position."""
        state_dict = state_dict.copy()
        for pre_hook in tuple(self._optimizer_load_state_dict_pre_hooks.values()):
            result = pre_hook(self, state_dict)
            if result is not None:
                state_dict = result
        groups = self.param_groups
        saved_groups = deepcopy(state_dict["param_groups"])
        if len(groups) != len(saved_groups):
            raise ValueError("loaded state dict has a different number of parameter groups")
        if any(len(g["params"]) != len(s["params"]) for g, s in zip(groups, saved_groups)):
            raise ValueError("loaded state dict contains a parameter group that doesn't match "
                             "the size of optimizer's group")
        id_map = dict(zip(chain.from_iterable(g["params"] for g in saved_groups),
                          chain.from_iterable(g["params"] for g in groups)))
        state = defaultdict(dict)
        for key, value in state_dict["state"].items():
            if key in id_map:
                state[id_map[key]] = _cast(id_map[key], value)
            else:
                state[key] = value
        for group, new_group in zip(groups, saved_groups):
            new_group["params"] = group["params"]
            if "param_names" in group and "param_names" not in new_group:
                new_group["param_names"] = group["param_names"]
        self.__setstate__({"state": state, "param_groups": saved_groups})
        for post_hook in tuple(self._optimizer_load_state_dict_post_hooks.values()):
            post_hook(self)

    # ------------------------------------------------------------------ parameters
    def zero_grad(self, set_to_none=True):
        """Reset every parameter's ``.grad`` (to None by default; no hooks run)."""
        for group in self.param_groups:
            for p in group["params"]:
                grad = p.grad
                if grad is None:
                    continue
                if set_to_none:
                    p.grad = None
                else:
                    if grad.grad_fn is not None:
                        grad.detach_()
                    else:
                        grad.requires_grad_(False)
                    grad.zero_()

    def step(self, closure=None):
        """Perform one optimisation step; subclasses implement it."""
        raise NotImplementedError

    def add_param_group(self, param_group):
        """Append a group; options it does not set take the optimizer's defaults."""
        if not isinstance(param_group, dict):
            raise TypeError(f"param_group must be a dict, but got {type(param_group)}")
        params = param_group["params"]
        if isinstance(params, Tensor):
            params = [params]
        elif isinstance(params, set):
            raise TypeError("optimizer parameters need to be organized in ordered collections, "
                            "but the ordering of tensors in sets will change between runs. "
                            "Please use a list instead.")
        tensors, names = [], []
        for param in params:
            if isinstance(param, tuple):
                names.append(param[0])
                param = param[1]
            tensors.append(param)
        param_group["params"] = tensors
        if names:
            if len(names) != len(tensors):
                raise ValueError("all optimizer params should be with/without names. Some param "
                                 "names are missing")
            param_group["param_names"] = names
        for param in tensors:
            if not isinstance(param, Tensor):
                raise TypeError("optimizer can only optimize Tensors, but one of the params is "
                                + _typename(param))
            if not self.defaults.get("differentiable", None) and not (
                    param.is_leaf or param.retains_grad):
                raise ValueError("can't optimize a non-leaf Tensor")
        for name, default in self.defaults.items():
            if default is required and name not in param_group:
                raise ValueError("parameter group didn't specify a value of required "
                                 f"optimization parameter {name}")
            param_group.setdefault(name, default)
        if len(tensors) != len(set(tensors)):
            warnings.warn("optimizer contains a parameter group with duplicate parameters; in "
                          "future, this will cause an error; see "
                          "github.com/pytorch/pytorch/issues/40967 for more information",
                          stacklevel=3)
        seen = set()
        for group in self.param_groups:
            seen.update(group["params"])
            if ("param_names" in param_group) != ("param_names" in group):
                which = "with names" if "param_names" in param_group else "without names"
                raise ValueError("all optimizer param groups should be with/without names. "
                                 f"cannot add param group {which} to the optimizer")
        if not seen.isdisjoint(tensors):
            raise ValueError("some parameters appear in more than one parameter group")
        self.param_groups.append(param_group)


def _cast(param, value, key=None):
    """Copy loaded state for ``param``: floating tensors take its dtype, except ``step``."""
    if isinstance(value, Tensor):
        if key != "step" and param.is_floating_point() and value.dtype != param.dtype:
            return value.to(param.dtype)
        return value
    if isinstance(value, dict):
        return {k: _cast(param, v, k) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(_cast(param, v) for v in value)
    return value
