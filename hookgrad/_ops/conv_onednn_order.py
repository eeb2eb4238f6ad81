"""The order in which oneDNN's direct float32 convolution kernels (PyTorch 2.13's CPU
convolutions where ``runs_on_onednn``) add up each output, and GEMMs that follow it to the bit:
the forward here, the input gradient (``input_grad_order``) and the weight gradient
(``onednn_weight_grad``) below.

Each output element is a chain of fused multiply-adds from 0, one tap after another, in the
order of the kernel's loops: input channels in blocks of a vector's lanes (16 on AVX-512, 8 on
AVX2; fewer channels than that are one block read from the plain NCHW input), then kernel row,
kernel column, and the channels of the block innermost. The two ISAs' kernels differ in how
the blocks meet and where the bias goes:

* ``jit:avx512_core`` sums each block's chain from 0 in its registers and adds it to the
  output at the end: ``((S0 + bias) + S1) + S2 ...``;
* ``jit:avx2`` (and ``jit_1x1:avx2``) starts its registers at the bias and carries the one
  chain through all blocks: ``bias + t0 + t1 + ...`` one tap at a time.

(Read off PyTorch 2.13 on this AVX-512 machine, and under ``ONEDNN_MAX_CPU_ISA=AVX2``: over
400 random ungrouped shapes, 1 to 256 channels, kernels 1x1 to 7x7, strides, padding,
dilation, biases, one and two threads, every element of every output as modelled. oneDNN's
1x1 AVX-512 kernel (``jit_1x1:avx512_core``) blocks its reduction otherwise, and grouped
convolutions take other kernels (oneDNN's GEMM among them): those keep conv.py's sums.)

NumPy's OpenBLAS ``sgemm`` computes each element of a product as one such chain over the
depth K, in K's order, while K is at most its depth block (448 floats here) and the product
has at least 2 rows and a multiple of 16 columns (its edge kernels for the last few columns,
and the matrix-vector product for one row, add otherwise): the columns here are laid out in
the kernel's order, padded to 16, and a weight of one row is doubled. A self-test checks this
on first use; where it fails (another BLAS or CPU), ``forward_order`` gives None."""
from collections import namedtuple

import numpy as np
from numpy.lib.stride_tricks import as_strided

from .._memory_format import suggests_channels_last
from .._parallel import get_num_threads, grain, parallel_for, single_threaded_blas
from .conv_onednn import (
    _avx2_backward_weights,
    _avx2_forward,
    runs_on_onednn,
    weight_grad_skipping_padding,
)
from .onednn_isa import AVX2, AVX512_CORE, onednn_isa
from .split import CHUNK_BYTES, THIN_BLOCK_BYTES, THIN_MAX, mm

FLOAT32 = np.dtype(np.float32)
# The deepest product OpenBLAS sums as one chain (its sgemm depth block on this machine,
# found by bisection: 448 is one chain, 452 is not), and the column multiple it needs.
GEMM_DEPTH, COLUMN_MULTIPLE = 448, 16
LANES = {AVX512_CORE: 16, AVX2: 8}

# ``block``: input channels per block; ``chained``: one chain through all blocks from the
# bias (AVX2), else a chain per block added up after (AVX-512); ``bias_last``: the bias is
# added to the finished sum (AVX-512, one block), which ``ordered_product`` leaves to the
# caller (who adds it as it copies the result out)
SumOrder = namedtuple("SumOrder", "block chained bias_last")
_gemm_chains = []  # (the self-test's answer, once found)


def forward_order(x4, w4, stride, padding, dilation, groups):
    """The SumOrder of oneDNN's forward kernel for this convolution of arrays ``x4`` and
    ``w4`` (4-D, contiguous layout), or None where it is not modelled: not run on oneDNN,
    grouped, a 1x1 kernel on AVX-512, a padding beyond the kernel's reach (windows wholly in
    it: oneDNN's direct kernels refuse those), a block deeper than one GEMM chain, or a BLAS
    that does not chain."""
    if groups != 1 or x4.dtype != FLOAT32 or w4.dtype != FLOAT32 or _beyond_reach(
            padding, dilation, w4.shape[2:]):
        return None
    lanes = LANES.get(onednn_isa())
    if lanes is None or not runs_on_onednn(x4, w4, stride, dilation, groups):
        return None
    channels, kh, kw = w4.shape[1:]
    chained = lanes == LANES[AVX2]
    out_hw = [(size + 2 * p - d * (k - 1) - 1) // s + 1 for size, k, s, p, d in zip(
        x4.shape[2:], w4.shape[2:], stride, padding, dilation)]
    if chained and not _avx2_forward(x4, w4, stride, padding, dilation, groups, out_hw):
        return None  # (its GEMM: a left padding over 3, a wide kernel strided and padded)
    if not chained and (kh * kw == 1 or any(p > o for p, o in zip(padding, out_hw))):
        return None
    block = min(channels, lanes)
    depth = channels * kh * kw + 1 if chained else block * kh * kw
    if depth > GEMM_DEPTH or not gemm_chains():
        return None
    return SumOrder(block, chained, not chained and block == channels)


def _beyond_reach(padding, dilation, kernel):
    return any(p > d * (k - 1) for p, d, k in zip(padding, dilation, kernel))


def _chain(a, b):
    """``a @ b`` as one fused multiply-add after another from 0 (emulated in float64, whose
    sum of a float32 product and a float32 rounds to float32 as the fused one does but for
    double roundings, too rare to meet in a self-test)."""
    a64, b64 = a.astype(np.float64), b.astype(np.float64)
    acc = np.zeros((a.shape[0], b.shape[1]), np.float32)
    for k in range(a.shape[1]):
        acc = (acc + a64[:, k:k + 1] * b64[k:k + 1]).astype(np.float32)
    return acc


def gemm_chains():
    """Whether NumPy's BLAS multiplies float32 matrices as ``forward_order`` needs: each
    element one chain in K's order, at depths up to GEMM_DEPTH (checked once, on random
    products of a few shapes: about 30 ms)."""
    if not _gemm_chains:
        rng = np.random.default_rng(0)
        ok = True
        for rows, depth, columns in ((2, 9, 16), (6, 150, 64), (3, GEMM_DEPTH, 32),
                                     (17, 75, 48)):
            a = rng.standard_normal((rows, depth)).astype(np.float32)
            b = rng.standard_normal((depth, columns)).astype(np.float32)
            ok = ok and bool((a @ b == _chain(a, b)).all())
        _gemm_chains.append(ok)
    return _gemm_chains[0]


def channel_blocks(channels, block):
    return [(start, min(channels, start + block)) for start in range(0, channels, block)]


def ordered_weight(w4, order, bias):
    """``(O, K)``: the weight's taps in the kernel's order (channel block, kernel row, kernel
    column, channel), after the bias when the chain starts from it; two rows at least."""
    out_channels = w4.shape[0]
    parts = [w4[:, start:stop].transpose(0, 2, 3, 1).reshape(out_channels, -1)
             for start, stop in channel_blocks(w4.shape[1], order.block)]
    if order.chained and bias is not None:
        parts.insert(0, bias.reshape(out_channels, 1).astype(w4.dtype))
    weight = np.concatenate(parts, axis=1)
    if out_channels == 1:  # (a GEMM: NumPy multiplies one row as a matrix-vector product)
        weight = np.concatenate([weight, weight])
    return weight


def column_buffer(order, channels, kernel, span, dtype, bias):
    """``(columns, blocks)``: the ``(K, width)`` GEMM columns in the kernel's order, ``width``
    ``span`` rounded up to COLUMN_MULTIPLE (zeros past ``span``), with a first row of ones
    when the chain starts from the bias; and per channel block ``(start, stop, view)``, the
    ``(kh, kw, stop - start, span)`` view of its rows for the caller to fill."""
    kh, kw = kernel
    lead = 1 if order.chained and bias is not None else 0
    width = -(-span // COLUMN_MULTIPLE) * COLUMN_MULTIPLE
    columns = np.empty((lead + channels * kh * kw, width), dtype)
    if lead:
        columns[0] = 1
    if width > span:
        columns[:, span:] = 0
    blocks, row = [], lead
    item = columns.itemsize
    for start, stop in channel_blocks(channels, order.block):
        depth = (stop - start) * kh * kw
        view = as_strided(columns[row:], (kh, kw, stop - start, span),
                          (kw * (stop - start) * width * item, (stop - start) * width * item,
                           width * item, item))
        blocks.append((start, stop, view))
        row += depth
    return columns, blocks


def ordered_product(order, weight, columns, bias, out_channels, taps):
    """``(O, width)``: the convolution's sums from the ``ordered_weight`` and the filled
    ``column_buffer`` of a kernel of ``taps`` taps, the bias included, added as the kernel
    adds them: on AVX2 one chain; on AVX-512 each channel block's chain from 0, the first
    plus the bias, then the others added in turn. (Without the bias where
    ``order.bias_last``.) In blocks of columns, each a multiple of 16 wide: on the pool when
    it pays (as split.py's ``split_mm``), and for a product of few rows (split.py's
    ``thin_mm``: OpenBLAS is slow on one long thin product)."""
    rows, depth = weight.shape
    width = columns.shape[1]
    pool_step = grain(width, rows * depth * width * 2 // 5, CHUNK_BYTES)
    step = pool_step
    if rows <= THIN_MAX:
        step = min(step, max(64, THIN_BLOCK_BYTES // (depth * columns.itemsize)))
    step = -(-step // COLUMN_MULTIPLE) * COLUMN_MULTIPLE
    single = order.chained or order.bias_last
    if step >= width and single:
        return (weight @ columns)[:out_channels]
    out = np.empty((rows, width), columns.dtype)
    if single and pool_step >= width:
        for start in range(0, width, step):  # (thin blocks on this thread: no pool calls)
            np.matmul(weight, columns[:, start:start + step], out=out[:, start:start + step])
    else:
        parallel_for(width, step, _ordered_block, order, weight, columns, bias, taps, out)
    return out[:out_channels]


def _ordered_block(start, stop, order, weight, columns, bias, taps, out):
    _ordered_sums(order, weight, columns[:, start:stop], bias, taps, out[:, start:stop])


def _ordered_sums(order, weight, columns, bias, taps, out):
    if order.chained or order.bias_last:
        np.matmul(weight, columns, out=out)
        return
    step = order.block * taps
    tmp = None
    for row in range(0, columns.shape[0], step):
        part = np.ascontiguousarray(weight[:, row:row + step])
        if tmp is None:
            np.matmul(part, columns[row:row + step], out=out)
            if bias is not None:
                out[:len(bias)] += bias.reshape(-1, 1)
            tmp = np.empty_like(out)
        else:
            np.matmul(part, columns[row:row + step], out=tmp)
            out += tmp


# Images per GEMM in ``ordered_forward``: about this many bytes of columns (as conv.py's
# chunks: columns that stay in cache)
CHUNK_COLUMNS_BYTES = 2 << 20


# The columns of an ``ordered_forward`` kept for its weight gradient, and their layout
KeptColumns = namedtuple("KeptColumns", "columns order lead batch_last")


def ordered_forward(x4, w4, bias, geometry, order, keep=False):
    """``(y, kept)``: the convolution ``(N, O, Ho, Wo)``, bias included, summed as oneDNN's
    kernel sums it (``order``), by im2col in that order, for the shapes conv_kernels' plans
    do not take (dilated, or much waste); and when ``keep``, its KeptColumns for
    ``kept_weight_grad`` (else None). The columns run over positions with the batch
    innermost when they outnumber the output rows (conv.py's ``_batch_last``: the copies
    run N long); unkept, in chunks of images on the pool (as conv.py's ``conv_forward``).
    ``geometry``: ``(stride, padding, dilation)``."""
    n, channels = x4.shape[:2]
    out_channels, _, kh, kw = w4.shape
    out_hw = tuple((size + 2 * p - d * (k - 1) - 1) // s + 1 for size, k, s, p, d in zip(
        x4.shape[2:], w4.shape[2:], *geometry))
    batch_last = 4 * channels * kh * kw > out_channels * out_hw[1]
    weight = ordered_weight(w4, order, bias)
    per_image = x4.itemsize * channels * kh * kw * out_hw[0] * out_hw[1]
    step = n if keep else max(1, CHUNK_COLUMNS_BYTES // max(1, per_image))
    # (one chunk: its output is the result, as conv.py's; several: filled in place)
    y = None if step >= n else np.empty((n, out_channels) + out_hw, x4.dtype)
    kept = [None, y]
    args = (x4, weight, bias, geometry, (out_channels, kh, kw), order, batch_last, kept)
    with single_threaded_blas():  # (OpenBLAS' threads would split the columns unevenly)
        if step >= n:
            _forward_images(0, n, *args)
        else:
            parallel_for(n, step, _forward_images, *args)
    y = kept[1]
    if order.bias_last and bias is not None:
        y += bias.reshape(1, -1, 1, 1)
    lead = int(order.chained and bias is not None)
    return y, KeptColumns(kept[0], order, lead, batch_last) if keep else None


def _forward_images(first, stop, x4, weight, bias, geometry, shape, order, batch_last, kept):
    """``ordered_forward`` of the images ``first:stop`` with a weight of ``shape`` ``(O, ...,
    kh, kw)``: their columns in ``kept[0]``, their output into ``kept[1]`` (or, when None, as
    ``kept[1]``)."""
    (stride, (ph, pw), dilation), (out_channels, kh, kw) = geometry, shape
    count, channels, height, width = (stop - first,) + x4.shape[1:]
    ho, wo = ((size + 2 * p - d * (k - 1) - 1) // s + 1 for size, k, s, p, d in zip(
        x4.shape[2:], (kh, kw), stride, (ph, pw), dilation))
    images = x4[first:stop]
    if batch_last and not (ph or pw):  # (a 2-d transpose: the fastest copy)
        xp = np.ascontiguousarray(images.reshape(count, -1).T).reshape(
            channels, height, width, count)
    elif batch_last:  # (one copy, padded and transposed)
        xp = np.zeros((channels, height + 2 * ph, width + 2 * pw, count), x4.dtype)
        xp[:, ph:ph + height, pw:pw + width] = images.transpose(1, 2, 3, 0)
    elif ph or pw:
        xp = np.zeros((count, channels, height + 2 * ph, width + 2 * pw), x4.dtype)
        xp[:, :, ph:ph + height, pw:pw + width] = images
    else:
        xp = images
    if batch_last:
        sc, sh, sw, sn = xp.strides
        grid, grid_strides = (ho, wo, count), (sh * stride[0], sw * stride[1], sn)
    else:
        sn, sc, sh, sw = xp.strides
        grid, grid_strides = (count, ho, wo), (sn, sh * stride[0], sw * stride[1])
    span = count * ho * wo
    columns, blocks = column_buffer(order, channels, (kh, kw), span, x4.dtype, bias)
    for start, end, view in blocks:
        windows = as_strided(xp[start:end] if batch_last else xp[:, start:end],
                             (kh, kw, end - start) + grid,
                             (sh * dilation[0], sw * dilation[1], sc) + grid_strides,
                             writeable=False)
        view.reshape((kh, kw, end - start) + grid)[...] = windows
    out = ordered_product(order, weight, columns, bias, out_channels, kh * kw)
    out = out[:, :span].reshape((out_channels,) + grid)
    out = out.transpose(3, 0, 1, 2) if batch_last else out.transpose(1, 0, 2, 3)
    if kept[1] is None:
        kept[1] = np.ascontiguousarray(out)
    else:
        kept[1][first:stop] = out
    kept[0] = columns


def kept_weight_grad(kept, rows, w_shape):
    """The weight gradient from an ``ordered_forward``'s KeptColumns and ``rows``, the
    ``(O, positions)`` output gradient in their layout (conv.py's ``_grouped_rows``):
    conv.py's ``conv_weight_grad`` on the same columns, whose rows (taps) are in another
    order: a sum per tap as there, but for the zero columns past the positions (which add
    zeros, but may split OpenBLAS's sum elsewhere)."""
    columns, order, lead, _ = kept
    out_channels, span = rows.shape
    if columns.shape[1] > span:
        rows = np.concatenate([rows, np.zeros((out_channels, columns.shape[1] - span),
                                              rows.dtype)], axis=1)
    products = mm(columns[lead:], rows.T)  # (taps in the kernel's order, O)
    _, channels, kh, kw = w_shape
    grad = np.empty(w_shape, rows.dtype)
    row = 0
    for start, stop in channel_blocks(channels, order.block):
        depth = (stop - start) * kh * kw
        grad[:, start:stop] = products[row:row + depth].reshape(
            kh, kw, stop - start, out_channels).transpose(3, 2, 0, 1)
        row += depth
    return grad


# The most columns (input positions times output channels times taps) up to which an input
# gradient is computed in oneDNN's order: its im2col runs over the input's positions with
# every tap of every output channel, where conv.py's GEMM and col2im run over the output's
# with the input channels: LeNet's second layer (batch 64, 3.7M columns) took 1.3 instead of
# 0.8 ms; beyond this conv.py's sums are taken.
ORDERED_INPUT_GRAD_COLUMNS = 1 << 20


def input_grad_order(x4, w4, stride, padding, dilation, groups):
    """The SumOrder of oneDNN's backward-data kernel for this convolution's input gradient,
    or None where not modelled. Unstrided, PyTorch 2.13 runs it on oneDNN's direct kernels
    (``jit:avx512_core`` / ``jit:avx2``), which sum each input position's taps as the forward
    does, blocks of output channels in place of input channels, the kernel's rows and
    columns in the weight's own order (a tap ``(a, b)`` meets the output ``a`` rows above).
    Strided ones take oneDNN's brgemm kernels, 1x1 ones on AVX-512 its 1x1 kernel, and a
    padding beyond the kernel's reach (some windows wholly in it) other kernels, which add
    otherwise. The AVX2 kernel chains its blocks of 8 output channels in groups, each
    group's chain from 0 and the groups added (of one to all blocks, by a rule not pinned
    down: it depends on the width and padding): only one block, up to 8 output channels,
    is taken there, and undilated (its dilated 7-wide kernels add otherwise). (Over 600
    random unstrided shapes on both ISAs, one and two threads, every element of those taken
    as modelled.)"""
    if groups != 1 or x4.dtype != FLOAT32 or w4.dtype != FLOAT32 or tuple(stride) != (1, 1) \
            or _beyond_reach(padding, dilation, w4.shape[2:]):
        return None
    lanes = LANES.get(onednn_isa())
    if lanes is None or not runs_on_onednn(x4, w4, stride, dilation, groups):
        return None
    out_channels, _, kh, kw = w4.shape
    chained = lanes == LANES[AVX2]
    if (not chained and kh * kw == 1) or (chained and (out_channels > lanes or any(
            d != 1 for d in dilation))):
        return None
    block = min(out_channels, lanes)
    depth = (out_channels if chained else block) * kh * kw
    if x4.size // x4.shape[1] * out_channels * kh * kw > ORDERED_INPUT_GRAD_COLUMNS:
        return None
    if depth > GEMM_DEPTH or not gemm_chains() or not np.isfinite(w4).all():
        return None  # (the GEMM multiplies the padding: an infinite tap would give NaN)
    return SumOrder(block, chained, not chained and block == out_channels)


def ordered_input_grad(gy, w4, in_hw, padding, dilation, order):
    """The input gradient of an unstrided convolution, summed as oneDNN's backward-data
    kernel sums it (``order``): the forward of the output gradient turned by 180 degrees
    with the transposed weight (so the taps run in the weight's order), padded by the
    kernel's reach less the padding (cropped where the padding is wider), turned back."""
    reach = [d * (k - 1) - p for k, p, d in zip(w4.shape[2:], padding, dilation)]
    crop = [max(0, -r) for r in reach]
    turned = gy[:, :, gy.shape[2] - 1 - crop[0]:crop[0] - 1 if crop[0] else None:-1,
                gy.shape[3] - 1 - crop[1]:crop[1] - 1 if crop[1] else None:-1]
    weight = np.ascontiguousarray(w4.transpose(1, 0, 2, 3))
    grad, _ = ordered_forward(turned, weight, None, (
        (1, 1), tuple(max(0, r) for r in reach), dilation), order)
    return np.ascontiguousarray(grad[:, :, ::-1, ::-1])


def onednn_input_grad(x, gy4, w4, params):
    """The input gradient ``(N, C, H, W)`` of a convolution of arrays ``x`` (its input) and
    ``w4`` (4-d) given ``gy4`` (4-d), ``params`` ``(stride, padding, dilation, groups)``, as
    oneDNN sums it where ``input_grad_order`` models that; else None. (Not in channels-last
    layout, which PyTorch runs on other kernels.)"""
    stride, padding, dilation, groups = params
    x4 = x[:, :, None, :] if x.ndim == 3 else x
    if x.ndim == 4 and suggests_channels_last(x, w4):
        return None
    order = input_grad_order(x4, w4, stride, padding, dilation, groups)
    return None if order is None else ordered_input_grad(gy4, w4, x4.shape[2:], padding,
                                                         dilation, order)


# The most products (positions times taps) up to which a weight gradient is summed in
# oneDNN's order: its columns are gathered position by position (runs one kernel row long)
# and multiplied in GEMMs of at most GEMM_DEPTH positions; beyond this conv.py's sums are
# taken (LeNet's layers, 0.6M and 0.9M products, would take about twice as long).
ORDERED_WEIGHT_GRAD_PRODUCTS = 1 << 18


def onednn_weight_grad(x, gy4, w4, params):
    """The weight gradient of a convolution of arrays ``x`` (its input) and ``w4`` (4-d)
    given ``gy4`` (4-d), as oneDNN's backward-weights kernels sum it on one thread, where
    modelled; else None. Each weight element is one chain of fused multiply-adds from 0 over
    the output positions, image by image, row by row (its direct kernels on both ISAs;
    over 230 random shapes, every element). On two threads it splits the batch between them
    where both kernels' channel blocks (8 on AVX2, 8 or 16 on AVX-512) are one of input and
    one of output channels: a chain over each half (the first half rounded up), added (over
    100 random shapes of up to 8 channels, every element); otherwise by a cost model not
    pinned down (the channel blocks, or the batch), left out here like more threads. Not
    modelled either: 1x1 kernels (their own kernel), dilation, a padding over half the
    kernel (other kernels) and channels-last layouts. Non-finite values: their elements from
    conv_onednn's sum without the padding, the rest from chains of the finite terms."""
    stride, padding, dilation, groups = params
    x4 = x[:, :, None, :] if x.ndim == 3 else x
    out_channels, channels, kh, kw = w4.shape
    positions = gy4.size // out_channels if out_channels else 0
    threads = get_num_threads()
    halves = threads == 2 and out_channels <= 8 and channels <= 8 and x4.shape[0] > 1
    if (groups != 1 or not (threads == 1 or halves) or x4.dtype != FLOAT32
            or gy4.dtype != FLOAT32
            or kh * kw == 1 or any(d != 1 for d in dilation) or not positions
            or positions * channels * kh * kw > ORDERED_WEIGHT_GRAD_PRODUCTS
            or any(p > k // 2 for p, k in zip(padding, (kh, kw)))
            or (x.ndim == 4 and suggests_channels_last(x, w4))
            or LANES.get(onednn_isa()) is None or not gemm_chains()
            or not runs_on_onednn(x4, w4, stride, dilation, groups)):
        return None
    finite = np.isfinite(x4).all() and np.isfinite(gy4).all()
    special = None
    if not finite:  # (an element with a non-finite term is inf or NaN in any order: oneDNN's,
        # from conv_onednn, the padding left out where its direct kernel does; the chains
        # give the finite ones)
        if (any(padding) and not np.isfinite(gy4).all() and onednn_isa() == AVX2
                and not _avx2_backward_weights(x4, w4, stride, padding, dilation, groups,
                                               gy4.shape[2:])):
            return None  # (AVX2's GEMM there, which sums the padding: not modelled here)
        with np.errstate(invalid="ignore", over="ignore"):
            special = weight_grad_skipping_padding(x4, gy4, w4.shape, stride, padding,
                                                   dilation, groups)
    xs, gys = (x4, gy4) if finite else (_finite_part(x4), _finite_part(gy4))
    if not halves:
        grad = chained_weight_grad(xs, gys, w4.shape, stride, padding)
    else:
        half = -(-x4.shape[0] // 2)
        grad = chained_weight_grad(xs[:half], gys[:half], w4.shape, stride, padding) + \
            chained_weight_grad(xs[half:], gys[half:], w4.shape, stride, padding)
    if special is not None:
        np.copyto(grad, special, where=~np.isfinite(special))
    return grad


def _finite_part(a):
    """``a`` with its infinities and NaNs as zeros: terms that add nothing to a chain (the
    elements they reach are set from the non-finite sums afterwards)."""
    return np.where(np.isfinite(a), a, a.dtype.type(0))


def chained_weight_grad(x4, gy4, w_shape, stride, padding):
    """Each weight element's chain over the positions, by GEMMs each carrying the sum so far
    in: its first terms are an identity matrix times the previous sums (zeros but the
    element's own, which the chain takes as it is), then up to GEMM_DEPTH less that many
    positions' products."""
    n, channels, height, width = x4.shape
    out_channels, _, kh, kw = w_shape
    ho, wo = gy4.shape[2:]
    (ph, pw), (sh, sw) = padding, stride
    xp = np.zeros((n, channels, height + 2 * ph, width + 2 * pw), x4.dtype)
    xp[:, :, ph:ph + height, pw:pw + width] = x4
    sn, sc, sy, sx = xp.strides
    windows = as_strided(xp, (n, ho, wo, channels, kh, kw),
                         (sn, sy * sh, sx * sw, sc, sy, sx), writeable=False)
    windows = windows.reshape(n * ho * wo, channels * kh * kw)  # (a copy: position-major)
    rows = gy4.transpose(1, 0, 2, 3).reshape(out_channels, -1)
    lead = max(2, out_channels)  # (a GEMM: two rows at least)
    taps = windows.shape[1]
    width16 = -(-taps // COLUMN_MULTIPLE) * COLUMN_MULTIPLE
    step = GEMM_DEPTH - lead
    total = np.zeros((lead, width16), x4.dtype)
    with single_threaded_blas():
        for start in range(0, windows.shape[0], step):
            stop = min(windows.shape[0], start + step)
            a = np.zeros((lead, lead + stop - start), x4.dtype)
            a[:, :lead] = np.eye(lead, dtype=x4.dtype)
            a[:out_channels, lead:] = rows[:, start:stop]
            b = np.zeros((lead + stop - start, width16), x4.dtype)
            b[:lead] = total
            b[lead:, :taps] = windows[start:stop]
            total = a @ b
    return total[:out_channels, :taps].reshape(w_shape)
