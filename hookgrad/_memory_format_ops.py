"""The tensor methods that take a memory format and are not a plain clone:
``Tensor.contiguous(memory_format=...)`` and ``Tensor.to(..., memory_format=...)``, as
PyTorch decides between returning the tensor itself and copying it."""
from ._memory_format import (
    check_type,
    format_strides,
    preserve_format,
    suggest,
)
from ._ops import copy as _copy
from ._parser_types import parser_type_name


def contiguous(tensor, fmt):
    """``tensor.contiguous(memory_format=fmt)`` for a format other than contiguous_format:
    ``tensor`` itself when it is contiguous in ``fmt``, else a clone in ``fmt``
    (preserve_format is refused then, as PyTorch refuses it)."""
    check_type(fmt, "contiguous")
    if tensor.is_contiguous(memory_format=fmt):
        return tensor
    if fmt is preserve_format:
        raise RuntimeError("preserve memory format is unsupported by the contiguous operator")
    return _copy.clone(tensor, memory_format=fmt)


_TO_SIGNATURES = "".join(
    f"\n * ({first}bool non_blocking = False, bool copy = False, *, torch.memory_format "
    "memory_format = None)" for first in (
        "torch.device device = None, torch.dtype dtype = None, ", "torch.dtype dtype, ",
        "Tensor tensor, ")) + "\n"


def refuse_to(args, kwargs):
    """PyTorch's argument parser's error for ``to(*args, **kwargs)`` with a ``memory_format``
    that is not one."""
    parts = [f"{key}={parser_type_name(value)}" for key, value in reversed(kwargs.items())]
    if args:  # (PyTorch's parser lists the keywords last first, and so punctuates them)
        got = ", ".join([*map(parser_type_name, args), *parts])
    else:
        got = "".join(part + ", " for part in parts)
    raise TypeError(f"to() received an invalid combination of arguments - got ({got}), but "
                    f"expected one of:{_TO_SIGNATURES}")


def to(tensor, dtype, copy, fmt):
    """``tensor.to(dtype, copy=copy, memory_format=fmt)`` (``dtype`` None: the tensor's).
    PyTorch returns ``tensor`` itself when nothing changes, which for a format means the one
    it guesses from the strides (``suggest_memory_format``) is that format: a transposed
    matrix asked for contiguous_format comes back as it is. Otherwise a copy, a
    ``ToCopyBackward0``, in that format's strides (preserve_format: the tensor's own where
    its memory is dense)."""
    if fmt is None:
        fmt = preserve_format
    same_dtype = dtype is None or dtype.np_dtype == tensor._data.dtype
    if same_dtype and not copy and (fmt is preserve_format or suggest(
            tensor._data.shape, tensor.stride()) is fmt):
        return tensor
    if fmt is preserve_format:
        return tensor.clone() if same_dtype else _copy.to_dtype(tensor, dtype)
    strides = format_strides(tensor._data.shape, fmt)
    return _copy.to_dtype(tensor, tensor.dtype if dtype is None else dtype, strides)
