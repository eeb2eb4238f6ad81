"""Sliding patches and sub-pixel rearrangements: ``F.unfold`` (im2col) and ``F.fold``
(col2im), each the other's adjoint, and ``pixel_shuffle`` / ``pixel_unshuffle``, with
PyTorch's node names and checks."""
import numpy as np

from .._memory_format import like_suggested
from .op import Op, type_name


def blocks(size, kernel, dilation, padding, stride):
    """The number of sliding blocks along each spatial dim."""
    return tuple((n + 2 * p - d * (k - 1) - 1) // s + 1
                 for n, k, d, p, s in zip(size, kernel, dilation, padding, stride))


def _offsets(kernel, dilation, stride, counts):
    """For each kernel position: the strided slice of the padded input it reads."""
    for i in range(kernel[0]):
        for j in range(kernel[1]):
            rows = slice(i * dilation[0], i * dilation[0] + stride[0] * (counts[0] - 1) + 1,
                         stride[0])
            cols = slice(j * dilation[1], j * dilation[1] + stride[1] * (counts[1] - 1) + 1,
                         stride[1])
            yield rows, cols


def im2col(x, kernel, dilation, padding, stride):
    """(N, C, H, W) -> (N, C * kh * kw, L): each column a patch, channel-major."""
    n, c, h, w = x.shape
    counts = blocks((h, w), kernel, dilation, padding, stride)
    padded = np.pad(x, ((0, 0), (0, 0), (padding[0],) * 2, (padding[1],) * 2))
    patches = [padded[:, :, rows, cols] for rows, cols in _offsets(kernel, dilation, stride,
                                                                   counts)]
    out = np.stack(patches, 2) if patches else np.zeros((n, c, 0) + counts, x.dtype)
    return out.reshape(n, c * kernel[0] * kernel[1], counts[0] * counts[1])


def col2im(cols, size, kernel, dilation, padding, stride):
    """The adjoint of ``im2col``: patch values added back where they were read."""
    n = cols.shape[0]
    c = cols.shape[1] // (kernel[0] * kernel[1])
    counts = blocks(size, kernel, dilation, padding, stride)
    patches = cols.reshape(n, c, kernel[0] * kernel[1], counts[0], counts[1])
    out = np.zeros((n, c, size[0] + 2 * padding[0], size[1] + 2 * padding[1]), cols.dtype)
    for k, (rows, columns) in enumerate(_offsets(kernel, dilation, stride, counts)):
        out[:, :, rows, columns] += patches[:, :, k]
    return out[:, :, padding[0]:padding[0] + size[0], padding[1]:padding[1] + size[1]]


def _batched(x, ndim):
    """``x`` with a batch dim of 1 added when it came unbatched."""
    return x[None] if x.ndim == ndim - 1 else x


class Im2ColBackward0(Op):
    def forward(self, a, kernel, dilation, padding, stride):
        x = a._data
        if x.dtype.kind not in "fV":
            raise NotImplementedError(f"\"im2col_out_cpu\" not implemented for '{type_name(x)}'")
        self.params = (kernel, dilation, padding, stride)
        self.size = x.shape[-2:]
        out = im2col(_batched(x, 4), kernel, dilation, padding, stride)
        return out if x.ndim == 4 else out[0]

    def backward(self, grad):
        return Col2ImBackward0.apply(grad, self.size, *self.params)


class Col2ImBackward0(Op):
    def forward(self, a, size, kernel, dilation, padding, stride):
        x = a._data
        if x.dtype.kind not in "fV":
            raise NotImplementedError(f"\"col2im_out_cpu\" not implemented for '{type_name(x)}'")
        self.params = (kernel, dilation, padding, stride)
        out = col2im(_batched(x, 3), size, kernel, dilation, padding, stride)
        return out if x.ndim == 3 else out[0]

    def backward(self, grad):
        return Im2ColBackward0.apply(grad, *self.params)


def _shuffle(x, r):
    *lead, c, h, w = x.shape
    out = x.reshape(*lead, c // (r * r), r, r, h, w)
    k = len(lead)
    out = out.transpose(*range(k), k, k + 3, k + 1, k + 4, k + 2)
    return out.reshape(*lead, c // (r * r), h * r, w * r)


def _unshuffle(x, r):
    *lead, c, h, w = x.shape
    out = x.reshape(*lead, c, h // r, r, w // r, r)
    k = len(lead)
    out = out.transpose(*range(k), k, k + 2, k + 4, k + 1, k + 3)
    return out.reshape(*lead, c * r * r, h // r, w // r)


class PixelShuffleBackward0(Op):
    """(*, C r^2, H, W) -> (*, C, H r, W r): a copy."""

    def forward(self, a, factor):
        self.factor = factor
        # always a new array: when the shuffle moves nothing (factor 1, sizes 1) the reshaped
        # array is already contiguous and would share the input's memory
        return like_suggested(_shuffle(a._data, factor).copy(), a._data)

    def backward(self, grad):
        return PixelUnshuffleBackward0.apply(grad, self.factor)


class PixelUnshuffleBackward0(Op):
    """(*, C, H r, W r) -> (*, C r^2, H, W): a copy."""

    def forward(self, a, factor):
        self.factor = factor
        return like_suggested(_unshuffle(a._data, factor).copy(), a._data)  # (always new, as
        # pixel_shuffle's)

    def backward(self, grad):
        return PixelShuffleBackward0.apply(grad, self.factor)


def _check_shuffle_input(name, x, factor, word):
    if x.ndim < 3:
        raise RuntimeError(f"{name} expects input to have at least 3 dimensions, but got input "
                           f"with {x.ndim} dimension(s)")
    if factor <= 0:
        raise RuntimeError(f"{name} expects a positive {word}, but got {factor}")


def pixel_shuffle(input, upscale_factor):
    x = input._data
    _check_shuffle_input("pixel_shuffle", x, upscale_factor, "upscale_factor")
    if x.shape[-3] % (upscale_factor * upscale_factor):
        raise RuntimeError("pixel_shuffle expects its input's 'channel' dimension to be "
                           "divisible by the square of upscale_factor, but input.size(-3)="
                           f"{x.shape[-3]} is not divisible by {upscale_factor ** 2}")
    return PixelShuffleBackward0.apply(input, int(upscale_factor))


def pixel_unshuffle(input, downscale_factor):
    x = input._data
    _check_shuffle_input("pixel_unshuffle", x, downscale_factor, "downscale_factor")
    for dim, word in ((-2, "height"), (-1, "width")):
        if x.shape[dim] % downscale_factor:
            raise RuntimeError(f"pixel_unshuffle expects {word} to be divisible by "
                               f"downscale_factor, but input.size({dim})={x.shape[dim]} is not "
                               f"divisible by {downscale_factor}")
    return PixelUnshuffleBackward0.apply(input, int(downscale_factor))
