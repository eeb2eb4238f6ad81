"""The strides PyTorch gives a view made by ``view`` / ``reshape`` (its ``computeStride``), for
the one case NumPy's reshape decides otherwise: dims of size 1 in the new shape of an input
that is not C-contiguous with C strides (a dim of size 1 of another stride counts). Their
stride is never used to address an element, but ``stride()`` shows it, and a matrix product
picks its transpose flags and leading dimensions from it."""
from numpy.lib.stride_tricks import as_strided

from .elementwise_layout import _canonical


def reshaped_view(x, shape):
    """``x.reshape(shape)`` (a view NumPy can make) with PyTorch's strides."""
    out = x.reshape(shape)
    if 1 not in out.shape or not out.size or (x.flags.c_contiguous and _canonical(x)):
        return out  # (NumPy's strides are PyTorch's: the common case)
    strides = _compute_strides(x.shape, x.strides, out.shape)
    if strides is None or strides == out.strides:
        return out
    return as_strided(out, out.shape, strides)


def _compute_strides(old_shape, old_strides, new_shape):
    """PyTorch's ``computeStride`` (TensorUtils.cpp): walk the input's dims from the last,
    cutting it into chunks of memory-contiguous dims; each chunk's elements are spread over
    the new dims from the last, a dim of size 1 taking the stride of what follows it."""
    if not old_shape:  # (a 0-d input is C-contiguous: never asked)
        return None
    new_strides = [0] * len(new_shape)
    view_d = len(new_shape) - 1
    chunk_base = old_strides[-1]
    tensor_numel = view_numel = 1
    for tensor_d in range(len(old_shape) - 1, -1, -1):
        tensor_numel *= old_shape[tensor_d]
        if tensor_d == 0 or (old_shape[tensor_d - 1] != 1
                             and old_strides[tensor_d - 1] != tensor_numel * chunk_base):
            while view_d >= 0 and (view_numel < tensor_numel or new_shape[view_d] == 1):
                new_strides[view_d] = view_numel * chunk_base
                view_numel *= new_shape[view_d]
                view_d -= 1
            if view_numel != tensor_numel:
                return None
            if tensor_d > 0:
                chunk_base = old_strides[tensor_d - 1]
                tensor_numel = view_numel = 1
    return tuple(new_strides) if view_d == -1 else None
