"""``clone``'s node, on its own so that the in-place machinery (which ``copy`` imports) can
record the clone PyTorch makes of a tensor an in-place op overwrites."""
import numpy as np

from .._memory_format import laid_out
from .elementwise_layout import empty_like_layout
from .op import Op


class CloneBackward0(Op):
    supports_complex = True

    def forward(self, a, layout=False):
        """``layout``: True for preserve_format, False for contiguous, else the strides
        (elements) of the format asked for."""
        if layout is True or layout is False:
            copy = np.array(a._data, copy=True, order="C")
            return empty_like_layout(copy, a._data) if layout else copy
        return laid_out(a._data, layout)

    def backward(self, grad):
        return grad
