"""The order PyTorch's CPU ``sort(stable=False)`` (the default) and ``unique`` leave equal
elements in. PyTorch sorts with C++ ``std::sort`` (libstdc++'s introsort: median-of-three
quicksort down to runs of 16, a heapsort past a depth of 2*log2(n), a final insertion sort),
which is not stable: equal values, and NaNs (one class above every number), come out in an
order only that algorithm defines, visible in the indices. ``introsort`` below replays it step
by step over the positions, so hookgrad returns the same indices. Runs of at most 16, and
rows without ties, come out as a stable sort does: NumPy's stable argsort gives those."""
import numpy as np

_INSERTION_RUN = 16  # libstdc++'s _S_threshold
# Replaying runs in Python (about 6 us an element): beyond this many elements in rows with
# ties the stable order stays (ties then may come out in another order than PyTorch's)
REPLAY_LIMIT = 1 << 14


def introsort(items, less):
    """Sort the list ``items`` in place as libstdc++'s ``std::sort(first, last, less)``."""
    n = len(items)
    if n > 1:
        _introsort_loop(items, 0, n, 2 * (n.bit_length() - 1), less)
        _final_insertion_sort(items, n, less)
    return items


def _introsort_loop(a, first, last, depth, less):
    while last - first > _INSERTION_RUN:
        if depth == 0:
            _heapsort(a, first, last, less)
            return
        depth -= 1
        cut = _partition_around_median(a, first, last, less)
        _introsort_loop(a, cut, last, depth, less)
        last = cut


def _partition_around_median(a, first, last, less):
    """Move the median of a[first+1], a[mid], a[last-1] to a[first], then partition the rest
    around it without bounds checks (both scans stop at an element equal to the pivot)."""
    x, y, z = first + 1, first + (last - first) // 2, last - 1
    if less(a[x], a[y]):
        median = y if less(a[y], a[z]) else z if less(a[x], a[z]) else x
    else:
        median = x if less(a[x], a[z]) else z if less(a[y], a[z]) else y
    a[first], a[median] = a[median], a[first]
    pivot, low, high = a[first], first + 1, last
    while True:
        while less(a[low], pivot):
            low += 1
        high -= 1
        while less(pivot, a[high]):
            high -= 1
        if not low < high:
            return low
        a[low], a[high] = a[high], a[low]
        low += 1


def _linear_insert(a, last, less):
    value, before = a[last], last - 1
    while less(value, a[before]):
        a[last] = a[before]
        last, before = before, before - 1
    a[last] = value


def _insertion_sort(a, last, less):
    for i in range(1, last):
        if less(a[i], a[0]):
            a[1:i + 1], a[0] = a[0:i], a[i]
        else:
            _linear_insert(a, i, less)


def _final_insertion_sort(a, n, less):
    _insertion_sort(a, min(n, _INSERTION_RUN), less)
    for i in range(_INSERTION_RUN, n):
        _linear_insert(a, i, less)


def _adjust_heap(a, first, hole, length, value, less):
    top = child = hole
    while child < (length - 1) // 2:
        child = 2 * (child + 1)
        if less(a[first + child], a[first + child - 1]):
            child -= 1
        a[first + hole], hole = a[first + child], child
    if length % 2 == 0 and child == (length - 2) // 2:
        child = 2 * (child + 1)
        a[first + hole], hole = a[first + child - 1], child - 1
    parent = (hole - 1) // 2
    while hole > top and less(a[first + parent], value):
        a[first + hole], hole = a[first + parent], parent
        parent = (hole - 1) // 2
    a[first + hole] = value


def _heapsort(a, first, last, less):
    length = last - first
    for parent in range((length - 2) // 2, -1, -1):
        _adjust_heap(a, first, parent, length, a[first + parent], less)
    while last - first > 1:
        last -= 1
        value, a[last] = a[last], a[first]
        _adjust_heap(a, first, 0, last - first, value, less)


def unstable_order(x, axis, stable_order):
    """PyTorch's ``sort(stable=False)`` indices along ``axis`` of ``x``, given NumPy's stable
    ones: rows longer than 16 with equal elements are replayed through ``introsort``."""
    n = x.shape[axis]
    if n <= _INSERTION_RUN or x.dtype.kind == "b":  # (bool: PyTorch's kernel differs; kept)
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
