"""The one use of PyTorch's channels-last memory-format guess that changes a graph:
``adaptive_avg_pool2d`` to 1x1 computes a mean over H and W and,
for an input whose strides look channels-last, restrides that mean in place with
``as_strided_`` (an ``AsStridedBackward1`` node between the mean and what follows)."""
from .._memory_format import suggests_channels_last
from .inplace import apply_view_inplace
from .strided import AsStridedBackward0


class AsStridedBackward1(AsStridedBackward0):
    """``as_strided_``: the same view and gradient as ``as_strided``, in place."""


def restride_pooled_mean(out, input):
    """``out``, the (n, c, 1, 1) mean of ``input``, restrided as PyTorch's adaptive pooling
    does for a channels-last input: strides (c, 1, c, c), in place."""
    if not suggests_channels_last(input._data):
        return out
    n, c = input._data.shape[:2]
    offset = 0  # (the mean is a new tensor)
    return apply_view_inplace(out, AsStridedBackward1, ((n, c, 1, 1), (c, 1, c, c), offset))
