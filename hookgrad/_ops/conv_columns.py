"""The im2col layouts of conv.py's GEMMs: zero padding, the columns of an input (batch
first or last) and the matching rows of an output gradient."""
import numpy as np
from numpy.lib.stride_tricks import as_strided


def zero_padded(x, padding, value=0, extra=(0, 0)):
    """``x`` padded by ``padding`` on both sides (and ``extra`` more at the end) per spatial dim."""
    (ph, pw), (eh, ew) = padding, extra
    if not (ph or pw or eh or ew):
        return x
    n, c, h, w = x.shape
    out = np.full((n, c, h + 2 * ph + eh, w + 2 * pw + ew), value, x.dtype)
    out[:, :, ph:ph + h, pw:pw + w] = x
    return out


def _batch_last(channels, taps, out_channels, out_width):
    """Whether im2col puts the batch axis last. Batch-first columns are copied in runs of one
    window row (Wo values): slow when Wo is small. Batch-last ones are copied (at stride 1)
    in runs of Wo * N, but the GEMM's output then needs a transpose to batch-first, several
    times slower per value than a copy of long runs. Timed on LeNet-, VGG- and ResNet-like
    layers, batch last pays when the columns outnumber the output rows by more than Wo / 4."""
    return 4 * channels * taps > out_channels * out_width


def _batch_to_last(y):
    """``y`` of shape ``(N, ...)`` as a C-contiguous ``(..., N)`` array. When a sample's
    length in bytes is a multiple of 4 KB, the transposing copy reads N rows that all map to
    the same cache sets and runs about five times slower (104 instead of 21 us for 64 x 16 x
    8 x 8): it then goes through rows padded by one cache line."""
    n = y.shape[0]
    flat = y.reshape(n, int(np.prod(y.shape[1:])))  # not -1: n may be 0
    if n > 8 and flat.strides[0] % 4096 == 0:
        padded = np.empty((n, flat.shape[1] + 64 // y.itemsize), y.dtype)
        padded[:, :flat.shape[1]] = flat
        flat = padded[:, :flat.shape[1]]
    return np.ascontiguousarray(flat.T).reshape(y.shape[1:] + (n,))


def _im2col(x, kernel, out_hw, stride, padding, dilation, groups, batch_last):
    """Columns ``(groups, C/groups * kh * kw, N * Ho * Wo)`` of the padded input, or
    ``(..., Ho * Wo * N)`` when ``batch_last`` (one copy either way)."""
    n, c = x.shape[:2]
    xp = zero_padded(x, padding)
    if batch_last:
        xp = _batch_to_last(xp)
        sc, sh, sw, sn = xp.strides
        grid, grid_strides = out_hw + (n,), (sh * stride[0], sw * stride[1], sn)
    else:
        sn, sc, sh, sw = xp.strides
        grid, grid_strides = (n,) + out_hw, (sn, sh * stride[0], sw * stride[1])
    cg = c // groups
    windows = as_strided(xp, (groups, cg) + kernel + grid,
                         (sc * cg, sc, sh * dilation[0], sw * dilation[1]) + grid_strides,
                         writeable=False)
    return windows.reshape(groups, cg * kernel[0] * kernel[1], int(np.prod(grid)))  # n may be 0


def _grouped_rows(y, groups, batch_last):
    """``(N, O, Ho, Wo)`` -> ``(groups, O/groups, N * Ho * Wo)`` (the GEMM layout), or
    ``(..., Ho * Wo * N)`` when ``batch_last``."""
    n, o, ho, wo = y.shape
    if batch_last:
        return _batch_to_last(y).reshape(groups, o // groups, ho * wo * n)
    return y.reshape(n, groups, o // groups, ho * wo).transpose(1, 2, 0, 3).reshape(
        groups, o // groups, n * ho * wo)
