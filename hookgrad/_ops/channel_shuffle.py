"""``channel_shuffle``: the channels read as ``(groups, C / groups)`` and transposed, into a new
tensor in the format the input suggests; ``native_channel_shuffle`` computes the same with no
derivative."""
import numpy as np

from .._memory_format import like_suggested
from ..autograd.graph import ERROR_NODE_SEQ
from .op import Op


def _shuffled(x, groups):
    n, c = x.shape[:2]
    rest = x.shape[2:]
    grouped = x.reshape((n, groups, c // groups) + rest)
    # (a copy always: with one group, or one channel per group, the swap changes nothing and
    # ascontiguousarray would hand back the input's memory)
    out = np.swapaxes(grouped, 1, 2).copy(order="C").reshape(x.shape)
    return like_suggested(out, x)  # (PyTorch's empty_like(x, x's suggested format))


class ChannelShuffleBackward0(Op):
    def forward(self, input, groups):
        self.groups = groups
        return _shuffled(input._data, groups)

    def backward(self, grad):  # the inverse shuffle: C / groups groups
        return ChannelShuffleBackward0.apply(grad, grad._data.shape[1] // self.groups)


class NativeChannelShuffleNotImplemented(Op):
    """PyTorch records a node without a derivative for ``native_channel_shuffle``."""

    node_name = "torch::autograd::NotImplemented"

    def _link(self, inputs, adopted=None):
        super()._link(inputs, adopted)
        self._seq = ERROR_NODE_SEQ

    def forward(self, input, groups):
        return _shuffled(input._data, groups)

    def backward(self, grad):
        raise RuntimeError("derivative for aten::native_channel_shuffle is not implemented")
