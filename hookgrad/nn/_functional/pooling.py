"""Max, average, adaptive and power-average pooling (1-d as 2-d with a unit height)."""
import numpy as np

from ..._ops.channels_last import restride_pooled_mean
from ..._ops.op import type_name
from ..._ops.packed_on_error import checked, pack_saved
from ..._ops.pooling import (
    AdaptiveAvgPool2DBackward0,
    AdaptiveMaxPool2DBackward0,
    AvgPool2DBackward0,
    MaxPool2DWithIndicesBackward0,
    pool_output_size,
)
from ..._tensor_base import _make, _wrap_dim
from .activation import relu
from .utils import _shape, _tuple


def _pool_checks(input, kernel, stride, padding, dilation, ceil_mode, is_max):
    """PyTorch's checks of a 2-d pooling, in its order: the dims a max-pool takes (an average
    pool reads the channels' size first), each dim's output size (stride, pad), the kernel,
    stride and dilation, the input's sizes, the pad against the kernel and the output size."""
    shape = input._data.shape
    if is_max and len(shape) not in (3, 4):
        raise RuntimeError("non-empty 3D or 4D (batch mode) tensor expected for input")
    _wrap_dim(-3, len(shape))
    out = []
    for size, k, s, p, d in zip(shape[-2:], kernel, stride, padding, dilation):
        if s == 0:
            raise RuntimeError("stride should not be zero")
        if p < 0:
            raise RuntimeError(f"pad must be non-negative, but got pad: {p}")
        if p > ((k - 1) * d + 1) // 2:
            raise RuntimeError(f"pad should be at most half of effective kernel size, but got "
                               f"pad={p}, kernel_size={k} and dilation={d}")
        out.append(pool_output_size(size, k, s, p, d, ceil_mode))
    if any(k <= 0 for k in kernel):
        raise RuntimeError("kernel size should be greater than zero, but got "
                           f"kH: {kernel[0]} kW: {kernel[1]}")
    if any(s <= 0 for s in stride):
        raise RuntimeError(f"stride should be greater than zero, but got dH: {stride[0]} "
                           f"dW: {stride[1]}")
    if any(d <= 0 for d in dilation):
        raise RuntimeError("dilation should be greater than zero, but got dilationH: "
                           f"{dilation[0]} dilationW: {dilation[1]}")
    if len(shape) not in (3, 4) or 0 in shape[-3 if len(shape) == 3 else 1:]:
        raise RuntimeError("Expected 3D or 4D (batch mode) tensor with optional 0 dim batch size "
                           f"for input, but got:{_shape(input)}")
    if kernel[1] // 2 < padding[1] or kernel[0] // 2 < padding[0]:
        raise RuntimeError("pad should be smaller than or equal to half of kernel size, but got "
                           f"padW = {padding[1]}, padH = {padding[0]}, kW = {kernel[1]}, "
                           f"kH = {kernel[0]}")
    if any(o < 1 for o in out):
        raise RuntimeError(f"Given input size: ({shape[-3]}x{shape[-2]}x{shape[-1]}). Calculated "
                           f"output size: ({shape[-3]}x{out[0]}x{out[1]}). Output size is too "
                           "small")


def _max_pool1d_checks(input, kernel, stride, padding, dilation, ceil_mode):
    """``max_pool1d``'s own checks (without ``return_indices``; with it PyTorch takes the 2-d
    path and its messages)."""
    (k,), (s,), (p,), (d,) = kernel, stride, padding, dilation
    for name, value in (("kernel_size", k), ("stride", s)):
        if value <= 0:
            raise RuntimeError(f"max_pool1d() {name} must be greater than zero, but got {value}")
    if p < 0:
        raise RuntimeError(f"max_pool1d() padding must be non-negative, but got {p}")
    if p > k // 2:
        raise RuntimeError("max_pool1d() padding should be at most half of kernel size, but got "
                           f"padding={p} and kernel_size={k}")
    if d <= 0:
        raise RuntimeError(f"max_pool1d() dilation must be greater than zero, but got {d}")
    size = pool_output_size(input._data.shape[-1], k, s, p, d, ceil_mode)
    if size <= 0:
        raise RuntimeError(f"max_pool1d() Invalid computed output size: {size}")


def _pool_args(kernel_size, stride, padding, n):
    kernel = _tuple(kernel_size, n, "kernel_size")
    stride = kernel if stride is None or (not isinstance(stride, int) and len(stride) == 0) \
        else _tuple(stride, n, "stride")
    return kernel, stride, _tuple(padding, n, "padding")


def max_pool2d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False,
               return_indices=False):
    kernel, stride, padding = _pool_args(kernel_size, stride, padding, 2)
    dilation = _tuple(dilation, 2, "dilation")
    # (the kernel's checks, after its node saves the input: packed_on_error.py)
    checked(_pool_checks, (input,), lambda: (input,), input, kernel, stride, padding, dilation,
            ceil_mode, True)
    return MaxPool2DWithIndicesBackward0.apply(input, kernel, stride, padding, dilation,
                                               ceil_mode, bool(return_indices))


def max_pool1d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False,
               return_indices=False):
    kernel, stride, padding = _pool_args(kernel_size, stride, padding, 1)
    dilation = _tuple(dilation, 1)
    shape = input._data.shape
    if not return_indices:
        if len(shape) not in (2, 3) or 0 in shape[-2:]:
            raise RuntimeError("max_pool1d: Expected 2D or 3D (batch mode) tensor with optional 0 "
                               f"dim batch size for input, but got:{_shape(input)}")
        _max_pool1d_checks(input, kernel, stride, padding, dilation, ceil_mode)
    elif len(shape) not in (2, 3):
        raise RuntimeError(f"Expected 2 to 3 dimensions, but got {len(shape)}-dimensional tensor "
                           "for argument #1 'self' (while checking arguments for max_pool1d)")
    result = max_pool2d(input.unsqueeze(-2), (1,) + kernel, (1,) + stride, (0,) + padding,
                        (1,) + dilation, ceil_mode, return_indices)
    if return_indices:
        return result[0].squeeze(-2), result[1].squeeze(-2)
    if result._grad_fn is None:  # PyTorch's own 1-d kernel: a new contiguous tensor, no view
        out = _make(np.ascontiguousarray(result._data.squeeze(-2)))
        if len(shape) == 2:  # (which squeezes an unbatched result in place)
            out._vc[0] = 1
        return out
    return result.squeeze(-2)


def avg_pool2d(input, kernel_size, stride=None, padding=0, ceil_mode=False,
               count_include_pad=True, divisor_override=None):
    kernel, stride, padding = _pool_args(kernel_size, stride, padding, 2)
    # (the kernel's checks, after its node saves the input: packed_on_error.py)
    checked(_pool_checks, (input,), lambda: (input,), input, kernel, stride, padding, (1, 1),
            ceil_mode, False)
    if divisor_override is not None and divisor_override == 0:
        pack_saved((input,), lambda: (input,))
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


def _check_not_empty(name, input, first):
    """PyTorch's error for an empty dim from ``first`` on (the dims it does not batch over)."""
    shape = input._data.shape
    for dim in range(first, len(shape)):
        if not shape[dim]:
            raise RuntimeError(f"{name}(): Expected input to have non-zero size for non-batch "
                               f"dimensions, but input has sizes {list(shape)} with dimension "
                               f"{dim} being empty")


def _check_sequence_size(input, output_size):
    """F.adaptive_*_pool2d's own check of a sequence output_size (its ``_list_with_default``)."""
    if not isinstance(output_size, int) and input._data.ndim <= len(output_size):
        raise ValueError(f"Input dimension should be at least {len(output_size) + 1}")


def _adaptive_avg_checks(input):
    if input._data.ndim not in (3, 4):
        raise RuntimeError(f"adaptive_avg_pool2d(): Expected 3D or 4D tensor, but got "
                           f"{_shape(input)}")
    _check_not_empty("adaptive_avg_pool2d", input, input._data.ndim - 2)


def adaptive_avg_pool2d(input, output_size):
    _check_sequence_size(input, output_size)
    size = _adaptive_size(output_size, input._data.shape, 2)
    if size[0] < 0 or size[1] < 0:  # (the composite's check, before any node)
        raise RuntimeError("adaptive_avg_pool2d: elements of output_size must be greater than "
                           f"or equal to 0 but received {{{size[0]}, {size[1]}}}")
    if size == (1, 1):  # (PyTorch's shortcut, unchecked: the mean over H and W)
        return restride_pooled_mean(input.mean((-1, -2), keepdim=True), input)
    # (_adaptive_avg_pool2d's checks, after its node saves the input: packed_on_error.py)
    checked(_adaptive_avg_checks, (input,), lambda: (input,), input)
    return AdaptiveAvgPool2DBackward0.apply(input, size)


def adaptive_avg_pool1d(input, output_size):
    if input._data.ndim not in (2, 3):
        raise RuntimeError(f"adaptive_avg_pool1d() argument 'input' should have 2 or 3 dimensions"
                           f", but got {_shape(input)}")
    size = _adaptive_size(output_size, input._data.shape, 1)
    return adaptive_avg_pool2d(input.unsqueeze(-2), (1,) + size).squeeze(-2)


def _adaptive_max_checks(input, size):
    if input._data.ndim not in (3, 4):
        raise RuntimeError(f"adaptive_max_pool2d(): Expected 3D or 4D tensor, but got: "
                           f"{_shape(input)}")
    _check_not_empty("adaptive_max_pool2d", input, 1)
    shape = input._data.shape[:-2] + size
    for n in shape:
        if n < 0:
            raise RuntimeError(f"Trying to create tensor with negative dimension {n}: "
                               f"[{', '.join(map(str, shape))}]")
    if input._data.dtype.kind != "f":  # (PyTorch's kernel is for floating dtypes only)
        raise NotImplementedError(f"\"adaptive_max_pool2d\" not implemented for "
                                  f"'{type_name(input._data)}'")


def adaptive_max_pool2d(input, output_size, return_indices=False):
    _check_sequence_size(input, output_size)
    size = _adaptive_size(output_size, input._data.shape, 2)
    # (the kernel's checks, after its node saves the input: packed_on_error.py)
    checked(_adaptive_max_checks, (input,), lambda: (input,), input, size)
    out, indices = AdaptiveMaxPool2DBackward0.apply(input, size)
    return (out, indices) if return_indices else out


def adaptive_max_pool1d(input, output_size, return_indices=False):
    if input._data.ndim not in (2, 3):
        raise RuntimeError(f"adaptive_max_pool1d() argument 'input' should have 2 or 3 dimensions"
                           f", but got {_shape(input)}")
    _check_not_empty("adaptive_max_pool1d", input, 1)
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
