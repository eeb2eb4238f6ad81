"""Where PyTorch's CPU convolution runs on oneDNN, and the one way its result differs from the
im2col GEMM of conv.py: oneDNN's direct kernels never multiply the zero padding, so an
infinite or NaN weight tap that falls on padding adds nothing, where a GEMM over zero-padded
columns adds inf * 0 = NaN. (Checked against PyTorch 2.13 on CPU; the NaN pattern does not
depend on the number of threads, since the one thread-dependent choice, a 1x1 kernel, has
padding only when a window lies wholly in it, and then oneDNN pads with zeros too.)"""
import numpy as np

from .._parallel import get_num_threads
from ..backends import mkldnn
from .onednn_isa import AVX2, AVX512_CORE, onednn_isa

FLOAT32 = np.dtype(np.float32)


def runs_on_onednn(x, w, stride, dilation, groups):
    """Whether PyTorch 2.13 on a CPU runs this (transposed) convolution of arrays ``x`` and
    ``w`` with oneDNN, as its backend choice decides it: float32, and a strided, dilated or
    large batch, a kernel other than 1x1 or more than one intra-op thread (PyTorch's own
    count, as ``get_num_threads()`` here), and a grouped or batched one or a large kernel or
    input."""
    if x.dtype != FLOAT32 or not mkldnn.enabled:
        return False
    n, kh, kw = x.shape[0], w.shape[-2] if w.ndim == 4 else 1, w.shape[-1]
    if not (any(s != 1 for s in stride) or any(d != 1 for d in dilation) or n >= 16
            or kh != 1 or kw != 1 or get_num_threads() > 1):
        return False
    return groups > 1 or (kh > 3 and kw > 3) or n > 1 or x.size > 20480


def without_padding_products(x4, w4, stride, padding, dilation, groups):
    """This convolution as oneDNN computes it, where that differs from a GEMM over the zero
    padding, else None: PyTorch runs it on oneDNN, which takes a direct kernel, and the weight
    is not finite (the only case where leaving the zeros out changes a value). Cheap tests
    first: a finite weight is the normal case."""
    if not (padding[0] or padding[1]) or x4.dtype != FLOAT32 or np.isfinite(w4).all():
        return None
    out_hw = tuple((size + 2 * p - d * (k - 1) - 1) // s + 1 for size, k, s, p, d in zip(
        x4.shape[2:], w4.shape[2:], stride, padding, dilation))
    if onednn_isa() == AVX2:
        direct = _avx2_forward(x4, w4, stride, padding, dilation, groups, out_hw)
    elif onednn_isa() == AVX512_CORE:
        extents = [d * (k - 1) + 1 for d, k in zip(dilation, w4.shape[2:])]
        # oneDNN's direct kernels refuse a window wholly in the padding, and padding wider
        # than the output row they unroll over (a tiny output): it then pads with zeros too
        direct = (all(p < e and p <= o for p, e, o in zip(padding, extents, out_hw))
                  and _direct_kernel(x4.shape[1], w4.shape[0], groups))
    else:  # (older CPUs: not measured; oneDNN's GEMM)
        direct = False
    if not (direct and runs_on_onednn(x4, w4, stride, dilation, groups)):
        return None
    return conv_skipping_padding(x4, w4, stride, padding, dilation, groups, out_hw)


def _direct_kernel(in_channels, out_channels, groups):
    """Whether oneDNN (on an AVX-512 CPU, as PyTorch 2.13's wheels dispatch) takes one of its
    direct kernels, not its im2col GEMM: any ungrouped convolution; a grouped one when it is
    depthwise (one input and one output channel per group), has channels per group in
    multiples of 4, or has output channels per group in multiples of 8 and under 8 input
    channels in all. (Read off ONEDNN_VERBOSE=1 over 4,000 shapes.)"""
    if groups == 1:
        return True
    per_in, per_out = in_channels // groups, out_channels // groups
    return (per_in == per_out == 1 or (per_in % 4 == 0 and per_out % 4 == 0)
            or (per_out % 8 == 0 and in_channels < 8))


def _avx2_forward(x4, w4, stride, padding, dilation, groups, out_hw):
    """Whether oneDNN, on an AVX2 CPU, runs this float32 convolution (or a transposed one's
    input gradient) with a direct kernel, which leaves out the padding, rather than its im2col
    GEMM. Both its AVX2 kernel (``jit:avx2``) and its depthwise one (``jit_dw:avx2``: one
    input and one output channel per group) refuse a window wholly in the padding (on any
    side, the end paddings counted as the windows' reach past the input) and a left padding
    wider than the output columns they unroll over (4 for depthwise, 3 otherwise, fewer in a
    narrower output). The AVX2 one takes grouped convolutions only with 8k output channels per group
    and 8k input channels per group or under 8 in all, and a kernel over 7 wide only
    unstrided or unpadded at the top and left. (oneDNN v3.12's dispatch; over 13,000
    random shapes on an AVX2 CPU its forward kernel under ONEDNN_VERBOSE=1 is as this rule
    says, but for 4 that took its reference kernel, and their NaN patterns as its kernel's.)"""
    (height, width), (kh, kw), (sh, sw), (top, left) = x4.shape[2:], w4.shape[2:], stride, \
        padding
    ext_h, ext_w = dilation[0] * (kh - 1) + 1, dilation[1] * (kw - 1) + 1
    out_w = out_hw[1]
    bottom = (out_hw[0] - 1) * sh + ext_h - height - top  # (negative: the windows stop short)
    right = (out_w - 1) * sw + ext_w - width - left
    if max(top, bottom) >= ext_h or max(left, right) >= ext_w:
        return False
    per_in, per_out = x4.shape[1] // groups, w4.shape[0] // groups
    # (their check of a right padding past the unrolled columns never fails here: PyTorch
    # pads both sides alike, so that padding is at most the left one, already within them)
    if groups > 1 and per_in == per_out == 1:  # (depthwise)
        return left <= min(4, out_w)
    if groups > 1 and (per_out % 8 or (per_in % 8 if per_in >= 8 else x4.shape[1] >= 8)):
        return False
    return min(3, out_w) >= left and not (kw > 7 and (top or left) and (sh != 1 or sw != 1))


def _taps(size, out_size, kernel, stride, padding, dilation):
    """For each kernel offset along one dim: (offset, first output, output count, first input)
    of the outputs whose input at that offset is a real value, not padding."""
    taps = []
    for k in range(kernel):
        shift = k * dilation - padding  # input index of output 0 at this offset
        first = max(0, -(shift // stride) if shift < 0 else 0)
        last = min(out_size - 1, (size - 1 - shift) // stride)
        if first <= last:
            taps.append((k, first, last - first + 1, first * stride + shift))
    return taps


def conv_skipping_padding(x4, w4, stride, padding, dilation, groups, out_hw):
    """The convolution as oneDNN sums it: for each kernel offset, the products of that tap with
    the real input values it meets (an inf tap times a real 0 is still NaN)."""
    n, _, h, wid = x4.shape
    o, cg, kh, kw = w4.shape
    y = np.zeros((n, o) + tuple(out_hw), x4.dtype)
    xg = x4.reshape(n, groups, cg, h, wid)
    wg = w4.reshape(groups, o // groups, cg, kh, kw)
    sh, sw = stride
    for a, r0, rows, i0 in _taps(h, out_hw[0], kh, sh, padding[0], dilation[0]):
        for b, c0, cols, j0 in _taps(wid, out_hw[1], kw, sw, padding[1], dilation[1]):
            xs = xg[:, :, :, i0:i0 + (rows - 1) * sh + 1:sh, j0:j0 + (cols - 1) * sw + 1:sw]
            part = np.einsum("ngcrs,goc->ngors", xs, wg[:, :, :, a, b])
            y[:, :, r0:r0 + rows, c0:c0 + cols] += part.reshape(n, o, rows, cols)
    return y


def weight_grad_skips_padding(x4, gy, w4, stride, padding, dilation, groups, transposed):
    """Whether oneDNN's backward-weights kernel leaves out the zero padding from this weight
    gradient where a GEMM over zero-padded columns would not: PyTorch runs the convolution on
    oneDNN (the forward's rule), there is padding, ``gy`` (grad_output) is not finite and the
    kernel oneDNN takes for this shape on this CPU (``onednn_isa``) is a direct one. A
    ``transposed`` convolution's (``x4`` its gradient, ``gy`` its input) is oneDNN's
    deconvolution kernel's: on AVX-512 with its own rule (``_deconvolution_skips_padding``),
    on AVX2 the convolution's (over 2,900 random transposed shapes with an infinite input,
    35 of 400 differed before, none after)."""
    if not (padding[0] or padding[1]) or gy.dtype != FLOAT32:
        return False  # (cheap tests first: a finite gradient is the normal case)
    out_hw = gy.shape[2:]
    if onednn_isa() == AVX2:  # (a transposed one's is the same kernel's)
        direct = _avx2_backward_weights(x4, w4, stride, padding, dilation, groups, out_hw)
    elif transposed and groups == 1:
        direct = _deconvolution_skips_padding(x4, w4, stride, padding, dilation, out_hw)
    elif transposed:  # (grouped: the AVX2 kernels' rule on AVX-512 too, 725 of 725 random
        # shapes whose NaN pattern tells the two apart; 92:1390)
        direct = _avx2_backward_weights(x4, w4, stride, padding, dilation, groups, out_hw)
    elif onednn_isa() == AVX512_CORE:
        direct = groups == 1 and _avx512_backward_weights(x4, w4, stride, padding, dilation,
                                                          out_hw)
    else:  # (older CPUs: not measured; oneDNN's GEMM)
        direct = False
    return bool(direct and runs_on_onednn(x4, w4, stride, dilation, groups)
                and not np.isfinite(gy).all())


def weight_grad_without_padding(x4, gy, w4, stride, padding, dilation, groups,
                                transposed=False):
    """The weight gradient of a convolution as oneDNN's direct backward-weights kernels sum
    it, where that differs from a GEMM over zero-padded columns (``weight_grad_skips_padding``),
    else None. Those kernels leave out the padding, so a tap that meets only padding next to a
    NaN of ``gy`` gets a finite sum, not 0 * NaN. (PyTorch's double-backward-capable weight
    gradient is the same ``convolution_backward``, so create_graph does not change it.)"""
    if not weight_grad_skips_padding(x4, gy, w4, stride, padding, dilation, groups,
                                     transposed):
        return None
    return weight_grad_skipping_padding(x4, gy, w4.shape, stride, padding, dilation, groups)


def weight_grad_skipping_padding(x4, gy, w_shape, stride, padding, dilation, groups):
    """The weight gradient summed over the real input values only, tap by tap (NumPy's
    order within a tap)."""
    n, _, h, wid = x4.shape
    o, cg, kh, kw = w_shape
    gw = np.zeros((groups, o // groups, cg, kh, kw), gy.dtype)
    xg = x4.reshape(n, groups, cg, h, wid)
    gg = gy.reshape((n, groups, o // groups) + gy.shape[2:])
    sh, sw = stride
    for a, r0, rows, i0 in _taps(h, gy.shape[2], kh, sh, padding[0], dilation[0]):
        for b, c0, cols, j0 in _taps(wid, gy.shape[3], kw, sw, padding[1], dilation[1]):
            xs = xg[:, :, :, i0:i0 + (rows - 1) * sh + 1:sh, j0:j0 + (cols - 1) * sw + 1:sw]
            gs = gg[:, :, :, r0:r0 + rows, c0:c0 + cols]
            gw[:, :, :, a, b] = np.einsum("ngcrs,ngors->goc", xs, gs)
    return gw.reshape(w_shape)


def _end_padding(size, out, kernel, stride, padding):
    """The padding oneDNN counts after the end of a dim (the windows' reach past the input;
    0 where they stop short of it)."""
    return max(0, (out - 1) * stride + kernel - size - padding)


def _avx2_backward_weights(x4, w4, stride, padding, dilation, groups, out_hw):
    """Whether oneDNN, on an AVX2 CPU, computes this float32 weight gradient with a direct
    kernel (which leaves out the padding) rather than its im2col GEMM (which sums it). Its
    AVX2 kernel (``jit:avx2``): undilated; ungrouped, or 8k input and output channels per
    group; each side's padding under the kernel's extent, a kernel narrower than 14 and no
    taller than the input, and not 3 input channels of a 1x1 map. Its depthwise kernel
    (``jit_dw:avx2``, one input and one output channel per group): undilated, at most 3 wide
    and strided at most its width, each side's padding at most half the kernel (rounded
    down), an input at least the kernel's height plus the rows its top padding leaves over a
    whole stride, and a padding over 1 above or below only in whole strides. (oneDNN v3.12's
    dispatch; over 15,500 random shapes with a NaN or infinite grad_output on an AVX2 CPU,
    every one's kernel under ONEDNN_VERBOSE=1 and its NaN pattern are as this rule says.)"""
    if dilation[0] != 1 or dilation[1] != 1:
        return False
    (height, width), (kh, kw), (sh, sw), (top, left) = x4.shape[2:], w4.shape[2:], stride, \
        padding
    bottom = _end_padding(height, out_hw[0], kh, sh, top)
    right = _end_padding(width, out_hw[1], kw, sw, left)
    per_in, per_out = x4.shape[1] // groups, w4.shape[0] // groups
    if groups > 1 and per_in == per_out == 1:  # (depthwise)
        return (kw <= 3 and sw <= kw and max(top, bottom) <= kh // 2
                and max(left, right) <= kw // 2 and height >= kh + (-top) % sh
                and (top <= 1 or top % sh == 0) and (bottom <= 1 or bottom % sh == 0))
    if groups > 1 and (per_in % 8 or per_out % 8):
        return False
    if per_in == 3 and height == width == 1:
        return False  # (3 channels of one pixel: oneDNN reads that input as channels-last)
    return (max(top, bottom) < kh and max(left, right) < kw and kw < 14 and kh <= height)


def _avx512_backward_weights(x4, w4, stride, padding, dilation, out_hw):
    """Whether oneDNN (PyTorch 2.13's, on an AVX-512 CPU) computes an ungrouped float32 weight
    gradient with its AVX-512 direct kernel rather than its AVX2 one or a GEMM: the padding on
    each side of each dim at most half the dilated kernel's extent less one (rounded down),
    and 1-3 or a multiple of 16 input channels; dilated, only 1-d and 1-3 channels. (A rule
    read off ONEDNN_VERBOSE=1 over 3,400 random shapes: no shape it names took another
    kernel. The shapes it leaves out keep the GEMM's sums.)"""
    channels = x4.shape[1]
    for size, k, s, p, d, out in zip(x4.shape[2:], w4.shape[2:], stride, padding, dilation,
                                     out_hw):
        extent = d * (k - 1) + 1
        if p > (extent - 1) // 2 or (out - 1) * s + extent - size - p > (extent - 1) // 2:
            return False
    if dilation[0] == dilation[1] == 1:
        return channels < 4 or channels % 16 == 0
    return x4.shape[2] == 1 and w4.shape[2] == 1 and channels < 4  # (1-d: a height of 1)


def _deconvolution_skips_padding(x4, w4, stride, padding, dilation, out_hw):
    """Whether oneDNN's deconvolution backward-weights kernel leaves out the padding for a
    transposed convolution whose gradient is ``x4``: undilated; with 1-3 or a multiple of 16
    channels unless the height padding reaches the gradient's height with a kernel of 3 rows
    or more, with other channel counts only while it stays below that height. (Read off
    PyTorch 2.13 over 3,000 random shapes with an infinite input: 2 of them, with 17 and 19
    channels, it does not place; dilated ones keep the convolution kernel's rule.)"""
    if tuple(dilation) != (1, 1):
        return _avx512_backward_weights(x4, w4, stride, padding, dilation, out_hw)
    channels, reaches = x4.shape[1], padding[0] >= x4.shape[2]
    if channels < 4 or channels % 16 == 0:
        return not (reaches and w4.shape[2] >= 3)
    return not reaches


def native_single_products(x4, w4, stride, padding, dilation, groups):
    """A convolution of one input channel by a 1x1 kernel as PyTorch's native im2col + GEMM
    computes it (where it does not take oneDNN), else None: a GEMM over one product per
    output gives that product itself, so ``x * -0.`` keeps its sign, and the padding gives
    ``0 * w`` (-0. for a negative weight) where a sum from 0 would be +0."""
    if w4.shape[1] != 1 or w4.shape[2] != 1 or w4.shape[3] != 1 or groups != 1 \
            or runs_on_onednn(x4, w4, stride, dilation, groups):
        return None
    (ph, pw), (sh, sw) = padding, stride
    x3 = x4[:, 0]
    if ph or pw:
        x3 = np.pad(x3, ((0, 0), (ph, ph), (pw, pw)))
    return x3[:, None, ::sh, ::sw] * w4.reshape(1, -1, 1, 1)




def add_edge_taps(y, x4, w4, stride, padding, dilation, groups):
    """A transposed convolution PyTorch runs on oneDNN, strided along the width, with a weight
    that is not finite: where the output width is not a multiple of that stride, oneDNN's
    kernel also multiplies the taps that fall past either end of the input's width (at a
    whole input column, not between two), as zeros, so 0 * inf is NaN there; never along the
    height, never when dilated. ``y`` (``(N, C_out, H_out, W_out)``, the sum over the real
    input values) gets those NaNs in place. (Read off PyTorch 2.13: every 1-d shape of
    input width 1-6, kernel 1-6, stride 2-4, all paddings, 1,068 of them, and 1,000 random
    2-d ones.) Grouped, only on an AVX2 CPU, where oneDNN's strided brgemm kernel takes it,
    with 8 or more input channels a group (of the transposed op; fewer go to its GEMM, which
    adds no such taps): 14 of 15 random grouped shapes that differed in 3,000 now agree."""
    s, p = stride[1], padding[1]
    out_h, out_w = y.shape[2:]
    a, b = w4.shape[0] // groups, w4.shape[1]  # (per group: input channels, output channels)
    if s == 1 or not out_w % s or dilation[0] != 1 or dilation[1] != 1 \
            or groups != 1 and (onednn_isa() != AVX2 or a < 8) \
            or not runs_on_onednn(x4, w4, stride, dilation, groups) or np.isfinite(w4).all():
        return
    height, width = x4.shape[2:]
    rows = np.arange(height) * stride[0] - padding[0]  # (output row of kernel row 0)
    for kw in range(w4.shape[3]):
        # the output columns whose tap kw is a whole input column outside the input
        columns = np.arange((kw - p) % s, out_w, s)
        inputs = (columns + p - kw) // s
        columns = columns[(inputs < 0) | (inputs >= width)]
        for kh in range(w4.shape[2]):
            infinite = ~np.isfinite(w4[:, :, kh, kw].reshape(groups, a, b)).all(axis=1)
            infinite = infinite.reshape(-1)  # (per output channel)
            if columns.size and infinite.any():
                r = rows + kh
                r = r[(r >= 0) & (r < out_h)]
                y[:, np.nonzero(infinite)[0][:, None, None], r[:, None], columns] = np.nan
