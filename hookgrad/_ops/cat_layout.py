"""The layout of ``torch.cat``'s and ``torch.stack``'s result. PyTorch's ``cat`` allocates it
in the memory format its inputs suggest (``suggest_memory_format``): channels-last when all
of them suggest it, else contiguous; ``stack`` along an existing dim is that ``cat`` viewed
with the dim split, along the new last dim a ``cat`` of the inputs unsqueezed there.
NumPy's ``concatenate`` and ``stack`` follow their inputs' layout instead (a transposed input
gives a transposed result, where PyTorch's is contiguous)."""
import numpy as np

from .._memory_format import contiguous_format, format_strides, laid_out, suggest


def _plain(a):
    """Whether ``a`` suggests the contiguous format without a look at its strides: a
    C-contiguous array without dims of size 1 (the common case) or one below 4-d."""
    return a.ndim < 4 or a.ndim > 5 or (a.flags.c_contiguous and 1 not in a.shape)


def _format(shapes_strides):
    """PyTorch's ``cat_compute_output_memory_format``: the format all inputs suggest, else
    contiguous."""
    fmt = None
    for shape, strides in shapes_strides:
        f = suggest(shape, strides)
        if f is contiguous_format or (fmt is not None and f is not fmt):
            return contiguous_format
        fmt = f
    return fmt


def _strides(a):
    return [s // a.itemsize for s in a.strides]


def cat_layout(out, arrays):
    """``out``, NumPy's concatenation of ``arrays`` (those PyTorch does not skip), laid out
    as PyTorch's ``cat`` lays it out."""
    if out.ndim < 2 or all(_plain(a) for a in arrays):
        return out if out.flags.c_contiguous else np.ascontiguousarray(out)
    fmt = _format((a.shape, _strides(a)) for a in arrays)
    if fmt is contiguous_format:
        return out if out.flags.c_contiguous else np.ascontiguousarray(out)
    return _restrided(out, format_strides(out.shape, fmt))


def stack_layout(out, arrays, dim):
    """``out``, NumPy's stack of ``arrays`` along ``dim``, laid out as PyTorch's ``stack``."""
    first = arrays[0]
    if out.ndim < 2 or all(_plain(a) for a in arrays) and first.ndim + 1 < 4:
        return out if out.flags.c_contiguous else np.ascontiguousarray(out)
    if dim < first.ndim:  # (cat along dim, the dim then split in (count, size))
        if all(_plain(a) for a in arrays):
            return out if out.flags.c_contiguous else np.ascontiguousarray(out)
        fmt = _format((a.shape, _strides(a)) for a in arrays)
        if fmt is contiguous_format:
            return out if out.flags.c_contiguous else np.ascontiguousarray(out)
        shape = list(first.shape)
        shape[dim] *= len(arrays)
        strides = format_strides(shape, fmt)
        strides.insert(dim, strides[dim] * first.shape[dim])
        return _restrided(out, strides)
    # (a cat of the inputs unsqueezed at the end, where PyTorch's unsqueeze gives stride 1)
    fmt = _format((a.shape + (1,), _strides(a) + [1]) for a in arrays)
    if fmt is contiguous_format:
        return out if out.flags.c_contiguous else np.ascontiguousarray(out)
    return _restrided(out, format_strides(out.shape, fmt))


def _restrided(out, strides):
    if all(s * out.itemsize == t for s, t in zip(strides, out.strides)) or not out.size:
        return out
    return laid_out(out, strides)
