"""The checks of PyTorch's ``_convolution`` (and of its backends' output size), run by
``ConvolutionBackward0`` after it saves its inputs: PyTorch's autograd layer saves them, and
so calls the saved-tensor pack hooks, before the kernel checks its arguments. Takes the
parameters as the functional form gave them (1 or 2 spatial dims); returns them as the 2-d
kernel takes them, with the output size of a transposed convolution."""
from .. import _dtype
from .conv_onednn import runs_on_onednn


def _type_name(t):
    return _dtype.from_numpy_dtype(t._data.dtype).legacy_name[:-6]


def _shape(t):
    return list(t._data.shape)


def checked_params(input, weight, bias, groups, transposed, spec):
    """Check ``spec`` = ``(dims, stride, padding, dilation, output_padding)``; return the 2-d
    ``(stride, padding, dilation, out_hw)``."""
    dims, stride, padding, dilation, output_padding = spec
    conv_checks(input, weight, bias, stride, padding, dilation, groups, transposed)
    out_hw = None
    if transposed:
        out_size = _transposed_size(input, weight, stride, padding, output_padding, groups,
                                    dilation, dims)
        out_hw = out_size if dims == 2 else (1,) + out_size
    if dims == 1:  # 1-d parameters become 2-d ones with a trivial height
        stride, padding, dilation = ((base,) + p for base, p in zip(
            (1, 0, 1), (stride, padding, dilation)))
    return stride, padding, dilation, out_hw


def conv_checks(input, weight, bias, stride, padding, dilation, groups, transposed):
    if any(s <= 0 for s in stride):
        raise RuntimeError("non-positive stride is not supported")
    if any(p < 0 for p in padding):
        raise RuntimeError("negative padding is not supported")
    if any(d < 0 for d in dilation):
        raise RuntimeError("dilation should be greater than zero")
    if any(d == 0 for d in dilation):  # (PyTorch's message depends on the kernel it picks)
        if transposed:  # (the 1-d op runs as a 2-d one with a unit height, which shows)
            dims = dilation if len(dilation) == 2 else (1,) + dilation
            raise RuntimeError("dilation should be greater than zero, but got dilation_height: "
                               f"{dims[0]}, dilation_width: {dims[1]}")
        raise RuntimeError("non-positive dilation is not supported")
    if groups <= 0:
        raise RuntimeError("non-positive groups is not supported")
    if input._data.dtype != weight._data.dtype:
        raise RuntimeError(f"expected scalar type {_type_name(input)} but found "
                           f"{_type_name(weight)}")
    w = weight._data.shape
    if len(w) < 3:
        raise RuntimeError("weight should have at least three dimensions")
    if len(stride) not in (1, len(w) - 2):
        raise RuntimeError(f"expected stride to be a single integer value or a list of "
                           f"{len(w) - 2} values to match the convolution dimensions, but got "
                           f"stride={list(stride)}")
    if len(w) != input._data.ndim:
        raise RuntimeError(f"Expected {len(w)}-dimensional input for {len(w)}-dimensional weight "
                           f"{list(w)}, but got {input._data.ndim}-dimensional input of size "
                           f"{_shape(input)} instead")
    if not w[0]:
        raise RuntimeError(f"Given groups={groups}, expected weight to be at least 1 at dimension "
                           f"0, but got weight of size {list(w)} instead")
    # (a transposed convolution's weight too: PyTorch checks these before its channels)
    if w[0] < groups:
        raise RuntimeError(f"Given groups={groups}, expected weight to be at least {groups} "
                           f"at dimension 0, but got weight of size {list(w)} instead")
    if w[0] % groups:
        raise RuntimeError(f"Given groups={groups}, expected weight to be divisible by "
                           f"{groups} at dimension 0, but got weight of size [{list(w)}] "
                           "instead")
    channels = input._data.shape[1]
    if transposed and not w[1]:  # no output channels: PyTorch fails in its backends
        if not input._data.size:
            raise IndexError("select(): index 0 out of range for tensor of size [0] at "
                             "dimension 0")
        raise RuntimeError("could not create a primitive descriptor for the deconvolution "
                           "forward propagation primitive. Run workload with environment "
                           "variable ONEDNN_VERBOSE=all to get additional diagnostic "
                           "information.")
    if transposed:
        if channels != w[0]:
            raise RuntimeError(f"Given transposed=1, weight of size {list(w)}, expected "
                               f"input{_shape(input)} to have {w[0]} channels, but got "
                               f"{channels} channels instead")
        out_channels = w[1] * groups
    else:
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
    shape = input._data.shape
    if not all(shape[2:]) and all(shape[:2]):
        raise RuntimeError("Only zero batch or zero channel inputs are supported, but got input "
                           f"shape: {list(shape)}")
    if bias is not None and (bias._data.ndim != 1 or bias._data.shape[0] != out_channels):
        raise RuntimeError(f"Given {'transposed=1, ' if transposed else ''}weight of size "
                           f"{list(w)}, expected bias to be 1-dimensional "
                           f"with {out_channels} elements, but got bias of size {_shape(bias)} "
                           "instead")


def _transposed_size(input, weight, stride, padding, output_padding, groups, dilation, dims):
    """The output's spatial size of a transposed convolution, with its backends' checks."""
    if any(op >= s and op >= d for op, s, d in zip(output_padding, stride, dilation)):
        values = [v if dims == 2 else (base,) + v
                  for base, v in zip((0, 1, 1), (output_padding, stride, dilation))]
        raise RuntimeError("output padding must be smaller than either stride or dilation, but got "
                           + " ".join(f"{name}_{side}: {v}" for name, pair in zip(
                               ("output_padding", "stride", "dilation"), values)
                               for side, v in zip(("height", "width"), pair)))
    out_size = tuple((size - 1) * s - 2 * p + d * (k - 1) + op + 1 for size, k, s, p, d, op in zip(
        input._data.shape[2:], weight._data.shape[2:], stride, padding, dilation, output_padding))
    # an output size of 0 is an empty result where PyTorch computes with oneDNN; its other
    # backends refuse it, as they refuse negative sizes
    height = (1,) if dims == 1 else ()  # (PyTorch computes 1-d as 2-d of height 1)
    if input._data.shape[0] == 0:  # an empty batch skips the backend and its size check
        shape = (0, weight._data.shape[1] * groups) + height + out_size
        for index, size in enumerate(shape):
            if size < 0:
                raise RuntimeError(f"invalid shape dimension {size} at index {index} of shape "
                                   f"[{', '.join(map(str, shape))}]")
        smallest = 0
    else:
        smallest = 0 if runs_on_onednn(input._data, weight._data, stride, dilation,
                                       groups) else 1
    if any(size < smallest for size in out_size):
        sizes = " x ".join(map(str, height + input._data.shape[2:]))
        raise RuntimeError(f"Given input size per channel: ({sizes}). Calculated output size per "
                           f"channel: ({' x '.join(map(str, height + out_size))}). Output size "
                           "is too small")
    return out_size
