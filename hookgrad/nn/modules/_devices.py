"""Module.cuda() and the device argument of Module.to(): a PyTorch build without CUDA.

As in PyTorch, moving a module converts each of its tensors, so a module without parameters
or buffers "moves" anywhere, and one with tensors raises the error of its first tensor."""
from ..._device import check, device
from ..._legacy_types import resolve
from ..._tensor_legacy import cuda as _tensor_cuda


def _has_tensors(module):
    return any(t is not None for m in module.modules()
               for t in (*m._parameters.values(), *m._buffers.values()))


def check_to(module, args, kwargs):
    """Raise what ``module.to(*args, **kwargs)`` raises for its device argument."""
    targets = [a for a in args if isinstance(a, (str, device)) or type(a) is int]
    if kwargs.get("device") is not None:
        targets.append(kwargs["device"])
    for target in targets:
        if type(target) is not int:
            device(target)  # a malformed device string raises even for an empty module
    if targets and _has_tensors(module):
        for target in targets:
            check(target)


def cuda(module, device=None):
    """``Module.cuda()``: an error for a module holding tensors (there is no CUDA)."""
    if _has_tensors(module):
        _tensor_cuda(None, device)
    return module


def legacy_type(module, dst_type):
    """``Module.type(torch.DoubleTensor)``: every parameter and buffer converted, integer
    buffers included, as PyTorch does (a CUDA type raises if there is any tensor)."""
    if not _has_tensors(module):
        return module
    target = resolve(dst_type)
    return module._apply_to_tensors(lambda t: t.type(target))
