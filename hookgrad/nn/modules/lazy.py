"""LazyModuleMixin: the base of modules that take their parameters' shapes from their first
input (``nn.LazyLinear``).

In PyTorch this is a mixin placed before a Module class (``class L(LazyModuleMixin,
nn.Linear)``). Here it is a Module subclass, so the same class statements build the same
method resolution order (``L -> LazyModuleMixin -> Linear -> Module``) with no class that is
not a Module; the one visible difference is ``issubclass(LazyModuleMixin, nn.Module)``.

A lazy module registers two hooks at construction: a forward pre-hook (with kwargs) that
calls ``initialize_parameters(*args, **kwargs)`` on the first call, then removes both hooks
and turns the module into ``cls_to_become``; and a load_state_dict pre-hook that
materializes uninitialized parameters and buffers with the shapes being loaded."""
import itertools

from ...autograd.grad_mode import no_grad
from ..parameter import is_lazy
from .module import Module

__all__ = ["LazyModuleMixin"]


class LazyModuleMixin(Module):
    cls_to_become = None

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._load_hook = self._register_load_state_dict_pre_hook(self._lazy_load_hook)
        self._initialize_hook = self.register_forward_pre_hook(self._infer_parameters,
                                                               with_kwargs=True)

    def _save_to_state_dict(self, destination, prefix, keep_vars):
        # (uninitialized tensors are stored as they are: detaching one would lose what it is)
        for name, param in self._parameters.items():
            if param is not None:
                destination[prefix + name] = (param if is_lazy(param) or keep_vars
                                              else param.detach())
        for name, buffer in self._buffers.items():
            if buffer is not None and name not in self._non_persistent_buffers_set:
                destination[prefix + name] = (buffer if is_lazy(buffer) or keep_vars
                                              else buffer.detach())

    def _lazy_load_hook(self, state_dict, prefix, local_metadata, strict, missing_keys,
                        unexpected_keys, error_msgs):
        """Materialize each uninitialized tensor that the state dict has an initialized
        value for, with that value's shape (load_state_dict then copies it in)."""
        for name, param in itertools.chain(self._parameters.items(), self._buffers.items()):
            key = prefix + name
            if key in state_dict and param is not None and is_lazy(param):
                value = state_dict[key]
                if not is_lazy(value):
                    with no_grad():
                        param.materialize(value.shape)

    def initialize_parameters(self, *args, **kwargs):
        """Materialize and initialize the parameters from the first call's arguments."""
        raise NotImplementedError(
            f"initialize_parameters is not implemented for {type(self).__name__}")

    def has_uninitialized_params(self):
        return any(is_lazy(t) for t in itertools.chain(self._parameters.values(),
                                                          self._buffers.values()))

    def _infer_parameters(self, module, args, kwargs=None):
        module.initialize_parameters(*args, **(kwargs or {}))
        if module.has_uninitialized_params():
            raise RuntimeError(f"module {self._get_name()} has not been fully initialized")
        module._initialize_hook.remove()
        module._load_hook.remove()
        del module._initialize_hook
        del module._load_hook
        if module.cls_to_become is not None:
            module.__class__ = module.cls_to_become

    def _replicate_for_data_parallel(self):
        raise RuntimeError("Modules with uninitialized parameters can't be used with "
                           "`DataParallel`. Run a dummy forward pass to correctly initialize "
                           "the modules")
