"""conv1d/2d and conv_transpose1d/2d over ``ConvolutionBackward0`` (im2col + GEMM)."""
import warnings

from ..._ops.conv import ConvolutionBackward0
from ..._ops.op import cpp_type_name
from ..._ops.padding import ConstantPadNdBackward0
from .utils import _shape, _tuple


def _batched(input, dims, name):
    ndim = input._data.ndim
    if ndim not in (dims + 1, dims + 2):
        raise RuntimeError(f"Expected {dims + 1}D (unbatched) or {dims + 2}D (batched) input to "
                           f"{name}, but got input of size: {_shape(input)}")
    return ndim == dims + 1


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
    if bias is not None and not isinstance(padding, str) and \
            bias._data.dtype != input._data.dtype:
        # (PyTorch's conv1d / conv2d check it first; their padding='same' / 'valid' forms,
        # another entry point, do not)
        raise RuntimeError(f"Input type ({cpp_type_name(input._data)}) and bias type "
                           f"({cpp_type_name(bias._data)}) should be the same")
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
    # (the op checks its arguments after saving them: conv_checks.py)
    out = ConvolutionBackward0.apply(input, weight, bias, None, None, None, False, None, groups,
                                     (dims, stride, padding, dilation, None))
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
    # (the op checks its arguments after saving them: conv_checks.py)
    out = ConvolutionBackward0.apply(input, weight, bias, None, None, None, True, None, groups,
                                     (dims, stride, padding, dilation, output_padding))
    return out.squeeze(0) if unbatched else out


def conv_transpose1d(input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1,
                     dilation=1):
    return _conv_transpose(input, weight, bias, stride, padding, output_padding, groups,
                           dilation, 1)


def conv_transpose2d(input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1,
                     dilation=1):
    return _conv_transpose(input, weight, bias, stride, padding, output_padding, groups,
                           dilation, 2)
