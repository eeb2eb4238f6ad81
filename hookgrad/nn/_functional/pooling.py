"""Max, average, adaptive and power-average pooling (1-d as 2-d with a unit height)."""
from ..._ops.pooling import (
    AdaptiveAvgPool2DBackward0,
    AdaptiveMaxPool2DBackward0,
    AvgPool2DBackward0,
    MaxPool2DWithIndicesBackward0,
    pool_output_size,
)
from .activation import relu
from .utils import _shape, _tuple


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
    return MaxPool2DWithIndicesBackward0.apply(input, kernel, stride, padding, dilation,
                                               ceil_mode, bool(return_indices))


def max_pool1d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False,
               return_indices=False):
    kernel, stride, padding = _pool_args(kernel_size, stride, padding, 1)
    if input._data.ndim not in (2, 3):
        raise RuntimeError("max_pool1d: Expected 2D or 3D (batch mode) tensor with optional 0 "
                           f"dim batch size for input, but got:{_shape(input)}")
    result = max_pool2d(input.unsqueeze(-2), (1,) + kernel, (1,) + stride, (0,) + padding,
                        (1,) + _tuple(dilation, 1), ceil_mode, return_indices)
    if return_indices:
        return result[0].squeeze(-2), result[1].squeeze(-2)
    return result.squeeze(-2)


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
