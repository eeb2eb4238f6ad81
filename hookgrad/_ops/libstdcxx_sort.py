"""libstdc++'s sorting algorithms, replayed step by step over a Python list with a ``less``
comparator, because PyTorch's CPU kernels call them and their orders among equal elements
are visible in the indices PyTorch returns: ``std::sort`` (introsort: median-of-three
quicksort down to runs of 16, a heapsort past a depth of 2*log2(n), a final insertion sort)
behind ``sort(stable=False)`` and ``unique``; ``std::nth_element`` (introselect) and
``std::partial_sort``'s heap select behind ``topk``. Each call is Python work per element:
callers replay only rows with ties."""

INSERTION_RUN = 16  # libstdc++'s _S_threshold


def introsort(items, less):
    """Sort the list ``items`` in place as ``std::sort(first, last, less)``."""
    n = len(items)
    if n > 1:
        _introsort_loop(items, 0, n, 2 * (n.bit_length() - 1), less)
        _insertion_sort(items, 0, min(n, INSERTION_RUN), less)
        for i in range(INSERTION_RUN, n):
            _linear_insert(items, i, less)
    return items


def nth_element(items, nth, less):
    """``std::nth_element(first, first + nth, last, less)`` on the list ``items``."""
    first, last = 0, len(items)
    if first == last or nth == last:
        return
    depth = 2 * (last.bit_length() - 1)
    while last - first > 3:
        if depth == 0:
            heap_select(items, first, nth + 1, last, less)
            items[first], items[nth] = items[nth], items[first]
            return
        depth -= 1
        cut = _partition_around_median(items, first, last, less)
        if cut <= nth:
            first = cut
        else:
            last = cut
    _insertion_sort(items, first, last, less)


def heap_select(items, first, middle, last, less):
    """libstdc++'s ``__heap_select``: the ``middle - first`` smallest end up in front."""
    length = middle - first
    for parent in range((length - 2) // 2, -1, -1):
        _adjust_heap(items, first, parent, length, items[first + parent], less)
    for i in range(middle, last):
        if less(items[i], items[first]):
            value, items[i] = items[i], items[first]
            _adjust_heap(items, first, 0, length, value, less)


def _introsort_loop(a, first, last, depth, less):
    while last - first > INSERTION_RUN:
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


def _insertion_sort(a, first, last, less):
    for i in range(first + 1, last):
        if less(a[i], a[first]):
            a[first + 1:i + 1], a[first] = a[first:i], a[i]
        else:
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
