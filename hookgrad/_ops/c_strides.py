"""C strides in every dim, size-1 dims included, as PyTorch's ``at::empty(shape)`` gives a
new result (a reduction's, for one). NumPy's C-contiguous flag, like PyTorch's
``is_contiguous``, ignores the stride of a dim of size 1, and NumPy's reductions give such a
dim the stride the input's layout suggests: ``x.t().amax(1, keepdim=True)`` of a (4, 3)
``x`` has strides (1, 3) in NumPy, (1, 1) in PyTorch, which ``stride()`` shows."""
import numpy as np

from ..autograd._grad_layout import c_strided_leaf as has_c_strides  # (one test of it)


def c_strided(out):
    """``out`` (an array) itself if it has C strides, else a C-strided copy."""
    if has_c_strides(out):
        return out
    return np.ascontiguousarray(out) if not out.flags.c_contiguous else out.copy(order="C")
