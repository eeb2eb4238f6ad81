"""float32 / float64 sums in PyTorch's CPU summation order, bit for bit.

PyTorch's CPU sum (its "cascade sum") accumulates in the input's float type, every
accumulator starting at 0, in an order NumPy does not follow (NumPy sums pairwise in blocks
of 8). The orders, each computed here with NumPy vectorised across the rows / columns being
summed, Python loops only over the fixed steps of the cascade:

- ``cascade``: a column summed down ``size`` rows through 4 levels of accumulators. Level 0
  adds rows one at a time; after every ``step`` rows it is added into level 1 and cleared;
  after every ``step`` level-1 additions level 1 goes into level 2, and so into level 3
  (never cleared). The rows left over after the last full step are added to level 0, which
  then takes levels 1, 2 and 3 in turn. ``step`` is 2 ** max(4, ceil(log2(size)) // 4).
- ``row_sum``: the rows viewed as (size // 4, 4): four partial sums, each a ``cascade``;
  the size % 4 leftover rows are added to partial 0, which then takes partials 1, 2 and 3.
- an inner reduction (a contiguous last dim of n elements): ``row_sum`` of the elements if
  n is under the vector width W (32 bytes: 8 float32, 4 float64, as PyTorch's AVX2 vectors);
  else ``row_sum`` of the n // W whole vectors lane by lane, then a total starting at 0 that
  adds the n % W leftover elements, then the W lanes, in order.
- an outer reduction (the reduced dim strided, the kept dim contiguous): columns in groups of
  4 vectors (4 columns if there are fewer than W) each a ``cascade`` down the rows, the
  remaining columns each a ``row_sum`` down the rows.
- a full reduction of over 32768 elements (PyTorch's grain size) with several threads: the
  flattened elements split into equal chunks, one per thread (the last shorter), each an
  inner reduction; the chunk totals then summed as a ``row_sum``.

Which of these applies follows PyTorch's TensorIterator walk (``_iteration_dims``): the
reduced dims first, by stride, then the kept ones; dims contiguous with each other merged.
So a sum over the last k dims of a contiguous tensor is one inner reduction, over leading
dims one outer reduction, and permuted or sliced inputs follow their memory layout. Where
reduced dims do not merge, each line along the fastest one is summed and the lines are added
into the output one by one. Not modelled (NumPy's order kept): stride-0 (expanded) and
negative-stride arrays, and full reductions over 32768 elements whose reduced dims do not
merge (PyTorch then splits its multi-dim walk between threads mid-line).

The vector width is what PyTorch 2.13's CPU sum uses on x86 (measured: 8 float32 lanes even
where PyTorch reports AVX512). float16 / bfloat16 sums (a different kernel) keep NumPy's
order; their means are float32 sums here, as PyTorch computes them.
"""
import math

import numpy as np
from numpy.lib.stride_tricks import as_strided

from .._parallel import get_num_threads
from ..backends.cpu import vector_bytes
from .op import mean_array
from .sum_nans import lanes_total

GRAIN_SIZE = 32768  # at::internal::GRAIN_SIZE: below it a reduction runs on one thread
_ZERO = 0.0  # (a Python float: added to float32 / float64 arrays keeps their dtype)
_ACCUMULATE_RATIO = 8  # (sequential sums: np.add.accumulate up to this many elements per row)
# PyTorch's Vectorized<T> in its sum kernel, 8 float32 lanes, 4 float64 (its AVX2 build, which
# AVX-512 machines run too)
_VECTOR_BYTES = vector_bytes("reduce")


def _sequential(rows):
    """``rows`` (stacked on axis 0) added one at a time. PyTorch's accumulators start at 0,
    which differs from starting at the first row only in the sign of a zero total (-0.0 +
    -0.0 is -0.0, 0.0 + -0.0 is 0.0), and no nonzero result depends on a zero's sign: every
    result here is finally added to PyTorch's zero-filled output, which settles the sign."""
    count = len(rows)
    if count == 1:
        return rows[0]
    if not count:
        return np.zeros(rows.shape[1:], rows.dtype)
    if _reduces_in_order(rows, 0):
        return np.add.reduce(rows, 0)
    if rows[0].size <= _ACCUMULATE_RATIO * count:
        # np.add.accumulate is strictly sequential, one call; its inner loop runs along the
        # rows, so it is only cheap for narrow rows
        return np.add.accumulate(rows, 0)[-1]
    total = rows[0] + rows[1]
    for row in rows[2:]:
        total += row
    return total


def _reduces_in_order(array, axis):
    """Whether ``np.add.reduce(array, axis)`` adds along ``axis`` one item at a time, in
    order: where another axis (of more than one element) has a smaller stride, NumPy's
    inner loop runs along that one and the reduced axis is walked outside it, in order.
    (Along the smallest stride NumPy sums pairwise instead.)"""
    stride = abs(array.strides[axis])
    for n, st in zip(array.shape, array.strides):  # (``axis`` itself never passes the test)
        if n > 1 and abs(st) < stride:
            return True
    return False


def _settled(total):
    """``total`` added to a zero-filled output, as PyTorch stores every sum (-0.0 to 0.0)."""
    return np.zeros(np.shape(total), total.dtype) + total


def _sequential_groups(rows, step):
    """Each complete group of ``step`` consecutive rows summed ``_sequential``ly (stacked),
    and the rows after the last complete group summed the same way."""
    full = len(rows) // step
    grouped = rows[:full * step].reshape((full, step) + rows.shape[1:])
    if full and _reduces_in_order(grouped, 1):
        sums = np.add.reduce(grouped, 1)
    elif not full or grouped[:, 0].size <= _ACCUMULATE_RATIO * step:
        sums = np.add.accumulate(grouped, 1)[:, -1] if full else grouped[:, 0]
    else:
        sums = grouped[:, 0] + grouped[:, 1]
        for j in range(2, step):
            sums += grouped[:, j]
    return sums, _sequential(rows[full * step:])


def cascade(x):
    """``x`` summed over axis 0 in PyTorch's 4-level cascade (``multi_row_sum``)."""
    size = len(x)
    level_power = max(4, (size - 1).bit_length() // 4)
    step = 1 << level_power
    if size < step:  # (only level 0, the rows one by one)
        return _sequential(x)
    full = size // step
    if full < step:
        # (fewer full steps than a step: level 1 only ever adds the steps' sums, levels 2 and
        # 3 stay empty; the common case, in fewer NumPy calls than the general walk below)
        grouped = x[:full * step].reshape((full, step) + x.shape[1:])
        level1 = _sequential(np.add.reduce(grouped, 1) if _reduces_in_order(grouped, 1)
                             else _sequential_groups(x, step)[0])
        return level1 if full * step == size else _sequential(x[full * step:]) + level1
    blocks, level0 = _sequential_groups(x, step)  # level 0: one sum per full step of rows
    groups1, level1 = _sequential_groups(blocks, step)  # level 1's completed / open sums
    groups2, level2 = _sequential_groups(groups1, step)
    level3 = _sequential(groups2)
    # level 0 (the rows after the last full step) takes levels 1, 2, 3; a level that never
    # received anything is a 0, whose addition changes nothing but a zero's sign
    total = None
    for level, used in ((level0, size % step), (level1, len(blocks) % step),
                        (level2, len(groups1) % step), (level3, len(groups2))):
        if used:
            total = level if total is None else total + level
    return total


def row_sum(x):
    """``x`` summed over axis 0 as PyTorch's ``row_sum``: four interleaved cascades (rows
    4k, 4k+1, 4k+2, 4k+3), the size % 4 leftover rows added to the first, then the others."""
    size = len(x)
    if size < 4:
        return _sequential(x)
    whole = size // 4 * 4
    partials = cascade(x[:whole].reshape((size // 4, 4) + x.shape[1:]))
    if whole == size:
        return _sequential(partials)
    return _sequential(np.concatenate((partials[:1], x[whole:], partials[1:])))


def inner_sum(x):
    """Each row of the 2-d ``x`` (rows, n) summed over its n elements (the contiguous dim)."""
    rows, n = x.shape
    width = _VECTOR_BYTES // x.itemsize
    if n < width:
        return row_sum(x.T)
    vectors = n // width
    lanes = row_sum(x[:, :vectors * width].reshape(rows, vectors, width).transpose(1, 0, 2))
    if vectors * width < n:  # a total from 0: the leftover elements, then the lanes
        lanes = np.concatenate((x[:, vectors * width:], lanes), 1)
    return lanes_total(lanes, width)


def outer_sum(x, vectorised):
    """Each column of ``x`` (n, ..., columns) summed down its n rows (axis 0), vectorised over
    the middle axes: PyTorch's outer reduction, its columns in groups of 4 vectors when they
    are contiguous and at least a vector wide (``vectorised``), else in groups of 4."""
    columns = x.shape[-1]
    group = 4 * (_VECTOR_BYTES // x.itemsize) if vectorised else 4
    cascaded = columns // group * group
    if cascaded == columns:
        return cascade(x)
    if not cascaded:
        return row_sum(x)
    out = np.empty(x.shape[1:], x.dtype)
    out[..., :cascaded] = cascade(x[..., :cascaded])
    out[..., cascaded:] = row_sum(x[..., cascaded:])
    return out


def _line_sum(lines, contiguous):
    """Each line (the last axis of ``lines``) summed as PyTorch's inner reduction if its
    elements are ``contiguous``, else as one ``row_sum``."""
    n = lines.shape[-1]
    if contiguous:
        return inner_sum(lines.reshape(-1, n)).reshape(lines.shape[:-1])
    return row_sum(np.moveaxis(lines, -1, 0))


def full_sum(line, contiguous):
    """The 1-d ``line`` summed (a 0-d result), split over threads as PyTorch's two-pass
    reduction when it is over the grain size: equal chunks, one per thread, then the
    per-thread totals (one slot per thread, unused ones 0) summed as a ``row_sum``."""
    size = len(line)
    threads = get_num_threads()
    if size < GRAIN_SIZE or threads == 1:
        return _line_sum(line, contiguous)
    tasks = min(threads, -(-size // GRAIN_SIZE))
    chunk = -(-size // tasks)
    totals = np.zeros(threads, line.dtype)
    for t in range(tasks):
        part = line[t * chunk:(t + 1) * chunk]
        if len(part):
            totals[t] = _line_sum(part, contiguous)
    return row_sum(totals)


def _iteration_dims(x, dims):
    """The dims PyTorch's TensorIterator walks to sum ``x`` over ``dims``, fastest first, as
    [size, stride in elements, reduced]: size-1 dims dropped, the reduced dims first (by
    input stride), then the kept ones in the (contiguous) output's order, neighbours that
    are contiguous in memory merged. None for layouts not modelled (broadcast, overlapping
    or negative strides)."""
    reduced, kept = [], []
    for d, (size, stride) in enumerate(zip(x.shape, x.strides)):
        if size == 1:
            continue
        if stride <= 0 or stride % x.itemsize:
            return None
        (reduced if d in dims else kept).append([size, stride // x.itemsize, d in dims])
    reduced.sort(key=lambda entry: entry[1])
    if len({entry[1] for entry in reduced}) < len(reduced):
        return None
    merged = []
    for entry in reduced + kept[::-1]:
        last = merged[-1] if merged else None
        if last is not None and last[2] == entry[2] and last[0] * last[1] == entry[1]:
            last[0] *= entry[0]
        else:
            merged.append(entry)
    return merged


def ordered_sum(x, dims, keepdim):
    """``x`` (a float32 / float64 array) summed over the sorted ``dims`` in PyTorch's order,
    or None where that order is not modelled here (the caller then sums in NumPy's order):
    empty tensors, broadcast (stride-0) or negative-stride layouts, and full reductions of
    over 32768 elements whose reduced dims do not merge into one (PyTorch then splits its
    multi-dim walk between threads mid-line)."""
    if not x.ndim:  # (a 0-d sum is its element added to a 0)
        return x + _ZERO
    if not dims or not x.size:
        return None
    shape = x.shape
    out_shape = tuple(1 if d in dims else s for d, s in enumerate(shape)) if keepdim \
        else tuple(s for d, s in enumerate(shape) if d not in dims)
    first, last = dims[0], dims[-1] + 1
    if x.flags.c_contiguous and last - first == len(dims):
        total = _contiguous_sum(x, first, last)
    else:
        total = _walked_sum(x, dims)
        if total is None:
            return None
    return (total + _ZERO).reshape(out_shape)  # (into PyTorch's zero-filled output)


def _contiguous_sum(x, first, last):
    """A C-contiguous ``x`` summed over its dims ``first`` to ``last`` - 1, as a (lead,
    count, trail) array: an inner reduction if nothing trails, else an outer one."""
    shape = x.shape
    lead = math.prod(shape[:first])
    count = math.prod(shape[first:last])
    trail = math.prod(shape[last:])
    if lead * trail == 1:
        return full_sum(x.reshape(-1), True)
    if trail == 1 or count == 1:
        return inner_sum(x.reshape(lead * trail, count))
    width = _VECTOR_BYTES // x.itemsize
    return outer_sum(x.reshape(lead, count, trail).transpose(1, 0, 2), trail >= width)


def _walked_sum(x, dims):
    """``x`` summed over ``dims`` following TensorIterator's walk (``_iteration_dims``), the
    result's elements in the kept dims' order; None where not modelled."""
    walk = _iteration_dims(x, dims)
    if walk is None:
        return None
    reduced = [entry for entry in walk if entry[2]]
    kept = [entry for entry in walk if not entry[2]]
    if not reduced:  # (only size-1 dims reduced: each element added to a 0)
        return x.copy()
    walk = walk[::-1]  # slowest first: kept dims, then reduced ones, the fastest last
    view = as_strided(x, [e[0] for e in walk], [e[1] * x.itemsize for e in walk], False)
    size0, stride0 = reduced[0][0], reduced[0][1]
    width = _VECTOR_BYTES // x.itemsize
    if len(reduced) > 1:
        # the lines along the first reduced dim each summed, then added one by one into the
        # output in walk order
        if not kept and x.size >= GRAIN_SIZE and get_num_threads() > 1:
            return None
        lines = _line_sum(view, stride0 == 1)
        lines = lines.reshape(lines.shape[:len(kept)] + (-1,))
        return _sequential(np.moveaxis(lines, -1, 0))
    if not kept:
        return full_sum(view, stride0 == 1)
    size1, stride1 = kept[0][0], kept[0][1]
    if stride0 == 1 and size0 >= width:
        return _line_sum(view, True)
    columns = np.moveaxis(view, -1, 0)
    if stride1 == 1 and size1 >= width:
        return outer_sum(columns, True)
    if stride0 < stride1:
        return _line_sum(view, False)
    return outer_sum(columns, False)


# (complex sums too: PyTorch's kernel adds complex vectors, 4 complex64 / 2 complex128 lanes
# to its 32 bytes, in the same order; each part a real sum)
_ORDERED = tuple(np.dtype(t) for t in (np.float32, np.float64, np.complex64, np.complex128))


def _silent_for_complex(total):
    """``total`` without NumPy's warnings of complex inf - inf (PyTorch's sum is silent)."""
    def summed(x, *args, **kwargs):
        if x.dtype.kind == "c":
            with np.errstate(invalid="ignore", over="ignore"):
                return total(x, *args, **kwargs)
        return total(x, *args, **kwargs)
    summed.__doc__ = total.__doc__
    return summed


@_silent_for_complex
def sum_array(x, dims, keepdim, dtype=None):
    """``np.add.reduce(x, dims, dtype, keepdims=keepdim)`` (``dims`` a sorted tuple), its
    float32 / float64 results in PyTorch's order where ``ordered_sum`` models it (an input
    of another real dtype cast first, as PyTorch casts it)."""
    result = x.dtype if dtype is None else np.dtype(dtype)
    if x.dtype.kind == "c" != result.kind:  # (the cast's warning is PyTorch's, given before)
        x = x.real
    if result not in _ORDERED or x.dtype.kind not in "biufc":
        return np.add.reduce(x, dims, dtype, keepdims=keepdim)
    if x.dtype != result:
        x = x.astype(result)
    if len(dims) == x.ndim and not keepdim:
        return sum_all(x)
    if len(dims) == 1 and x.shape[dims[0]] <= min(4, _VECTOR_BYTES // x.itemsize) and \
            x.flags.c_contiguous and x.size:
        # (up to 4 elements along one dim, inner or outer, PyTorch adds them in order, onto
        # 0; a complex128 vector holds 2. Slice by slice: NumPy's accumulate along a leading
        # axis of a 3-d array is 20 times slower)
        lead = (slice(None),) * dims[0]
        total = x[lead + (slice(0, 1) if keepdim else 0,)] + _ZERO
        for i in range(1, x.shape[dims[0]]):
            total += x[lead + (slice(i, i + 1) if keepdim else i,)]
        return total
    total = ordered_sum(x, dims, keepdim)
    return np.add.reduce(x, dims, keepdims=keepdim) if total is None else total


def _small_order(count):
    """The order PyTorch's ``row_sum`` adds ``count`` < 8 items in: one at a time, except
    that items 4 and on join the first before the second, third and fourth do."""
    return list(range(count)) if count <= 4 else [0, *range(4, count), 1, 2, 3]


def _small_line(flat, width):
    """The contiguous 1-d ``flat`` of fewer than 8 vectors summed in PyTorch's order: under
    a vector ``_small_order`` of its elements; else its whole vectors added lane by lane in
    ``_small_order``, then a total of the leftover elements and the lanes, in order."""
    size = len(flat)
    if size < width:
        return np.add.accumulate(flat if size <= 4 else flat[_small_order(size)])[-1]
    vectors = size // width
    whole = flat[:vectors * width].reshape(vectors, width)
    if vectors <= 2:  # (np.add.reduce over two rows is their one sum)
        lanes = whole[0] if vectors == 1 else np.add.reduce(whole, 0)
    else:
        lanes = np.add.accumulate(whole if vectors <= 4 else whole[_small_order(vectors)], 0)[-1]
    if vectors * width < size:
        lanes = np.concatenate((flat[vectors * width:], lanes))
    return lanes_total(lanes, width)


@_silent_for_complex
def sum_all(x):
    """The float32 / float64 ``x`` summed over every element in PyTorch's order (0-d)."""
    size = x.size
    width = _VECTOR_BYTES // x.itemsize
    if 0 < size < 8 * width:
        # (small dense sums, the common case of a loss, kept cheap: PyTorch walks a dense
        # tensor's elements in memory order, as one line)
        if x.flags.c_contiguous:
            return _small_line(x if x.ndim == 1 else x.reshape(-1), width) + _ZERO
        if x.flags.f_contiguous:
            return _small_line(x.T.reshape(-1), width) + _ZERO
    total = ordered_sum(x, tuple(range(x.ndim)), False)
    return np.add.reduce(x, None) if total is None else total


def mean_in_order(x, dims, keepdim, dtype=None):
    if x.dtype.kind == "c":  # (NumPy warns of complex inf - inf; PyTorch's sum is silent)
        with np.errstate(invalid="ignore", over="ignore"):
            return _mean_in_order(x, dims, keepdim, dtype)
    return _mean_in_order(x, dims, keepdim, dtype)


def _mean_in_order(x, dims, keepdim, dtype=None):
    """``mean_array`` with its sum in PyTorch's order: PyTorch's CPU mean is the sum divided
    by the count (float16 cast to float32 first, the mean rounded back)."""
    half = dtype is None and x.dtype == np.float16
    accumulate = np.dtype(np.float32) if half else x.dtype if dtype is None else np.dtype(dtype)
    if accumulate not in _ORDERED or x.dtype.kind not in "biufc" or not x.size:
        return mean_array(x, dims, keepdim, dtype)
    count = math.prod([x.shape[d] for d in dims])
    if x.dtype.kind == "c" != accumulate.kind:  # (the cast's warning is PyTorch's, given)
        x = x.real
    x = x if x.dtype == accumulate else x.astype(accumulate)
    total = sum_all(x) if len(dims) == x.ndim and not keepdim else \
        ordered_sum(x, dims, keepdim)
    if total is None:
        return mean_array(x, dims, keepdim, dtype)
    mean = total / count
    return mean.astype(np.float16) if half else mean
