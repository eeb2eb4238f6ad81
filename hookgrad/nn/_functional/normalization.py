"""Batch, layer, group, instance and RMS norm, and ``normalize`` (divide by a p-norm)."""
import math

import numpy as np

from ..._memory_format import suggested
from ..._ops import reduce as _reduce
from ..._ops.arithmetic import AddBackward1
from ..._ops.normalization import (
    NativeBatchNormBackward0,
    NativeGroupNormBackward0,
    NativeLayerNormBackward0,
)
from ..._ops.op import type_name
from ..._ops.packed_on_error import checked
from ..._ops.sum_order import mean_in_order
from ..._tensor_base import _make
from .utils import _shape


def batch_norm(input, running_mean, running_var, weight=None, bias=None, training=False,
               momentum=0.1, eps=1e-5):
    shape = input._data.shape
    if input._data.ndim < 2:
        raise ValueError(f"expected 2D or higher input (got {input._data.ndim}D input)")
    if training:
        if shape[0] * int(np.prod(shape[2:])) == 1:
            raise ValueError("Expected more than 1 value per channel when training, got input "
                             f"size {input.shape}")
    elif running_mean is None or running_var is None:
        raise RuntimeError(f"running_{'mean' if running_mean is None else 'var'} must be defined "
                           "in evaluation mode")
    if not input._data.size:
        return _empty_batch_norm(input, weight, bias)
    _check_features(shape[1], running_mean, running_var, weight, bias)
    # (the kernel's dtype checks, after its node saves input, running_mean, running_var and
    # weight: packed_on_error.py)
    checked(_check_batch_norm_dtypes, (input, weight, bias), lambda: (
        input, running_mean, running_var, weight), input, weight, bias, running_mean, running_var)
    return NativeBatchNormBackward0.apply(input, weight, bias, running_mean, running_var,
                                          training, momentum, eps)


def _check_features(features, running_mean, running_var, weight, bias):
    """The composite batch_norm's sizes check (before any node)."""
    for name, t in (("running_mean", running_mean), ("running_var", running_var),
                    ("weight", weight), ("bias", bias)):
        if t is not None and t._data.size != features:
            raise RuntimeError(f"{name} should contain {features} elements not {t._data.size}")


def _empty_batch_norm(input, weight, bias):
    """Batch norm of an empty input, as PyTorch computes it: no statistics (the running ones
    stay as they are), a copy of the input times ``weight[0]`` plus ``bias[0]``."""
    for t in (weight, bias):
        if t is not None and not t._data.size:
            raise IndexError("select(): index 0 out of range for tensor of size [0] at "
                             "dimension 0")
    out = input.clone()
    if weight is not None:
        out = out * weight[0]
    if bias is not None:
        out = out + bias[0]
    return out


def _normalized_shape(name, input, normalized_shape, star, **affine):
    """The checked ``normalized_shape`` of layer_norm / rms_norm (``star``: how their messages
    show the leading dims: ``"*, "`` and ``"*"``)."""
    if not isinstance(normalized_shape, (tuple, list)):
        raise TypeError(f"{name}(): argument 'normalized_shape' (position 2) must be tuple of "
                        f"ints, not {type(normalized_shape).__name__}")
    normalized = tuple(normalized_shape)
    # (PyTorch's order: the rank, the parameters' shapes, then the input's)
    if not normalized:
        raise RuntimeError("Expected normalized_shape to be at least 1-dimensional, i.e., "
                           "containing at least one element, but got normalized_shape = []")
    for key, t in affine.items():
        if t is not None and tuple(t._data.shape) != normalized:
            raise RuntimeError(f"Expected {key} to be of same shape as normalized_shape, but got "
                               f"{key} of shape {_shape(t)} and normalized_shape = "
                               f"{list(normalized)}")
    shape = input._data.shape
    if len(normalized) > len(shape) or tuple(shape[len(shape) - len(normalized):]) != normalized:
        raise RuntimeError(f"Given normalized_shape={list(normalized)}, expected input with "
                           f"shape [{star}{', '.join(map(str, normalized))}], but got input of "
                           f"size{_shape(input)}")
    return normalized


def _layer_norm_checks(input, normalized_shape, weight, bias):
    normalized = _normalized_shape("layer_norm", input, normalized_shape, "*, ", weight=weight,
                                   bias=bias)
    _check_parameter_dtypes(input, weight, bias)
    return normalized


def layer_norm(input, normalized_shape, weight=None, bias=None, eps=1e-5):
    # (native_layer_norm's checks, after its node saves bias, input and weight (its order):
    # packed_on_error.py)
    normalized = checked(_layer_norm_checks, (input, weight, bias), lambda: (
        bias, input, weight), input, normalized_shape, weight, bias)
    return NativeLayerNormBackward0.apply(input, weight, bias, len(normalized), eps)


def _check_parameter_dtypes(input, *parameters):
    """PyTorch's CPU rule for a norm's parameters (weight, bias, then batch norm's running
    statistics): of the input's dtype, or float32 ones (all of them) for a bfloat16 or half
    input; the first defined parameter's dtype decides which case applies."""
    params = [t for t in parameters if t is not None]
    if not params:
        return
    dtype = input._data.dtype
    if params[0]._data.dtype != dtype:  # a mixed-type call
        if any(type_name(t._data) != "Float" for t in params):
            raise RuntimeError("mixed dtype (CPU): expect parameter to have scalar type of Float")
        if type_name(input._data) not in ("BFloat16", "Half"):
            raise RuntimeError("mixed dtype (CPU): all inputs must share same datatype.")
    else:  # (its kernel reads them as the input's type)
        other = next((t for t in params[1:] if t._data.dtype != dtype), None)
        if other is not None:
            raise RuntimeError(f"expected scalar type {type_name(input._data)} but found "
                               f"{type_name(other._data)}")


def _check_batch_norm_dtypes(input, *parameters):
    """batch_norm's kernel dispatches on the input's dtype (floating types only) before the
    parameter rule."""
    if input._data.dtype.kind not in "fV":
        raise NotImplementedError(f'"batch_norm" not implemented for \'{type_name(input._data)}\'')
    _check_parameter_dtypes(input, *parameters)


def group_norm(input, num_groups, weight=None, bias=None, eps=1e-5):
    shape = input._data.shape
    if input._data.ndim < 2:
        raise RuntimeError(f"Expected at least 2 dimensions for input tensor but received "
                           f"{input._data.ndim}")
    # (PyTorch's Python check, before its kernel's: one value per group of channels)
    sizes = [shape[0] * shape[1] // num_groups, num_groups] + list(shape[2:])
    if math.prod(sizes[:1] + sizes[2:]) == 1:
        raise ValueError(f"Expected more than 1 value per channel when training, got input size "
                         f"{sizes}")
    if shape[1] % num_groups:
        raise RuntimeError("Expected number of channels in input to be divisible by num_groups, "
                           f"but got input of shape {_shape(input)} and num_groups={num_groups}")
    for name, t in (("weight", weight), ("bias", bias)):  # (the composite's, before any node)
        if t is not None and (t._data.ndim != 1 or t._data.size != shape[1]):
            # (PyTorch's bias message shows the weight's shape: [0] without a weight)
            shown = _shape(weight) if weight is not None else [0]
            raise RuntimeError(f"Expected {name} to be a vector of size equal to the number of "
                               f"channels in input, but got {name} of shape {shown} and "
                               f"input of shape {_shape(input)}")
    size = [shape[0] * shape[1] // num_groups, num_groups] + list(shape[2:])
    if size[0] * int(np.prod(size[2:])) == 1:
        raise ValueError(f"Expected more than 1 value per channel when training, got input size "
                         f"{size}")
    _check_parameter_dtypes(input, weight, bias)
    return NativeGroupNormBackward0.apply(input, weight, bias, num_groups, eps)


def instance_norm(input, running_mean=None, running_var=None, weight=None, bias=None,
                  use_input_stats=True, momentum=0.1, eps=1e-5):
    """Batch norm over ``(1, N * C, *)``, as PyTorch computes it."""
    shape = input._data.shape
    if use_input_stats and int(np.prod(shape[2:])) == 1:
        raise ValueError("Expected more than 1 spatial element when training, got input size "
                         f"{input.shape}")
    n, c = shape[0], shape[1]
    # (in PyTorch's order: the repeated weight and bias, then the folded input; it decides
    # the order a backward runs their branches in)
    weight, bias = (None if t is None else t.repeat(n) for t in (weight, bias))
    mean, var = (None if t is None else _make(np.tile(t._data, n))
                 for t in (running_mean, running_var))
    folded = input.reshape((1, n * c) + tuple(shape[2:]))
    if folded._data.size:  # (as batch_norm's)
        _check_features(n * c, mean, var, weight, bias)
    if not folded._data.size:
        out = _empty_batch_norm(folded, weight, bias)
    else:
        _check_batch_norm_dtypes(folded, weight, bias)  # (its running statistics: any dtype)
        out = NativeBatchNormBackward0.apply(folded, weight, bias, mean, var, use_input_stats,
                                             momentum, eps)
    if use_input_stats:
        for given, folded_stats in ((running_mean, mean), (running_var, var)):
            if given is not None:  # (the mean over no samples is NaN, as in PyTorch)
                stats = folded_stats._data.reshape(n, c)
                given._data[...] = mean_in_order(stats, (0,), False) if n else np.nan
    return out.view(shape)


def rms_norm(input, normalized_shape, weight=None, eps=None):
    normalized = _normalized_shape("rms_norm", input, normalized_shape, "*", weight=weight)
    dims = tuple(range(-len(normalized), 0))
    if eps is None:
        eps = float(np.finfo(input._data.dtype).eps)
    # PyTorch's composite: pow, mean, an in-place add of eps (AddBackward1), rsqrt
    out = input * AddBackward1.apply(input.pow(2).mean(dims, keepdim=True), eps).rsqrt()
    out = out * weight if weight is not None else out
    # (then ``contiguous(input.suggest_memory_format())``: a clone, CloneBackward0, where the
    # product is laid out otherwise, as for a transposed input)
    return out.contiguous(memory_format=suggested(input._data))


def normalize(input, p=2.0, dim=1, eps=1e-12, out=None):
    denominator = _reduce.norm(input, p, dim, True).clamp_min(eps).expand_as(input)
    return input / denominator
