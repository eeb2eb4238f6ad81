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
"""
import numpy as np

from .._parallel import get_num_threads

GRAIN_SIZE = 32768  # at::internal::GRAIN_SIZE: below it a reduction runs on one thread
_VECTOR_BYTES = 32  # PyTorch's Vectorized<T> on this build: 8 float32 lanes, 4 float64


def _sequential(rows):
    """``rows`` (stacked on axis 0) added one at a time to an accumulator starting at 0."""
    acc = np.zeros(rows.shape[1:], rows.dtype)
    for row in rows:
        acc += row
    return acc


def _sequential_groups(rows, step):
    """Each complete group of ``step`` consecutive rows summed ``_sequential``ly (stacked),
    and the rows after the last complete group summed the same way."""
    full = len(rows) // step
    grouped = rows[:full * step].reshape((full, step) + rows.shape[1:])
    acc = np.zeros((full,) + rows.shape[1:], rows.dtype)
    for j in range(step):
        acc += grouped[:, j]
    return acc, _sequential(rows[full * step:])


def cascade(x):
    """``x`` summed over axis 0 in PyTorch's 4-level cascade (``multi_row_sum``)."""
    size = len(x)
    level_power = max(4, (size - 1).bit_length() // 4) if size > 1 else 4
    step = 1 << level_power
    blocks, level0 = _sequential_groups(x, step)  # level 0: one sum per full step of rows
    groups1, level1 = _sequential_groups(blocks, step)  # level 1's completed / open sums
    groups2, level2 = _sequential_groups(groups1, step)
    level3 = _sequential(groups2)
    level0 += level1
    level0 += level2
    level0 += level3
    return level0


def row_sum(x):
    """``x`` summed over axis 0 as PyTorch's ``row_sum``: four interleaved cascades."""
    size = len(x)
    whole = size // 4 * 4
    partials = cascade(x[:whole].reshape((size // 4, 4) + x.shape[1:]))
    total = partials[0]
    for row in x[whole:]:
        total += row
    total += partials[1]
    total += partials[2]
    total += partials[3]
    return total


def inner_sum(x):
    """Each row of the 2-d ``x`` (rows, n) summed over its n elements (the contiguous dim)."""
    rows, n = x.shape
    width = _VECTOR_BYTES // x.itemsize
    if n < width:
        return np.zeros(rows, x.dtype) + row_sum(x.T)
    vectors = n // width
    lanes = row_sum(x[:, :vectors * width].reshape(rows, vectors, width).transpose(1, 0, 2))
    total = np.zeros(rows, x.dtype)
    for k in range(vectors * width, n):
        total += x[:, k]
    for lane in range(width):
        total += lanes[:, lane]
    return total


def outer_sum(x):
    """Each column of ``x`` (n, ..., columns) summed down its n rows (axis 0, strided; the
    columns contiguous), vectorised over the middle axes."""
    columns = x.shape[-1]
    width = _VECTOR_BYTES // x.itemsize
    group = 4 * width if columns >= width else 4
    cascaded = columns // group * group
    out = np.empty(x.shape[1:], x.dtype)
    out[..., :cascaded] = cascade(x[..., :cascaded])
    out[..., cascaded:] = row_sum(x[..., cascaded:])
    return np.zeros(out.shape, x.dtype) + out  # (the output starts at 0: -0.0 sums to +0.0)


def full_sum(flat):
    """The 1-d ``flat`` summed to a 0-d array, split over threads as PyTorch's two-pass
    reduction when it is over the grain size."""
    size = len(flat)
    threads = get_num_threads()
    if size < GRAIN_SIZE or threads == 1:
        return inner_sum(flat.reshape(1, size))[0]
    tasks = min(threads, -(-size // GRAIN_SIZE))
    chunk = -(-size // tasks)
    totals = np.zeros(threads, flat.dtype)  # (one slot per thread, unused ones stay 0)
    for t in range(tasks):
        part = flat[t * chunk:(t + 1) * chunk]
        if len(part):
            totals[t] = inner_sum(part.reshape(1, len(part)))[0]
    return np.zeros((), flat.dtype) + row_sum(totals)


def ordered_sum(x, dims, keepdim):
    """``x`` (a float32 / float64 array) summed over the sorted ``dims`` in PyTorch's order,
    or None where that order is not reproduced here: a non-contiguous ``x``, or reduced dims
    that are not one consecutive run (the caller then sums in NumPy's order)."""
    if not x.flags.c_contiguous or not dims:
        return None
    first, last = dims[0], dims[-1] + 1
    if last - first != len(dims):
        return None
    shape = x.shape
    lead = int(np.prod(shape[:first], dtype=np.int64))
    count = int(np.prod(shape[first:last], dtype=np.int64))
    trail = int(np.prod(shape[last:], dtype=np.int64))
    if count == 0 or lead * trail == 0:
        return None  # (empty: NumPy's zeros are PyTorch's)
    out_shape = tuple(1 if first <= d < last else s for d, s in enumerate(shape)) if keepdim \
        else shape[:first] + shape[last:]
    if lead * trail == 1:
        return full_sum(x.reshape(-1)).reshape(out_shape)
    if trail == 1 or count == 1:
        return inner_sum(x.reshape(lead * trail, count)).reshape(out_shape)
    return outer_sum(x.reshape(lead, count, trail).transpose(1, 0, 2)).reshape(out_shape)
