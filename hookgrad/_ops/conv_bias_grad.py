"""A convolution's bias gradient, the sum of ``grad_output`` over all but its channel dim, in
the order PyTorch 2.13 adds it on a CPU (its last bits depend on that order).

* Where PyTorch does not run the convolution on oneDNN (``runs_on_onednn``), its native
  kernels take ``grad_output.sum((0, 2, 3))`` (``sum_order``'s order), of each group's
  contiguous copy when grouped (they convolve group by group); its dilated kernel adds each
  sample's ``sum((1, 2))`` to the total in turn.
* Where oneDNN runs it, each channel is added up from 0 one element at a time, sample by
  sample, row by row (its direct kernels fold it into their backward-weights pass); its
  GEMM-based kernel (grouped, and shapes the direct ones refuse) sums each row from 0 and
  adds the rows in turn; its deconvolution (a transposed convolution) adds in order over a
  blocked copy, or each sample's sum in turn over the plain NCHW one where it keeps that.

Read off PyTorch 2.13 on one thread over 4,000 random 1-d and 2-d shapes under each oneDNN
ISA (AVX-512 and AVX2): 99.5% are as modelled here (all native ones; the rest are dilated or
grouped transposed shapes whose kernel choice is not pinned down). Not modelled: oneDNN on
several threads, which splits the batch between threads by a cost model and adds their
partial sums (the one-thread order is taken), and, for speed, more than ORDERED_POSITIONS
positions per channel on oneDNN (NumPy's pairwise sum, more accurate, is taken)."""
import numpy as np

from .._parallel import single_threaded_blas
from .conv_onednn import runs_on_onednn
from .conv_onednn_order import COLUMN_MULTIPLE, GEMM_DEPTH, gemm_chains
from .onednn_isa import AVX2, onednn_isa
from .sum_order import _sequential, sum_array

# Positions per channel up to which oneDNN's one-at-a-time order is followed: NumPy takes
# about 14 ns a position for it (a reduction over rows of one position's channels), 25 times
# its pairwise sum. LeNet's first convolution (36,864 positions) would take 18-20% longer
# steps (benchmarks/models_against.py W4); beyond this its pairwise sum is taken. (BLAS
# chains, ``_chained_sums``, take about 7 ns a position there: 0.27 against 0.02 ms.)
ORDERED_POSITIONS = 16384


def bias_grad(grad, x, w, stride, padding, dilation, groups, transposed):
    """The bias gradient of a convolution (or ``transposed`` one) of ``x`` by ``w`` whose
    output gradient is ``grad`` (all of any rank the convolutions take, non-empty)."""
    channels = grad.shape[1]
    g4 = grad[:, :, None, :] if grad.ndim == 3 else grad
    x4 = x[:, :, None, :] if x.ndim == 3 else x
    w4 = w[:, :, None, :] if w.ndim == 3 else w
    if not runs_on_onednn(x4, w4, stride, dilation, groups):
        dilated = not transposed and any(d != 1 for d in dilation)
        return _native(grad, groups, dilated)
    if grad.size // channels > ORDERED_POSITIONS:
        # over the batch first (whole rows at a time), then each channel's pixels
        return np.add.reduce(np.add.reduce(grad, axis=0), axis=tuple(range(1, grad.ndim - 1)))
    if transposed:
        plain = _deconvolution_keeps_nchw(channels, w4.shape[2:], stride, padding, dilation,
                                          groups, g4.shape[2:])
        return _by_sample(g4) if plain else _in_order(g4)
    by_row = _convolution_adds_by_row(x4, w4, stride, padding, dilation, groups)
    return _by_row(g4) if by_row else _in_order(g4)


def _native(grad, groups, per_sample):
    """PyTorch's native kernels: ``sum((0, 2, 3))``, of each group's contiguous copy when
    grouped (they convolve group by group); its dilated kernel (``per_sample``) adds each
    sample's ``sum((1, 2))`` to the total in turn."""
    if groups > 1:
        per_group = grad.shape[1] // groups
        return np.concatenate([_native(np.ascontiguousarray(
            grad[:, g * per_group:(g + 1) * per_group]), 1, per_sample) for g in range(groups)])
    if not per_sample:
        return sum_array(grad, tuple(d for d in range(grad.ndim) if d != 1), False)
    spatial = tuple(range(1, grad.ndim - 1))
    total = np.zeros(grad.shape[1], grad.dtype)
    for sample in grad:
        total += sum_array(sample, spatial, False)
    return total


def _channels_last(g4):
    """``g4`` copied to (sample, row, column, channel) order, a channel at a time (reading
    whole planes: 2-5 times faster than NumPy's transposing copy)."""
    out = np.empty(g4.shape[:1] + g4.shape[2:] + g4.shape[1:2], g4.dtype)
    for channel in range(g4.shape[1]):
        out[..., channel] = g4[:, channel]
    return out


def _in_order(g4):
    """Each channel added from 0 one element at a time: sample by sample, row by row."""
    chained = _chained_sums(g4)
    if chained is not None:
        return chained
    rows = _channels_last(g4).reshape(-1, g4.shape[1])
    return _sequential(rows) + 0.0  # (from 0, as oneDNN's accumulators: -0. sums give 0.)


# ``_chained_sums``' second operand: a chain's multiplier 1 for up to GEMM_DEPTH terms
_ONES = np.ones((GEMM_DEPTH, COLUMN_MULTIPLE), np.float32)
_ONES.flags.writeable = False


def _chained_sums(g4):
    """``_in_order``'s sums of a float32 ``g4`` of two channels or more, as chains of fused
    multiply-adds by 1 (each exactly an addition: ``fma(1, g, s)`` rounds ``s + g`` once)
    in NumPy's OpenBLAS (conv_onednn_order.py's ``gemm_chains``): each channel's values in
    order are a row of ``(C, K) @ ones(K, 16)``, a chain over K in order; past GEMM_DEPTH
    terms the next product starts from the sum so far, written over the last term it added.
    W4's second convolution (4,096 positions, 16 channels): 0.064 instead of 0.139 ms,
    where NumPy's in-order reduction takes a call of its inner loop per position. None (the
    reduction then) where not modelled or where a sum is not finite (an infinity or NaN:
    which NaN an fma keeps where two meet may differ from an addition's)."""
    channels = g4.shape[1]
    if g4.dtype != np.float32 or channels < 2 or not gemm_chains():
        return None  # (one channel: NumPy multiplies one row as a matrix-vector product)
    # (a copy always, even where the transpose is contiguous: terms are written over)
    by_channel = np.array(g4.transpose(1, 0, 2, 3), order="C").reshape(channels, -1)
    positions = by_channel.shape[1]
    stop = min(positions, GEMM_DEPTH)
    with single_threaded_blas():
        total = (by_channel[:, :stop] @ _ONES[:stop])[:, 0]
        while stop < positions:
            start, stop = stop - 1, min(positions, stop - 1 + GEMM_DEPTH)
            by_channel[:, start] = total  # (a term already added: the chain carries on from it)
            total = (by_channel[:, start:stop] @ _ONES[:stop - start])[:, 0]
    if not np.isfinite(total).all():
        return None
    return total + 0.0  # (from 0, as oneDNN's accumulators: -0. sums give 0.)


def _by_sample(g4):
    """Each sample's sum (in order, from 0) added to the total in turn."""
    n, channels = g4.shape[:2]
    per_sample = _sequential(np.moveaxis(_channels_last(g4).reshape(n, -1, channels), 1, 0))
    return _sequential(per_sample) + 0.0


def _by_row(g4):
    """Each row's sum (in order, from 0) added to the total in turn, sample by sample."""
    n, channels, height, width = g4.shape
    rows = _channels_last(g4).reshape(n * height, width, channels)
    return _sequential(_sequential(np.moveaxis(rows, 1, 0))) + 0.0


def _convolution_adds_by_row(x4, w4, stride, padding, dilation, groups):
    """Whether oneDNN's convolution adds the bias gradient row by row (its GEMM-based
    backward-weights kernel's order) rather than in order (its direct kernels'): grouped
    unless depthwise; else as the kernel it takes for the shape. On AVX-512 its direct kernel
    for up to 3 input channels takes any undilated shape, and a dilated one unless the
    dilated kernel is taller than the input, the top padding over half its height, or the
    height both strided and dilated; for more channels, no dilated shape nor a kernel taller
    than the input. On AVX2, no kernel taller than the input, no dilated one but 1x1
    unstrided."""
    if groups > 1:
        return w4.shape[1] != 1 or w4.shape[0] != groups
    kernel, height = w4.shape[2:], x4.shape[2]
    dilated = tuple(dilation) != (1, 1)
    if onednn_isa() == AVX2:
        if dilated:
            return not (tuple(kernel) == (1, 1) and tuple(stride) == (1, 1))
        return kernel[0] > height
    if x4.shape[1] > 3:
        return dilated or kernel[0] > height
    if not dilated:
        return False
    extent = dilation[0] * (kernel[0] - 1) + 1
    return (extent > height or padding[0] > extent // 2
            or (stride[0] != 1 and dilation[0] != 1))


def _deconvolution_keeps_nchw(channels, kernel, stride, padding, dilation, groups, out_hw):
    """Whether oneDNN's deconvolution adds the bias gradient over plain NCHW (see above)."""
    if groups > 1 or tuple(dilation) != (1, 1) or kernel[0] > out_hw[0]:
        return True
    if tuple(kernel) == (1, 1) and tuple(stride) == (1, 1):
        return False
    if onednn_isa() == AVX2:
        return channels == 3
    if channels < 3:  # (unless its top padding is all but the kernel's height, of 3 or more)
        return not (kernel[0] >= 3 and padding[0] == kernel[0] - 1)
    return channels == 3
