"""PyTorch's slow_conv2d in its channels-last form, bit for bit (conv_native.py's
convolutions when the input or the weight suggests channels_last; ungrouped, undilated, not
transposed: PyTorch's other native kernels take other channels-last forms, not modelled).

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


def _windows(x, kernel, out_hw, stride, padding):
    """The channels-last im2col windows ``(N, Ho, Wo, kh, kw, C)`` of ``x``; a sample's
    copied C-contiguous is its ``(Ho * Wo, kh * kw * C)`` columns."""
    n, c, h, w = x.shape
    (ph, pw), (sh, sw) = padding, stride
    padded = np.zeros((n, h + 2 * ph, w + 2 * pw, c), x.dtype)
    padded[:, ph:ph + h, pw:pw + w] = x.transpose(0, 2, 3, 1)
    sn, sy, sx, sc = padded.strides
    return as_strided(padded, (n,) + tuple(out_hw) + tuple(kernel) + (c,),
                      (sn, sy * sh, sx * sw, sy, sx, sc), writeable=False)


def _weight_rows(w4):
    """The weight as PyTorch views a channels-last one: ``(O, kh * kw * C)``."""
    o = w4.shape[0]
    return aligned(w4.transpose(0, 2, 3, 1)).reshape(o, -1)


def _pixels(y):
    """``(N, O, Ho, Wo)`` -> C-contiguous ``(N, Ho * Wo, O)``."""
    n, o = y.shape[:2]
    return aligned(y.transpose(0, 2, 3, 1)).reshape(n, -1, o)


def forward(x4, w4, bias, stride, padding):
    """The convolution ``(N, O, Ho, Wo)``, bias included."""
    n = x4.shape[0]
    o, c, kh, kw = w4.shape
    out_hw = _out_hw(x4.shape[2:], (kh, kw), (stride, padding, (1, 1)))
    m_pixels, k = out_hw[0] * out_hw[1], kh * kw * c
    windows = _windows(x4, (kh, kw), out_hw, stride, padding)
    y = aligned_empty((n, m_pixels, o), x4.dtype)
    if bias is not None:
        y[...] = bias
    _over_samples(n, False, _forward_samples, _gemm(x4.dtype), windows, _weight_rows(w4), y,
                  m_pixels, o, k, bias is not None)
    return y.reshape((n,) + tuple(out_hw) + (o,)).transpose(0, 3, 1, 2)


def _forward_samples(start, stop, function, windows, weight, y, m_pixels, o, k, beta):
    buffer = column_buffer((m_pixels, k), y.dtype)
    for t in range(start, stop):
        cols = sample_columns(windows, t, buffer)
        _call(function, True, False, o, m_pixels, k, weight, k, cols, k, beta, y[t], o)


def input_grad(gy, w4, in_hw, stride, padding):
    """The input gradient ``(N, C, H, W)``."""
    n, o, ho, wo = gy.shape
    _, c, kh, kw = w4.shape
    k_cols = kh * kw * c
    cols = sample_rows(n, (ho * wo, k_cols), gy.dtype)
    _over_samples(n, False, _input_grad_samples, _gemm(gy.dtype), _pixels(gy), _weight_rows(w4),
                  cols, ho * wo, k_cols, o)
    cols = cols.reshape(n, ho, wo, kh, kw, c)
    (sh, sw), (ph, pw), (h, wid) = stride, padding, in_hw
    hp = max(h + 2 * ph, (ho - 1) * sh + kh)
    wp = max(wid + 2 * pw, (wo - 1) * sw + kw)
    gx = np.zeros((n, hp, wp, c), gy.dtype)
    for i in reversed(range(kh)):  # (a pixel's later windows hold its earlier taps)
        for j in reversed(range(kw)):
            gx[:, i:i + (ho - 1) * sh + 1:sh, j:j + (wo - 1) * sw + 1:sw] += cols[:, :, :, i, j]
    return gx[:, ph:ph + h, pw:pw + wid].transpose(0, 3, 1, 2)


def _input_grad_samples(start, stop, function, gy, weight, cols, m_pixels, k_cols, o):
    for t in range(start, stop):
        _call(function, False, False, k_cols, m_pixels, o, weight, k_cols, gy[t], o, False,
              cols[t], k_cols)


def weight_grad(x4, gy, w_shape, stride, padding):
    """The weight gradient ``(O, C, kh, kw)``: the samples' products added in batch order."""
    n, o, ho, wo = gy.shape
    _, c, kh, kw = w_shape
    windows = _windows(x4, (kh, kw), (ho, wo), stride, padding)
    pixels = _pixels(gy)
    k_cols = kh * kw * c
    gw = aligned_empty((o, k_cols), gy.dtype)
    gw[...] = 0
    function = _gemm(gy.dtype)
    buffer = column_buffer((ho * wo, k_cols), gy.dtype)
    for t in range(n):
        cols = sample_columns(windows, t, buffer)
        gemm._threaded(_call, function, False, True, k_cols, o, ho * wo, cols, k_cols,
                       pixels[t], o, True, gw, k_cols)
    return gw.reshape(o, kh, kw, c).transpose(0, 3, 1, 2)
