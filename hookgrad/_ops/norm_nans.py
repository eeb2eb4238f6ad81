"""The NaN sign of PyTorch's 2-norm (``linalg.vector_norm``, ``norm``, ``pairwise_distance``).

The 2-norm squares the elements as they are (no absolute value first), so a NaN result is
one of the input's NaNs, sign included, and which one is the order of PyTorch's CPU loop:
- over one contiguous run of memory (its ``is_reduce_lastdim`` path): one vector accumulator
  (8 float32 lanes, 4 float64) over whole vector steps, each lane keeping its first NaN,
  lanes folded from the lowest, then the remaining elements one by one, each NaN of those
  replacing the sum's (the fourth of a float32 remainder excepted: there the sum's stays);
- otherwise one scalar accumulator in iteration order, which keeps the first NaN.
Read off PyTorch 2.13 (AMD64, AVX2) for every position pair of two NaNs of opposite signs."""
import numpy as np

from .vector_loop import contiguous_run


def two_norm(x, signed, dims, keepdim):
    """``sqrt(sum(x * x))`` over ``dims`` (``x`` = ``|signed|``) with PyTorch's NaN sign."""
    out = np.sqrt(np.add.reduce(x * x, dims, keepdims=keepdim))
    if out.dtype not in (np.float32, np.float64) or signed.dtype != out.dtype:
        return out
    if out.ndim:
        if not np.isnan(out).any():
            return out
    elif out == out:
        return out
    return _signed_nans(out, signed, dims)


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
