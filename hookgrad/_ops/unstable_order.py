"""The order PyTorch's CPU ``sort(stable=False)`` (the default) and ``unique`` leave equal
elements in. PyTorch sorts with C++ ``std::sort``, which is not stable: equal values, and
NaNs (one class above every number), come out in an order only that algorithm defines,
visible in the indices. ``libstdcxx_sort.introsort`` replays it step by step over the
positions, so hookgrad returns the same indices. Runs of at most 16, and rows without ties,
come out as a stable sort does: NumPy's stable argsort gives those."""
import numpy as np

from .libstdcxx_sort import INSERTION_RUN, introsort

# Replaying runs in Python (about 6 us an element): beyond this many elements in rows with
# ties the stable order stays (ties then may come out in another order than PyTorch's)
REPLAY_LIMIT = 1 << 14


def unstable_order(x, axis, stable_order):
    """PyTorch's ``sort(stable=False)`` indices along ``axis`` of ``x``, given NumPy's stable
    ones: rows longer than 16 with equal elements are replayed through ``introsort``."""
    n = x.shape[axis]
    if n <= INSERTION_RUN or x.dtype.kind == "b":  # (bool: PyTorch's kernel differs; kept)
        return stable_order
    values = np.moveaxis(np.take_along_axis(x, stable_order, axis=axis), axis, -1)
    rows = values.reshape(-1, n)
    nan = np.isnan(rows) if rows.dtype.kind in "fc" else np.zeros(rows.shape, bool)
    tied = ((rows[:, 1:] == rows[:, :-1]) | (nan[:, 1:] & nan[:, :-1])).any(axis=1)
    if not tied.any() or int(tied.sum()) * n > REPLAY_LIMIT:
        return stable_order
    order = np.moveaxis(stable_order, axis, -1).reshape(-1, n).copy()
    for row in np.flatnonzero(tied):
        # ranks: equal elements (all NaNs alike) share one, in the comparator's order
        sorted_row = rows[row]
        new_class = np.concatenate(([True], (sorted_row[1:] != sorted_row[:-1])
                                    & ~(nan[row, 1:] & nan[row, :-1])))
        rank = np.empty(n, np.int64)
        rank[order[row]] = np.cumsum(new_class)
        order[row] = introsort(list(range(n)), _RankLess(rank.tolist()))
    shape = np.moveaxis(stable_order, axis, -1).shape
    return np.moveaxis(order.reshape(shape), -1, axis)


class _RankLess:
    """less(i, j) of positions by their rank (the comparator std::sort is given)."""

    __slots__ = ("rank",)

    def __init__(self, rank):
        self.rank = rank

    def __call__(self, i, j):
        return self.rank[i] < self.rank[j]
