"""``unfold`` / ``fold`` (sliding patches) and ``pixel_shuffle`` / ``pixel_unshuffle``, with
PyTorch's argument checks."""
from ..._ops import patches as _patches
from ..._ops.patches import pixel_shuffle, pixel_unshuffle  # noqa: F401  (re-exported)


def _pair(value, name):
    if isinstance(value, int):
        return (value, value)
    value = tuple(int(v) for v in value)
    if len(value) != 2:
        raise RuntimeError(f"It is expected {name} equals to 2, but got size {len(value)}")
    return value


def _check_params(kernel, dilation, padding, stride):
    for name, (a, b), low in (("kernel size", kernel, 1), ("dilation", dilation, 1),
                              ("stride", stride, 1)):
        if a < low or b < low:
            words = {"kernel size": ("kernel_height", "kernel_width"),
                     "dilation": ("dilation_height", "dilation_width"),
                     "stride": ("stride_height", "stride_width")}[name]
            raise RuntimeError(f"{name} should be greater than zero, but got {words[0]}: {a} "
                               f"{words[1]}: {b}")
    if padding[0] < 0 or padding[1] < 0:
        raise RuntimeError(f"padding should be non-negative, but got pad_height: {padding[0]} "
                           f"pad_width: {padding[1]}")


def unfold(input, kernel_size, dilation=1, padding=0, stride=1):
    x = input._data
    if x.ndim not in (3, 4):
        raise IndexError(f"Dimension out of range (expected to be in range of "
                         f"[{-max(x.ndim, 1)}, {max(x.ndim, 1) - 1}], but got {x.ndim})")
    params = tuple(_pair(v, n) for v, n in ((kernel_size, "kernel_size"),
                                            (dilation, "dilation"), (padding, "padding"),
                                            (stride, "stride")))
    _check_params(*params)
    spatial = x.shape[-2:]
    if 0 in x.shape[-3:]:
        raise RuntimeError("Expected 3D or 4D (batch mode) tensor with possibly 0 batch size "
                           "and other non-zero dimensions for input, but got: "
                           f"[{', '.join(map(str, x.shape))}]")
    counts = _patches.blocks(spatial, *params)
    if min(counts) < 1:
        kernel, dilation, padding, _ = params
        raise RuntimeError(f"Given input with spatial size {tuple(spatial)}, kernel_size="
                           f"{kernel}, dilation={dilation}, padding={padding}, calculated shape "
                           f"of the array of sliding blocks as {counts}, but its components must "
                           "be at least one.")
    return _patches.Im2ColBackward0.apply(input, *params)


def fold(input, output_size, kernel_size, dilation=1, padding=0, stride=1):
    x = input._data
    if x.ndim not in (2, 3):
        raise RuntimeError("Expected 2D or 3D (batch mode) tensor for input with possibly 0 "
                           "batch size and non-zero dimensions for input, but got: "
                           f"[{', '.join(map(str, x.shape))}]")
    size = _pair(output_size, "output_size")
    params = tuple(_pair(v, n) for v, n in ((kernel_size, "kernel_size"),
                                            (dilation, "dilation"), (padding, "padding"),
                                            (stride, "stride")))
    _check_params(*params)
    kernel, dilation, padding, stride = params
    channels = x.shape[-2]
    if channels % (kernel[0] * kernel[1]):
        raise RuntimeError("Expected size of input's dimension 1 to be divisible by the product "
                           f"of kernel_size, but got input.size(1)={channels} and "
                           f"kernel_size={kernel}.")
    counts = _patches.blocks(size, *params)
    if counts[0] * counts[1] != x.shape[-1]:
        raise RuntimeError(f"Given output_size={size}, kernel_size={kernel}, dilation="
                           f"{dilation}, padding={padding}, stride={stride}, expected size of "
                           "input's dimension 2 to match the calculated number of sliding blocks "
                           f"{counts[0]} * {counts[1]} = {counts[0] * counts[1]}, but got "
                           f"input.size(2)={x.shape[-1]}.")
    return _patches.Col2ImBackward0.apply(input, size, *params)
