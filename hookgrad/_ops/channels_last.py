"""PyTorch's channels-last memory-format guess (``suggest_memory_format``) and the one use
of it that changes a graph: ``adaptive_avg_pool2d`` to 1x1 computes a mean over H and W and,
for an input whose strides look channels-last, restrides that mean in place with
``as_strided_`` (an ``AsStridedBackward1`` node between the mean and what follows)."""
from .inplace import apply_view_inplace
from .strided import AsStridedBackward0


class AsStridedBackward1(AsStridedBackward0):
    """``as_strided_``: the same view and gradient as ``as_strided``, in place."""


def suggests_channels_last(array):
    """PyTorch's ``is_channels_last_strides_2d`` of a 4-d array (strides in elements),
    ambiguous cases (an N111 tensor, a trivial C dim, an empty dim) falling back to NCHW."""
    if array.ndim != 4:
        return False
    sizes, itemsize = array.shape, array.itemsize
    strides = [s // itemsize for s in array.strides]
    if strides[1] == 0:
        return False
    smallest = 0
    for d in (1, 3, 2, 0):
        if sizes[d] == 0 or strides[d] < smallest:
            return False
        if d == 0 and smallest == strides[1]:
            return False
        smallest = strides[d] * sizes[d] if sizes[d] > 1 else strides[d]
    return True


def restride_pooled_mean(out, input):
    """``out``, the (n, c, 1, 1) mean of ``input``, restrided as PyTorch's adaptive pooling
    does for a channels-last input: strides (c, 1, c, c), in place."""
    if not suggests_channels_last(input._data):
        return out
    n, c = input._data.shape[:2]
    offset = 0  # (the mean is a new tensor)
    return apply_view_inplace(out, AsStridedBackward1, ((n, c, 1, 1), (c, 1, c, c), offset))
