"""Module.state_dict / load_state_dict with their hooks (pre- and post-hooks of both, in
registration order; private state_dict hooks may replace the dict they return)."""
from collections import OrderedDict, namedtuple
from collections.abc import Mapping

from ..._tensor import Tensor
from ...autograd.grad_mode import no_grad
from ..parameter import Parameter


class _IncompatibleKeys(namedtuple("IncompatibleKeys", ["missing_keys", "unexpected_keys"])):
    __slots__ = ()

    def __repr__(self):
        if not self.missing_keys and not self.unexpected_keys:
            return "<All keys matched successfully>"
        return super().__repr__()

    __str__ = __repr__


def state_dict(self, *args, destination=None, prefix="", keep_vars=False):
    """Parameters and persistent buffers by dotted name, with ``_metadata``."""
    if args:  # PyTorch's deprecated positional form: (destination, prefix, keep_vars)
        given = list(args) + [destination, prefix, keep_vars][len(args):]
        destination, prefix, keep_vars = given[:3]
    if destination is None:
        destination = OrderedDict()
        destination._metadata = OrderedDict()
    local_metadata = {"version": type(self)._version}
    if hasattr(destination, "_metadata"):
        destination._metadata[prefix[:-1]] = local_metadata
    for hook in list(self._state_dict_pre_hooks.values()):
        hook(self, prefix, keep_vars)
    self._save_to_state_dict(destination, prefix, keep_vars)
    for name, module in self._modules.items():
        if module is not None:
            module.state_dict(destination=destination, prefix=prefix + name + ".",
                              keep_vars=keep_vars)
    for hook in list(self._state_dict_hooks.values()):
        result = hook(self, destination, prefix, local_metadata)
        if getattr(hook, "_from_public_api", False):
            if result is not None:
                raise RuntimeError("state_dict post-hook must return None")
        elif result is not None:
            destination = result  # private hooks may replace it (only the root's return counts)
    return destination


def save_to_state_dict(self, destination, prefix, keep_vars):
    for name, param in self._parameters.items():
        if param is not None:
            destination[prefix + name] = param if keep_vars else param.detach()
    for name, buffer in self._buffers.items():
        if buffer is not None and name not in self._non_persistent_buffers_set:
            destination[prefix + name] = buffer if keep_vars else buffer.detach()


def load_state_dict(self, state_dict, strict=True, assign=False):
    """Copy matching entries into parameters and buffers; report or raise on mismatches."""
    if not isinstance(state_dict, Mapping):
        raise TypeError(f"Expected state_dict to be dict-like, got {type(state_dict)}.")
    missing, unexpected, errors = [], [], []
    metadata = getattr(state_dict, "_metadata", None)
    state_dict = OrderedDict(state_dict)
    if metadata is not None:
        state_dict._metadata = metadata

    def load(module, local_state, prefix=""):
        local_metadata = {} if metadata is None else dict(metadata.get(prefix[:-1], {}))
        if assign:
            local_metadata["assign_to_params_buffers"] = assign
        # hooks always see strict=True: the lists are always collected
        module._load_from_state_dict(local_state, prefix, local_metadata, True, missing,
                                     unexpected, errors)
        for name, child in module._modules.items():
            if child is not None:
                child_prefix = prefix + name + "."
                load(child, {k: v for k, v in local_state.items()
                             if k.startswith(child_prefix)}, child_prefix)
        incompatible = _IncompatibleKeys(missing, unexpected)
        for hook in list(module._load_state_dict_post_hooks.values()):
            if hook(module, incompatible) is not None:
                raise AssertionError(
                    "Hooks registered with ``register_load_state_dict_post_hook`` are not "
                    "expected to return new values, if incompatible_keys need to be modified, it "
                    "should be done inplace.")

    load(self, state_dict)
    if strict:
        if unexpected:
            errors.insert(0, "Unexpected key(s) in state_dict: {}. ".format(
                ", ".join(f'"{k}"' for k in unexpected)))
        if missing:
            errors.insert(0, "Missing key(s) in state_dict: {}. ".format(
                ", ".join(f'"{k}"' for k in missing)))
    if errors:
        raise RuntimeError("Error(s) in loading state_dict for {}:\n\t{}".format(
            type(self).__name__, "\n\t".join(errors)))
    return _IncompatibleKeys(missing, unexpected)


def load_from_state_dict(self, state_dict, prefix, local_metadata, strict, missing_keys,
                         unexpected_keys, error_msgs):
    """Load this module's own entries (not its children's)."""
    for hook in list(self._load_state_dict_pre_hooks.values()):
        hook(state_dict, prefix, local_metadata, strict, missing_keys, unexpected_keys,
             error_msgs)
    local = {k: v for k, v in self._parameters.items() if v is not None}
    local.update({k: v for k, v in self._buffers.items()
                  if v is not None and k not in self._non_persistent_buffers_set})
    assign = local_metadata.get("assign_to_params_buffers", False)
    for name, current in local.items():
        key = prefix + name
        if key not in state_dict:
            if strict:
                missing_keys.append(key)
            continue
        value = state_dict[key]
        if not isinstance(value, Tensor):
            error_msgs.append(f'While copying the parameter named "{key}", expected torch.Tensor '
                              f"or Tensor-like object from checkpoint but received {type(value)}")
            continue
        if value.shape != current.shape:
            error_msgs.append(f"size mismatch for {key}: copying a param with shape {value.shape} "
                              f"from checkpoint, the shape in current model is {current.shape}.")
            continue
        with no_grad():
            if assign:
                setattr(self, name, Parameter(value, current.requires_grad)
                        if isinstance(current, Parameter) else value)
            else:
                current.copy_(value)
    if strict:
        for key in state_dict:
            if not key.startswith(prefix):
                continue
            head, _, rest = key[len(prefix):].partition(".")
            if (rest and head not in self._modules) or (not rest and head not in local):
                unexpected_keys.append(key)
