"""Which entries PyTorch's CPU ``topk`` picks among equal values, for pruning masks.

PyTorch selects the k smallest (or largest) of a 1-d slice with libstdc++'s
``std::nth_element`` (or ``std::partial_sort`` when ``64 k <= n``) over (value, index) pairs
compared by value alone, so among tied values the chosen indices follow that algorithm's
swaps. Pruning masks of tensors with tied magnitudes (zeros, repeated initial values) depend
on it, so this module replays those algorithms. Without ties at the k-th value every
algorithm agrees, and NumPy answers directly."""
import numpy as np


def topk_indices(values, k, largest):
    """The set of indices PyTorch's ``topk(values, k, largest=largest)`` returns (1-d float
    ``values``, ``0 < k <= len``), as a sorted int64 array."""
    n = values.size
    keys = np.asarray(values, np.float64).reshape(-1)
    rank = -keys if largest else keys  # ascending rank: the first k are selected
    nans = np.isnan(keys)
    if not nans.any():
        threshold = np.partition(rank, k - 1)[k - 1]
        below = np.flatnonzero(rank < threshold)
        tied = np.flatnonzero(rank == threshold)
        if len(below) + len(tied) == k:  # no tie straddles the k-th place
            return np.sort(np.concatenate([below, tied]))
    # PyTorch puts NaN first when taking the largest, last when taking the smallest
    flags = (~nans if largest else nans).astype(int).tolist()
    pairs = [((flag, value), index)
             for index, (flag, value) in enumerate(zip(flags, rank.tolist()))]
    if 64 * k <= n:
        _heap_select(pairs, 0, k, n)
    else:
        _nth_element(pairs, k - 1)
    return np.sort(np.fromiter((index for _, index in pairs[:k]), np.int64, k))


def _less(a, b):
    return a[0] < b[0]


def _nth_element(a, nth):
    first, last = 0, len(a)
    if first == last or nth == last:
        return
    depth_limit = 2 * (int(last - first).bit_length() - 1)
    while last - first > 3:
        if depth_limit == 0:
            _heap_select(a, first, nth + 1, last)
            a[first], a[nth] = a[nth], a[first]
            return
        depth_limit -= 1
        cut = _unguarded_partition_pivot(a, first, last)
        if cut <= nth:
            first = cut
        else:
            last = cut
    _insertion_sort(a, first, last)


def _unguarded_partition_pivot(a, first, last):
    mid = first + (last - first) // 2
    _move_median_to_first(a, first, first + 1, mid, last - 1)
    return _unguarded_partition(a, first + 1, last, first)


def _move_median_to_first(a, result, x, y, z):
    if _less(a[x], a[y]):
        if _less(a[y], a[z]):
            pick = y
        elif _less(a[x], a[z]):
            pick = z
        else:
            pick = x
    elif _less(a[x], a[z]):
        pick = x
    elif _less(a[y], a[z]):
        pick = z
    else:
        pick = y
    a[result], a[pick] = a[pick], a[result]


def _unguarded_partition(a, first, last, pivot):
    while True:
        while _less(a[first], a[pivot]):
            first += 1
        last -= 1
        while _less(a[pivot], a[last]):
            last -= 1
        if not first < last:
            return first
        a[first], a[last] = a[last], a[first]
        first += 1


def _insertion_sort(a, first, last):
    if first == last:
        return
    for i in range(first + 1, last):
        value = a[i]
        if _less(value, a[first]):
            a[first + 1:i + 1] = a[first:i]
            a[first] = value
        else:
            j = i
            while _less(value, a[j - 1]):
                a[j] = a[j - 1]
                j -= 1
            a[j] = value


def _heap_select(a, first, middle, last):
    """libstdc++'s heap select: the ``middle - first`` smallest end up in front."""
    _make_heap(a, first, middle)
    for i in range(middle, last):
        if _less(a[i], a[first]):
            _pop_heap(a, first, middle, i)


def _make_heap(a, first, last):
    length = last - first
    if length < 2:
        return
    parent = (length - 2) // 2
    while True:
        _adjust_heap(a, first, parent, length, a[first + parent])
        if parent == 0:
            return
        parent -= 1


def _adjust_heap(a, first, hole, length, value):
    top = hole
    child = hole
    while child < (length - 1) // 2:
        child = 2 * (child + 1)
        if _less(a[first + child], a[first + child - 1]):
            child -= 1
        a[first + hole] = a[first + child]
        hole = child
    if length % 2 == 0 and child == (length - 2) // 2:
        child = 2 * (child + 1)
        a[first + hole] = a[first + child - 1]
        hole = child - 1
    parent = (hole - 1) // 2
    while hole > top and _less(a[first + parent], value):
        a[first + hole] = a[first + parent]
        hole = parent
        parent = (hole - 1) // 2
    a[first + hole] = value


def _pop_heap(a, first, last, result):
    value = a[result]
    a[result] = a[first]
    _adjust_heap(a, first, 0, last - first, value)
