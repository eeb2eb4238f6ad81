"""torch.nn.functional: PyTorch's signatures over the ops in ``hookgrad._ops`` (conv, nn, loss).

Argument checks raise PyTorch's exception types and messages."""
import math
import warnings

import numpy as np

from .. import _dtype
from .._ops import elementwise as _ew
from .._ops import linalg as _linalg
from .._ops import reduce as _reduce
from .._ops.conv import (
    PAD_NODES,
    AdaptiveAvgPool2DBackward0,
    AdaptiveMaxPool2DBackward0,
    AvgPool2DBackward0,
    ConstantPadNdBackward0,
    ConvolutionBackward0,
    MaxPool2DWithIndicesBackward0,
    pool_output_size,
)
from .._ops.linalg import UnsafeViewBackward0
from .._ops.loss import (
    BinaryCrossEntropyBackward0,
    BinaryCrossEntropyWithLogitsBackward0,
    HuberLossBackward0,
    MseLossBackward0,
    MultiMarginLossBackward0,
    NllLoss2DBackward0,
    NllLossBackward0,
    SmoothL1LossBackward0,
    SoftMarginLossBackward0,
)
from .._ops.nn import (
    CeluBackward0,
    CeluBackward1,
    EluBackward0,
    EluBackward1,
    EmbeddingBackward0,
    GeluBackward0,
    GluBackward0,
    HardshrinkBackward0,
    HardsigmoidBackward0,
    HardswishBackward0,
    HardtanhBackward0,
    LeakyReluBackward0,
    LeakyReluBackward1,
    LogSigmoidBackward0,
    MishBackward0,
    NativeBatchNormBackward0,
    NativeGroupNormBackward0,
    NativeLayerNormBackward0,
    PreluKernelBackward0,
    RreluWithNoiseBackward0,
    SiluBackward0,
    SoftplusBackward0,
    SoftshrinkBackward0,
    SqueezeBackward4,
    ThresholdBackward0,
    ThresholdBackward1,
)
from .._ops.shape import cat
from .._random import rng as _rng
from .._tensor import Tensor, _make, _wrap_dim

tanh = _ew.tanh
sigmoid = _ew.sigmoid


def _type_name(t):
    return _dtype.from_numpy_dtype(t._data.dtype).legacy_name[:-6]


def _tuple(value, n, name="argument"):
    """An int or a sequence as an ``n``-tuple of ints."""
    if isinstance(value, (int, np.integer)):
        return (int(value),) * n
    value = tuple(int(v) for v in value)
    if len(value) == 1:
        return value * n
    if len(value) != n:
        raise RuntimeError(f"expected {name} to be a single integer value or a list of {n} "
                           f"values to match the convolution dimensions, but got "
                           f"{name}={list(value)}")
    return value


def _shape(t):
    return list(t._data.shape)


# --------------------------------------------------------------------------- convolution

def _conv_checks(input, weight, bias, stride, padding, dilation, groups, transposed):
    if any(s <= 0 for s in stride):
        raise RuntimeError("non-positive stride is not supported")
    if any(p < 0 for p in padding):
        raise RuntimeError("negative padding is not supported")
    if any(d <= 0 for d in dilation):
        raise RuntimeError("non-positive dilation is not supported")
    if groups <= 0:
        raise RuntimeError("non-positive groups is not supported")
    if input._data.dtype != weight._data.dtype:
        raise RuntimeError(f"expected scalar type {_type_name(input)} but found "
                           f"{_type_name(weight)}")
    w = weight._data.shape
    if weight._data.ndim != input._data.ndim:
        raise RuntimeError(f"Expected a {input._data.ndim}D weight for conv"
                           f"{'_transpose' if transposed else ''}{input._data.ndim - 2}d, but got "
                           f"weight of size {list(w)}")
    channels = input._data.shape[1]
    if transposed:
        if channels != w[0]:
            raise RuntimeError(f"Given transposed=1, weight of size {list(w)}, expected "
                               f"input{_shape(input)} to have {w[0]} channels, but got "
                               f"{channels} channels instead")
        out_channels = w[1] * groups
    else:
        if w[0] % groups:
            raise RuntimeError(f"Given groups={groups}, expected weight to be divisible by "
                               f"{groups} at dimension 0, but got weight of size [{list(w)}] "
                               "instead")
        if channels != w[1] * groups:
            raise RuntimeError(f"Given groups={groups}, weight of size {list(w)}, expected "
                               f"input{_shape(input)} to have {w[1] * groups} channels, but got "
                               f"{channels} channels instead")
        out_channels = w[0]
        padded = [s + 2 * p for s, p in zip(input._data.shape[2:], padding)]
        extent = [d * (k - 1) + 1 for k, d in zip(w[2:], dilation)]
        if any(e > s for e, s in zip(extent, padded)):
            raise RuntimeError(
                f"Calculated padded input size per channel: ({' x '.join(map(str, padded))}). "
                f"Kernel size: ({' x '.join(map(str, extent))}). Kernel size can't be greater "
                "than actual input size")
    if bias is not None and (bias._data.ndim != 1 or bias._data.shape[0] != out_channels):
        raise RuntimeError(f"Given {'transposed=1, ' if transposed else ''}weight of size "
                           f"{list(w)}, expected bias to be 1-dimensional "
                           f"with {out_channels} elements, but got bias of size {_shape(bias)} "
                           "instead")


def _batched(input, dims, name):
    ndim = input._data.ndim
    if ndim not in (dims + 1, dims + 2):
        raise RuntimeError(f"Expected {dims + 1}D (unbatched) or {dims + 2}D (batched) input to "
                           f"{name}, but got input of size: {_shape(input)}")
    return ndim == dims + 1


def _as_2d_params(dims, *params):
    """1-d parameters become 2-d ones with a trivial height."""
    if dims == 2:
        return params
    return tuple((base,) + p for base, p in zip((1, 0, 1, 0), params))


def _same_padding(input, weight, stride, dilation, dims):
    """PyTorch's ``padding='same'``: symmetric padding, plus one more zero at the end of each
    dim whose total is odd (an explicit ConstantPadNd, as in PyTorch)."""
    if any(s != 1 for s in stride):
        raise RuntimeError("padding='same' is not supported for strided convolutions")
    total = [d * (k - 1) for d, k in zip(dilation, weight._data.shape[2:])]
    if any(t % 2 for t in total):
        warnings.warn("Using padding='same' with even kernel lengths and odd dilation may require "
                      "a zero-padded copy of the input be created", UserWarning, stacklevel=3)
        extra = []
        for t in reversed(total):
            extra += [0, t % 2]
        input = ConstantPadNdBackward0.apply(input, tuple(extra), 0)
    return input, tuple(t // 2 for t in total)


def _conv(input, weight, bias, stride, padding, dilation, groups, dims):
    unbatched = _batched(input, dims, f"conv{dims}d")
    if unbatched:
        input = input.unsqueeze(0)
    stride, dilation = _tuple(stride, dims, "stride"), _tuple(dilation, dims, "dilation")
    if isinstance(padding, str):
        if padding == "same":
            input, padding = _same_padding(input, weight, stride, dilation, dims)
        elif padding == "valid":
            padding = (0,) * dims
        else:
            raise RuntimeError(f"Invalid padding string: '{padding}'")
    else:
        padding = _tuple(padding, dims, "padding")
    _conv_checks(input, weight, bias, stride, padding, dilation, groups, False)
    stride, padding, dilation = _as_2d_params(dims, stride, padding, dilation)
    out = ConvolutionBackward0.apply(input, weight, bias, stride, padding, dilation, False, None,
                                     groups)
    return out.squeeze(0) if unbatched else out


def conv1d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    return _conv(input, weight, bias, stride, padding, dilation, groups, 1)


def conv2d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    return _conv(input, weight, bias, stride, padding, dilation, groups, 2)


def _conv_transpose(input, weight, bias, stride, padding, output_padding, groups, dilation,
                    dims):
    unbatched = _batched(input, dims, f"conv_transpose{dims}d")
    if unbatched:
        input = input.unsqueeze(0)
    stride, padding = _tuple(stride, dims, "stride"), _tuple(padding, dims, "padding")
    dilation = _tuple(dilation, dims, "dilation")
    output_padding = _tuple(output_padding, dims, "output_padding")
    _conv_checks(input, weight, bias, stride, padding, dilation, groups, True)
    if any(op >= s and op >= d for op, s, d in zip(output_padding, stride, dilation)):
        values = [v if dims == 2 else (base,) + v
                  for base, v in zip((0, 1, 1), (output_padding, stride, dilation))]
        raise RuntimeError("output padding must be smaller than either stride or dilation, but got "
                           + " ".join(f"{name}_{side}: {v}" for name, pair in zip(
                               ("output_padding", "stride", "dilation"), values)
                               for side, v in zip(("height", "width"), pair)))
    out_size = tuple((size - 1) * s - 2 * p + d * (k - 1) + op + 1 for size, k, s, p, d, op in zip(
        input._data.shape[2:], weight._data.shape[2:], stride, padding, dilation, output_padding))
    if any(size <= 0 for size in out_size):
        sizes = " x ".join(map(str, input._data.shape[2:]))
        raise RuntimeError(f"Given input size per channel: ({sizes}). Calculated output size per "
                           f"channel: ({' x '.join(map(str, out_size))}). Output size is too small")
    stride, padding, dilation = _as_2d_params(dims, stride, padding, dilation)
    out_hw = out_size if dims == 2 else (1,) + out_size
    out = ConvolutionBackward0.apply(input, weight, bias, stride, padding, dilation, True, out_hw,
                                     groups)
    return out.squeeze(0) if unbatched else out


def conv_transpose1d(input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1,
                     dilation=1):
    return _conv_transpose(input, weight, bias, stride, padding, output_padding, groups,
                           dilation, 1)


def conv_transpose2d(input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1,
                     dilation=1):
    return _conv_transpose(input, weight, bias, stride, padding, output_padding, groups,
                           dilation, 2)


# --------------------------------------------------------------------------- pooling

def _pool_checks(input, kernel, stride, padding, dilation, ceil_mode):
    shape = input._data.shape
    if input._data.ndim not in (3, 4) or input._data.size == 0:
        raise RuntimeError("non-empty 3D or 4D (batch mode) tensor expected for input")
    if any(k <= 0 for k in kernel):
        raise RuntimeError("kernel size should be greater than zero, but got "
                           f"kH: {kernel[0]} kW: {kernel[1]}")
    if any(s <= 0 for s in stride):
        raise RuntimeError(f"stride should be greater than zero, but got dH: {stride[0]} "
                           f"dW: {stride[1]}")
    for k, p, d in zip(kernel, padding, dilation):
        if p > (d * (k - 1) + 1) // 2:
            raise RuntimeError(f"pad should be at most half of effective kernel size, but got "
                               f"pad={p}, kernel_size={k} and dilation={d}")
    out = [pool_output_size(size, k, s, p, d, ceil_mode)
           for size, k, s, p, d in zip(shape[-2:], kernel, stride, padding, dilation)]
    if any(o < 1 for o in out):
        raise RuntimeError(f"Given input size: ({shape[-3]}x{shape[-2]}x{shape[-1]}). Calculated "
                           f"output size: ({shape[-3]}x{out[0]}x{out[1]}). Output size is too "
                           "small")


def _pool_args(kernel_size, stride, padding, n):
    kernel = _tuple(kernel_size, n, "kernel_size")
    stride = kernel if stride is None or (not isinstance(stride, int) and len(stride) == 0) \
        else _tuple(stride, n, "stride")
    return kernel, stride, _tuple(padding, n, "padding")


def max_pool2d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False,
               return_indices=False):
    kernel, stride, padding = _pool_args(kernel_size, stride, padding, 2)
    dilation = _tuple(dilation, 2, "dilation")
    _pool_checks(input, kernel, stride, padding, dilation, ceil_mode)
    out, indices = MaxPool2DWithIndicesBackward0.apply(input, kernel, stride, padding, dilation,
                                                       ceil_mode)
    return (out, indices) if return_indices else out


def max_pool1d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False,
               return_indices=False):
    kernel, stride, padding = _pool_args(kernel_size, stride, padding, 1)
    if input._data.ndim not in (2, 3):
        raise RuntimeError("max_pool1d: Expected 2D or 3D (batch mode) tensor with optional 0 "
                           f"dim batch size for input, but got:{_shape(input)}")
    out, indices = max_pool2d(input.unsqueeze(-2), (1,) + kernel, (1,) + stride,
                              (0,) + padding, (1,) + _tuple(dilation, 1), ceil_mode, True)
    out = out.squeeze(-2)
    return (out, indices.squeeze(-2)) if return_indices else out


def avg_pool2d(input, kernel_size, stride=None, padding=0, ceil_mode=False,
               count_include_pad=True, divisor_override=None):
    kernel, stride, padding = _pool_args(kernel_size, stride, padding, 2)
    _pool_checks(input, kernel, stride, padding, (1, 1), ceil_mode)
    if divisor_override is not None and divisor_override == 0:
        raise RuntimeError("divisor must be not zero")
    return AvgPool2DBackward0.apply(input, kernel, stride, padding, ceil_mode, count_include_pad,
                                    divisor_override)


def avg_pool1d(input, kernel_size, stride=None, padding=0, ceil_mode=False,
               count_include_pad=True):
    kernel, stride, padding = _pool_args(kernel_size, stride, padding, 1)
    if input._data.ndim not in (2, 3):
        raise RuntimeError(f"avg_pool1d() Expected 2D or 3D input tensor, but got "
                           f"{_shape(input)}")
    return avg_pool2d(input.unsqueeze(-2), (1,) + kernel, (1,) + stride, (0,) + padding,
                      ceil_mode, count_include_pad).squeeze(-2)


def _adaptive_size(output_size, shape, n):
    if isinstance(output_size, int):
        return (output_size,) * n
    sizes = tuple(output_size)
    if len(sizes) != n:
        raise ValueError(f"adaptive_avg_pool{n}d: output_size must be {n}")
    return tuple(s if s is not None else shape[-n + i] for i, s in enumerate(sizes))


def adaptive_avg_pool2d(input, output_size):
    shape = input._data.shape
    if input._data.ndim not in (3, 4):
        raise RuntimeError(f"adaptive_avg_pool2d(): Expected 3D or 4D tensor, but got "
                           f"{_shape(input)}")
    size = _adaptive_size(output_size, shape, 2)
    if size == (1, 1):
        return input.mean((-1, -2), keepdim=True)
    return AdaptiveAvgPool2DBackward0.apply(input, size)


def adaptive_avg_pool1d(input, output_size):
    if input._data.ndim not in (2, 3):
        raise RuntimeError(f"adaptive_avg_pool1d() argument 'input' should have 2 or 3 dimensions"
                           f", but got {_shape(input)}")
    size = _adaptive_size(output_size, input._data.shape, 1)
    return adaptive_avg_pool2d(input.unsqueeze(-2), (1,) + size).squeeze(-2)


def adaptive_max_pool2d(input, output_size, return_indices=False):
    if input._data.ndim not in (3, 4):
        raise RuntimeError(f"adaptive_max_pool2d(): Expected 3D or 4D tensor, but got "
                           f"{_shape(input)}")
    size = _adaptive_size(output_size, input._data.shape, 2)
    out, indices = AdaptiveMaxPool2DBackward0.apply(input, size)
    return (out, indices) if return_indices else out


def adaptive_max_pool1d(input, output_size, return_indices=False):
    if input._data.ndim not in (2, 3):
        raise RuntimeError(f"adaptive_max_pool1d() argument 'input' should have 2 or 3 dimensions"
                           f", but got {_shape(input)}")
    size = _adaptive_size(output_size, input._data.shape, 1)
    out, indices = adaptive_max_pool2d(input.unsqueeze(-2), (1,) + size, True)
    return (out.squeeze(-2), indices.squeeze(-2)) if return_indices else out.squeeze(-2)


def lp_pool2d(input, norm_type, kernel_size, stride=None, ceil_mode=False):
    kh, kw = _tuple(kernel_size, 2, "kernel_size")
    out = avg_pool2d(input.pow(norm_type), kernel_size, stride, 0, ceil_mode)
    return (out.sign() * relu(out.abs())).mul(kw * kh).pow(1.0 / norm_type)


def lp_pool1d(input, norm_type, kernel_size, stride=None, ceil_mode=False):
    out = avg_pool1d(input.pow(norm_type), kernel_size, stride, 0, ceil_mode)
    return (out.sign() * relu(out.abs())).mul(kernel_size).pow(1.0 / norm_type)


# --------------------------------------------------------------------------- normalisation

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
                given._data[...] = folded_stats._data.reshape(n, c).mean(0)
    return out.view(shape)


def rms_norm(input, normalized_shape, weight=None, eps=None):
    normalized = (normalized_shape,) if isinstance(normalized_shape, int) \
        else tuple(normalized_shape)
    dims = tuple(range(-len(normalized), 0))
    if eps is None:
        eps = float(np.finfo(input._data.dtype).eps)
    out = input * ((input * input).mean(dims, keepdim=True) + eps).rsqrt()
    return out * weight if weight is not None else out


# --------------------------------------------------------------------------- activations

def relu(input, inplace=False):
    return input.relu_() if inplace else _ew.relu(input)


def relu_(input):
    return input.relu_()


def _activation(input, inplace, op, inplace_op, *args):
    """``op(input, *args)``; in place, the op is recorded under its in-place node name."""
    if inplace:
        return input._inplace(inplace_op.apply, *args)
    return op.apply(input, *args)


def leaky_relu(input, negative_slope=0.01, inplace=False):
    return _activation(input, inplace, LeakyReluBackward0, LeakyReluBackward1, negative_slope)


def elu(input, alpha=1.0, inplace=False):
    return _activation(input, inplace, EluBackward0, EluBackward1, alpha, 1.0, 1.0)


_SELU_ALPHA = 1.6732632423543772848170429916717
_SELU_SCALE = 1.0507009873554804934193349852946


def selu(input, inplace=False):
    return _activation(input, inplace, EluBackward0, EluBackward1, _SELU_ALPHA, _SELU_SCALE,
                       1.0)


def celu(input, alpha=1.0, inplace=False):
    if alpha == 0:
        raise RuntimeError("ZeroDivisionError")
    return _activation(input, inplace, CeluBackward0, CeluBackward1, alpha, 1.0, 1.0 / alpha)


def gelu(input, approximate="none"):
    if approximate not in ("none", "tanh"):
        raise RuntimeError("approximate argument must be either none or tanh.")
    return GeluBackward0.apply(input, approximate)


def silu(input, inplace=False):
    return _activation(input, inplace, SiluBackward0, SiluBackward0)


def mish(input, inplace=False):
    return _activation(input, inplace, MishBackward0, MishBackward0)


def softplus(input, beta=1.0, threshold=20.0):
    return SoftplusBackward0.apply(input, beta, threshold)


def hardtanh(input, min_val=-1.0, max_val=1.0, inplace=False):
    if min_val > max_val:
        raise ValueError("min_val cannot be greater than max_val")
    return _activation(input, inplace, HardtanhBackward0, HardtanhBackward0, min_val, max_val)


def relu6(input, inplace=False):
    return hardtanh(input, 0.0, 6.0, inplace)


def hardswish(input, inplace=False):
    return _activation(input, inplace, HardswishBackward0, HardswishBackward0)


def hardsigmoid(input, inplace=False):
    return _activation(input, inplace, HardsigmoidBackward0, HardsigmoidBackward0)


def hardshrink(input, lambd=0.5):
    return HardshrinkBackward0.apply(input, lambd)


def softshrink(input, lambd=0.5):
    if lambd < 0:
        raise RuntimeError(f"lambda must be greater or equal to 0, but found to be {lambd}.")
    return SoftshrinkBackward0.apply(input, lambd)


def prelu(input, weight):
    channels = input._data.shape[1] if input._data.ndim >= 2 else input._data.shape[0] \
        if input._data.ndim else 1
    if weight._data.size not in (1, channels):
        raise RuntimeError(f"Mismatch of parameter numbers and input channel size. Found parameter "
                           f"numbers = {weight._data.size} and channel size = {channels}.")
    return PreluKernelBackward0.apply(input, weight)


def rrelu(input, lower=1.0 / 8, upper=1.0 / 3, training=False, inplace=False):
    x = input._data
    if training:
        slopes = _rng().uniform(lower, upper, x.shape).astype(x.dtype)
    else:
        slopes = np.asarray((lower + upper) / 2, x.dtype)
    noise = np.where(x >= 0, np.asarray(1, x.dtype), slopes)
    return _activation(input, inplace, RreluWithNoiseBackward0, RreluWithNoiseBackward0, noise)


def logsigmoid(input):
    return LogSigmoidBackward0.apply(input)


def softsign(input):
    return input / (input.abs() + 1)


def tanhshrink(input):
    return input - input.tanh()


def threshold(input, threshold, value, inplace=False):
    return _activation(input, inplace, ThresholdBackward0, ThresholdBackward1, threshold, value)


def threshold_(input, threshold, value):
    return _activation(input, True, ThresholdBackward0, ThresholdBackward1, threshold, value)


def glu(input, dim=-1):
    dim = _wrap_dim(dim, input._data.ndim)
    size = input._data.shape[dim]
    if size % 2:
        raise RuntimeError(f"Halving dimension must be even, but dimension {dim} is size {size}")
    return GluBackward0.apply(input, dim)


def _softmax_dim(name, ndim, stacklevel):
    warnings.warn(f"Implicit dimension choice for {name} has been deprecated. Change the call to "
                  "include dim=X as an argument.", UserWarning, stacklevel=stacklevel)
    return 0 if ndim in (0, 1, 3) else 1


def _softmax_op(op, name, input, dim, stacklevel, dtype):
    if dim is None:
        dim = _softmax_dim(name, input._data.ndim, stacklevel)
    if dtype is not None:
        input = input.to(dtype)
    return op(input, dim)


def softmax(input, dim=None, _stacklevel=3, dtype=None):
    return _softmax_op(_reduce.softmax, "softmax", input, dim, _stacklevel + 1, dtype)


def log_softmax(input, dim=None, _stacklevel=3, dtype=None):
    return _softmax_op(_reduce.log_softmax, "log_softmax", input, dim, _stacklevel + 1, dtype)


def softmin(input, dim=None, _stacklevel=3, dtype=None):
    return _softmax_op(_reduce.softmax, "softmin", -input, dim, _stacklevel + 1, dtype)


# --------------------------------------------------------------------------- linear & friends

def linear(input, weight, bias=None):
    """``input @ weight.T + bias`` with PyTorch's graph: addmm / mm, reshaped around N-d."""
    if weight._data.ndim != 2 or input._data.ndim == 0:
        out = _linalg.matmul(input, weight.t())
        return out + bias if bias is not None else out
    ndim = input._data.ndim
    weight_t = weight.t()
    if ndim == 2:
        return (_linalg.addmm(bias, input, weight_t) if bias is not None
                else _linalg.mm(input, weight_t))
    out_shape = input._data.shape[:-1] + (weight._data.shape[0],)
    flat = input.reshape(-1, input._data.shape[-1])
    if bias is not None:
        return _linalg.addmm(bias, flat, weight_t).view(out_shape)
    if ndim == 1:
        return SqueezeBackward4.apply(_linalg.mm(input.unsqueeze(0), weight_t), (0,))
    return UnsafeViewBackward0.apply(_linalg.mm(flat, weight_t), out_shape)


def bilinear(input1, input2, weight, bias=None):
    out = (input1.unsqueeze(-2).unsqueeze(-2) @ weight @ input2.unsqueeze(-2).unsqueeze(-1))
    out = out.squeeze(-1).squeeze(-1)
    return out + bias if bias is not None else out


def pairwise_distance(x1, x2, p=2.0, eps=1e-6, keepdim=False):
    dim = max(x1._data.ndim, x2._data.ndim) - 1
    return _reduce.norm(x1 - x2 + eps, p, max(dim, 0), keepdim)


def cosine_similarity(x1, x2, dim=1, eps=1e-8):
    x1, x2 = _broadcast_pair(x1, x2)
    norms = []
    for x in (x1, x2):
        norm = _reduce.norm(x, 2, dim, True)
        np.maximum(norm._data, eps, out=norm._data)  # PyTorch clamps in place, under no_grad
        norms.append(norm)
    return ((x1 / norms[0]) * (x2 / norms[1])).sum(dim)


def normalize(input, p=2.0, dim=1, eps=1e-12, out=None):
    denominator = _reduce.norm(input, p, dim, True).clamp(min=eps).expand_as(input)
    return input / denominator


# --------------------------------------------------------------------------- attention

def _canonical_mask(mask, mask_name, other_type, other_name, target_type, check_other=True):
    """A boolean mask becomes an additive float mask (-inf where True)."""
    if mask is None:
        return None
    is_float = mask._data.dtype.kind == "f"
    if mask._data.dtype != np.bool_ and not is_float:
        raise AssertionError(f"only bool and floating types of {mask_name} are supported")
    if check_other and other_type is not None and mask.dtype != other_type:
        warnings.warn(f"Support for mismatched {mask_name} and {other_name} is deprecated. Use "
                      "same type for both instead.", UserWarning, stacklevel=3)
    if not is_float:
        mask = _make(np.where(mask._data, -np.inf, 0).astype(target_type.np_dtype))
    return mask


def scaled_dot_product_attention(query, key, value, attn_mask=None, dropout_p=0.0,
                                 is_causal=False, scale=None, enable_gqa=False):
    """softmax(q k^T * scale + mask) v, composed from matmuls (PyTorch's math reference)."""
    length, source = query._data.shape[-2], key._data.shape[-2]
    scale = 1 / math.sqrt(query._data.shape[-1]) if scale is None else scale
    dtype = query._data.dtype
    bias = None
    if is_causal:
        if attn_mask is not None:
            raise RuntimeError("_scaled_dot_product_attention: Explicit attn_mask should not be "
                               "set when is_causal=True")
        bias = _make(np.triu(np.full((length, source), -np.inf, dtype), 1))
    elif attn_mask is not None:
        if attn_mask._data.dtype == np.bool_:
            bias = _make(np.where(attn_mask._data, 0, -np.inf).astype(dtype))
        else:
            bias = attn_mask
    if enable_gqa and key._data.ndim >= 3:
        repeats = query._data.shape[-3] // key._data.shape[-3]
        key = _make_repeat_heads(key, repeats)
        value = _make_repeat_heads(value, repeats)
    weights = query.matmul(key.transpose(-2, -1)) * scale
    if bias is not None:
        weights = weights + bias
    weights = softmax(weights, -1)
    if dropout_p > 0:
        weights = dropout(weights, dropout_p)
    return weights.matmul(value)


def _make_repeat_heads(t, repeats):
    """``repeat_interleave`` along the head dim (-3)."""
    shape = t._data.shape
    expanded = t.unsqueeze(-3).expand(shape[:-3] + (shape[-3], repeats) + shape[-2:])
    return expanded.reshape(shape[:-3] + (shape[-3] * repeats,) + shape[-2:])


def _mha_is_batched(query, key, value, key_padding_mask, attn_mask, num_heads):
    if query._data.ndim == 3:
        if key._data.ndim != 3 or value._data.ndim != 3:
            raise AssertionError("For batched (3-D) `query`, expected `key` and `value` to be 3-D"
                                 f" but found {key._data.ndim}-D and {value._data.ndim}-D "
                                 "tensors respectively")
        if key_padding_mask is not None and key_padding_mask._data.ndim != 2:
            raise AssertionError("For batched (3-D) `query`, expected `key_padding_mask` to be "
                                 f"`None` or 2-D but found {key_padding_mask._data.ndim}-D "
                                 "tensor instead")
        if attn_mask is not None and attn_mask._data.ndim not in (2, 3):
            raise AssertionError("For batched (3-D) `query`, expected `attn_mask` to be `None`, "
                                 f"2-D or 3-D but found {attn_mask._data.ndim}-D tensor instead")
        return True
    if query._data.ndim == 2:
        if key._data.ndim != 2 or value._data.ndim != 2:
            raise AssertionError("For unbatched (2-D) `query`, expected `key` and `value` to be "
                                 f"2-D but found {key._data.ndim}-D and {value._data.ndim}-D "
                                 "tensors respectively")
        if key_padding_mask is not None and key_padding_mask._data.ndim != 1:
            raise AssertionError("For unbatched (2-D) `query`, expected `key_padding_mask` to be "
                                 f"`None` or 1-D but found {key_padding_mask._data.ndim}-D "
                                 "tensor instead")
        if attn_mask is not None:
            if attn_mask._data.ndim not in (2, 3):
                raise AssertionError("For unbatched (2-D) `query`, expected `attn_mask` to be "
                                     f"`None`, 2-D or 3-D but found {attn_mask._data.ndim}-D "
                                     "tensor instead")
            expected = (num_heads, query._data.shape[0], key._data.shape[0])
            if attn_mask._data.ndim == 3 and attn_mask._data.shape != expected:
                raise AssertionError(f"Expected `attn_mask` shape to be {expected} but got "
                                     f"{attn_mask.shape}")
        return False
    raise AssertionError("query should be unbatched 2D or batched 3D tensor but received "
                         f"{query._data.ndim}-D query tensor")


def _in_projection_packed(q, k, v, w, b=None):
    embed = q._data.shape[-1]
    if k is v:
        if q is k:  # self-attention: one GEMM
            proj = linear(q, w, b).unflatten(-1, (3, embed)).unsqueeze(0).transpose(0, -2)
            proj = proj.squeeze(-2).contiguous()
            return proj[0], proj[1], proj[2]
        w_q, w_kv = w.split([embed, embed * 2])
        b_q, b_kv = (None, None) if b is None else b.split([embed, embed * 2])
        kv = linear(k, w_kv, b_kv).unflatten(-1, (2, embed)).unsqueeze(0).transpose(0, -2)
        kv = kv.squeeze(-2).contiguous()
        return linear(q, w_q, b_q), kv[0], kv[1]
    w_q, w_k, w_v = w.chunk(3)
    b_q, b_k, b_v = (None, None, None) if b is None else b.chunk(3)
    return linear(q, w_q, b_q), linear(k, w_k, b_k), linear(v, w_v, b_v)


def multi_head_attention_forward(query, key, value, embed_dim_to_check, num_heads,
                                 in_proj_weight, in_proj_bias, bias_k, bias_v, add_zero_attn,
                                 dropout_p, out_proj_weight, out_proj_bias, training=True,
                                 key_padding_mask=None, need_weights=True, attn_mask=None,
                                 use_separate_proj_weight=False, q_proj_weight=None,
                                 k_proj_weight=None, v_proj_weight=None, static_k=None,
                                 static_v=None, average_attn_weights=True, is_causal=False):
    """PyTorch's reference multi-head attention, step for step (sequence-first inputs)."""
    is_batched = _mha_is_batched(query, key, value, key_padding_mask, attn_mask, num_heads)
    if not is_batched:
        query, key, value = query.unsqueeze(1), key.unsqueeze(1), value.unsqueeze(1)
        if key_padding_mask is not None:
            key_padding_mask = key_padding_mask.unsqueeze(0)
    tgt_len, bsz, embed_dim = query._data.shape
    key_padding_mask = _canonical_mask(key_padding_mask, "key_padding_mask",
                                       None if attn_mask is None else attn_mask.dtype,
                                       "attn_mask", query.dtype)
    if is_causal and attn_mask is None:
        raise RuntimeError("Need attn_mask if specifying the is_causal hint. You may use the "
                           "Transformer module method `generate_square_subsequent_mask` to "
                           "create this mask.")
    if is_causal and key_padding_mask is None and not need_weights:
        attn_mask = None
    else:
        attn_mask = _canonical_mask(attn_mask, "attn_mask", None, "", query.dtype,
                                    check_other=False)
        if key_padding_mask is not None:
            is_causal = False
    if embed_dim != embed_dim_to_check:
        raise AssertionError(f"was expecting embedding dimension of {embed_dim_to_check}, but "
                             f"got {embed_dim}")
    head_dim = embed_dim // num_heads
    if head_dim * num_heads != embed_dim:
        raise AssertionError(f"embed_dim {embed_dim} not divisible by num_heads {num_heads}")
    if use_separate_proj_weight:
        if key._data.shape[:2] != value._data.shape[:2]:
            raise AssertionError(f"key's sequence and batch dims {key.shape[:2]} do not match "
                                 f"value's {value.shape[:2]}")
        biases = (None, None, None) if in_proj_bias is None else in_proj_bias.chunk(3)
        q, k, v = (linear(x, w, b) for x, w, b in zip(
            (query, key, value), (q_proj_weight, k_proj_weight, v_proj_weight), biases))
    else:
        if key._data.shape != value._data.shape:
            raise AssertionError(f"key shape {key.shape} does not match value shape "
                                 f"{value.shape}")
        q, k, v = _in_projection_packed(query, key, value, in_proj_weight, in_proj_bias)
    if attn_mask is not None:
        if attn_mask._data.ndim == 2:
            if attn_mask._data.shape != (tgt_len, k._data.shape[0]):
                raise RuntimeError(f"The shape of the 2D attn_mask is {attn_mask.shape}, but "
                                   f"should be {(tgt_len, k._data.shape[0])}.")
            attn_mask = attn_mask.unsqueeze(0)
        elif attn_mask._data.shape != (bsz * num_heads, tgt_len, k._data.shape[0]):
            raise RuntimeError(f"The shape of the 3D attn_mask is {attn_mask.shape}, but should "
                               f"be {(bsz * num_heads, tgt_len, k._data.shape[0])}.")
    if bias_k is not None and bias_v is not None:
        if static_k is not None or static_v is not None:
            raise AssertionError("bias cannot be added to static key.")
        k = cat([k, bias_k.repeat(1, bsz, 1)])
        v = cat([v, bias_v.repeat(1, bsz, 1)])
        attn_mask = None if attn_mask is None else pad(attn_mask, (0, 1))
        key_padding_mask = None if key_padding_mask is None else pad(key_padding_mask, (0, 1))
    elif bias_k is not None or bias_v is not None:
        raise AssertionError(f"bias_{'k' if bias_k is not None else 'v'} is set but "
                             f"bias_{'v' if bias_k is not None else 'k'} is None")
    q = q.view(tgt_len, bsz * num_heads, head_dim).transpose(0, 1)
    k = k.view(k._data.shape[0], bsz * num_heads, head_dim).transpose(0, 1) \
        if static_k is None else static_k
    v = v.view(v._data.shape[0], bsz * num_heads, head_dim).transpose(0, 1) \
        if static_v is None else static_v
    if add_zero_attn:
        zeros = _make(np.zeros((bsz * num_heads, 1, head_dim), k._data.dtype))
        k, v = cat([k, zeros], 1), cat([v, zeros], 1)
        attn_mask = None if attn_mask is None else pad(attn_mask, (0, 1))
        key_padding_mask = None if key_padding_mask is None else pad(key_padding_mask, (0, 1))
    src_len = k._data.shape[1]
    if key_padding_mask is not None:
        if key_padding_mask._data.shape != (bsz, src_len):
            raise AssertionError(f"Expected key_padded_mask.shape to be {(bsz, src_len)}, but "
                                 f"got {tuple(key_padding_mask._data.shape)}")
        key_padding_mask = key_padding_mask.view(bsz, 1, 1, src_len).expand(
            -1, num_heads, -1, -1).reshape(bsz * num_heads, 1, src_len)
        attn_mask = key_padding_mask if attn_mask is None else attn_mask + key_padding_mask
    if not training:
        dropout_p = 0.0
    if need_weights:
        weights = (q * math.sqrt(1.0 / head_dim)).bmm(k.transpose(-2, -1))
        if attn_mask is not None:
            weights = attn_mask + weights
        weights = softmax(weights, -1)
        if dropout_p > 0.0:
            weights = dropout(weights, dropout_p)
        out = weights.bmm(v).transpose(0, 1).reshape(tgt_len * bsz, embed_dim)
        out = linear(out, out_proj_weight, out_proj_bias).view(tgt_len, bsz, -1)
        weights = weights.view(bsz, num_heads, tgt_len, src_len)
        if average_attn_weights:
            weights = weights.mean(1)
        if not is_batched:
            return out.squeeze(1), weights.squeeze(0)
        return out, weights
    if attn_mask is not None:
        attn_mask = attn_mask.unsqueeze(0) if attn_mask._data.shape[0] == 1 else attn_mask.view(
            bsz, num_heads, -1, src_len)
    q = q.view(bsz, num_heads, tgt_len, head_dim)
    k = k.view(bsz, num_heads, src_len, head_dim)
    v = v.view(bsz, num_heads, src_len, head_dim)
    out = scaled_dot_product_attention(q, k, v, attn_mask, dropout_p, is_causal)
    out = out.permute(2, 0, 1, 3).reshape(bsz * tgt_len, embed_dim)
    out = linear(out, out_proj_weight, out_proj_bias).view(tgt_len, bsz, -1)
    return (out if is_batched else out.squeeze(1)), None


def _dropout_checks(p):
    if p < 0 or p > 1:
        raise ValueError(f"dropout probability has to be between 0 and 1, but got {p}")


def _dropout_mask(input, shape, p):
    keep = _rng().random(shape, dtype=np.float64) >= p
    dtype = input._data.dtype
    scale = 0 if p == 1 else 1 / (1 - p)
    return _make(keep.astype(dtype) * np.asarray(scale, dtype))


def dropout(input, p=0.5, training=True, inplace=False):
    _dropout_checks(p)
    if not training or p == 0:
        return input
    mask = _dropout_mask(input, input._data.shape, p)
    return input.mul_(mask) if inplace else input * mask


def _feature_dropout(input, p, training, inplace, dims):
    _dropout_checks(p)
    if not training or p == 0:
        return input
    shape = input._data.shape
    batched = input._data.ndim == dims + 2
    lead = shape[:2] if batched else shape[:1]
    mask = _dropout_mask(input, lead + (1,) * dims, p)
    return input.mul_(mask) if inplace else input * mask


def dropout1d(input, p=0.5, training=True, inplace=False):
    return _feature_dropout(input, p, training, inplace, 1)


def dropout2d(input, p=0.5, training=True, inplace=False):
    return _feature_dropout(input, p, training, inplace, 2)


def dropout3d(input, p=0.5, training=True, inplace=False):
    return _feature_dropout(input, p, training, inplace, 3)


def _alpha_dropout(input, p, training, shape):
    _dropout_checks(p)
    if not training or p == 0:
        return input
    if p == 1:
        return input * 0
    alpha = -_SELU_ALPHA * _SELU_SCALE
    keep = _rng().random(shape) >= p
    a = (1 / math.sqrt((alpha * alpha * p + 1) * (1 - p)))
    b = -a * alpha * p
    dtype = input._data.dtype
    mask = _make((keep * a).astype(dtype))
    shift = _make(((~keep) * (alpha * a) + b).astype(dtype))
    return input * mask + shift


def alpha_dropout(input, p=0.5, training=False, inplace=False):
    return _alpha_dropout(input, p, training, input._data.shape)


def feature_alpha_dropout(input, p=0.5, training=False, inplace=False):
    shape = input._data.shape
    return _alpha_dropout(input, p, training, shape[:2] + (1,) * (len(shape) - 2))


def embedding(input, weight, padding_idx=None, max_norm=None, norm_type=2.0,
              scale_grad_by_freq=False, sparse=False):
    num = weight._data.shape[0]
    if padding_idx is not None:
        if padding_idx > 0:
            assert padding_idx < num, "Padding_idx must be within num_embeddings"
        elif padding_idx < 0:
            assert padding_idx >= -num, "Padding_idx must be within num_embeddings"
            padding_idx += num
    indices = input._data if isinstance(input, Tensor) else np.asarray(input)
    if indices.dtype not in (np.int64, np.int32):
        raise RuntimeError("Expected tensor for argument #1 'indices' to have one of the "
                           "following scalar types: Long, Int; but got "
                           f"torch.{_type_name(input)}Tensor instead (while checking arguments "
                           "for embedding)")
    if indices.size and (indices.min() < 0 or indices.max() >= num):
        raise IndexError("index out of range in self")
    if max_norm is not None:
        _renorm_rows(weight, np.unique(indices), max_norm, norm_type)
    return EmbeddingBackward0.apply(weight, indices, padding_idx, scale_grad_by_freq)


def _renorm_rows(weight, rows, max_norm, norm_type):
    """PyTorch's ``embedding_renorm_``: shrink the used rows whose norm exceeds max_norm."""
    data = weight._data
    norms = np.linalg.norm(data[rows].astype(np.float64), ord=norm_type, axis=1)
    scale = np.where(norms > max_norm, max_norm / (norms + 1e-7), 1.0)
    data[rows] *= scale[:, None].astype(data.dtype)
    weight._vc[0] += 1


def one_hot(tensor, num_classes=-1):
    x = tensor._data
    if x.dtype != np.int64:
        raise RuntimeError("one_hot is only applicable to index tensor of type LongTensor.")
    if num_classes == -1:
        if x.size == 0:
            raise RuntimeError("Can not infer total number of classes from empty tensor.")
        num_classes = int(x.max()) + 1
    if x.size and x.min() < 0:
        raise RuntimeError("Class values must be non-negative.")
    if x.size and x.max() >= num_classes:
        raise RuntimeError("Class values must be smaller than num_classes.")
    return _make((x[..., None] == np.arange(num_classes)).astype(np.int64))


# --------------------------------------------------------------------------- padding

_NON_CONSTANT_PAD_HELP = (
    "Supported combinations for non-constant padding:\n"
    "  - 2D or 3D input: padding size = 2 (pads last dimension)\n"
    "  - 3D or 4D input: padding size = 4 (pads last 2 dimensions)\n"
    "  - 4D or 5D input: padding size = 6 (pads last 3 dimensions)")


def pad(input, pad, mode="constant", value=None):
    pad = tuple(int(p) for p in pad)
    ndim = input._data.ndim
    if len(pad) % 2:
        raise RuntimeError("Padding length must be divisible by 2")
    if len(pad) // 2 > ndim:
        raise RuntimeError("Padding length should be less than or equal to two times the input "
                           f"dimension but got padding length {len(pad)} and input of dimension "
                           f"{ndim}")
    if mode == "constant":
        return ConstantPadNdBackward0.apply(input, pad, 0 if value is None else value)
    if mode not in ("reflect", "replicate", "circular"):
        raise NotImplementedError(f"Unrecognised padding mode {mode}")
    if value is not None and value != 0:
        raise RuntimeError(f"Padding mode \"{mode}\" doesn't take in value argument")
    dims = len(pad) // 2
    if dims not in (1, 2, 3) or ndim not in (dims + 1, dims + 2):
        raise NotImplementedError(f"Padding size {len(pad)} is not supported for {ndim}D input "
                                  f"tensor.\n{_NON_CONSTANT_PAD_HELP}")
    for k in range(dims):
        dim = ndim - 1 - k
        size = input._data.shape[dim]
        left, right = pad[2 * k], pad[2 * k + 1]
        if mode == "reflect" and (left >= size or right >= size):
            raise RuntimeError("Argument #4: Padding size should be less than the corresponding "
                               f"input dimension, but got: padding ({left}, {right}) at "
                               f"dimension {dim} of input {_shape(input)}")
        if mode == "circular" and (left > size or right > size):
            raise RuntimeError("Padding value causes wrapping around more than once.")
    return PAD_NODES[(mode, dims)].apply(input, pad, mode)


# --------------------------------------------------------------------------- losses

_REDUCTIONS = ("none", "mean", "sum")


def _reduction(size_average, reduce, reduction):
    if size_average is not None or reduce is not None:
        size_average = True if size_average is None else size_average
        reduce = True if reduce is None else reduce
        reduction = "mean" if size_average and reduce else "sum" if reduce else "none"
        warnings.warn("size_average and reduce args will be deprecated, please use "
                      f"reduction='{reduction}' instead.", UserWarning, stacklevel=3)
    if reduction not in _REDUCTIONS:
        raise ValueError(f"{reduction} is not a valid value for reduction")
    return reduction


def _broadcast_pair(input, target):
    """``torch.broadcast_tensors(input, target)`` (expand nodes only where a shape changes)."""
    a, b = input._data.shape, target._data.shape
    if a == b:
        return input, target
    size = max(len(a), len(b))
    padded_a, padded_b = (1,) * (size - len(a)) + a, (1,) * (size - len(b)) + b
    for dim in reversed(range(size)):
        x, y = padded_a[dim], padded_b[dim]
        if x != y and x != 1 and y != 1:
            raise RuntimeError(f"The size of tensor a ({x}) must match the size of tensor b ({y}) "
                               f"at non-singleton dimension {dim}")
    shape = tuple(np.broadcast_shapes(a, b))
    return (input if a == shape else input.expand(shape),
            target if b == shape else target.expand(shape))


def _warn_target_size(input, target):
    if input._data.shape != target._data.shape:
        warnings.warn(f"Using a target size ({target.shape}) that is different to the input size "
                      f"({input.shape}). This will likely lead to incorrect results due to "
                      "broadcasting. Please ensure they have the same size.", UserWarning,
                      stacklevel=3)


def _apply_reduction(loss, reduction):
    if reduction == "none":
        return loss
    return loss.sum() if reduction == "sum" else loss.mean()


def _weighted(loss, weight, reduction):
    if weight._data.shape != loss._data.shape:
        raise ValueError("Weights and input must have the same size.")
    loss = loss * weight
    if reduction == "mean":
        return loss.sum() / weight.sum()
    return _apply_reduction(loss, reduction)


def mse_loss(input, target, size_average=None, reduce=None, reduction="mean", weight=None):
    _warn_target_size(input, target)
    reduction = _reduction(size_average, reduce, reduction)
    input, target = _broadcast_pair(input, target)
    if weight is not None:
        diff = input - target
        return _weighted(diff * diff, weight, reduction)
    return MseLossBackward0.apply(input, target, reduction)


def l1_loss(input, target, size_average=None, reduce=None, reduction="mean", weight=None):
    _warn_target_size(input, target)
    reduction = _reduction(size_average, reduce, reduction)
    input, target = _broadcast_pair(input, target)
    loss = (input - target).abs()
    if weight is not None:
        return _weighted(loss, weight, reduction)
    return _apply_reduction(loss, reduction)


def smooth_l1_loss(input, target, size_average=None, reduce=None, reduction="mean", beta=1.0):
    _warn_target_size(input, target)
    reduction = _reduction(size_average, reduce, reduction)
    if beta < 0:
        raise RuntimeError("smooth_l1_loss does not support negative values for beta.")
    if beta == 0:
        return l1_loss(input, target, reduction=reduction)
    input, target = _broadcast_pair(input, target)
    return SmoothL1LossBackward0.apply(input, target, reduction, beta)


def huber_loss(input, target, reduction="mean", delta=1.0, weight=None):
    _warn_target_size(input, target)
    reduction = _reduction(None, None, reduction)
    if delta <= 0:
        raise RuntimeError("huber_loss does not support non-positive values for delta.")
    input, target = _broadcast_pair(input, target)
    if weight is None:
        return HuberLossBackward0.apply(input, target, reduction, delta)
    loss = HuberLossBackward0.apply(input, target, "none", delta) * weight
    return _apply_reduction(loss, reduction)


def binary_cross_entropy(input, target, weight=None, size_average=None, reduce=None,
                         reduction="mean"):
    reduction = _reduction(size_average, reduce, reduction)
    if target._data.shape != input._data.shape:
        raise ValueError(f"Using a target size ({target.shape}) that is different to the input "
                         f"size ({input.shape}) is deprecated. Please ensure they have the same "
                         "size.")
    if weight is not None and weight._data.shape != input._data.shape:
        weight = weight.expand(np.broadcast_shapes(target._data.shape, weight._data.shape))
    return BinaryCrossEntropyBackward0.apply(input, target, weight, reduction)


def binary_cross_entropy_with_logits(input, target, weight=None, size_average=None, reduce=None,
                                     reduction="mean", pos_weight=None):
    reduction = _reduction(size_average, reduce, reduction)
    if target._data.shape != input._data.shape:
        raise ValueError(f"Target size ({target.shape}) must be the same as input size "
                         f"({input.shape})")
    return BinaryCrossEntropyWithLogitsBackward0.apply(input, target, weight, pos_weight,
                                                       reduction)


def _check_class_target(target):
    if target._data.dtype not in (np.int64, np.uint8):
        raise RuntimeError("expected target dtype to be Long or Byte, but got "
                           f"{_type_name(target)}")


def nll_loss(input, target, weight=None, size_average=None, ignore_index=-100, reduce=None,
             reduction="mean"):
    reduction = _reduction(size_average, reduce, reduction)
    shape, target_shape = input._data.shape, target._data.shape
    ndim = len(shape)
    if ndim < 1:
        raise ValueError(f"Expected 1 or more dimensions (got {ndim})")
    if ndim != 1 and target_shape and shape[0] != target_shape[0]:
        raise ValueError(f"Expected input batch_size ({shape[0]}) to match target batch_size "
                         f"({target_shape[0]}).")
    classes = shape[0] if ndim == 1 else shape[1]
    if weight is not None and weight._data.size != classes:
        raise RuntimeError(f"weight tensor should be defined either for all {classes} classes or "
                           f"no classes but got weight tensor of shape: {_shape(weight)}")
    if ndim <= 2:
        if len(target_shape) > 1:
            raise RuntimeError("0D or 1D target tensor expected, multi-target not supported")
        _check_class_target(target)
        return NllLossBackward0.apply(input, target, weight, reduction, ignore_index)
    if ndim == 4:
        if len(target_shape) != 3:
            raise RuntimeError("only batches of spatial targets supported (3D tensors) but got "
                               f"targets of dimension: {len(target_shape)}")
        if target_shape != (shape[0],) + shape[2:]:
            raise RuntimeError(f"size mismatch (got input: {list(shape)} , target: "
                               f"{list(target_shape)}")
        _check_class_target(target)
        return NllLoss2DBackward0.apply(input, target, weight, reduction, ignore_index)
    expected = (shape[0],) + shape[2:]
    if target_shape != expected:
        raise RuntimeError(f"Expected target size {list(expected)}, got {list(target_shape)}")
    _check_class_target(target)
    folded = input.reshape(shape[0], classes, 1, -1)
    out = NllLoss2DBackward0.apply(folded, target.reshape(shape[0], 1, -1), weight, reduction,
                                   ignore_index)
    return out.view(expected) if reduction == "none" else out


def cross_entropy(input, target, weight=None, size_average=None, ignore_index=-100, reduce=None,
                  reduction="mean", label_smoothing=0.0):
    reduction = _reduction(size_average, reduce, reduction)
    if not 0.0 <= label_smoothing <= 1.0:
        raise RuntimeError(f"label_smoothing must be between 0.0 and 1.0. Got: {label_smoothing}")
    class_dim = 0 if input._data.ndim == 1 else 1
    classes = input._data.shape[class_dim]
    log_p = log_softmax(input, class_dim)
    weight_view = None
    if weight is not None:
        view_shape = [1] * input._data.ndim
        view_shape[class_dim] = classes
        weight_view = weight.view(view_shape)
    if target._data.dtype.kind == "f" and target._data.shape == input._data.shape:
        if ignore_index >= 0:
            raise RuntimeError("ignore_index is not supported for floating point target")
        if label_smoothing > 0:
            target = target * (1 - label_smoothing) + label_smoothing / classes
        product = log_p * target
        if weight_view is not None:
            product = product * weight_view
        if reduction == "none":
            return -product.sum(class_dim)
        total = -product.sum()
        return total / (input._data.size / classes) if reduction == "mean" else total
    loss = nll_loss(log_p, target, weight, None, ignore_index, None, reduction)
    if label_smoothing == 0:
        return loss
    smooth = -(log_p * weight_view if weight_view is not None else log_p).sum(class_dim)
    ignored = target == ignore_index
    smooth = smooth.masked_fill(ignored, 0.0)
    if reduction == "mean":
        kept = ~ignored._data
        if weight is not None:
            denominator = weight._data[target._data[kept]].sum()
        else:
            denominator = kept.sum()
        smooth = smooth.sum() / float(denominator)
    elif reduction == "sum":
        smooth = smooth.sum()
    return loss * (1 - label_smoothing) + smooth * (label_smoothing / classes)


def kl_div(input, target, size_average=None, reduce=None, reduction="mean", log_target=False):
    if size_average is not None or reduce is not None:
        reduction = _reduction(size_average, reduce, reduction)
    elif reduction == "mean":
        warnings.warn("reduction: 'mean' divides the total loss by both the batch size and the "
                      "support size.'batchmean' divides only by the batch size, and aligns with "
                      "the KL div math definition.'mean' will be changed to behave the same as "
                      "'batchmean' in the next major release.", UserWarning, stacklevel=2)
    if log_target:
        loss = target.exp() * (target - input)
    else:
        x_log_x = _ew.where(target > 0, target * target.log(), 0.0)
        loss = x_log_x - target * input
    if reduction == "batchmean":
        return loss.sum() / input._data.shape[0] if input._data.ndim else loss.sum()
    if reduction not in _REDUCTIONS:
        raise ValueError(f"{reduction} is not a valid value for reduction")
    return _apply_reduction(loss, reduction)


def soft_margin_loss(input, target, size_average=None, reduce=None, reduction="mean"):
    reduction = _reduction(size_average, reduce, reduction)
    input, target = _broadcast_pair(input, target)
    return SoftMarginLossBackward0.apply(input, target, reduction)


def multi_margin_loss(input, target, size_average=None, reduce=None, p=1, margin=1.0,
                      weight=None, reduction="mean"):
    reduction = _reduction(size_average, reduce, reduction)
    if p not in (1, 2):
        raise ValueError("only p == 1 and p == 2 supported")
    if weight is not None and weight._data.ndim != 1:
        raise ValueError("weight must be one-dimensional")
    _check_class_target(target)
    classes = input._data.shape[-1]
    t = target._data
    if t.size and (t.min() < 0 or t.max() >= classes):
        raise RuntimeError(f"target out of range: {t.min() if t.min() < 0 else t.max()}")
    return MultiMarginLossBackward0.apply(input, target, p, margin, weight, reduction)


def margin_ranking_loss(input1, input2, target, margin=0.0, size_average=None, reduce=None,
                        reduction="mean"):
    reduction = _reduction(size_average, reduce, reduction)
    if not input1._data.ndim == input2._data.ndim == target._data.ndim:
        raise RuntimeError("margin_ranking_loss : All input tensors should have same dimension "
                           f"but got sizes: input1: {input1.shape}, input2: {input2.shape}, "
                           f"target: {target.shape} ")
    loss = (-target * (input1 - input2) + margin).clamp(min=0)
    return _apply_reduction(loss, reduction)


def hinge_embedding_loss(input, target, margin=1.0, size_average=None, reduce=None,
                         reduction="mean"):
    reduction = _reduction(size_average, reduce, reduction)
    margin_part = (margin - input).clamp(min=0) * (target != 1)
    return _apply_reduction(margin_part + input * (target != -1), reduction)


def cosine_embedding_loss(input1, input2, target, margin=0.0, size_average=None, reduce=None,
                          reduction="mean"):
    reduction = _reduction(size_average, reduce, reduction)
    dim = 1 if input1._data.ndim == 2 else 0
    dot = (input1 * input2).sum(dim)
    norms = ((input1 * input1).sum(dim) + 1e-12) * ((input2 * input2).sum(dim) + 1e-12)
    cos = dot / norms.sqrt()
    loss = (1 - cos) * (target == 1) + (cos - margin).clamp(min=0) * (target == -1)
    return _apply_reduction(loss, reduction)


def poisson_nll_loss(input, target, log_input=True, full=False, size_average=None, eps=1e-8,
                     reduce=None, reduction="mean"):
    reduction = _reduction(size_average, reduce, reduction)
    if log_input:
        loss = input.exp() - target * input
    else:
        loss = input - target * (input + eps).log()
    if full:
        t = target._data.astype(np.float64)
        with np.errstate(divide="ignore", invalid="ignore"):
            stirling = t * np.log(t) - t + 0.5 * np.log(2 * np.pi * t)
        stirling[t <= 1] = 0
        loss = loss + _make(stirling.astype(loss._data.dtype))
    return _apply_reduction(loss, reduction)


def gaussian_nll_loss(input, target, var, full=False, eps=1e-6, reduction="mean"):
    if isinstance(var, (int, float)):
        var = _make(np.full(input._data.shape, var, input._data.dtype))
    if var._data.shape != input._data.shape:
        if input._data.shape[:-1] == var._data.shape:
            var = var.unsqueeze(-1)
        elif not (input._data.shape[:-1] == var._data.shape[:-1] and var._data.shape[-1] == 1):
            raise ValueError("var is of incorrect size")
    if reduction not in _REDUCTIONS:
        raise ValueError(reduction + " is not valid")
    if (var._data < 0).any():
        raise ValueError("var has negative entry/entries")
    var = var.clone()
    np.maximum(var._data, eps, out=var._data)  # PyTorch clamps in place, under no_grad
    loss = (var.log() + (input - target) ** 2 / var) * 0.5
    if full:
        loss = loss + 0.5 * math.log(2 * math.pi)
    return _apply_reduction(loss, reduction)


def multilabel_soft_margin_loss(input, target, weight=None, size_average=None, reduce=None,
                                reduction="mean"):
    reduction = _reduction(size_average, reduce, reduction)
    loss = -(target * logsigmoid(input) + (1 - target) * logsigmoid(-input))
    if weight is not None:
        loss = loss * weight
    class_dim = input._data.ndim - 1
    loss = loss.sum(class_dim) / input._data.shape[class_dim]
    return _apply_reduction(loss, reduction)


def triplet_margin_loss(anchor, positive, negative, margin=1.0, p=2, eps=1e-6, swap=False,
                        size_average=None, reduce=None, reduction="mean"):
    reduction = _reduction(size_average, reduce, reduction)
    distance_positive = pairwise_distance(anchor, positive, p, eps)
    distance_negative = pairwise_distance(anchor, negative, p, eps)
    if swap:
        distance_negative = _ew.minimum(distance_negative,
                                        pairwise_distance(positive, negative, p, eps))
    loss = (distance_positive - distance_negative + margin).clamp(min=0)
    return _apply_reduction(loss, reduction)
