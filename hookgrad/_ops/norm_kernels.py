"""Batch and layer norm on arrays in as few passes over memory as the maths needs, split
over chunks of samples (or rows) on the intra-op pool (``hookgrad._parallel``).

Batch norm: arrays are viewed as ``(N, C, P)`` (P: the spatial positions, 1 for a 2-d
input); statistics are per channel over N and P, ``M = N * P`` values each. Each chunk is a
contiguous run of samples; per-chunk partial sums are added in chunk order.

Training forward: the sums (one read), ``x - mean`` written straight into the output (one
pass), the biased variance from that (one read), then scale and shift in place (two
passes). Backward: the gradient's sums and ``x - mean`` (one read, one pass), its dot product
with the gradient (one read), and ``grad_input = A * g + B * (x - mean) + C`` with
per-channel A, B, C (three passes). The weight and bias gradients are those two sums.
"""
import numpy as np

from .._parallel import get_num_threads, grain, parallel_for
from ..backends.cpu import vector_bytes
from . import batch_norm_float64, batch_norm_grad
from .fused import fma, fma64
from .layer_norm_rows import layer_norm_rows
from .rowwise_moments import rowwise_moments

# No chunk smaller than this: smaller ones cost more to hand out than they save.
CHUNK_BYTES = 256 << 10


def channel_sums(a):
    """Per-channel sums of an ``(N, C, P)`` array."""
    return np.einsum("ncp->c", a)


def channel_dots(a, b):
    """Per-channel sums of ``a * b``, without a temporary: along P by BLAS dot products when
    the rows are long, else by einsum."""
    if a.shape[2] >= 32:
        return np.vecdot(a, b).sum(axis=0)
    if 0 in a.strides and not np.isfinite(a).all():
        # NumPy's einsum multiplies an operand that is one value along its loop (a broadcast
        # gradient) by the sum of the other: inf * sum(b), where PyTorch's sum of inf * b_i
        # is NaN for b of both signs
        a = np.ascontiguousarray(a)
    return np.einsum("ncp,ncp->c", a, b)


def _column(v):
    return v[:, None]


# Per-channel values meet (N, C, P) arrays as a (C, P) operand, each value repeated along its
# row, when the rows are this long: NumPy's loops then run over contiguous C * P runs, 1.5
# times as fast as over rows of P against a broadcast (C, 1) column (W6's batch norms).
SPREAD_MIN_POSITIONS = 128


def _spread(v, positions):
    """``v`` (C,) as an operand for ``(N, C, positions)`` arrays (see SPREAD_MIN_POSITIONS)."""
    if positions >= SPREAD_MIN_POSITIONS:
        return np.repeat(v, positions).reshape(v.shape[0], positions)
    return v[:, None]


def _total(partials):
    total = partials[0]
    for p in partials[1:]:
        total = total + p
    return total


def _run(x3, fn, *args):
    """``fn(start, stop, *args)`` over batch chunks of ``x3``; returns the chunk size."""
    step = grain(x3.shape[0], x3.nbytes, CHUNK_BYTES)
    if step >= x3.shape[0]:
        fn(0, x3.shape[0], *args)
    else:
        parallel_for(x3.shape[0], step, fn, *args)
    return step


def _sums(start, stop, step, x3, out):
    out[start // step] = channel_sums(x3[start:stop])


def _centre(start, stop, step, x3, mean, y3, out):
    ys = y3[start:stop]
    np.subtract(x3[start:stop], mean, out=ys)
    out[start // step] = channel_dots(ys, ys)


def _scale_shift(start, stop, y3, source, scale, shift):
    """``y = source * scale + shift`` (``scale``, ``shift``: operands from ``_spread``)."""
    ys = y3[start:stop]
    np.multiply(source[start:stop], scale, out=ys)
    if shift is not None:
        np.add(ys, shift, out=ys)


def _chunks(x3):
    n = x3.shape[0]
    step = grain(n, x3.nbytes, CHUNK_BYTES)
    return step, [None] * (-(-n // step))


def forward_train(x3, weight, bias, eps, fused=True):
    """``(y3, mean, var_sum, invstd)`` of an ``(N, C, P)`` array, statistics ``(C,)``
    (``var_sum``: the sum of the squares ``(x - mean)^2``, in the input's float type, as
    PyTorch keeps it for the running variance; ``fused``: a float32 one rounded as PyTorch's
    float32 kernel, see below)."""
    if fused and x3.dtype == np.float32:
        # (infinities: inf - inf in NumPy's sums is NaN, as PyTorch's, without its warning)
        with np.errstate(invalid="ignore", over="ignore"):
            return _forward_train_float32(x3, weight, bias, eps)
    if batch_norm_float64.applies(x3):
        return batch_norm_float64.forward_train(x3, weight, bias, eps)
    count = x3.shape[0] * x3.shape[2]
    y3 = np.empty(x3.shape, x3.dtype)
    step, partials = _chunks(x3)
    _run(x3, _sums, step, x3, partials)
    mean = _total(partials) / count
    positions = x3.shape[2]
    _run(x3, _centre, step, x3, _spread(mean, positions), y3, partials)
    var_sum = _total(partials)
    invstd = 1 / np.sqrt(var_sum / count + eps)
    scale = invstd if weight is None else invstd * weight
    _run(x3, _scale_shift, y3, y3, _spread(scale, positions),
         None if bias is None else _spread(bias, positions))
    return y3, mean, var_sum, invstd


# PyTorch's float32 CPU kernel (its contiguous path, which a batch norm with positions and
# every instance norm take): per-channel sums of x and of the float32 squares (x - mean)^2 in
# float64, each rounded to float32; invstd in float64 from the float32 variance; then
# y = fma(x, alpha, beta) with float32 alpha = invstd * weight and beta = fma(-mean, alpha,
# bias). The fused multiply-adds leave a residual where x equals the mean (+-1.5e-05 for a
# constant channel, whose invstd is 316) and round once elsewhere. Up to EXACT_MAX_ELEMENTS
# values, float64 passes reproduce all of it bit for bit (a float32 product is exact in
# float64); above, where those passes would cost 3 to 4 times the float32 ones, the same mean
# and y = (x - mean) * alpha + (bias + r) in float32, r the residual per channel: PyTorch's
# value where x equals the mean, within an ulp elsewhere.
EXACT_MAX_ELEMENTS = 1 << 12
# Training gradients of contiguous inputs up to this size follow PyTorch's kernel bit for bit
# (batch_norm_grad.py), at 4-7 times the cost of the fused passes larger ones keep (W6's batch
# norms, 131,072 to 524,288 elements, 0.6-1.5 ms each, would take 2.4-11 ms).
EXACT_GRAD_MAX_ELEMENTS = 1 << 16
EXACT_GRAD_ROWS = 512  # ((N, C) rows: a multiply-add per row, in order, one call each)


def _sums64(start, stop, step, x3, out):
    out[start // step] = np.einsum("ncp->c", x3[start:stop], dtype=np.float64)


def fused_terms(mean, invstd, weight, bias):
    """PyTorch's float32 ``alpha = invstd * weight`` and ``beta = fma(-mean, alpha, bias)``
    (alpha float32, beta float64 holding a float32 value), and ``r``: ``beta + mean * alpha``,
    exactly, the residual ``fma(x, alpha, beta)`` leaves where x is the mean."""
    alpha = invstd if weight is None else invstd * weight
    product = mean.astype(np.float64) * alpha  # (exact)
    beta = (-product if bias is None else bias - product).astype(np.float32)
    return alpha, beta.astype(np.float64), beta + product - (0 if bias is None else bias)


def _fused_output(x3, alpha, beta, residual, bias, y3=None):
    """``fma(x, alpha, beta)``: in float64 up to EXACT_MAX_ELEMENTS values, else (``y3``
    holding ``x - mean``, or ``x`` when ``y3`` is None) in float32 with the residual."""
    positions = x3.shape[2]
    if x3.size <= EXACT_MAX_ELEMENTS:
        wide = x3.astype(np.float64)
        wide *= alpha[:, None]
        wide += beta[:, None]
        return wide.astype(np.float32)
    if y3 is None:  # (eval mode: two passes, within an ulp, no residual)
        y3, shift = np.empty(x3.shape, x3.dtype), beta.astype(np.float32)
        source = x3
    else:
        shift = (residual if bias is None else bias + residual).astype(np.float32)
        source = y3
    _run(x3, _scale_shift, y3, source, _spread(alpha, positions), _spread(shift, positions))
    return y3


# PyTorch's float32 kernel for one value per channel and sample (an (N, C) input, whose
# channels are contiguous: its dispatcher takes the channels-last kernel): the rows split over
# its threads (ceil(N / threads) rows each; two rows of at most one 16-float vector ran on
# one thread in every measurement), each thread's float32 sum of its rows and its fused
# multiply-add sum of the float32 squares (x - mean)^2, the threads' partials added in
# float64. Exactly so up to EXACT_MAX_ROWS rows per thread (a loop over rows, about 3 us a
# row: 100 of 100 random (2..300, 1..40) inputs gave PyTorch's mean and invstd to the bit);
# above, each partial of squares is summed in float64 and rounded once, within an ulp of that.
EXACT_MAX_ROWS = 256


def _row_statistics_float32(x2, eps):
    n, channels = x2.shape
    size = -(-n // get_num_threads())
    if n == 2 and channels <= 16:
        size = 2
    starts = range(0, n, size)
    total = np.zeros(channels)
    for start in starts:  # (float32 rows added in order: a reduction down the columns)
        rows = x2[start:start + size]
        total += rows.sum(axis=0) if channels > 1 else np.add.accumulate(rows, axis=0)[-1]
    mean = (total / n).astype(np.float32)
    squares = (x2 - mean).astype(np.float64)
    squares *= squares  # (exact: a float32 square fits in a float64)
    total[:] = 0
    partial, wide = np.empty(channels, np.float32), np.empty(channels)
    for start in starts:
        if size > EXACT_MAX_ROWS:
            total += squares[start:start + size].sum(axis=0).astype(np.float32)
            continue
        partial[:] = 0
        for row in squares[start:start + size]:
            np.add(partial, row, out=wide)
            partial[:] = wide  # (fma(d, d, partial): one rounding, to float32)
        total += partial
    var_sum = total.astype(np.float32)
    var = var_sum / np.float32(n)
    return mean, var_sum, (1 / np.sqrt(var.astype(np.float64) + eps)).astype(np.float32)


def _forward_train_float32(x3, weight, bias, eps):
    count = x3.shape[0] * x3.shape[2]
    if x3.shape[2] == 1:
        mean, var_sum, invstd = _row_statistics_float32(x3[:, :, 0], eps)
        alpha, beta, residual = fused_terms(mean, invstd, weight, bias)
        return _fused_output(x3, alpha, beta, residual, bias), mean, var_sum, invstd
    if x3.size <= EXACT_MAX_ELEMENTS:  # (few values: whole-array operations)
        mean = (np.einsum("ncp->c", x3, dtype=np.float64) / count).astype(np.float32)
        centred = x3 - mean[:, None]
        var_sum = np.einsum("ncp->c", centred * centred, dtype=np.float64).astype(np.float32)
        var = var_sum / np.float32(count)
        invstd = (1 / np.sqrt(var.astype(np.float64) + eps)).astype(np.float32)
        alpha, beta, residual = fused_terms(mean, invstd, weight, bias)
        return _fused_output(x3, alpha, beta, residual, bias), mean, var_sum, invstd
    y3 = np.empty(x3.shape, x3.dtype)
    step, partials = _chunks(x3)
    _run(x3, _sums64, step, x3, partials)
    mean = (_total(partials) / count).astype(np.float32)
    _run(x3, _centre, step, x3, _spread(mean, x3.shape[2]), y3, partials)
    var_sum = _total(partials)
    invstd = (1 / np.sqrt((var_sum / np.float32(count)).astype(np.float64) + eps)).astype(
        np.float32)
    alpha, beta, residual = fused_terms(mean, invstd, weight, bias)
    return (_fused_output(x3, alpha, beta, residual, bias, y3), mean,
            var_sum.astype(np.float32), invstd)


def forward_eval(x3, weight, bias, mean, invstd, fused=True):
    """``x * scale + shift`` with ``scale = weight * invstd``, ``shift = bias - mean * scale``
    (two passes, as PyTorch computes it; float32 ``fused`` as above)."""
    if fused and x3.dtype == np.float32:
        alpha, beta, residual = fused_terms(mean, invstd, weight, bias)
        return _fused_output(x3, alpha, beta, residual, bias)
    if fused and x3.dtype == np.float64:  # (the same fused steps, by fused.fma64)
        alpha = invstd if weight is None else invstd * weight
        beta = fma64(-mean, alpha, 0.0 if bias is None else bias)
        return fma64(x3, alpha[:, None], beta[:, None])
    scale = invstd if weight is None else weight * invstd
    shift = -mean * scale if bias is None else bias - mean * scale
    y3 = np.empty(x3.shape, x3.dtype)
    _run(x3, _scale_shift, y3, x3, _spread(scale, x3.shape[2]), _spread(shift, x3.shape[2]))
    return y3


def _grad_sums(start, stop, step, g3, x3, mean, centred3, sums, dots):
    gs = g3[start:stop]
    centred = centred3[start:stop]
    np.subtract(x3[start:stop], mean, out=centred)
    sums[start // step] = channel_sums(gs)
    dots[start // step] = channel_dots(gs, centred)


def _grad_input(start, stop, g3, gx3, a, b, c):
    """``gx = a * g + b * gx + c`` per channel, ``gx`` holding ``x - mean`` (``a``, ``b``,
    ``c``: operands from ``_spread``)."""
    gx = gx3[start:stop]
    np.multiply(gx, b, out=gx)
    np.add(gx, c, out=gx)
    gx += g3[start:stop] * a


def _vector_sums(a):
    """Per-channel sums of an ``(N, C, P)`` array as PyTorch's batch norm backward adds them:
    each plane in its AVX2 build's vector order (``batch_norm_grad.plane_sums``; the kernel
    has no AVX-512 build), the planes added in float64."""
    if a.dtype in batch_norm_grad.LANES:
        rows = batch_norm_grad.plane_sums(a)
    else:
        rows = np.add.accumulate(a, axis=2)[..., -1] if a.shape[2] else np.zeros(a.shape[:2],
                                                                                   a.dtype)
    return rows.astype(np.float64).sum(axis=0)


def _weight_last_terms(g3, centred, invstd, count):
    """PyTorch's ``k = dot(g, x - mean) * invstd^2 / M`` and ``grad_mean = sum(g) / M`` per
    channel, as its contiguous kernel adds in vector order and rounds both to the dtype (a
    strided input or gradient takes batch_norm_grad.strided_gradients)."""
    products = centred * g3
    k = _vector_sums(products).astype(g3.dtype) * invstd * invstd / g3.dtype.type(count)
    return k, (_vector_sums(g3) / count).astype(g3.dtype)


def _grad_input_weight_last(start, stop, g3, gx3, k, grad_mean, invstd, weight):
    """``gx = (g - grad_mean - gx * k) * invstd * weight``, ``gx`` holding ``x - mean``."""
    gx = gx3[start:stop]
    with np.errstate(invalid="ignore", over="ignore"):  # (on a pool thread too)
        np.multiply(gx, k, out=gx)
        np.subtract(g3[start:stop] - grad_mean, gx, out=gx)
        np.multiply(gx, invstd, out=gx)
        if weight is not None:
            np.multiply(gx, weight, out=gx)


def backward(g3, x3, weight, mean, invstd, training, need_input, need_weight, need_bias):
    """``(grad_input3, grad_weight, grad_bias)`` (None where not needed) from the upstream
    gradient ``g3`` and the input ``x3``, both ``(N, C, P)``; ``mean`` and ``invstd`` are the
    ``(C,)`` statistics the forward used."""
    count = x3.shape[0] * x3.shape[2]
    scale = invstd if weight is None else weight * invstd
    gx3 = np.empty(x3.shape, g3.dtype) if need_input else None
    if count == 0:  # an empty batch: nothing to sum
        zeros = np.zeros(x3.shape[1], g3.dtype)
        return gx3, zeros if need_weight else None, zeros.copy() if need_bias else None
    exact = x3.dtype == g3.dtype and x3.dtype in batch_norm_grad.LANES
    if exact and x3.size <= EXACT_GRAD_MAX_ELEMENTS and x3.flags.c_contiguous \
            and g3.flags.c_contiguous and (x3.shape[2] > 1 or x3.shape[0] <= EXACT_GRAD_ROWS) \
            and (need_weight or need_bias or training):
        # PyTorch's kernels, bit for bit (4-7 times the cost of the fused form below, which
        # larger inputs keep): its contiguous one, and for (N, C) rows its channels-last one
        if x3.shape[2] > 1:
            gx3, grad_weight, grad_bias = batch_norm_grad.gradients(
                g3, x3, weight, mean, invstd, need_input, training)
        else:
            gx2, grad_weight, grad_bias = batch_norm_grad.row_gradients(
                g3[:, :, 0], x3[:, :, 0], weight, mean, invstd, need_input, get_num_threads(),
                training)
            gx3 = None if gx2 is None else gx2[:, :, None]
        return gx3, grad_weight if need_weight else None, grad_bias if need_bias else None
    if exact and not (x3.flags.c_contiguous and g3.flags.c_contiguous):
        # PyTorch's generic kernel (a strided input or gradient), bit for bit, an infinite
        # weight too
        gx3, grad_weight, grad_bias = batch_norm_grad.strided_gradients(
            g3, x3, weight, mean, invstd, need_input, training)
        return gx3, grad_weight if need_weight else None, grad_bias if need_bias else None
    if not training:  # (the input's gradient (dy * invstd) * w, as PyTorch's kernels)
        if need_input:
            _run(x3, _scale_shift, gx3, g3, _spread(invstd, x3.shape[2]), None)
            if weight is not None:
                _run(x3, _scale_shift, gx3, gx3, _spread(weight, x3.shape[2]), None)
        if not need_weight:
            return gx3, None, channel_sums(g3) if need_bias else None
        need_input = False
    # (the scratch for x - mean: the input's gradient's array where that comes after it)
    centred = gx3 if gx3 is not None and need_input else np.empty(x3.shape, g3.dtype)
    step, sums = _chunks(x3)
    dots = [None] * len(sums)
    positions = x3.shape[2]
    _run(x3, _grad_sums, step, g3, x3, _spread(mean, positions), centred, sums, dots)
    sum_g, sum_gc = _total(sums), _total(dots)
    if need_input:
        if training and not np.isfinite(scale).all():
            # an infinite or NaN weight: whether the bracket is exactly 0 (NaN) or not (inf)
            # shows, so PyTorch's sums and order of operations, the weight multiplied last
            # (x - mean) again with PyTorch's mean, added in float64: where the sums
            # cancel, one unit in the last place decides between 0 and not
            with np.errstate(invalid="ignore", over="ignore"):  # (inf - inf: NaN, silently)
                mean = (x3.sum(axis=(0, 2), dtype=np.float64) / count).astype(x3.dtype)
                np.subtract(x3, mean[:, None], out=centred)
                k, grad_mean = _weight_last_terms(g3, centred, invstd, count)
                _run(x3, _grad_input_weight_last, g3, gx3, _spread(k, positions),
                     _spread(grad_mean, positions), _spread(invstd, positions),
                     None if weight is None else _spread(weight, positions))
        elif training:
            # scale * (g - sum_g / M - (x - mean) * invstd^2 * sum_gc / M)
            _run(x3, _grad_input, g3, gx3, _spread(scale, positions),
                 _spread(-scale * invstd * invstd * sum_gc / count, positions),
                 _spread(-scale * sum_g / count, positions))
    return (gx3, sum_gc * invstd if need_weight else None, sum_g if need_bias else None)


# --------------------------------------------------------------------------- layer norm
#
# Arrays are viewed as rows ``(R, D)``, normalised along D. Rows are independent, so chunks of
# rows give the same results whatever the chunking; only the weight and bias gradients (sums
# over rows) are added from per-chunk partials.

def _rows(x2):
    step = grain(x2.shape[0], x2.nbytes, CHUNK_BYTES)
    return step, [None] * (-(-x2.shape[0] // step))


def _run_rows(x2, step, fn, *args):
    if step >= x2.shape[0]:
        fn(0, x2.shape[0], *args)
    else:
        parallel_for(x2.shape[0], step, fn, *args)


def _layer_norm_rows(start, stop, x2, y2, weight, bias, eps, mean, invstd):
    xs, ys = x2[start:stop], y2[start:stop]
    width = x2.shape[1]
    m = np.einsum("rd->r", xs) / width
    np.subtract(xs, _column(m), out=ys)
    inv = 1 / np.sqrt(np.einsum("rd,rd->r", ys, ys) / width + eps)
    mean[start:stop], invstd[start:stop] = m, inv
    np.multiply(ys, _column(inv), out=ys)
    if weight is not None:
        np.multiply(ys, weight, out=ys)
    if bias is not None:
        np.add(ys, bias, out=ys)


def layer_norm_forward(x2, weight, bias, eps):
    """``(y2, mean, invstd)`` of rows ``x2`` (R, D); ``weight`` and ``bias`` are ``(D,)``."""
    if x2.dtype in _FLOAT_TYPES:
        if x2.shape[1] * x2.itemsize < _VECTOR_BYTES:
            y2, mean, invstd = _layer_norm_short_rows(x2, weight, bias, eps)
        elif x2.shape[0] and exact_layer_norm(x2):
            y2, mean, invstd = layer_norm_rows(x2, weight, bias, eps)  # (PyTorch's steps)
        else:
            y2, mean, invstd = _layer_norm_numpy(x2, weight, bias, eps)
        if weight is not None and bias is not None:
            _affine_nan_signs(x2, y2, mean, invstd)
        return y2, mean, invstd
    return _layer_norm_numpy(x2, weight, bias, eps)


def _layer_norm_numpy(x2, weight, bias, eps):
    y2 = np.empty(x2.shape, x2.dtype)
    mean, invstd = np.empty(x2.shape[0], x2.dtype), np.empty(x2.shape[0], x2.dtype)
    step, _ = _rows(x2)
    _run_rows(x2, step, _layer_norm_rows, x2, y2, weight, bias, eps, mean, invstd)
    return y2, mean, invstd


def _affine_nan_signs(x2, y2, mean, invstd):
    """A row whose statistics are NaN (a NaN or an infinity in it) is all NaN; with both a
    weight and a bias PyTorch's kernel computes ``(x * rstd + (-rstd * mean)) * w + b``
    with fused steps that keep the negated product's NaN: the opposite sign of the one
    the row's NaN has without them (measured, float32 and float64, rows of 3 to 100;
    88:19007). float64 rows shorter than a vector keep an input NaN's own sign there."""
    bad = np.isnan(invstd) | np.isnan(mean)
    if not bad.any():
        return
    rows = y2[bad]
    flip = np.ones(rows.shape, bool)
    if x2.dtype == np.float64 and x2.shape[1] * x2.itemsize < _VECTOR_BYTES:
        flip = ~np.isnan(x2[bad])
    np.negative(rows, out=rows, where=flip)  # (a NaN's sign bit flipped)
    y2[bad] = rows


# Rows of a vector or more follow PyTorch's steps bit for bit up to these many elements
# (float32, float64): its Welford recurrences, one NumPy step per vector of a row, cost 7-9
# times NumPy's sums forward and 2.7 times forward and backward on (1024, 128) (W5's shape,
# whose train step they made 15% slower); float64's fused steps cost about twenty NumPy
# operations each, 40 times NumPy's sums. Larger inputs keep NumPy's sums, equal within
# rounding.
EXACT_FLOAT32_SIZE = 1 << 16
EXACT_FLOAT64_SIZE = 1 << 15


def exact_layer_norm(x2):
    """Whether rows ``x2`` (float32 / float64) take PyTorch's steps."""
    return x2.size <= (EXACT_FLOAT32_SIZE if x2.dtype == np.float32 else EXACT_FLOAT64_SIZE)
# PyTorch's layer norm kernel (vectors of 32 bytes: its AVX2 build runs on AVX-512 machines
# too): rows shorter than one vector are all its scalar loop, whose rounding is followed
# exactly below
_VECTOR_BYTES = vector_bytes("norm")
_FLOAT_TYPES = (np.dtype(np.float32), np.dtype(np.float64))


def welford_mean(mean):
    """The mean PyTorch's layer and group norm kernels report, NaN where a row's mean is not
    finite: their Welford moments merge the partial moments at the end (``AddMoments``), and
    ``m1 += c * (m1_add - m1)`` with ``c = 0`` for an empty part turns an infinite mean into
    NaN (0 * inf). Finite means are returned as they are."""
    if not np.isfinite(mean).all():
        mean = np.where(np.isinf(mean), mean.dtype.type(np.nan), mean)
    return mean


def _layer_norm_short_rows(x2, weight, bias, eps):
    """PyTorch's layer norm of rows shorter than a vector, bit for bit: Welford's running mean
    and sum of squared deviations in the dtype (no fused steps), var = m2 / D, rstd =
    1 / sqrt(var + eps) with eps in the dtype, then y = (x - mean) * rstd + 0, with
    fma((x - mean) * rstd, weight, bias) for a weight, fma(x - mean, rstd, bias) for a bias
    alone."""
    dtype = x2.dtype.type
    mean, var = rowwise_moments(x2)  # (its scalar loop, for such rows)
    with np.errstate(invalid="ignore", over="ignore", divide="ignore"):
        invstd = dtype(1) / np.sqrt(var + dtype(eps))
        centred = x2 - mean[:, None]
        if weight is not None:
            y2 = fma(centred * invstd[:, None], weight,
                                    bias if bias is not None else dtype(0))
        elif bias is not None:
            y2 = fma(centred, invstd[:, None], bias)
        else:
            y2 = centred * invstd[:, None] + dtype(0)  # (its + 0: -0 gives +0)
    return np.asarray(y2, x2.dtype), mean, invstd


def product_error(a, b):
    """``fma(a, b, -(a * b))``: the rounding error of each product, exactly (float32 through
    float64 products; float64 by Dekker's splitting)."""
    if a.dtype == np.float32:
        wide = a.astype(np.float64) * b.astype(np.float64)
        return (wide - (a * b).astype(np.float64)).astype(np.float32)
    with np.errstate(over="ignore", invalid="ignore"):
        product = a * b
        c = a * 134217729.0
        a_high = c - (c - a)
        a_low = a - a_high
        c = b * 134217729.0
        b_high = c - (c - b)
        b_low = b - b_high
        error = ((a_high * b_high - product) + a_high * b_low + a_low * b_high) + a_low * b_low
    return error.astype(a.dtype, copy=False)
