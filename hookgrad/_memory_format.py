"""PyTorch's memory formats: ``torch.contiguous_format``, ``torch.preserve_format``,
``torch.channels_last`` and ``torch.channels_last_3d``, the strides each one gives a new
tensor, its contiguity test, and the format PyTorch guesses from a tensor's strides
(``suggest_memory_format``, which decides whether ``x.to(memory_format=...)`` copies).
Low in the house: it depends on NumPy alone, so the tensor, the ops and the factories import
it."""
import numpy as np


class memory_format:
    """A memory format; prints like PyTorch's (``torch.channels_last``). The four are the
    only ones (``torch.memory_format()`` refuses, as PyTorch does)."""

    __slots__ = ("name", "rank", "order")

    def __new__(cls, *args, **kwargs):
        raise TypeError("cannot create 'torch.memory_format' instances")

    def __repr__(self):
        return "torch." + self.name

    def __reduce__(self):  # (pickled by name, as PyTorch pickles it: one object per format)
        return self.name


memory_format.__module__ = "hookgrad"


def _format(name, rank, order):
    fmt = object.__new__(memory_format)
    fmt.name, fmt.rank, fmt.order = name, rank, order
    return fmt


# ``order``: the dims outermost first (channels innermost for the channels-last formats)
contiguous_format = _format("contiguous_format", None, None)
preserve_format = _format("preserve_format", None, None)
channels_last = _format("channels_last", 4, (0, 2, 3, 1))
channels_last_3d = _format("channels_last_3d", 5, (0, 2, 3, 4, 1))


def check_type(fmt, name):
    """PyTorch's argument parser's error for a ``memory_format`` that is not one."""
    if type(fmt) is not memory_format:
        raise TypeError(f"{name}(): argument 'memory_format' must be torch.memory_format, "
                        f"not {type(fmt).__name__}")


def check_rank(ndim, fmt):
    """PyTorch's error for a channels-last format on a tensor of another rank."""
    if fmt.rank is not None and ndim != fmt.rank:
        raise RuntimeError(f"required rank {fmt.rank} tensor to use {fmt.name} format")


def format_strides(shape, fmt):
    """The strides (elements) of a new tensor of ``shape`` in ``fmt`` (contiguous or a
    channels-last format, its rank checked): PyTorch computes the channels-last ones from the
    sizes as they are, so a size 0 zeroes the strides outside it (``(2, 0, 4, 5)`` gives
    ``(0, 1, 0, 0)``), where the contiguous ones count a size 0 as 1."""
    check_rank(len(shape), fmt)
    strides = [0] * len(shape)
    step = 1
    if fmt.order is None:
        for dim in range(len(shape) - 1, -1, -1):
            strides[dim] = step
            step *= max(shape[dim], 1)
        return strides
    for dim in reversed(fmt.order):
        strides[dim] = step
        step *= shape[dim]
    return strides


def is_contiguous_as(shape, strides, fmt):
    """``is_contiguous(memory_format=fmt)`` for a tensor of ``shape`` and ``strides``
    (elements) in a channels-last format: false for another rank; dims of size 1 aside, the
    strides of the format (PyTorch's ``compute_channels_last_contiguous_2d``/``_3d``, which
    has no rule for an empty tensor)."""
    if len(shape) != fmt.rank:
        return False
    expected = 1
    for dim in reversed(fmt.order):
        size = shape[dim]
        if size != 1:
            if strides[dim] != expected:
                return False
            expected *= size
    return True


def suggest(shape, strides):
    """PyTorch's ``suggest_memory_format()`` of a tensor of ``shape`` and ``strides``
    (elements): channels_last (rank 4) or channels_last_3d (rank 5) when its strides are
    ordered like that format, contiguous_format otherwise and in the ambiguous cases
    (``is_channels_last_strides_2d``/``_3d``)."""
    fmt = channels_last if len(shape) == 4 else channels_last_3d if len(shape) == 5 else None
    if fmt is None or strides[1] == 0:  # (a broadcast channel dim: contiguous by default)
        return contiguous_format
    least = 0
    for dim in reversed(fmt.order):
        if shape[dim] == 0 or strides[dim] < least:
            return contiguous_format
        if dim == 0 and least == strides[1]:  # (N111-like tensors: NCHW, PyTorch's default)
            return contiguous_format
        least = strides[dim] * shape[dim] if shape[dim] > 1 else strides[dim]
    return fmt


def suggested(a):
    """``suggest(...)`` of the array ``a``; the contiguous format, without a look at its
    strides, for the common C-contiguous array without dims of size 1."""
    if a.ndim < 4 or a.ndim > 5 or (a.flags.c_contiguous and 1 not in a.shape):
        return contiguous_format
    return suggest(a.shape, [s // a.itemsize for s in a.strides])


def suggests_channels_last(*arrays):
    """Whether one of the 4-d ``arrays`` suggests channels_last: PyTorch's CPU convolution
    (oneDNN's and its own) then gives its result that layout. A C-contiguous array without
    dims of size 1 never does (its strides fall, so the test fails at the first dims)."""
    for a in arrays:
        if a.ndim == 4 and not (a.flags.c_contiguous and 1 not in a.shape) and suggest(
                a.shape, [s // a.itemsize for s in a.strides]) is channels_last:
            return True
    return False


def like_suggested(out, x):
    """``out``, a new result of a CPU kernel of PyTorch's that allocates it in the memory
    format ``x`` suggests (pooling, upsampling, group_norm, constant padding), laid out so:
    channels-last when the 4-d or 5-d ``x`` suggests it, else C order (NumPy's result may
    follow a permuted ``x``). A C-contiguous ``x`` without dims of size 1 costs a flag test
    and a shape scan."""
    if x.ndim < 4 or x.ndim > 5 or out.ndim != x.ndim or not out.size or (
            x.flags.c_contiguous and 1 not in x.shape):
        return out if out.flags.c_contiguous or not out.size else np.ascontiguousarray(out)
    fmt = suggest(x.shape, [s // x.itemsize for s in x.strides])
    if fmt is contiguous_format:
        return out if out.flags.c_contiguous else np.ascontiguousarray(out)
    strides = format_strides(out.shape, fmt)
    if all(s * out.itemsize == t for s, t in zip(strides, out.strides)):
        return out  # (already so: NumPy kept the input's layout)
    return laid_out(out, strides)


def laid_out(array, strides, dtype=None):
    """A copy of ``array`` (cast to ``dtype``, a NumPy one) with ``strides`` (elements,
    dense)."""
    dtype = array.dtype if dtype is None else dtype
    if not array.size:  # (NumPy keeps no strides for it: the tensor keeps PyTorch's)
        return np.empty(array.shape, dtype)
    out = np.ndarray(array.shape, dtype, np.empty(array.size, dtype), 0,
                     [s * dtype.itemsize for s in strides])
    out[...] = array
    return out
