"""Group norm as PyTorch's CPU kernel computes it for a contiguous (NCHW-like) float32 or
float64 input, bit for bit (measured against PyTorch 2.13 on AVX2, one and two threads:
random N(0, 1) values, offset too, 1 to 4 samples and groups, groups of 1 to about 20000
elements, with and without a weight and bias). Each group is one task of its parallel_for,
so the thread count changes nothing but which compiled copy of a loop runs (see
``_channel_total``).

Forward, per (sample, group) row of D * HxW contiguous elements: the mean and biased
variance by its RowwiseMoments (``rowwise_moments``), ``rstd = 1 / sqrt(max(var, 0) + eps)``
in double (eps is a double there), rounded to the dtype; then without a weight or bias
``y = (x - mean) * rstd``, else per channel ``scale = rstd * weight``, ``shift =
fma(-scale, mean, bias)`` and ``y = fma(scale, x, shift)`` (the compiler fused both).

Backward: per channel ``ds = sum(dy * x)`` and ``db = sum(dy)`` in the order of its
``map2_reduce_all`` / ``reduce_all`` (``internal_sums``); per group
their weighted totals (``_channel_total``); ``c2``, ``c3`` and ``dx`` (``input_grad``);
``dgamma`` and ``dbeta`` batch by batch (``affine_grads``).

Large inputs (``normalization``'s size limit) keep NumPy's sums, several times faster;
there ``replay_where_visible`` redoes with these steps the groups whose roundings show."""
import numpy as np

from .._memory_format import contiguous_format, suggested
from .._parallel import get_num_threads
from .fused import fma32, fma64
from .norm_kernels import EXACT_FLOAT64_SIZE as _LAYER_NORM_FLOAT64_SIZE
from .rowwise_moments import lanes, rowwise_moments
from .vector_reduce import vector_sum

_F32 = np.float32
_FMA = {np.dtype(np.float32): fma32, np.dtype(np.float64): fma64}
# the compiler's vectorized epilogue of a scalar loop: 16-byte chunks (see _channel_total)
_CHUNK_BYTES = 16


# Inputs up to these many elements (float32, float64) take the kernel's steps forward and
# backward; larger ones NumPy's sums (and ``replay_where_visible``). Measured on one thread,
# forward and backward: float32 (16, 32, 32, 32) in 8 groups 20 ms against 10 with a weight
# and bias, 17 against 6 without (RowwiseMoments' Welford steps, about 16 NumPy passes, are
# most of it), (8, 32, 16, 16) 6 ms against 2; float64's fused steps cost about nine times
# NumPy's sums ((4, 32, 16, 16): 16 ms against 1.8), so it keeps layer norm's limit.
EXACT_FLOAT32_SIZE = 1 << 20
EXACT_FLOAT64_SIZE = _LAYER_NORM_FLOAT64_SIZE


def kernel_layout(x, weight):
    """Whether PyTorch runs its contiguous kernel on ``x`` (float32 / float64, ``weight`` of
    its dtype or None) — not its channels-last one, whose sums differ."""
    return (x.dtype in _FMA and (weight is None or weight.dtype == x.dtype)
            and suggested(x) is contiguous_format)


def exact_group_norm(x, weight, bias):
    """Whether the group norm of ``x`` follows the kernel's steps here (not empty, at most
    the size limit of its dtype, the contiguous kernel's layout)."""
    limit = EXACT_FLOAT32_SIZE if x.dtype == np.float32 else EXACT_FLOAT64_SIZE
    return (0 < x.size <= limit and kernel_layout(x, weight)
            and (bias is None or bias.dtype == x.dtype))


def group_statistics(rows, eps):
    """``(mean, rstd)`` of each row (one group's elements) of the float32 / float64 matrix
    ``rows`` as PyTorch's kernel computes them (its mean before ``welford_mean``)."""
    mean, var = rowwise_moments(rows)
    with np.errstate(invalid="ignore", divide="ignore"):
        rstd = 1 / np.sqrt(np.maximum(var, 0).astype(np.float64) + eps)
    return mean, rstd.astype(rows.dtype)


def _normalized(x_rows, mean, rstd, weight, bias):
    """The result for rows ``x_rows`` (k, HxW) of one channel each, with their group's
    ``mean`` and ``rstd`` and their channel's ``weight`` and ``bias`` (each (k, 1), or
    None), in the kernel's steps."""
    with np.errstate(invalid="ignore", over="ignore"):
        if weight is None and bias is None:
            return (x_rows - mean) * rstd
        fma = _FMA[x_rows.dtype]
        scale = rstd if weight is None else rstd * weight
        shift = fma(_negative(scale), mean, np.zeros_like(scale) if bias is None else bias)
        return fma(scale, x_rows, shift)


def forward(x, num_groups, weight, bias, eps):
    """``(y, mean, rstd)`` of the group norm of ``x`` (batch, channels, ...), float32 or
    float64, not empty; ``weight`` / ``bias`` arrays (channels,) of its dtype, or None.
    ``mean`` and ``rstd`` of shape (batch, groups, 1)."""
    n, channels = x.shape[:2]
    depth = channels // num_groups
    mean, rstd = group_statistics(x.reshape(n * num_groups, -1), eps)
    mean, rstd = mean.reshape(n, num_groups, 1), rstd.reshape(n, num_groups, 1)
    if weight is None and bias is None:  # (one step per group: no per-channel terms)
        y = _normalized(x.reshape(n, num_groups, -1), mean, rstd, None, None)
        return y.reshape(x.shape), mean, rstd
    per_channel = [np.repeat(s, depth, axis=1) for s in (mean, rstd)]  # (n, channels, 1)
    y = _normalized(x.reshape(n, channels, -1), *per_channel,
                    None if weight is None else weight[:, None],
                    None if bias is None else bias[:, None])
    return y.reshape(x.shape), mean, rstd


def replay_where_visible(x, num_groups, mean, rstd, weight, bias, eps, y, closest=None):
    """Redo, in place, the groups of the float32 group norm ``y = group_norm(x)`` (``mean``
    and ``rstd`` of shape (batch, groups, 1), from NumPy's mean and variance) where PyTorch's
    roundings show: |mean| * rstd above 16 (values far from 0 next to their spread, so the
    result is a difference of nearly equal numbers; or a non-finite statistic), or where a
    later op can show them (``_ill_conditioned``). Elsewhere the two differ in the last bits
    only, and NumPy's passes are several times faster. (For an input above the size limit
    of ``forward``'s steps.)"""
    double = x.dtype == np.float64  # (float64: only where the weight is not finite)
    visible = np.zeros(mean.shape, bool) if double else ~(np.abs(mean) * rstd <= 16)
    if not double and closest is not None:
        visible |= _ill_conditioned(x.size // mean.size, mean, closest)
    if weight is not None and not np.isfinite(weight).all():
        # an infinite weight shows the rounding of the mean itself (its sign, or 0): the
        # shift is -mean * inf, -inf or +inf for PyTorch's mean where NumPy's 0 gives NaN
        infinite = (~np.isfinite(weight.reshape(num_groups, -1))).any(1)
        visible = visible | infinite[None, :, None]
    if not visible.any():
        return
    n, channels = x.shape[:2]
    grouped = x.reshape(mean.shape[:2] + (-1,))
    batch, group = np.nonzero(visible[..., 0])
    if grouped.shape[2]:
        mean[batch, group, 0], rstd[batch, group, 0] = group_statistics(
            grouped[batch, group], eps)
    per_group = channels // num_groups
    # the (batch, channel) rows of the visible groups, with their group's statistics
    rows_n = np.repeat(batch, per_group)
    rows_c = (group[:, None] * per_group + np.arange(per_group)).reshape(-1)
    x3, y3 = x.reshape(n, channels, -1), y.reshape(n, channels, -1)
    y3[rows_n, rows_c] = _normalized(
        x3[rows_n, rows_c], mean[rows_n, rows_c // per_group],
        rstd[rows_n, rows_c // per_group], None if weight is None else weight[rows_c, None],
        None if bias is None else bias[rows_c, None])


def _ill_conditioned(size, mean, closest):
    """The groups (of ``size`` elements; ``closest``: each one's least squared distance of an
    element from the mean) whose results a later op can turn a last-bit difference of the
    mean into a large one: a group of at most two elements (its results sit within eps of
    +-1: atanh, 1 - y), or one with an element within 16 ulps of the mean (its result is
    that difference: 0 or its rounding, rsqrt, log, division; fuzz 35:12804, 36:3463)."""
    if size <= 2:
        return np.ones(mean.shape, bool)
    with np.errstate(invalid="ignore", over="ignore", under="ignore"):
        return closest <= np.square(mean * _F32(2.0 ** -19))


# --------------------------------------------------------------------------- backward

def _channel_total(values, weight, serial):
    """The per-group total of ``values`` (batch, groups, D) times the weight (groups, D), as
    PyTorch's CalcDsDb and the loop after it: whole vectors of channels accumulated with
    fused multiply-adds, their lanes added in order from 0; then the leftover channels (fewer
    than a vector), each a fused multiply-add, except where the kernel runs ``serial`` (its
    parallel_for calls the loop body inline: one thread, or one group in all): that copy of
    the loop the compiler vectorized in one 16-byte chunk where it can (4 float32, 2
    float64: those products rounded, then added in order), the rest fused (measured: 5
    leftover float32 channels take 4 rounded products and one fused step on one thread, five
    fused steps on two)."""
    kind = values.dtype.type
    fma = _FMA[values.dtype]
    lane = lanes(kind)
    depth = values.shape[2]
    whole = depth // lane * lane
    total = np.zeros(values.shape[:2], kind)
    if whole:
        acc = np.zeros(values.shape[:2] + (lane,), kind)
        for j in range(0, whole, lane):
            acc = fma(values[:, :, j:j + lane], weight[:, j:j + lane], acc)
        for i in range(lane):
            total = total + acc[..., i]
    chunk = _CHUNK_BYTES // values.itemsize
    rounded = whole + ((depth - whole) // chunk * chunk if serial else 0)
    for j in range(whole, rounded):
        total = total + values[:, :, j] * weight[:, j]
    for j in range(rounded, depth):
        total = fma(values[:, :, j], weight[:, j], total)
    return total


def _negative(values):
    """``-values`` as the kernel's fused multiply-adds negate an operand (vfmsub, vfnmadd):
    a NaN keeps its sign (measured: a NaN in the input or the incoming gradient reaches
    every gradient of its group with its own sign). Arrays of a value per group or channel:
    the check costs little."""
    out = np.negative(values)
    nan = np.isnan(values)
    if nan.any():
        np.copyto(out, values, where=nan)
    return out


def internal_sums(grad, x):
    """Per (batch, channel) ``ds = sum(dy * x)`` and ``db = sum(dy)`` as
    ComputeInternalGradients sums them: float32's leftover products rounded, then added;
    float64's fused into the lanes (measured: the compiler contracted that step there)."""
    products = grad * x
    return vector_sum(products, None if x.dtype == _F32 else (grad, x)), vector_sum(grad)


def input_grad(grad, x, mean, rstd, weight, num_groups, sums=None):
    """The input gradient of the float32 / float64 group norm as PyTorch's CPU kernel rounds
    it (``x`` and ``grad`` contiguous (batch, channels, positions), ``mean`` / ``rstd`` its
    statistics per (batch, group), ``sums``: ``internal_sums`` if made): per group the
    weighted totals of ``ds`` and ``db``; ``c2 = (db * mean - ds) * rstd^3 / n`` and ``c3 =
    -c2 * mean - db * rstd / n`` (C's fused multiply-adds where the compiler made them);
    ``dx = rstd * weight * dy + c2 * x + c3``. Cancellation shows these roundings (a group
    of one value: a gradient of exactly 0 comes out as an ulp of the shift)."""
    kind = x.dtype.type
    fma = _FMA[x.dtype]
    n, channels, positions = x.shape
    depth = channels // num_groups
    ds, db = internal_sums(grad, x) if sums is None else sums
    gamma = np.ones((num_groups, depth), kind) if weight is None else \
        weight.reshape(num_groups, depth)
    serial = n * num_groups == 1 or get_num_threads() == 1
    with np.errstate(invalid="ignore", over="ignore"):
        ds_total = _channel_total(ds.reshape(n, num_groups, depth), gamma, serial)
        db_total = _channel_total(db.reshape(n, num_groups, depth), gamma, serial)
        scale = kind(1) / kind(depth * positions)
        mean, rstd = mean.reshape(n, num_groups), rstd.reshape(n, num_groups)
        c2 = fma(db_total, mean, _negative(ds_total)) * rstd * rstd * rstd * scale
        c3 = fma(_negative(db_total * rstd), np.full_like(rstd, scale),
                 _negative(c2) * mean)
        c1 = (rstd[:, :, None] * gamma).reshape(n, channels, 1)
        c2 = np.repeat(c2, depth, axis=1)[:, :, None]
        c3 = np.repeat(c3, depth, axis=1)[:, :, None]
        return fma(c1, grad, c2 * x) + c3


def affine_grads(grad, x, mean, rstd, num_groups, sums=None):
    """The weight and bias gradients of the float32 / float64 group norm as PyTorch's CPU
    kernel rounds them (contiguous (batch, channels, positions) arrays): per channel ``ds``
    and ``db`` (``internal_sums``); ``dgamma = sum_n (ds - db * mean) * rstd`` with both
    steps fused multiply-adds (``acc = fma(fma(-db, mean, ds), rstd, acc)``, batch by
    batch), ``dbeta = sum_n db``. A group of one value shows it: ``x - mean`` is 0 but
    ``ds - db * mean`` is the rounding of ``dy * x``, times rstd 316."""
    kind = x.dtype.type
    fma = _FMA[x.dtype]
    n, channels, _ = x.shape
    depth = channels // num_groups
    ds, db = internal_sums(grad, x) if sums is None else sums
    mean = np.repeat(mean.reshape(n, num_groups), depth, axis=1)
    rstd = np.repeat(rstd.reshape(n, num_groups), depth, axis=1)
    weight_grad = np.zeros(channels, kind)
    bias_grad = np.zeros(channels, kind)
    with np.errstate(invalid="ignore", over="ignore"):
        for b in range(n):
            weight_grad = fma(fma(_negative(db[b]), mean[b], ds[b]), rstd[b], weight_grad)
            bias_grad = bias_grad + db[b]
    return weight_grad, bias_grad
