"""C strides in every dim, size-1 dims included, as PyTorch's ``at::empty(shape)`` gives a
new result (a reduction's, for one). NumPy's C-contiguous flag, like PyTorch's
``is_contiguous``, ignores the stride of a dim of size 1, and NumPy's reductions give such a
dim the stride the input's layout suggests: ``x.t().amax(1, keepdim=True)`` of a (4, 3)
``x`` has strides (1, 3) in NumPy, (1, 1) in PyTorch, which ``stride()`` shows."""
import numpy as np


def c_strided(out):
    """``out`` (an array) itself if it has C strides, else a C-strided copy."""
    if not out.flags.c_contiguous:
        return np.ascontiguousarray(out)  # (a new array: C strides in every dim)
    if out.ndim < 2 or 1 not in out.shape:
        return out
    step = out.itemsize
    for size, stride in zip(reversed(out.shape), reversed(out.strides)):
        if stride != step:
            return out.copy(order="C")
        step *= size
    return out
