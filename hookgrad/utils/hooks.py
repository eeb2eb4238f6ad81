"""RemovableHandle: what every ``register_*hook`` returns; one helper that registers a hook."""
import warnings
import weakref
from collections import OrderedDict

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
    if tensor._backward_hooks:
        for k in tensor._backward_hooks:
            hook = tensor._backward_hooks[k]
            if not hasattr(hook, "__torch_unserializable__"):
                warnings.warn(
                    f"backward hook {repr(hook)} on tensor will not be serialized.  If this is "
                    "expected, you can decorate the function with "
                    "@torch.utils.hooks.unserializable_hook to suppress this warning",
                    stacklevel=1)

