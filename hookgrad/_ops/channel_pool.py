"""``AvgPool3DBackward0`` for the one shape of 3-d average pooling hookgrad records: a window
of ``k`` along the depth only (kernel ``(k, 1, 1)``, stride 1, no padding), which is how
``F.local_response_norm`` averages squares across channels of a 4-d or larger input. The
general ``F.avg_pool3d`` is not provided; this op is built only by that function."""
import numpy as np

from .activation_backward import zeros_of_input
from .op import Op


class AvgPool3DBackward0(Op):
    def forward(self, input, depth):
        self.save(input)  # (its gradient's node takes it as an input, as PyTorch's)
        self.depth = depth
        x = input._data
        count = x.shape[2] - depth + 1
        total = x[:, :, :count].copy()
        for offset in range(1, depth):  # summed window by window, in PyTorch's order
            np.add(total, x[:, :, offset:offset + count], out=total)
        return np.divide(total, np.asarray(depth, x.dtype), out=total)

    def backward(self, grad):
        return AvgPool3DBackwardBackward0.apply(grad, self.saved()[0], self.depth)


class AvgPool3DBackwardBackward0(Op):
    """Each output gradient spread evenly over its window (the transpose of the pooling); its
    inputs are PyTorch's, the gradient and the pooled input (whose derivative is zeros)."""

    arity = 2

    def forward(self, grad, input, depth):
        self.depth = depth
        g = grad._data
        share = g / np.asarray(depth, g.dtype)
        gx = np.zeros(input._data.shape, g.dtype)
        for offset in range(depth):
            gx[:, :, offset:offset + g.shape[2]] += share
        return gx

    def backward(self, grad):
        return (AvgPool3DBackward0.apply(grad, self.depth) if self.needs(0) else None,
                zeros_of_input(self, 1) if self.needs(1) else None)
