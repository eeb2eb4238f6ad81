"""Which entries PyTorch's CPU ``topk`` picks among equal values, for pruning masks.

PyTorch selects the k smallest (or largest) of a 1-d slice with libstdc++'s
``std::nth_element`` (or ``std::partial_sort`` when ``64 k <= n``) over (value, index) pairs
compared by value alone, so among tied values the chosen indices follow that algorithm's
swaps. Pruning masks of tensors with tied magnitudes (zeros, repeated initial values) depend
on it, so those algorithms are replayed (``_ops/libstdcxx_sort.py``). Without ties at the
k-th value every algorithm agrees, and NumPy answers directly."""
import numpy as np

from ..._ops.libstdcxx_sort import heap_select, nth_element


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
        heap_select(pairs, 0, k, n, _less)
    else:
        nth_element(pairs, k - 1, _less)
    return np.sort(np.fromiter((index for _, index in pairs[:k]), np.int64, k))


def _less(a, b):
    return a[0] < b[0]
