"""Upsampling (``F.interpolate``): nearest and (bi)linear, one spatial axis at a time.

Each output position reads one input position (nearest) or two with weights (linear) along
each spatial axis, with PyTorch's source-index rules. Applying the axes last-first gives
PyTorch's own sum, ``h0 * (w0 * x00 + w1 * x01) + h1 * (w0 * x10 + w1 * x11)``, so a NaN or
infinity reaches only the outputs that read it. The backward scatters along the same axes."""
import numpy as np

from .op import Op


def nearest_axis(in_size, out_size, scale):
    """Source index of each output position; ``scale`` is the user's scale factor or None."""
    step = np.float32(1.0 / scale if scale else in_size / out_size)
    index = np.floor(np.arange(out_size, dtype=np.float32) * step).astype(np.int64)
    return ("nearest", np.minimum(index, in_size - 1))


def linear_axis(in_size, out_size, scale, align_corners):
    """``(low, high, low_weight, high_weight)`` of each output position."""
    if align_corners:
        step = (in_size - 1) / (out_size - 1) if out_size > 1 else 0.0
        source = np.arange(out_size) * step
    else:
        step = 1.0 / scale if scale else in_size / out_size
        source = np.maximum((np.arange(out_size) + 0.5) * step - 0.5, 0.0)
    low = np.minimum(np.floor(source).astype(np.int64), in_size - 1)
    high = np.minimum(low + 1, in_size - 1)
    high_weight = source - low
    return ("linear", low, high, 1.0 - high_weight, high_weight)


def _weights(weight, axis, ndim, dtype):
    shape = [1] * ndim
    shape[axis] = -1
    return weight.astype(dtype).reshape(shape)


def resample(x, plan):
    """Apply ``plan`` (one entry per spatial axis, the last axis last) to array ``x``."""
    ndim = x.ndim
    for k in range(len(plan) - 1, -1, -1):
        axis = ndim - len(plan) + k
        entry = plan[k]
        if entry[0] == "nearest":
            x = np.take(x, entry[1], axis=axis)
        else:
            _, low, high, low_weight, high_weight = entry
            x = (_weights(low_weight, axis, ndim, x.dtype) * np.take(x, low, axis=axis)
                 + _weights(high_weight, axis, ndim, x.dtype) * np.take(x, high, axis=axis))
    return x


def _scatter(g, axis, index, size, weight=None):
    moved = np.moveaxis(g, axis, 0)
    if weight is not None:
        moved = moved * weight.astype(g.dtype).reshape((-1,) + (1,) * (g.ndim - 1))
    out = np.zeros((size,) + moved.shape[1:], g.dtype)
    np.add.at(out, index, moved)
    return np.moveaxis(out, 0, axis)


def resample_transposed(g, plan, in_sizes):
    """The adjoint of ``resample``: each output's gradient goes back to what it read."""
    ndim = g.ndim
    for k, (entry, size) in enumerate(zip(plan, in_sizes)):
        axis = ndim - len(plan) + k
        if entry[0] == "nearest":
            g = _scatter(g, axis, entry[1], size)
        else:
            _, low, high, low_weight, high_weight = entry
            g = _scatter(g, axis, low, size, low_weight) + _scatter(g, axis, high, size,
                                                                    high_weight)
    return g


class UpsampleNearest2DBackward0(Op):
    """``F.interpolate``; the subclasses differ in PyTorch's node name only."""

    def forward(self, a, plan):
        self.plan = plan
        self.in_sizes = a._data.shape[a._data.ndim - len(plan):]
        return resample(a._data, plan)

    def backward(self, grad):
        return TRANSPOSED[type(self)].apply(grad, self.plan, self.in_sizes)


class UpsampleNearest1DBackward0(UpsampleNearest2DBackward0):
    pass


class UpsampleLinear1DBackward0(UpsampleNearest2DBackward0):
    pass


class UpsampleBilinear2DBackward0(UpsampleNearest2DBackward0):
    pass


class UpsampleNearest2DBackwardBackward0(Op):
    """The backward as an op (differentiable under ``create_graph``: its own gradient is the
    forward resampling again); the subclasses differ in node name and forward op."""

    forward_node = UpsampleNearest2DBackward0

    def forward(self, grad, plan, in_sizes):
        self.plan = plan
        return resample_transposed(grad._data, plan, in_sizes)

    def backward(self, grad_grad):
        return self.forward_node.apply(grad_grad, self.plan)


class UpsampleNearest1DBackwardBackward0(UpsampleNearest2DBackwardBackward0):
    forward_node = UpsampleNearest1DBackward0


class UpsampleLinear1DBackwardBackward0(UpsampleNearest2DBackwardBackward0):
    forward_node = UpsampleLinear1DBackward0


class UpsampleBilinear2DBackwardBackward0(UpsampleNearest2DBackwardBackward0):
    forward_node = UpsampleBilinear2DBackward0


TRANSPOSED = {node.forward_node: node for node in (
    UpsampleNearest1DBackwardBackward0, UpsampleNearest2DBackwardBackward0,
    UpsampleLinear1DBackwardBackward0, UpsampleBilinear2DBackwardBackward0)}

NODES = {("nearest", 1): UpsampleNearest1DBackward0, ("nearest", 2): UpsampleNearest2DBackward0,
         ("linear", 1): UpsampleLinear1DBackward0, ("bilinear", 2): UpsampleBilinear2DBackward0}
