"""Batch, layer, group, instance and RMS norm, and ``normalize`` (divide by a p-norm)."""
import numpy as np

from ..._ops import reduce as _reduce
from ..._ops.normalization import (
    NativeBatchNormBackward0,
    NativeGroupNormBackward0,
    NativeLayerNormBackward0,
)
from ..._tensor_base import _make
from .utils import _shape


def batch_norm(input, running_mean, running_var, weight=None, bias=None, training=False,
               momentum=0.1, eps=1e-5):
    shape = input._data.shape
    if input._data.ndim < 2:
        raise ValueError(f"expected 2D or higher input (got {input._data.ndim}D input)")
    if training:
        if input._data.size // shape[1] <= 1:
            raise ValueError("Expected more than 1 value per channel when training, got input "
                             f"size {input.shape}")
    elif running_mean is None or running_var is None:
        raise RuntimeError(f"running_{'mean' if running_mean is None else 'var'} must be defined "
                           "in evaluation mode")
    for name, t in (("running_mean", running_mean), ("running_var", running_var),
                    ("weight", weight), ("bias", bias)):
        if t is not None and t._data.size != shape[1]:
            raise RuntimeError(f"{name} should contain {shape[1]} elements not {t._data.size}")
    return NativeBatchNormBackward0.apply(input, weight, bias, running_mean, running_var,
                                          training, momentum, eps)


def layer_norm(input, normalized_shape, weight=None, bias=None, eps=1e-5):
    normalized = (normalized_shape,) if isinstance(normalized_shape, int) \
        else tuple(normalized_shape)
    shape = input._data.shape
    if len(normalized) > len(shape) or tuple(shape[len(shape) - len(normalized):]) != normalized:
        raise RuntimeError(f"Given normalized_shape={list(normalized)}, expected input with "
                           f"shape [*, {', '.join(map(str, normalized))}], but got input of "
                           f"size{_shape(input)}")
    for name, t in (("weight", weight), ("bias", bias)):
        if t is not None and tuple(t._data.shape) != normalized:
            raise RuntimeError(f"Expected {name} to be of same shape as normalized_shape, but got "
                               f"{name} of shape {_shape(t)} and normalized_shape = "
                               f"{list(normalized)}")
    return NativeLayerNormBackward0.apply(input, weight, bias, len(normalized), eps)


def group_norm(input, num_groups, weight=None, bias=None, eps=1e-5):
    shape = input._data.shape
    if input._data.ndim < 2:
        raise RuntimeError(f"Expected at least 2 dimensions for input tensor but received "
                           f"{input._data.ndim}")
    if shape[1] % num_groups:
        raise RuntimeError("Expected number of channels in input to be divisible by num_groups, "
                           f"but got input of shape {_shape(input)} and num_groups={num_groups}")
    return NativeGroupNormBackward0.apply(input, weight, bias, num_groups, eps)


def instance_norm(input, running_mean=None, running_var=None, weight=None, bias=None,
                  use_input_stats=True, momentum=0.1, eps=1e-5):
    """Batch norm over ``(1, N * C, *)``, as PyTorch computes it."""
    shape = input._data.shape
    n, c = shape[0], shape[1]
    if use_input_stats and int(np.prod(shape[2:])) <= 1:
        raise ValueError("Expected more than 1 spatial element when training, got input size "
                         f"{input.shape}")
    folded = input.reshape((1, n * c) + tuple(shape[2:]))
    mean, var = (None if t is None else _make(np.tile(t._data, n))
                 for t in (running_mean, running_var))
    weight, bias = (None if t is None else t.unsqueeze(0).expand(n, c).reshape(n * c)
                    for t in (weight, bias))
    out = NativeBatchNormBackward0.apply(folded, weight, bias, mean, var, use_input_stats,
                                         momentum, eps)
    if use_input_stats:
        for given, folded_stats in ((running_mean, mean), (running_var, var)):
            if given is not None:
                # a sum and a division: an empty batch gives NaN as in PyTorch, without
                # np.mean's "Mean of empty slice" warning
                given._data[...] = np.add.reduce(folded_stats._data.reshape(n, c), axis=0) / n
    return out.view(shape)


def rms_norm(input, normalized_shape, weight=None, eps=None):
    normalized = (normalized_shape,) if isinstance(normalized_shape, int) \
        else tuple(normalized_shape)
    dims = tuple(range(-len(normalized), 0))
    if eps is None:
        eps = float(np.finfo(input._data.dtype).eps)
    out = input * ((input * input).mean(dims, keepdim=True) + eps).rsqrt()
    return out * weight if weight is not None else out


def normalize(input, p=2.0, dim=1, eps=1e-12, out=None):
    denominator = _reduce.norm(input, p, dim, True).clamp(min=eps).expand_as(input)
    return input / denominator
