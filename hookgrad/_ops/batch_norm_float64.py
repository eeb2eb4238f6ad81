"""PyTorch's float64 CPU batch norm in training, forward, bit for bit: its statistics and its
output.

The statistics are double sums in a fixed order. Its contiguous kernel (an input with
positions) takes each channel's values one after another, batch by batch: ``mean = sum /
count``, ``var_sum`` the sum of the squares ``(x - mean)^2`` in the same order, as its
compiled loop adds them (``_square_sums``: an odd plane's last square fused into the sum). Its
channels-last kernel (an (N, C) input, one value per channel and sample) splits the rows
between the intra-op threads as the float32 one does (``ceil(N / threads)`` rows each; two
rows of at most 16 channels on one thread), each thread adding its rows in order into its
own buffer and the squares with fused multiply-adds, the buffers then added in thread order.
Then ``invstd = 1 / sqrt(var_sum / count + eps)``, ``alpha = invstd * weight``, ``beta =
fma(-mean, alpha, bias)`` and ``y = fma(x, alpha, beta)``. Measured against PyTorch 2.13 on
120 random (2..100, 1..40) and (1..5, 1..5, 2..49) inputs: output, mean and the input,
weight and bias gradients to the bit. The fused steps are emulated (``fma64``, about twenty
NumPy operations), so inputs of more than ``EXACT_MAX_ELEMENTS`` values keep norm_kernels'
faster passes, and threads' shares of more than ``EXACT_MAX_ROWS`` rows add their squares
rounded (the fused sum costs about 10 us a row), equal within rounding."""
import numpy as np

from .._parallel import get_num_threads
from .fused import add_split64, fma64, running_fma64, split_product64

EXACT_MAX_ELEMENTS = 1 << 16
EXACT_MAX_ROWS = 64
_ONE_THREAD_CHANNELS = 16  # (two rows of at most this many channels ran on one thread)


def applies(x3):
    """Whether the float64 ``(N, C, P)`` array takes the exact steps here."""
    return x3.dtype == np.float64 and 0 < x3.size <= EXACT_MAX_ELEMENTS


def forward_train(x3, weight, bias, eps):
    """``(y3, mean, var_sum, invstd)`` of a float64 ``(N, C, P)`` array as PyTorch's kernel
    rounds them (``applies``; ``var_sum``: the sum of the squares ``(x - mean)^2``)."""
    n, channels, positions = x3.shape
    count = n * positions
    with np.errstate(invalid="ignore", over="ignore", divide="ignore"):
        if positions == 1:
            mean, var_sum = _row_statistics(x3[:, :, 0])
        else:
            mean, var_sum = _plane_statistics(x3)
        var = var_sum / count
        invstd = 1 / np.sqrt(var + eps)
        alpha = invstd if weight is None else invstd * weight
        beta = fma64(-mean, alpha, np.zeros(channels) if bias is None else bias)
        shape = (channels, 1)
        y3 = fma64(x3, np.broadcast_to(alpha.reshape(shape), x3.shape),
                   np.broadcast_to(beta.reshape(shape), x3.shape))
    return y3, mean, var_sum, invstd


def _plane_statistics(x3):
    """``(mean, var_sum)``: each channel's values summed in order, batch by batch; the
    squares as the compiled loop adds them (``_square_sums``)."""
    channels = x3.shape[1]
    values = x3.transpose(1, 0, 2).reshape(channels, -1)
    mean = np.add.accumulate(values, axis=1)[:, -1] / values.shape[1]
    return mean, _square_sums(x3 - mean[:, None])


def _square_sums(centred3):
    """Each channel's ``(x - mean)^2`` added in order, batch by batch, as PyTorch's compiled
    loop adds them: over each plane's pairs of positions the squares rounded (its two-lane
    vector loop), and an odd plane's last square fused into the sum (its scalar tail, an
    FMA). Measured: planes of 1 to 64 positions, 1 to 4 batches, both ISAs."""
    n, channels, positions = centred3.shape
    squares = centred3 * centred3
    if positions % 2 == 0:
        return np.add.accumulate(squares.transpose(1, 0, 2).reshape(channels, -1), axis=1)[:, -1]
    total = np.zeros(channels)
    last = centred3[:, :, -1]
    highs, lows = split_product64(last, last)  # (the fused squares' exact parts, at once)
    for high, low, square in zip(highs, lows, squares):
        if positions > 1:
            paired = square[:, :-1].copy()
            paired[:, 0] += total
            total = np.add.accumulate(paired, axis=1)[:, -1]
        total = add_split64(high, low, total)
    return total


def _row_statistics(x2):
    """``(mean, var_sum)`` of (N, C) rows, as the channels-last kernel's threads add them."""
    n, channels = x2.shape
    size = -(-n // get_num_threads())
    if n == 2 and channels <= _ONE_THREAD_CHANNELS:
        size = 2
    starts = range(0, n, size)
    total = np.zeros(channels)
    for start in starts:
        total += np.add.accumulate(x2[start:start + size], axis=0)[-1]
    mean = total / n
    centred = x2 - mean
    if size > EXACT_MAX_ROWS:
        partials = [np.add.accumulate(centred[start:start + size] ** 2, axis=0)[-1]
                    for start in starts]
    else:  # (the threads' fused sums side by side, a short last share padded with zeros)
        shares = np.zeros((size, len(starts), channels))
        for i, start in enumerate(starts):
            rows = centred[start:start + size]
            shares[:len(rows), i] = rows
        partials = running_fma64(shares, shares, np.zeros((len(starts), channels)))
    var_sum = np.zeros(channels)
    for partial in partials:
        var_sum += partial
    return mean, var_sum
