"""The checks of PyTorch's ``embedding`` kernel (its indices' dtype, then their range), run by
the op after it saves the indices: PyTorch's autograd layer saves them (and so calls the
saved-tensor pack hooks) before the kernel checks them."""
import numpy as np

from .._cpp_print import type_string

_INDEX_TYPES = (np.dtype(np.int64), np.dtype(np.int32))


def check_indices(indices, rows):
    """``indices``: the Tensor of row numbers into a weight of ``rows`` rows."""
    array = indices._data
    if array.dtype not in _INDEX_TYPES:
        raise RuntimeError("Expected tensor for argument #1 'indices' to have one of the "
                           f"following scalar types: Long, Int; but got {type_string(array)} "
                           "instead (while checking arguments for embedding)")
    if array.size and (array.min() < 0 or array.max() >= rows):
        raise IndexError("index out of range in self")
