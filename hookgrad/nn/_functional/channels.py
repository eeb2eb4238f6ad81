"""Functions across the channel dim: ``channel_shuffle`` / ``native_channel_shuffle`` and
``local_response_norm`` (PyTorch's composition, recording the nodes of its ops)."""
from ..._ops.channel_pool import AvgPool3DBackward0
from ..._ops.channel_shuffle import ChannelShuffleBackward0, NativeChannelShuffleNotImplemented
from .padding import pad
from .pooling import avg_pool2d
from .utils import _shape


def _check_shuffle(input, groups):
    x = input._data
    if x.ndim <= 2:
        raise RuntimeError("channel_shuffle expects input with > 2 dims, but got input with "
                           f"sizes {_shape(input)}")
    if groups <= 0:
        raise RuntimeError("Number of groups to divide channels in must be positive. Value of "
                           f"groups:{groups}")
    if x.shape[1] % groups:
        raise RuntimeError(f"Number of channels must be divisible by groups. Got {x.shape[1]} "
                           f"channels and {groups} groups.")


def channel_shuffle(input, groups):
    groups = int(groups)
    _check_shuffle(input, groups)
    return ChannelShuffleBackward0.apply(input, groups)


def native_channel_shuffle(input, groups):
    groups = int(groups)
    _check_shuffle(input, groups)
    return NativeChannelShuffleNotImplemented.apply(input, groups)


def local_response_norm(input, size, alpha=1e-4, beta=0.75, k=1.0):
    dim = input.dim()
    if dim < 3:
        # (PyTorch's message carries the indentation of its source line)
        raise ValueError(f"Expected 3D or higher dimensionality                          input "
                         f"(got {dim} dimensions)")
    if input.numel() == 0:
        return input
    div = input.mul(input)
    if dim == 3:
        div = div.unsqueeze(1)
        div = pad(div, (0, 0, size // 2, (size - 1) // 2))
        div = avg_pool2d(div, (size, 1), stride=1).squeeze(1)
    else:
        sizes = tuple(input.shape)
        div = div.view(sizes[0], 1, sizes[1], sizes[2], -1)
        div = pad(div, (0, 0, 0, 0, size // 2, (size - 1) // 2))
        # (PyTorch's avg_pool3d with kernel (size, 1, 1) and stride 1)
        div = AvgPool3DBackward0.apply(div, int(size)).squeeze(1)
        div = div.view(sizes)
    div = div.mul(alpha).add(k).pow(beta)
    return input / div
