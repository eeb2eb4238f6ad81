"""PyTorch's vector norms (``linalg.vector_norm``, ``norm``, ``pairwise_distance``): the
2-norm's roundings over one contiguous run, the other p-norms' sequential sum, and the sign
of a NaN result.

Over one contiguous run of float32 / float64 memory (a row along the contiguous last dim,
or a whole tensor, which this loop does not split between threads), PyTorch's loop adds
``v * v`` (rounded, then added: no FMA) into one vector accumulator over whole vector steps,
folds its lanes from the lowest, then adds the remaining elements one by one: in groups of
4 as ``+ x * x``, the last ``n % 4`` with an FMA (the compiler unrolled that loop by 4 and
fused only its remainder). Measured bit for bit on PyTorch 2.13 (AVX2) for row lengths 2-1003.

The 2-norm squares the elements as they are (no absolute value first), so a NaN result is
one of the input's NaNs, sign included, and which one is the order of PyTorch's CPU loop:
- over one contiguous run of memory (its ``is_reduce_lastdim`` path): one vector accumulator
  (8 float32 lanes, 4 float64) over whole vector steps, each lane keeping its first NaN,
  lanes folded from the lowest, then the remaining elements one by one, each NaN of those
  replacing the sum's (the fourth of a float32 remainder excepted: there the sum's stays);
- otherwise one scalar accumulator in iteration order, which keeps the first NaN.
Read off PyTorch 2.13 (AMD64, AVX2) for every position pair of two NaNs of opposite signs."""
import numpy as np

from .._parallel import get_num_threads
from .fused import fma
from .sum_order import GRAIN_SIZE
from .vector_loop import contiguous_run


def two_norm(x, signed, dims, keepdim):
    """``sqrt(sum(x * x))`` over ``dims`` (``x`` = ``|signed|``) with PyTorch's NaN sign."""
    rows = _one_run_rows(x, signed, dims)
    if rows is None:
        out = np.sqrt(np.add.reduce(x * x, dims, keepdims=keepdim))
    else:
        with np.errstate(all="ignore"):
            out = np.sqrt(_run_sums(rows)).reshape(_reduced_shape(x, dims, keepdim))[()]
    if out.dtype not in (np.float32, np.float64) or signed.dtype != out.dtype:
        return out
    if out.ndim:
        if not np.isnan(out).any():
            return out
    elif out == out:
        return out
    return _signed_nans(out, signed, dims)


def sequential_sum(values, dims, keepdim):
    """The sum over ``dims`` as PyTorch's other p-norms accumulate it (``binary_kernel_reduce``:
    one accumulator, element after element): for trailing dims of a contiguous array, a
    running sum along each row (NumPy's add pairs elements up); else NumPy's sum, which
    adds leading dims row after row as well."""
    rows = _one_run_rows(values, values, dims)
    if rows is None:
        return np.add.reduce(values, dims, keepdims=keepdim)
    n = rows.shape[1]
    # (one long row is split into a run per thread, the runs' sums then added; several rows
    # go to the threads whole)
    threads = min(get_num_threads(), -(-n // GRAIN_SIZE)) \
        if n >= GRAIN_SIZE and rows.shape[0] == 1 else 1
    size = -(-n // threads)
    with np.errstate(all="ignore"):
        total = np.zeros(rows.shape[0], rows.dtype)
        for start in range(0, n, size):
            total += np.cumsum(rows[:, start:start + size], 1, rows.dtype)[:, -1]
        return total.reshape(_reduced_shape(values, dims, keepdim))[()]


def _reduced_shape(x, dims, keepdim):
    if keepdim:
        return tuple(1 if d in dims else n for d, n in enumerate(x.shape))
    return tuple(n for d, n in enumerate(x.shape) if d not in dims)


def _one_run_rows(x, signed, dims):
    """``x`` as rows PyTorch's vector loop sums one by one, or None (another loop)."""
    if x.dtype != signed.dtype or x.dtype.kind != "f" or x.itemsize < 4 \
            or not x.flags.c_contiguous or x.ndim == 0 or x.size == 0:
        return None
    if sorted(dims) != list(range(x.ndim - len(dims), x.ndim)):  # (trailing dims merge)
        return None
    rows = x.reshape(-1, int(np.prod(x.shape[x.ndim - len(dims):])))
    return rows if rows.shape[1] > 1 else None


def _run_sums(rows):
    """Each row's sum of squares in the loop's order (above)."""
    count, n = rows.shape
    width = 32 // rows.itemsize
    main = n - n % width
    if main:
        steps = rows[:, :main].reshape(count, -1, width)
        # (each lane's sum over the steps, in order: NumPy reduces an axis that is not the
        # innermost one row after row, pairing nothing up)
        acc = np.add.reduce(steps * steps, axis=1, dtype=rows.dtype)
        total = acc[:, 0].copy()
        for j in range(1, width):
            total += acc[:, j]
    else:
        total = np.zeros(count, rows.dtype)
    grouped = main + (n - main) // 4 * 4
    for d in range(main, grouped):
        total += rows[:, d] * rows[:, d]
    for d in range(grouped, n):
        total = fma(rows[:, d], rows[:, d], total)
    return total


def _signed_nans(out, x, dims):
    kept = [d for d in range(x.ndim) if d not in dims]
    reduced = [d for d in dims if x.shape[d] != 1]
    n = int(np.prod([x.shape[d] for d in reduced], dtype=np.int64))
    if n < 2:  # (PyTorch's one-element norm is |x|: a NaN without sign)
        return out
    order = sorted(reduced, key=lambda d: -x.strides[d])  # (the iterator's: memory order)
    run = contiguous_run(x, order)
    rows = x.transpose(kept + [d for d in dims if d not in reduced] + order)
    rows = rows.reshape(-1, n)
    flat = np.array(out, copy=True).reshape(-1)
    which = np.flatnonzero(flat != flat)
    rows = rows[which]
    nan = rows != rows
    if not run:  # the first NaN
        negative = np.signbit(rows[np.arange(len(which)), nan.argmax(1)])
    else:
        negative = _vector_loop_sign(rows, nan)
    flat[which] = np.where(negative, -np.nan, np.nan)
    return flat.reshape(out.shape)


def _vector_loop_sign(rows, nan):
    lanes = 32 // rows.itemsize
    count, n = rows.shape
    whole = n - n % lanes
    negative = np.zeros(count, bool)
    found = np.zeros(count, bool)
    if whole:
        steps = nan[:, :whole].reshape(count, whole // lanes, lanes)
        in_lane = steps.any(1)
        lane = in_lane.argmax(1)  # (the lowest lane with a NaN; its first NaN)
        first = steps[np.arange(count), :, lane].argmax(1)
        found = in_lane.any(1)
        negative = np.signbit(rows[np.arange(count), first * lanes + lane]) & found
    for k in range(whole, n):
        here = nan[:, k]
        if rows.itemsize == 4 and k - whole == 3:
            here = here & ~found
        negative = np.where(here, np.signbit(rows[:, k]), negative)
        found |= here
    return negative
