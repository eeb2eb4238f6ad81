"""Group norm's float32 forward as PyTorch's CPU kernel rounds it, where that shows. The
statistics: PyTorch's RowwiseMoments runs Welford's update over 8-lane vectors (the float
kernel PyTorch runs here is the 8-wide one), in chunks of 16 vectors merged in a cascade,
then the elements left over one by one, then merges the 8 lanes' moments into that; rstd is
1 / sqrt(var + eps) in double. The affine part is ``x * scale + shift`` with
``scale = rstd * weight`` and ``shift = beta - scale * mean``, each a fused multiply-add (one
rounding). Cancellation makes those roundings visible: a group of equal values (variance 0,
rstd 316) turns a residual of one ulp into 1e-5, and an infinity makes the mean NaN. Those
groups are redone here: the statistics exactly for groups of fewer than 128 elements (one
chunk, a few steps over all such groups at once); larger groups keep NumPy's mean."""
import numpy as np

_LANES = 8
_EXACT_BELOW = 16 * _LANES  # one chunk of 16 vectors: no cascade
_RECIPROCALS = (np.float32(1) / np.arange(1, 17, dtype=np.float32)).astype(np.float32)
_F32 = np.float32


def fma32(a, b, c):
    """``a * b + c`` on float32 arrays, rounded once: the product is exact in float64, the
    sum rounds there and then to float32 (a second rounding that differs from fma's single
    one only when the float64 sum falls exactly halfway between two float32 values)."""
    return (np.asarray(a, np.float64) * b + np.asarray(c, np.float64)).astype(_F32)


def _add_moments(count_add, mean_add, m2_add, count, mean, m2):
    """PyTorch's scalar AddMoments: merge (count_add, mean_add, m2_add) into the others."""
    total = count + count_add
    c = _F32(count_add) / _F32(total) if total else _F32(0)
    delta = mean_add - mean
    mean = fma32(c, delta, mean)
    m2 = m2 + fma32(delta * delta * c, _F32(count), m2_add)
    return total, mean, m2


def small_group_moments(rows):
    """(mean, biased variance) of each row of the float32 matrix ``rows`` (fewer than 128
    columns) as PyTorch's RowwiseMoments computes them."""
    n_rows, size = rows.shape
    vectors = size // _LANES
    lane_mean = lane_m2 = np.zeros((n_rows, _LANES), _F32)
    for j in range(vectors):
        x = rows[:, j * _LANES:(j + 1) * _LANES]
        delta = x - lane_mean
        lane_mean = fma32(delta, _RECIPROCALS[j], lane_mean)
        lane_m2 = fma32(delta, x - lane_mean, lane_m2)
    count, mean, m2 = 0, np.zeros(n_rows, _F32), np.zeros(n_rows, _F32)
    for i in range(vectors * _LANES, size):
        x = rows[:, i]
        delta = x - mean
        count += 1
        mean = mean + delta / _F32(count)
        m2 = m2 + delta * (x - mean)
    # merging 8 empty lanes changes nothing but a non-finite mean (0 * inf): once is enough
    for lane in range(_LANES if vectors else 1):
        count, mean, m2 = _add_moments(vectors, lane_mean[:, lane], lane_m2[:, lane],
                                       count, mean, m2)
    return mean, m2 / _F32(size)


def replay_where_visible(x, num_groups, mean, rstd, weight, bias, eps, y):
    """Redo, in place, the groups of the float32 group norm ``y = group_norm(x)`` (``mean``
    and ``rstd`` of shape (batch, groups, 1), from NumPy's mean and variance) where PyTorch's
    roundings show: |mean| * rstd above 16 (values far from 0 next to their spread, so the
    result is a difference of nearly equal numbers; or a non-finite statistic). Elsewhere the
    two differ in the last bits only, and NumPy's passes are several times faster."""
    visible = ~(np.abs(mean) * rstd <= 16)
    if not visible.any():
        return
    n, channels = x.shape[:2]
    grouped = x.reshape(mean.shape[:2] + (-1,))
    size = grouped.shape[2]
    batch, group = np.nonzero(visible[..., 0])
    if 0 < size < _EXACT_BELOW:
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
        shift = fma32(-scale, row_mean, shift)
        y3[rows_n, rows_c] = fma32(scale, x3[rows_n, rows_c], shift)
