"""RemovableHandle: what every ``register_*hook`` returns (spec section 1)."""
import weakref
from collections import OrderedDict

from .. import _tensor  # partially initialised here (_tensor imports this module)
from ..autograd.grad_mode import state as _grad_state

__all__ = ["RemovableHandle", "unserializable_hook", "warn_if_has_hooks", "register_hook"]


class RemovableHandle:
    """Removes one hook from the dict it was registered in, and from any flag dicts.

    Holds only weak references, so a handle never keeps a module or tensor alive; removing
    twice, or after the owner died, does nothing."""

    id: int
    next_id: int = 0

    def __init__(self, hooks_dict, *, extra_dict=None):
        self.hooks_dict_ref = weakref.ref(hooks_dict)
        self.id = RemovableHandle.next_id
        RemovableHandle.next_id += 1
        if extra_dict is None:
            self.extra_dict_ref = ()
        elif isinstance(extra_dict, dict):
            self.extra_dict_ref = (weakref.ref(extra_dict),)
        else:
            self.extra_dict_ref = tuple(weakref.ref(d) for d in extra_dict)

    def remove(self):
        for ref in (self.hooks_dict_ref, *self.extra_dict_ref):
            d = ref()
            if d is not None and self.id in d:
                del d[self.id]

    def __getstate__(self):
        dicts = (self.hooks_dict_ref(),) + tuple(r() for r in self.extra_dict_ref)
        return (self.id,) + dicts

    def __setstate__(self, state):
        self.id = state[0]
        self.hooks_dict_ref = weakref.ref(state[1] if state[1] is not None else OrderedDict())
        # A dead dict unpickles as a fresh one; weakref to a temporary needs a holder.
        self._keep = [d if d is not None else OrderedDict() for d in state[1:]]
        self.hooks_dict_ref = weakref.ref(self._keep[0])
        self.extra_dict_ref = tuple(weakref.ref(d) for d in self._keep[1:])
        RemovableHandle.next_id = max(RemovableHandle.next_id, self.id + 1)

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc_value, traceback):
        self.remove()


def register_hook(hooks, hook, *, prepend=False, flags=()):
    """Add ``hook`` to the ordered ``hooks`` dict and return its handle.

    ``flags`` are ``(flag_dict, enabled)`` pairs: the hook's id is recorded in each enabled
    flag dict, and the handle removes it from all of them."""
    handle = RemovableHandle(hooks, extra_dict=[d for d, _ in flags])
    hooks[handle.id] = hook
    if prepend:
        hooks.move_to_end(handle.id, last=False)
    for flag_dict, enabled in flags:
        if enabled:
            flag_dict[handle.id] = True
    return handle


def unserializable_hook(f):
    """Mark a tensor hook as not meant to be pickled (silences the pickling warning)."""
    f.__torch_unserializable__ = True
    return f


def warn_if_has_hooks(tensor):
    import warnings
    if tensor._backward_hooks:
        for k in tensor._backward_hooks:
            hook = tensor._backward_hooks[k]
            if not hasattr(hook, "__torch_unserializable__"):
                warnings.warn(
                    f"backward hook {repr(hook)} on tensor will not be serialized.  If this is "
                    "expected, you can decorate the function with "
                    "@torch.utils.hooks.unserializable_hook to suppress this warning")


FULL_HOOK_NO_INPUT_WARNING = (
    "Full backward hook is firing when gradients are computed with respect to module outputs "
    "since no inputs require gradients. See https://docs.pytorch.org/docs/main/generated/"
    "torch.nn.Module.html#torch.nn.Module.register_full_backward_hook for more details.")


class BackwardHook:
    """Runs one module call's full backward hooks and backward pre-hooks (spec 7.1-7.5).

    The positional tensor inputs and the outputs each pass through an identity
    ``BackwardHookFunctionBackward`` node. A post-hook on the output-side node runs the backward pre-hooks
    and records ``grad_output``; a post-hook on the input-side node runs the full hooks. The
    wrapped tensors share memory with the originals but are not autograd views, so in-place
    ops on them (``ReLU(inplace=True)``) simply chain after the wrapper node and the hooks see
    correct gradients, where PyTorch raises."""

    def __init__(self, module, user_hooks, user_pre_hooks):
        self.module = module
        self.user_hooks = user_hooks
        self.user_pre_hooks = user_pre_hooks
        self.grad_outputs = None
        self.n_outputs = -1
        self.output_tensors_index = None
        self.n_inputs = -1
        self.input_tensors_index = None

    @staticmethod
    def _pack_with_none(indices, values, size):
        packed = [None] * size
        for index, value in zip(indices, values):
            packed[index] = value
        return tuple(packed)

    @staticmethod
    def _unpack_none(indices, values):
        return tuple(values[index] for index in indices)

    def _wrap_tensors(self, args, on_node):
        """Pass the tensors in ``args`` through an identity node; None if nothing to do."""
        indices = [i for i, a in enumerate(args) if isinstance(a, _tensor.Tensor)]
        if not _grad_state.grad_enabled or not any(args[i]._requires_grad for i in indices):
            return args, None
        from ..nn.modules._functions import BackwardHookFunctionBackward  # nn imports this module
        wrapped = BackwardHookFunctionBackward.wrap([args[i] for i in indices])
        for t in wrapped:
            if t._grad_fn is not None:
                on_node(t._grad_fn)
                break
        new_args = list(args)
        for index, value in zip(indices, wrapped):
            new_args[index] = value
        if type(args) is tuple:
            return tuple(new_args), indices
        return type(args)(*new_args), indices  # namedtuple outputs keep their type

    def setup_input_hook(self, args):
        result, self.input_tensors_index = self._wrap_tensors(args, self._on_input_node)
        self.n_inputs = len(args)
        return result

    def _on_input_node(self, node):
        def hook(grad_input, _):  # named 'hook': PyTorch's messages quote it
            if self.grad_outputs is None:
                return None  # gradient reached the inputs without passing the outputs
            result = self._pack_with_none(self.input_tensors_index, grad_input, self.n_inputs)
            for user_hook in self.user_hooks:
                out = user_hook(self.module, result, self.grad_outputs)
                if out is None:
                    continue
                if len(out) != len(result):
                    raise RuntimeError("Backward hook returned an invalid number of grad_input, "
                                       f"got {len(out)}, but expected {len(result)}")
                result = out
            self.grad_outputs = None
            return self._unpack_none(self.input_tensors_index, result)
        node.register_hook(hook)

    def setup_output_hook(self, output):
        is_tuple = isinstance(output, tuple)
        args = output if is_tuple else (output,)
        result, self.output_tensors_index = self._wrap_tensors(args, self._on_output_node)
        self.n_outputs = len(args)
        return result if is_tuple else result[0]

    def _on_output_node(self, node):
        def hook(_, grad_output):  # named 'hook', as in PyTorch's messages
            self.grad_outputs = self._pack_with_none(self.output_tensors_index, grad_output,
                                                     self.n_outputs)
            expected = len(self.grad_outputs)
            for user_hook in self.user_pre_hooks:
                out = user_hook(self.module, self.grad_outputs)
                if out is None:
                    continue
                if len(out) != expected:
                    raise RuntimeError("Backward pre hook returned an invalid number of "
                                       f"grad_output, got {len(out)}, but expected {expected}")
                self.grad_outputs = out
            if self.input_tensors_index is None:
                # No input needs a gradient: the full hooks fire now, with all-None grad_input.
                import warnings
                warnings.warn(FULL_HOOK_NO_INPUT_WARNING)
                grad_inputs = (None,) * self.n_inputs
                for user_hook in self.user_hooks:
                    out = user_hook(self.module, grad_inputs, self.grad_outputs)
                    if out is not None and not (isinstance(out, tuple) and
                                                all(g is None for g in out)):
                        raise RuntimeError("Backward hook for Modules where no input requires "
                                           "gradient should always return None or None for all "
                                           "gradients.")
                self.grad_outputs = None
            if self.grad_outputs is not None:
                return tuple(self.grad_outputs[i] for i in self.output_tensors_index)
            return None
        node.register_hook(hook)
