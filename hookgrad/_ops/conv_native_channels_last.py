"""PyTorch's slow_conv2d, slow_conv_dilated2d and slow_conv_transpose2d in their
channels-last forms, bit for bit (conv_native.py's convolutions when the input or the weight
suggests channels_last). A grouped one runs group by group on slices of the channels-last
input and weight. The dilated kernel's GEMMs are these (beta 1 into a zeroed output without
a bias), in plain loops, with one reused column buffer; the transposed one's are these with
their roles swapped, as conv_native.py describes.

Per sample (``cols``: ``(Ho * Wo, kh * kw * C)``, row-major, each row one window in (kh, kw,
channel) order; ``weight``: ``(O, kh * kw * C)``, the channels-last weight, row-major; the
output and gradients pixel-major, ``(Ho * Wo, O)``; column-major GEMM):

- forward: ``gemm(T, N, m=O, n=Ho*Wo, k=kh*kw*C, A=weight (lda k), B=cols (ldb k), beta 1 with
  a bias (every pixel's channels filled with it) else 0, C=output (ldc m))``;
- input gradient: ``gemm(N, N, m=kh*kw*C, n=Ho*Wo, k=O, A=weight (lda m), B=grad_output (ldb
  k), beta 0)`` into columns, added back into a zeroed image window by window (output pixels
  in order, each window's taps in order): each input pixel gets its taps in reverse (kh, kw)
  order;
- weight gradient: ``gemm(N, T, m=kh*kw*C, n=O, k=Ho*Wo, A=cols (lda m), B=grad_output (ldb
  n), beta 1)`` sample after sample into a zeroed buffer.

The loops over the batch and the operands' alignment are conv_native's (parallel for the
first two, plain for the last; the columns of the whole batch). Results come back as ``(N, C,
H, W)`` arrays holding those values."""
import numpy as np
from numpy.lib.stride_tricks import as_strided

from . import gemm
from .conv_native import (
    _call,
    _gemm,
    _out_hw,
    _over_samples,
    aligned,
    aligned_empty,
    column_buffer,
    sample_columns,
    sample_rows,
)


def _windows(x, kernel, out_hw, stride, padding, dilation):
    """The channels-last im2col windows ``(N, Ho, Wo, kh, kw, C)`` of ``x``; a sample's
    copied C-contiguous is its ``(Ho * Wo, kh * kw * C)`` columns."""
    n, c, h, w = x.shape
    (ph, pw), (sh, sw), (dh, dw) = padding, stride, dilation
    padded = np.zeros((n, h + 2 * ph, w + 2 * pw, c), x.dtype)
    padded[:, ph:ph + h, pw:pw + w] = x.transpose(0, 2, 3, 1)
    sn, sy, sx, sc = padded.strides
    return as_strided(padded, (n,) + tuple(out_hw) + tuple(kernel) + (c,),
                      (sn, sy * sh, sx * sw, sy * dh, sx * dw, sc), writeable=False)


def _weight_rows(w4, groups):
    """Each group's weight rows ``(O / groups, kh * kw * C / groups)``: views of one aligned
    copy of the channels-last weight (PyTorch's ``weight.contiguous(channels_last)``, which
    its subtensor cuts without copying)."""
    o = w4.shape[0]
    rows = aligned(w4.transpose(0, 2, 3, 1)).reshape(o, -1)
    step = o // groups
    return [rows[g * step:(g + 1) * step] for g in range(groups)]


def _pixels(y):
    """``(N, O, Ho, Wo)`` -> C-contiguous ``(N, Ho * Wo, O)``."""
    n, o = y.shape[:2]
    return aligned(y.transpose(0, 2, 3, 1)).reshape(n, -1, o)


def _slices(a, groups, axis=1):
    size = a.shape[axis] // groups
    index = [slice(None)] * a.ndim
    for g in range(groups):
        index[axis] = slice(g * size, (g + 1) * size)
        yield a[tuple(index)]


def _joined(parts, axis):
    return parts[0] if len(parts) == 1 else np.concatenate(parts, axis)


def forward(x4, w4, bias, geometry, groups=1, out_hw=None):
    """The convolution ``(N, O, Ho, Wo)``, bias included (``geometry``: ``(stride, padding,
    dilation)``); a grouped one group by group. (With ``out_hw``, the input's size: a
    transposed convolution's input gradient, its GEMMs these with beta 0 in a plain loop.)"""
    biases = [None] * groups if bias is None else list(_slices(bias, groups, 0))
    return _joined([_forward(x, rows, w4.shape[2:], b, geometry, out_hw) for x, rows, b in zip(
        _slices(x4, groups), _weight_rows(w4, groups), biases)], 1)


def transposed(x4, w4, bias, geometry, out_hw, groups=1):
    """The transposed convolution (``w4``: ``(C_in, C_out / groups, kh, kw)``) as
    slow_conv_transpose2d's channels-last form computes it: per sample the input gradient's
    GEMM into the whole batch's columns, added back window by window onto zeros, the bias
    added after."""
    y = _joined([_input_grad(x, rows, w4.shape[2:], out_hw, geometry, True) for x, rows in zip(
        _slices(x4, groups), _weight_rows(w4, groups))], 1)
    return y if bias is None else y + bias.reshape(-1, 1, 1)


def _forward(x4, weight, kernel, bias, geometry, out_hw=None):
    n = x4.shape[0]
    o, k = weight.shape
    transposed_grad = out_hw is not None
    out_hw = out_hw or _out_hw(x4.shape[2:], kernel, geometry)
    m_pixels = out_hw[0] * out_hw[1]
    windows = _windows(x4, kernel, out_hw, *geometry)
    dilated = tuple(geometry[2]) != (1, 1) and not transposed_grad
    y = aligned_empty((n, m_pixels, o), x4.dtype)
    if bias is not None:
        y[...] = bias
    elif dilated:  # (the dilated kernel adds to zeros)
        y[...] = 0
    plain = dilated or transposed_grad  # (a plain loop, one reused column buffer)
    _over_samples(n, plain, _forward_samples, _gemm(x4.dtype), windows, weight, y, m_pixels,
                  o, k, bias is not None or dilated, not plain)
    return y.reshape((n,) + tuple(out_hw) + (o,)).transpose(0, 3, 1, 2)


def _forward_samples(start, stop, function, windows, weight, y, m_pixels, o, k, beta,
                     in_batch):
    buffer = column_buffer((m_pixels, k), y.dtype)
    for t in range(start, stop):
        cols = sample_columns(windows, t, buffer, in_batch)
        _call(function, True, False, o, m_pixels, k, weight, k, cols, k, beta, y[t], o)


def input_grad(gy, w4, in_hw, geometry, groups=1):
    """The input gradient ``(N, C, H, W)``; a grouped convolution's group by group."""
    return _joined([_input_grad(g, rows, w4.shape[2:], in_hw, geometry) for g, rows in
                    zip(_slices(gy, groups), _weight_rows(w4, groups))], 1)


def _input_grad(gy, weight, kernel, in_hw, geometry, transposed=False):
    n, o, ho, wo = gy.shape
    kh, kw = kernel
    k_cols = weight.shape[1]
    c = k_cols // (kh * kw)
    # (a transposed convolution's columns are the whole batch's; the others' one buffer)
    cols = aligned_empty((n, ho * wo, k_cols), gy.dtype) if transposed else sample_rows(
        n, (ho * wo, k_cols), gy.dtype)
    (sh, sw), (ph, pw), (dh, dw) = geometry
    _over_samples(n, (dh, dw) != (1, 1) and not transposed, _input_grad_samples,
                  _gemm(gy.dtype), _pixels(gy), weight, cols, ho * wo, k_cols, o)
    cols = cols.reshape(n, ho, wo, kh, kw, c)
    h, wid = in_hw
    hp = max(h + 2 * ph, (ho - 1) * sh + (kh - 1) * dh + 1)
    wp = max(wid + 2 * pw, (wo - 1) * sw + (kw - 1) * dw + 1)
    gx = np.zeros((n, hp, wp, c), gy.dtype)
    for i in reversed(range(kh)):  # (a pixel's later windows hold its earlier taps)
        for j in reversed(range(kw)):
            gx[:, i * dh:i * dh + (ho - 1) * sh + 1:sh,
               j * dw:j * dw + (wo - 1) * sw + 1:sw] += cols[:, :, :, i, j]
    return gx[:, ph:ph + h, pw:pw + wid].transpose(0, 3, 1, 2)


def _input_grad_samples(start, stop, function, gy, weight, cols, m_pixels, k_cols, o):
    for t in range(start, stop):
        _call(function, False, False, k_cols, m_pixels, o, weight, k_cols, gy[t], o, False,
              cols[t], k_cols)


def weight_grad(x4, gy, w_shape, geometry, groups=1, transposed=False):
    """The weight gradient ``(O, C, kh, kw)``; a grouped convolution's group by group (a
    transposed convolution's: with its output gradient as ``x4``, its input as ``gy``)."""
    shape = (w_shape[0] // groups,) + tuple(w_shape[1:])
    return _joined([_weight_grad(x, g, shape, geometry, transposed) for x, g in zip(
        _slices(x4, groups), _slices(gy, groups))], 0)


def _weight_grad(x4, gy, w_shape, geometry, transposed):
    n, o, ho, wo = gy.shape
    _, c, kh, kw = w_shape
    windows = _windows(x4, (kh, kw), (ho, wo), *geometry)
    # (slow_conv2d's columns are the whole batch's; the others reuse one buffer)
    in_batch = tuple(geometry[2]) == (1, 1) and not transposed
    pixels = _pixels(gy)
    k_cols = kh * kw * c
    gw = aligned_empty((o, k_cols), gy.dtype)
    gw[...] = 0
    function = _gemm(gy.dtype)
    buffer = column_buffer((ho * wo, k_cols), gy.dtype)
    for t in range(n):
        cols = sample_columns(windows, t, buffer, in_batch)
        gemm._threaded(_call, function, False, True, k_cols, o, ho * wo, cols, k_cols,
                       pixels[t], o, True, gw, k_cols)
    return gw.reshape(o, kh, kw, c).transpose(0, 3, 1, 2)
