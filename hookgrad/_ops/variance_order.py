"""PyTorch's CPU variance in its order of operations, for its last bits.

A variance over some dims (and ``var_mean`` / ``std_mean`` over any) is Welford's running
update in double over each output's elements in memory order (PyTorch's reduction loop is
serial below 32,768 elements per output): ``delta = x - mean; mean += delta / n;
m2 += delta * (x - mean)``. ``var`` / ``std`` with a single output is two passes instead:
PyTorch's mean (in the input's dtype), then the squared deviations from it in double, added
one by one in memory order. The variance (its square root for std) is rounded to the dtype
once, from double. NumPy's pairwise sums in the dtype round otherwise (about half of random
float64 variances and a fifth of float32 ones differed in the last bit)."""
import numpy as np

from .sum_order import mean_in_order

# Rows up to this long run the update a NumPy step per element across all outputs; longer
# ones a Python step per element, up to SCALAR_MAX elements in all; beyond, NumPy's sums
# (within an ulp or two)
WELFORD_MAX = 512
SCALAR_MAX = 16384
SERIAL_MAX = 32768  # (PyTorch splits longer sums between threads: not modelled)


def _rows(x, inner):
    """``x`` as one row per output of a reduction over the dims ``inner``, their elements in
    that order of dims."""
    others = [d for d in range(x.ndim) if d not in inner]
    return x.transpose(others + inner).reshape([x.shape[d] for d in others] + [-1])


def welford(x, dims):
    """``(mean, m2)`` in double for each output of reducing ``x`` over ``dims`` (shaped like
    the outputs without keepdim), or None for rows longer than modelled (or no outputs)."""
    if not x.size:
        return None
    rows = _rows(x, sorted(dims, key=lambda d: -abs(x.strides[d])))
    count = rows.shape[-1]
    if count > WELFORD_MAX:
        if count * rows[..., 0].size > SCALAR_MAX or count > SERIAL_MAX:
            return None
        return _welford_scalar(rows)
    mean = np.zeros(rows.shape[:-1])
    m2 = np.zeros(rows.shape[:-1])
    with np.errstate(invalid="ignore", over="ignore"):
        for k in range(rows.shape[-1]):
            value = rows[..., k].astype(np.float64)
            delta = value - mean
            mean = mean + delta / (k + 1)
            m2 = m2 + delta * (value - mean)
    return mean, m2


def _welford_scalar(rows):
    """``welford`` of long rows, one row at a time in Python floats (IEEE doubles, as the
    kernel's; cheaper than a NumPy step per element when the rows are few)."""
    means, m2s = np.zeros(rows.shape[:-1]), np.zeros(rows.shape[:-1])
    for index in np.ndindex(means.shape):
        mean = m2 = 0.0
        for k, value in enumerate(rows[index].tolist(), 1):
            delta = value - mean
            mean += delta / k
            m2 += delta * (value - mean)
        means[index], m2s[index] = mean, m2
    return means, m2s


def ordered_deviations(x, dims, welford_whole):
    """The sum of squared deviations in double in PyTorch's order, shaped like the outputs
    without keepdim, or None where it is not modelled; two passes where one output takes every
    element, unless ``welford_whole`` (var_mean's)."""
    if not welford_whole and all(x.shape[d] == 1 for d in range(x.ndim) if d not in dims):
        total = squared_deviations(x)
        kept = [x.shape[d] for d in range(x.ndim) if d not in dims]
        return None if total is None else total.reshape(kept)
    if x.dtype == np.float32:
        # (NumPy's sums in double: rounded to float32 the same m2 as the update's, at NumPy's
        # speed; the mean is another matter, see welford_mean)
        wide = x.astype(np.float64)
        with np.errstate(invalid="ignore", over="ignore"):
            return np.square(wide - wide.mean(axis=dims, keepdims=True)).sum(dims)
    moments = welford(x, dims)
    return None if moments is None else moments[1]


def welford_mean(x, dims, mean):
    """var_mean's mean as PyTorch computes it; for rows longer than modelled, ``mean`` (the sum
    over the count), with the update's NaN once an infinity is followed."""
    moments = welford(x, dims)
    if moments is not None:
        return moments[0].astype(x.dtype).reshape(mean.shape)
    if not x.size:
        return mean
    rows = _rows(x, list(dims))
    followed = np.isinf(rows[..., :-1]).any(-1) | np.isnan(rows).any(-1)
    return np.where(followed.reshape(mean.shape), x.dtype.type(np.nan), mean)


def squared_deviations(x):
    """``x``'s squared deviations from PyTorch's mean of it (in x's dtype), in double, added in
    memory order (0-d), or None where PyTorch would split the sum between threads."""
    if not x.size or x.size > SERIAL_MAX:
        return None
    mean = float(mean_in_order(x, tuple(range(x.ndim)), False))
    with np.errstate(invalid="ignore", over="ignore"):
        deviations = x.ravel(order="K").astype(np.float64) - mean
        return np.cumsum(deviations * deviations)[-1]
