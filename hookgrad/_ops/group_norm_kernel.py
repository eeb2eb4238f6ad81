"""Group norm's float32 forward as PyTorch's CPU kernel rounds it, where that shows. The
statistics: PyTorch's RowwiseMoments runs Welford's update over 8-lane vectors (the float
kernel PyTorch runs here is the 8-wide one), in chunks of 16 vectors merged in a cascade,
then the elements left over one by one, then merges the 8 lanes' moments into that; rstd is
1 / sqrt(var + eps) in double. The affine part is ``x * scale + shift`` with
``scale = rstd * weight`` and ``shift = beta - scale * mean``, each a fused multiply-add (one
rounding). Cancellation makes those roundings visible: a group of equal values (variance 0,
rstd 316) turns a residual of one ulp into 1e-5, and an infinity makes the mean NaN. Those
groups are redone here: the statistics exactly for groups of fewer than 128 elements (one
chunk, a few steps over all such groups at once); larger groups keep NumPy's mean. A group
with an infinite or NaN weight is redone too, in float64 as well (4 lanes, under 64
elements): there the mean's own rounding shows (-mean * inf is -inf or +inf for PyTorch's
mean of one ulp where NumPy's exact 0 gives NaN)."""
import numpy as np

from .fused import fma64

_LANES = 8
_EXACT_BELOW = 16 * _LANES  # one chunk of 16 vectors: no cascade
_F32 = np.float32


def fma32(a, b, c):
    """``a * b + c`` on float32 arrays, rounded once: the product is exact in float64, the
    sum rounds there and then to float32 (a second rounding that differs from fma's single
    one only when the float64 sum falls exactly halfway between two float32 values)."""
    return (np.asarray(a, np.float64) * b + np.asarray(c, np.float64)).astype(_F32)


def _add_moments(count_add, mean_add, m2_add, count, mean, m2, fma):
    """PyTorch's scalar AddMoments: merge (count_add, mean_add, m2_add) into the others."""
    kind = mean.dtype.type
    total = count + count_add
    c = kind(count_add) / kind(total) if total else kind(0)
    delta = mean_add - mean
    mean = fma(c, delta, mean)
    m2 = m2 + fma(delta * delta * c, kind(count), m2_add)
    return total, mean, m2


def small_group_moments(rows):
    """(mean, biased variance) of each row of the float32 / float64 matrix ``rows`` (fewer
    than 16 vectors of columns: 128 float32, 64 float64) as PyTorch's RowwiseMoments
    computes them (its vectors: 8 float32 lanes, 4 float64)."""
    kind = rows.dtype.type
    lanes, fma = (_LANES, fma32) if kind is _F32 else (_LANES // 2, fma64)
    reciprocals = (kind(1) / np.arange(1, 17, dtype=kind)).astype(kind)
    n_rows, size = rows.shape
    vectors = size // lanes
    lane_mean = lane_m2 = np.zeros((n_rows, lanes), kind)
    for j in range(vectors):
        x = rows[:, j * lanes:(j + 1) * lanes]
        delta = x - lane_mean
        lane_mean = fma(delta, reciprocals[j], lane_mean)
        lane_m2 = fma(delta, x - lane_mean, lane_m2)
    count, mean, m2 = 0, np.zeros(n_rows, kind), np.zeros(n_rows, kind)
    for i in range(vectors * lanes, size):
        x = rows[:, i]
        delta = x - mean
        count += 1
        mean = mean + delta / kind(count)
        m2 = m2 + delta * (x - mean)
    # merging empty lanes changes nothing but a non-finite mean (0 * inf): once is enough
    for lane in range(lanes if vectors else 1):
        count, mean, m2 = _add_moments(vectors, lane_mean[:, lane], lane_m2[:, lane],
                                       count, mean, m2, fma)
    return mean, m2 / kind(size)


def replay_where_visible(x, num_groups, mean, rstd, weight, bias, eps, y, closest=None):
    """Redo, in place, the groups of the float32 group norm ``y = group_norm(x)`` (``mean``
    and ``rstd`` of shape (batch, groups, 1), from NumPy's mean and variance) where PyTorch's
    roundings show: |mean| * rstd above 16 (values far from 0 next to their spread, so the
    result is a difference of nearly equal numbers; or a non-finite statistic), or where a
    later op can show them (``_ill_conditioned``). Elsewhere the two differ in the last bits
    only, and NumPy's passes are several times faster."""
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
    size = grouped.shape[2]
    batch, group = np.nonzero(visible[..., 0])
    if 0 < size < _EXACT_BELOW // (1 + double):
        with np.errstate(invalid="ignore", over="ignore", divide="ignore"):
            group_mean, var = small_group_moments(grouped[batch, group])
            mean[batch, group, 0] = group_mean
            rstd[batch, group, 0] = 1 / np.sqrt(np.maximum(var, 0).astype(np.float64) + eps)
    per_group = channels // num_groups
    # the (batch, channel) rows of the visible groups, with their group's statistics
    rows_n = np.repeat(batch, per_group)
    rows_c = (group[:, None] * per_group + np.arange(per_group)).reshape(-1)
    x3, y3 = x.reshape(n, channels, -1), y.reshape(n, channels, -1)
    row_mean = mean[rows_n, rows_c // per_group]
    row_rstd = rstd[rows_n, rows_c // per_group]
    with np.errstate(invalid="ignore", over="ignore"):
        if weight is None and bias is None:
            y3[rows_n, rows_c] = (x3[rows_n, rows_c] - row_mean) * row_rstd
            return
        scale = row_rstd if weight is None else row_rstd * weight[rows_c, None]
        shift = np.zeros_like(scale) if bias is None else bias[rows_c, None]
        fma = fma64 if double else fma32
        shift = fma(-scale, row_mean, shift)
        y3[rows_n, rows_c] = fma(scale, x3[rows_n, rows_c], shift)


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

def _vector_sum(products):
    """Each row of ``products`` (..., n) summed as PyTorch's ``map2_reduce_all`` /
    ``reduce_all`` over 8-lane vectors: fewer than 8 elements one by one from the first; else
    whole vectors added lane by lane (in order), the leftover elements into the first lanes,
    then the 8 lanes by halves (lane i + lane i+4, then i + i+2, then 0 + 1)."""
    n = products.shape[-1]
    if n < _LANES:
        total = products[..., 0]
        for i in range(1, n):
            total = total + products[..., i]
        return total
    whole = n // _LANES * _LANES
    vectors = products[..., :whole].reshape(products.shape[:-1] + (whole // _LANES, _LANES))
    lanes = np.add.accumulate(vectors, axis=-2)[..., -1, :]  # (strictly in order)
    if whole < n:
        lanes = lanes.copy()
        lanes[..., :n - whole] += products[..., whole:]
    halves = lanes[..., :4] + lanes[..., 4:]
    quarters = halves[..., :2] + halves[..., 2:]
    return quarters[..., 0] + quarters[..., 1]


def _channel_total(values, weight):
    """The per-group total of ``values`` (batch, groups, D) times the weight (groups, D), as
    PyTorch's CalcDsDb: whole 8-channel vectors accumulated with fused multiply-adds, their
    lanes added in order from 0, then the leftover channels each a fused multiply-add."""
    depth = values.shape[2]
    whole = depth // _LANES * _LANES
    total = np.zeros(values.shape[:2], _F32)
    if whole:
        lanes = np.zeros(values.shape[:2] + (_LANES,), _F32)
        for j in range(0, whole, _LANES):
            lanes = fma32(values[:, :, j:j + _LANES], weight[:, j:j + _LANES], lanes)
        for lane in range(_LANES):
            total = total + lanes[..., lane]
    for j in range(whole, depth):
        total = fma32(values[:, :, j], weight[:, j], total)
    return total


def input_grad(grad, x, mean, rstd, weight, num_groups):
    """The input gradient of the float32 group norm as PyTorch's CPU kernel rounds it
    (``x`` and ``grad`` contiguous (batch, channels, positions), ``mean`` / ``rstd`` its
    float32 statistics per (batch, group)): per channel ``ds = sum(dy * x)`` and
    ``db = sum(dy)``; per group their weighted totals; ``c2 = (db * mean - ds) * rstd^3 / n``
    and ``c3 = -c2 * mean - db * rstd / n`` (C's fused multiply-adds where the compiler made
    them); ``dx = rstd * weight * dy + c2 * x + c3``. Cancellation shows these roundings (a
    group of one value: a gradient of exactly 0 comes out as an ulp of the shift)."""
    n, channels, positions = x.shape
    depth = channels // num_groups
    ds = _vector_sum(grad * x).reshape(n, num_groups, depth)
    db = _vector_sum(grad).reshape(n, num_groups, depth)
    gamma = np.ones((num_groups, depth), _F32) if weight is None else \
        weight.reshape(num_groups, depth)
    ds_total, db_total = _channel_total(ds, gamma), _channel_total(db, gamma)
    scale = _F32(1) / _F32(depth * positions)
    mean, rstd = mean.reshape(n, num_groups), rstd.reshape(n, num_groups)
    c2 = fma32(db_total, mean, -ds_total) * rstd * rstd * rstd * scale
    c3 = fma32(-(db_total * rstd), scale, -c2 * mean)
    c1 = (rstd[:, :, None] * gamma).reshape(n, channels, 1)
    c2 = np.repeat(c2, depth, axis=1)[:, :, None]
    c3 = np.repeat(c3, depth, axis=1)[:, :, None]
    return fma32(c1, grad, c2 * x) + c3


def affine_grads(grad, x, mean, rstd, num_groups):
    """The weight and bias gradients of the float32 group norm as PyTorch's CPU kernel rounds
    them (contiguous (batch, channels, positions) arrays): per channel ``ds = sum(dy * x)``
    and ``db = sum(dy)`` over the positions; ``dgamma = sum_n (ds - db * mean) * rstd`` with
    both steps fused multiply-adds (``acc = fma(fma(-db, mean, ds), rstd, acc)``, batch by
    batch), ``dbeta = sum_n db``. A group of one value shows it: ``x - mean`` is 0 but
    ``ds - db * mean`` is the rounding of ``dy * x``, times rstd 316."""
    n, channels, _ = x.shape
    depth = channels // num_groups
    ds = _vector_sum(grad * x)
    db = _vector_sum(grad)
    mean = np.repeat(mean.reshape(n, num_groups), depth, axis=1)
    rstd = np.repeat(rstd.reshape(n, num_groups), depth, axis=1)
    weight_grad = np.zeros(channels, _F32)
    bias_grad = np.zeros(channels, _F32)
    for b in range(n):
        weight_grad = fma32(fma32(-db[b], mean[b], ds[b]), rstd[b], weight_grad)
        bias_grad = bias_grad + db[b]
    return weight_grad, bias_grad
