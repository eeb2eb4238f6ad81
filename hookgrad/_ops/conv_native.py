"""PyTorch's native CPU convolution (``slow_conv2d``; ``slow_conv_dilated2d`` when dilated),
bit for bit: where PyTorch does not run a convolution on oneDNN (every float64 one; a float32
one where conv_onednn.runs_on_onednn says so), a convolution that is not transposed runs one
MKL GEMM per sample (a grouped one group by group, each as an ungrouped one on the group's
slices) with the arguments below, and the sums' bits are MKL's for exactly those arguments
(m, n, k, transposes, leading dimensions, beta, and the operands' addresses modulo 64
bytes). So do these.

Per sample (``cols``: the sample's im2col columns, ``(C * kh * kw, Ho * Wo)``, row-major,
zeros for the padding; ``weight``: ``(O, C * kh * kw)``, row-major; column-major GEMM):

- forward: the output plane is filled with the bias when there is one, then
  ``gemm(N, N, m=Ho*Wo, n=O, k=C*kh*kw, A=cols (lda m), B=weight (ldb k), beta=1 with a bias
  else 0, C=output (ldc m))``, on one MKL thread (PyTorch calls it inside its parallel loop
  over the batch);
- input gradient: ``gemm(N, T, m=Ho*Wo, n=C*kh*kw, k=O, A=grad_output (lda m), B=weight
  (ldb n), beta 0)`` into columns, then each column's values added back into a zeroed image,
  taps in (kh, kw) order (PyTorch's unfolded2d_acc), one MKL thread again;
- weight gradient: into a zeroed ``(O, C * kh * kw)`` buffer, sample after sample, ``gemm(T,
  N, m=C*kh*kw, n=O, k=Ho*Wo, A=cols (lda k), B=grad_output (ldb k), beta 1)``, outside any
  parallel loop: MKL threads it as PyTorch's pool is sized (gemm._threaded's rule; by
  default MKL's split between two threads made here, gemm_row_split.py).

The dilated kernel makes the same GEMMs (columns of the dilated windows; its col2im adds the
taps in the same order), in a plain loop over the batch (every GEMM threaded by MKL), and its
forward adds into a zeroed output (beta 1) when there is no bias. A transposed convolution
(slow_conv_transpose2d) is made of the same pieces, its roles swapped: its forward is the
input gradient's GEMM and col2im (in its parallel loop, onto zeros, the bias added after),
its input gradient the forward's GEMMs (beta 0, in a plain loop), its weight gradient the
weight gradient's with the output gradient's columns.

Arrays are 4-D ``(N, C, H, W)`` (a 1-D convolution is one of height 1, as PyTorch runs it),
C-contiguous inputs to the kernels (PyTorch's ``contiguous()``)."""
import math

import numpy as np
from numpy.lib.stride_tricks import as_strided

from .._memory_format import channels_last, format_strides, suggest
from .._parallel import parallel_for
from . import gemm, gemm_row_split
from .array_address import live_pointer
from .conv_onednn import runs_on_onednn

_COL_MAJOR, _NO_TRANS, _TRANS = 102, 111, 112
_INT_MAX = 2 ** 31 - 1


def applies(x4, w4, stride, padding, dilation, groups, transposed, channels_last=False):
    """Whether PyTorch runs this convolution on slow_conv2d, slow_conv_dilated2d or
    slow_conv_transpose2d and these kernels (conv_native_channels_last's, when the input or
    weight suggests ``channels_last``) model it: a float32 or float64 one off oneDNN, with
    PyTorch's MKL loaded."""
    if channels_last and not _stays_channels_last(x4, w4, groups):
        return False
    if x4.dtype not in (np.float32, np.float64) or w4.dtype != x4.dtype:
        return False
    if not (x4.size and w4.size) or not gemm.available():
        return False
    if transposed:  # (weight (C_in, C_out / groups, kh, kw))
        if x4.shape[1] != w4.shape[0] or w4.shape[0] % groups:
            return False
        columns = w4[0].size * x4.shape[2] * x4.shape[3]
    else:
        if x4.shape[1] != w4.shape[1] * groups or w4.shape[0] % groups:
            return False
        ho, wo = _out_hw(x4.shape[2:], w4.shape[2:], (stride, padding, dilation))
        if ho <= 0 or wo <= 0:
            return False
        columns = max(w4[0].size, w4.shape[0]) * ho * wo
    if max(columns, w4.size, x4[0].size) > _INT_MAX:
        return False
    return not runs_on_onednn(x4, w4, stride, dilation, groups)


def _stays_channels_last(x4, w4, groups):
    """Whether slow_conv2d takes its channels-last form for each group's channels-last input
    and weight (PyTorch converts both, then decides again on every group's: a shape whose
    channels-last strides suggest the contiguous format is not modelled)."""
    n, c, h, w = x4.shape
    o, cg, kh, kw = w4.shape
    return any(suggest(shape, format_strides(shape, channels_last)) is channels_last
               for shape in ((n, c // groups, h, w), (o // groups, cg, kh, kw)))


def _out_hw(in_hw, kernel, geometry):
    return tuple((size + 2 * p - d * (k - 1) - 1) // s + 1
                 for size, k, s, p, d in zip(in_hw, kernel, *geometry))


def _windows(x, kernel, out_hw, geometry):
    """The im2col windows ``(N, C, kh, kw, Ho, Wo)`` of ``x``, a view of it or of a
    zero-padded copy; a sample's copied C-contiguous, ``(C * kh * kw, Ho * Wo)``, is its
    columns (rows in (channel, kh, kw) order, zeros where a window lies on the padding)."""
    n, c, h, w = x.shape
    (sh, sw), (ph, pw), (dh, dw) = geometry
    if ph or pw:
        padded = np.zeros((n, c, h + 2 * ph, w + 2 * pw), x.dtype)
        padded[:, :, ph:ph + h, pw:pw + w] = x
    else:
        padded = x
    sn, sc, sy, sx = padded.strides
    return as_strided(padded, (n, c) + tuple(kernel) + tuple(out_hw),
                      (sn, sc, sy * dh, sx * dw, sy * sh, sx * sw), writeable=False)


# MKL's GEMM takes other kernels (and rounds otherwise) for operands at other addresses modulo
# 16 bytes: PyTorch's CPU allocator aligns every tensor to 64 bytes, and a sample's matrix
# lies at the sample's offset into its batch's tensor, or at the start of a buffer reused for
# every sample. The arrays handed to GEMM here sit at the same addresses modulo 64.
ALIGNMENT = 64


def aligned_empty(shape, dtype):
    """An uninitialized C-contiguous array whose first element is 64-byte aligned."""
    dtype = np.dtype(dtype)
    nbytes = math.prod(shape) * dtype.itemsize
    raw = np.empty(nbytes + ALIGNMENT, np.uint8)
    start = -raw.ctypes.data % ALIGNMENT
    return raw[start:start + nbytes].view(dtype).reshape(shape)


def aligned(a):
    """``a`` C-contiguous and 64-byte aligned (a copy where it is not), as a tensor given to
    PyTorch's kernel is (from the start of its storage)."""
    if a.flags.c_contiguous and a.ctypes.data % ALIGNMENT == 0:
        return a
    out = aligned_empty(a.shape, a.dtype)
    out[...] = a
    return out


def _contiguous(a):
    """PyTorch's ``contiguous()`` of ``a`` (a view into an ``aligned`` array): ``a`` itself,
    at its offset, where it is C-contiguous, else a new aligned copy."""
    if a.flags.c_contiguous:
        return a
    out = aligned_empty(a.shape, a.dtype)
    out[...] = a
    return out


def sample_rows(n, shape, dtype):
    """``(N,) + shape`` aligned, each sample's matrix starting at a multiple of 64 bytes (a
    buffer PyTorch allocates per sample or reuses for every sample)."""
    size, itemsize = math.prod(shape), np.dtype(dtype).itemsize
    step = -(-size * itemsize // ALIGNMENT) * ALIGNMENT // itemsize
    return aligned_empty((n, step), dtype)[:, :size].reshape((n,) + tuple(shape))


def column_buffer(shape, dtype):
    """Room for one sample's columns at any offset modulo 64 bytes (``sample_columns``)."""
    return aligned_empty((math.prod(shape) + ALIGNMENT,), dtype)


def sample_columns(windows, t, buffer, in_batch=True):
    """Sample ``t``'s columns (the C-contiguous copy of ``windows[t]``) in ``buffer``, at the
    address they have in PyTorch's columns of the whole batch (``in_batch``), else at the
    start of its one reused buffer."""
    shape = windows.shape[1:]
    size = math.prod(shape)
    start = (t * size * buffer.itemsize % ALIGNMENT) // buffer.itemsize if in_batch else 0
    columns = buffer[start:start + size].reshape(shape)
    np.copyto(columns, windows[t])
    return columns


def _gemm(dtype):
    return gemm._functions[np.dtype(dtype)] if gemm._functions else gemm._load()[
        np.dtype(dtype)]


def _call(function, ta, tb, m, n, k, a, lda, b, ldb, beta, c, ldc):
    """cblas GEMM, column-major, with PyTorch's exact arguments (``beta``: 0 or 1)."""
    function.function(_COL_MAJOR, _TRANS if ta else _NO_TRANS, _TRANS if tb else _NO_TRANS,
                      m, n, k, function.one, live_pointer(a), lda, live_pointer(b), ldb,
                      function.one if beta else function.zero, live_pointer(c), ldc)


def _over_samples(n, sequential, body, *args):
    """``body(start, stop, *args)`` over the batch as PyTorch loops: slow_conv2d's and
    slow_conv_transpose2d's parallel loop (their GEMMs on one MKL thread; inline for one
    sample, whose GEMM MKL may thread), slow_conv_dilated2d's plain loop (``sequential``:
    every GEMM threaded by MKL)."""
    if sequential or n == 1:
        gemm._threaded(body, 0, n, *args)
    else:
        parallel_for(n, 1, body, *args)


def _share(n, sequential, m, cols, depth, dtype):
    """The rows of MKL's first share of each sample's ``gemm(N, *)`` of ``m x cols`` from
    ``depth`` where ``_over_samples`` leaves MKL to thread it (gemm_row_split.py), else
    ``m``."""
    if sequential or n == 1:
        return gemm_row_split.row_share(m, cols, depth, dtype, False)
    return m


def _group(a, dim, groups, g):
    """Group ``g`` of ``a`` along ``dim``, C-contiguous (PyTorch's subtensor: a view where
    the group's slice is contiguous already, as the weight's always is)."""
    size = a.shape[dim] // groups
    index = [slice(None)] * a.ndim
    index[dim] = slice(g * size, (g + 1) * size)
    return _contiguous(a[tuple(index)])


def _per_group(function, groups, split, dim, *args):
    """``function(*args)``, a grouped convolution's as PyTorch runs it: one ungrouped call
    per group on C-contiguous copies of the arrays among ``args`` (each cut along its dim in
    ``split``, None for an argument passed whole), results concatenated along ``dim``."""
    args = [arg if axis is None or arg is None else aligned(arg)
            for arg, axis in zip(args, split)] + list(args[len(split):])
    if groups == 1:
        return function(*args)
    return np.concatenate([function(*(
        arg if axis is None or arg is None else _group(arg, axis, groups, g)
        for arg, axis in zip(args, split))) for g in range(groups)], dim)


def grouped_forward(x4, w4, bias, geometry, groups, out_hw=None):
    """The convolution, bias included (``geometry``: ``(stride, padding, dilation)``;
    ``out_hw``: the output's spatial size, when given), group by group."""
    return _per_group(forward, groups, (1, 0, 0, None, None), 1, x4, w4, bias, geometry,
                      out_hw)


def grouped_input_grad(gy, w4, in_hw, geometry, groups):
    """``input_grad``, group by group."""
    return _per_group(input_grad, groups, (1, 0, None, None), 1, gy, w4, in_hw, geometry)


def grouped_weight_grad(x4, gy, w_shape, geometry, groups, transposed=False):
    """``weight_grad``, group by group (also a transposed convolution's, with the output
    gradient as ``x4`` and the input as ``gy``)."""
    shape = (w_shape[0] // groups,) + tuple(w_shape[1:])
    in_batch = not transposed and tuple(geometry[2]) == (1, 1)
    return _per_group(weight_grad, groups, (1, 1, None, None, None), 0, x4, gy, shape,
                      geometry, in_batch)


def grouped_transposed(x4, w4, bias, geometry, out_hw, groups):
    """The transposed convolution (``w4``: ``(C_in, C_out / groups, kh, kw)``), bias
    included, group by group, as slow_conv_transpose2d computes it: per sample ``gemm(N,
    T)`` of the input and weight into columns, as ``input_grad``'s, then the columns added
    tap by tap onto zeros (a 1x1 kernel's too), the bias added after."""
    return _per_group(input_grad, groups, (1, 0, None, None, 0, None), 1, x4, w4, out_hw,
                      geometry, bias, True)


def forward(x4, w4, bias, geometry, out_hw=None):
    """The convolution ``(N, O, Ho, Wo)``, the bias (an ``(O,)`` array or None) included.
    The dilated kernel adds its product to the output with beta 1 even without a bias (to
    zeros then: a -0. sum comes out 0.). (Also a transposed convolution's input gradient:
    its GEMMs are these, with beta 0 and ``out_hw``, the input's size, in a plain loop.)"""
    n = x4.shape[0]
    o, c, kh, kw = w4.shape
    transposed_grad = out_hw is not None
    out_hw = out_hw or _out_hw(x4.shape[2:], (kh, kw), geometry)
    dilated = tuple(geometry[2]) != (1, 1) and not transposed_grad
    windows = _windows(x4, (kh, kw), out_hw, geometry)
    weight = _contiguous(w4).reshape(o, c * kh * kw)
    y = aligned_empty((n, o, out_hw[0] * out_hw[1]), x4.dtype)
    if bias is not None:
        y[...] = bias.reshape(o, 1)
    elif dilated:
        y[...] = 0
    m, k = out_hw[0] * out_hw[1], c * kh * kw
    # (a sample's columns at a time, as PyTorch's loop makes them: they stay in cache; the
    # dilated kernel's loop and the transposed one's input gradient's are plain loops)
    # (slow_conv2d unfolds the whole batch; the others reuse one buffer)
    sequential = dilated or transposed_grad
    _over_samples(n, sequential, _forward_samples, _gemm(x4.dtype), windows, weight, y, m, o, k,
                  bias is not None or dilated, not sequential,
                  _share(n, sequential, m, o, k, x4.dtype))
    return y.reshape((n, o) + tuple(out_hw))


def _forward_samples(start, stop, function, windows, weight, y, m, o, k, beta, in_batch, share):
    buffer = column_buffer((k, m), y.dtype)
    for t in range(start, stop):
        cols = sample_columns(windows, t, buffer, in_batch)
        if share < m:
            gemm_row_split.gemm_in_shares(function, False, False, m, o, k, cols, m, weight, k,
                                          beta, y[t], m, share)
        else:
            _call(function, False, False, m, o, k, cols, m, weight, k, beta, y[t], m)


def input_grad(gy, w4, in_hw, geometry, bias=None, transposed=False):
    """The input gradient ``(N, C, H, W)`` of the convolution whose output gradient is
    ``gy`` (``transposed``: the forward of a transposed convolution, with its ``bias``)."""
    n, o, ho, wo = gy.shape
    _, c, kh, kw = w4.shape
    gy = _contiguous(gy)
    weight = _contiguous(w4).reshape(o, c * kh * kw)
    m, k_cols = ho * wo, c * kh * kw
    (sh, sw), (ph, pw), (dh, dw) = geometry
    h, wid = in_hw
    # (a transposed convolution's columns are the whole batch's; the others' one buffer)
    cols = aligned_empty((n, k_cols, m), gy.dtype) if transposed else sample_rows(
        n, (k_cols, m), gy.dtype)
    sequential = not transposed and (dh, dw) != (1, 1)
    _over_samples(n, sequential, _input_grad_samples, _gemm(gy.dtype), gy.reshape(n, o, m),
                  weight, cols, m, k_cols, o, _share(n, sequential, m, k_cols, o, gy.dtype))
    cols = cols.reshape(n, c, kh, kw, ho, wo)
    # a padded image big enough for every tap: the taps landing on the padding are cut off,
    # as PyTorch's loops skip them; each pixel's taps added in (kh, kw) order to zero
    hp = max(h + 2 * ph, (ho - 1) * sh + (kh - 1) * dh + 1)
    wp = max(wid + 2 * pw, (wo - 1) * sw + (kw - 1) * dw + 1)
    gx = np.zeros((n, c, hp, wp), gy.dtype)
    for i in range(kh):
        for j in range(kw):
            gx[:, :, i * dh:i * dh + (ho - 1) * sh + 1:sh,
               j * dw:j * dw + (wo - 1) * sw + 1:sw] += cols[:, :, i, j]
    gx = np.ascontiguousarray(gx[:, :, ph:ph + h, pw:pw + wid])
    if bias is not None:
        gx += bias.reshape(c, 1, 1)
    return gx


def _input_grad_samples(start, stop, function, gy, weight, cols, m, k_cols, o, share):
    for t in range(start, stop):
        if share < m:
            gemm_row_split.gemm_in_shares(function, False, True, m, k_cols, o, gy[t], m, weight,
                                          k_cols, False, cols[t], m, share)
        else:
            _call(function, False, True, m, k_cols, o, gy[t], m, weight, k_cols, False, cols[t],
                  m)


def weight_grad(x4, gy, w_shape, geometry, in_batch=True):
    """The weight gradient ``(O, C, kh, kw)``: the samples' products added in batch order
    (``in_batch``: slow_conv2d's columns of the whole batch, else one reused buffer)."""
    n, o, ho, wo = gy.shape
    _, c, kh, kw = w_shape
    windows = _windows(x4, (kh, kw), (ho, wo), geometry)
    gy = _contiguous(gy).reshape(n, o, ho * wo)
    m, k = c * kh * kw, ho * wo
    gw = aligned_empty((o, m), gy.dtype)
    gw[...] = 0
    function = _gemm(gy.dtype)
    buffer = column_buffer((m, k), gy.dtype)
    share = gemm_row_split.row_share(m, o, k, gy.dtype, True)  # (MKL's threads' shares)
    for t in range(n):
        cols = sample_columns(windows, t, buffer, in_batch)
        if share < m:
            gemm_row_split.gemm_in_shares(function, True, False, m, o, k, cols, k, gy[t], k,
                                          True, gw, m, share)
        else:
            gemm._threaded(_call, function, True, False, m, o, k, cols, k, gy[t], k, True, gw,
                           m)
    return gw.reshape(w_shape)
