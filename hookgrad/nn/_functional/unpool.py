"""``max_unpool1d`` / ``max_unpool2d`` (the inverse of max pooling with its indices) and the
``*_with_indices`` names PyTorch gives max pooling with ``return_indices=True``."""
from ..._ops.op import type_name
from ..._ops.unpool import MaxUnpool2DBackward0
from .pooling import adaptive_max_pool1d, adaptive_max_pool2d, max_pool1d, max_pool2d
from .utils import _shape


def _ntuple(value, n):
    return tuple(value) if isinstance(value, (tuple, list)) else (value,) * n


def _unpool_output_size(input, kernel, stride, padding, output_size):
    shape = input._data.shape
    n = len(kernel)
    default = [(shape[-n + d] - 1) * stride[d] + kernel[d] - 2 * padding[d] for d in range(n)]
    if output_size is None:
        return default
    output_size = list(output_size)
    if len(output_size) == n + 2:
        output_size = output_size[2:]
    if len(output_size) != n:
        raise ValueError(f"output_size should be a sequence containing {n} or {n + 2} elements, "
                         f"but it has a length of '{len(output_size)}'")
    for d in range(n):
        low, high = default[d] - stride[d], default[d] + stride[d]
        if not low < output_size[d] < high:
            raise ValueError(f'invalid output_size "{output_size}" (dim {d} must be between '
                             f"{low} and {high})")
    return output_size


def _max_unpool2d(input, indices, out_hw):
    x, idx = input._data, indices._data
    if idx.dtype.kind != "i" or idx.dtype.itemsize != 8:
        raise RuntimeError(f"elements in indices should be type int64 but got: "
                           f"{type_name(indices._data)}")
    if x.ndim not in (3, 4):
        raise RuntimeError("Input to max_unpooling2d should be a 3d or 4d Tensor, but got a "
                           f"tensor with {x.ndim} dimensions.")
    if idx.shape != x.shape:
        raise RuntimeError("Expected shape of indices to be same as that of the input tensor "
                           f"({_shape(input)}) but got indices tensor with shape: "
                           f"{_shape(indices)}")
    if x.dtype.kind != "f":  # (PyTorch's kernel is for floating dtypes only)
        raise NotImplementedError(f"\"max_unpool2d\" not implemented for '{type_name(x)}'")
    return MaxUnpool2DBackward0.apply(input, indices, tuple(int(s) for s in out_hw))


def max_unpool2d(input, indices, kernel_size, stride=None, padding=0, output_size=None):
    kernel = _ntuple(kernel_size, 2)
    stride = kernel if stride is None else _ntuple(stride, 2)
    size = _unpool_output_size(input, kernel, stride, _ntuple(padding, 2), output_size)
    return _max_unpool2d(input, indices, size)


def max_unpool1d(input, indices, kernel_size, stride=None, padding=0, output_size=None):
    kernel = _ntuple(kernel_size, 1)
    stride = kernel if stride is None else _ntuple(stride, 1)
    size = _unpool_output_size(input, kernel, stride, _ntuple(padding, 1), output_size)
    return _max_unpool2d(input.unsqueeze(-1), indices.unsqueeze(-1),
                         list(size) + [1]).squeeze(-1)


def max_pool1d_with_indices(input, kernel_size, stride=None, padding=0, dilation=1,
                            ceil_mode=False, return_indices=False):
    return max_pool1d(input, kernel_size, stride, padding, dilation, ceil_mode, True)


def max_pool2d_with_indices(input, kernel_size, stride=None, padding=0, dilation=1,
                            ceil_mode=False, return_indices=False):
    return max_pool2d(input, kernel_size, stride, padding, dilation, ceil_mode, True)


def adaptive_max_pool1d_with_indices(input, output_size, return_indices=False):
    return adaptive_max_pool1d(input, output_size, True)


def adaptive_max_pool2d_with_indices(input, output_size, return_indices=False):
    return adaptive_max_pool2d(input, output_size, True)
