"""Tensor methods of the older and device-related API that real PyTorch programs use.

Bound into ``Tensor`` in one block at the end of its class body (``hookgrad/_tensor.py``):
the device methods of a build without CUDA (``cuda()``, ``to('cuda')``), storages, the
legacy ``type()``, and the deprecated scalar-first overloads (``add_(number, tensor)``),
which wrap the modern methods so that those stay as they are."""
import warnings
from numbers import Number

from . import _sampling
from ._device import NO_ACCELERATOR
from ._device import check as _check_device
from ._device import device as _device
from ._legacy_types import resolve
from ._tensor_base import TensorBase

# PyTorch warns about the first deprecated overload a process uses, once, whichever it is.
_warned_deprecated_overload = [False]
_ORIGIN = ("(Triggered internally at /__w/pytorch/pytorch/torch/csrc/utils/"
           "python_arg_parser.cpp:1841.)")

# name: (deprecated signature, modern signature), for the method and the function forms
_OVERLOADS = {
    "add": ("Number alpha, Tensor other", "Tensor other, *, Number alpha = 1"),
    "sub": ("Number alpha, Tensor other", "Tensor other, *, Number alpha = 1"),
    "addcmul": ("Number value, Tensor tensor1, Tensor tensor2",
                "Tensor tensor1, Tensor tensor2, *, Number value = 1"),
    "addcdiv": ("Number value, Tensor tensor1, Tensor tensor2",
                "Tensor tensor1, Tensor tensor2, *, Number value = 1"),
}


def _warn_deprecated(name, function_form):
    if _warned_deprecated_overload[0]:
        return
    _warned_deprecated_overload[0] = True
    old, new = _OVERLOADS[name.rstrip("_")]
    if function_form:
        old = f"Tensor input, {old}, *, Tensor out = None"
        new = f"Tensor input, {new}, Tensor out = None"
    warnings.warn(f"This overload of {name} is deprecated:\n\t{name}({old})\nConsider using "
                  f"one of the following signatures instead:\n\t{name}({new}) {_ORIGIN}",
                  UserWarning, stacklevel=3)


def scalar_first(modern, name, n_tensors, keyword, function_form=False):
    """``modern`` (a method, or a ``torch.`` function) that also accepts PyTorch's deprecated
    form with the scalar first: ``x.add_(0.5, y)`` is ``x.add_(y, alpha=0.5)``,
    ``x.addcmul_(0.5, a, b)`` is ``x.addcmul_(a, b, value=0.5)``."""
    deprecated_count = 2 + n_tensors  # (self or input, scalar, tensors...)

    def overloaded(*args, **kwargs):
        if len(args) < deprecated_count:  # the modern form (the common case)
            return modern(*args, **kwargs) if kwargs else modern(*args)
        if len(args) == deprecated_count and _is_scalar(args[1]):
            if keyword in kwargs:
                raise TypeError(f"{name}() received an invalid combination of arguments - got "
                                f"unrecognized keyword arguments: {keyword}")
            _warn_deprecated(name, function_form)
            scalar = args[1]
            kwargs[keyword] = scalar if isinstance(scalar, Number) else scalar.item()
            return modern(args[0], *args[2:], **kwargs)
        return modern(*args, **kwargs)

    overloaded.__name__ = overloaded.__qualname__ = name
    overloaded.__doc__ = modern.__doc__
    overloaded.__wrapped__ = modern
    return overloaded


def _is_scalar(value):
    """A Python number, or a 0-d tensor (which PyTorch's parser accepts as a Number)."""
    if isinstance(value, Number):
        return True
    return isinstance(value, TensorBase) and not value._data.ndim


# ---------------------------------------------------------------------------- devices
def checks_device(to):
    """``Tensor.to`` that refuses devices other than the CPU as PyTorch without CUDA does."""

    def to_(self, *args, **kwargs):
        for arg in args:
            if arg.__class__ in _DEVICE_LIKE:
                _check_device(arg)
        if not kwargs:
            return to(self, *args)
        device = kwargs.get("device")
        if device is not None:
            _check_device(device)
        return to(self, *args, **kwargs)

    to_.__name__ = to_.__qualname__ = "to"
    to_.__doc__ = to.__doc__
    return to_


_DEVICE_LIKE = frozenset((str, _device, int))  # a device index is an int; bool is not


def cuda(self, device=None, non_blocking=False, memory_format=None):
    """Always an error: this build has no CUDA."""
    if device is None:
        raise AssertionError("Torch not compiled with CUDA enabled")
    if type(device) is int:
        raise RuntimeError(NO_ACCELERATOR)
    if _device(device).type != "cuda":
        raise RuntimeError("Invalid device, must be cuda device")
    raise AssertionError("Torch not compiled with CUDA enabled")


def get_device(self):
    return -1  # PyTorch's answer for a CPU tensor


def is_pinned(self, device=None):
    return False


def pin_memory(self, device=None):
    raise RuntimeError(NO_ACCELERATOR)


# ---------------------------------------------------------------------------- legacy type()
def type_(self, dtype=None, non_blocking=False, **kwargs):
    """``x.type()`` is ``'torch.FloatTensor'``; ``x.type(torch.LongTensor)`` (or its name,
    or a dtype) converts, returning ``x`` itself when it already has that type."""
    if dtype is None:
        return "torch." + self.dtype.legacy_name
    target = resolve(dtype)
    if target.np_dtype == self._data.dtype:
        return self
    return self.to(target)


# ---------------------------------------------------------------------------- sampling
def multinomial(self, num_samples, replacement=False, *, generator=None):
    return _sampling.multinomial(self, num_samples, replacement, generator=generator)


def bernoulli(self, p=None, *, generator=None):
    return _sampling.bernoulli(self, p, generator=generator)
