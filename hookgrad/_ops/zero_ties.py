"""Which zero PyTorch's CPU kernels return when +0.0 and -0.0 tie (the sign shows in
``1 / x``, ``copysign``, ``atan2``): ``amin`` / ``amax`` keep the first zero in a short
reduction and, in the vectorized part of a long one, the zero that their AVX2 min/max
instructions keep (the later operand on a tie); ``clamp`` keeps the input at a bound equal to
it; ``fmin`` / ``fmax`` keep the first operand.

PyTorch's reduction loop (measured, and as its ``vectorized_reduction`` reads): along a
contiguous reduced dim of length n >= 4V (V lanes of 32 bytes: 8 floats, 4 doubles), blocks
of 4V elements go through four vector accumulators, each lane keeping the later element of a
tie; the accumulators combine as ``op(op(a0, a1), op(a2, a3))`` (the later again), the lanes
of the result then one by one keeping the first, and the tail element by element keeping
what it has. Across a reduced outer dim (the kept dim innermost), columns in blocks of 4V keep
the later row of a tie, the remaining columns the first. Reductions of more than 32768
elements, which PyTorch splits over threads, follow the same rule here (approximately)."""
from functools import cmp_to_key

import numpy as np

from .vector_loop import vector_positions

_VECTOR_BYTES = 32  # (AVX2's 256-bit registers, which PyTorch's reduction kernels use)
_COUNT_MAX = 1024  # (elements: count_nonzero is faster up to here, all() beyond)
_count_nonzero = np.count_nonzero


def _no_zero(a):
    """Whether the array (or NumPy scalar) ``a`` holds no zero of either sign, in one pass:
    count_nonzero on a few elements (0.2 us, where ``all()`` costs 1 us), ``all()`` on many
    (count_nonzero is 4 times slower there)."""
    size = a.size
    return _count_nonzero(a) == size if size <= _COUNT_MAX else bool(a.all())


def _later_wins(p, q, is_max):
    """A vector min / max of two arrays: on a tie (the two zeros) the second operand."""
    return np.where(q >= p, q, p) if is_max else np.where(q <= p, q, p)


def _first_zero(rows):
    """Of each row (last axis) whose extreme is zero: its first zero."""
    return np.take_along_axis(rows, np.argmax(rows == 0, axis=-1)[..., None], -1)[..., 0]


def _inner_winners(rows, is_max):
    """The element each row's inner reduction returns, for rows whose extreme is zero."""
    n = rows.shape[-1]
    lanes = _VECTOR_BYTES // rows.itemsize
    block = 4 * lanes
    count = n // block
    if not count:
        return _first_zero(rows)
    vectors = rows[..., :count * block].reshape(rows.shape[:-1] + (count, 4, lanes))
    extreme = vectors.max(axis=-3) if is_max else vectors.min(axis=-3)
    # each lane: the last block reaching the lane's extreme
    last = count - 1 - np.argmax((vectors == extreme[..., None, :, :])[..., ::-1, :, :], axis=-3)
    lane = np.take_along_axis(vectors, last[..., None, :, :], -3)[..., 0, :, :]
    acc = _later_wins(_later_wins(lane[..., 0, :], lane[..., 1, :], is_max),
                      _later_wins(lane[..., 2, :], lane[..., 3, :], is_max), is_max)
    best = acc.max(axis=-1, keepdims=True) if is_max else acc.min(axis=-1, keepdims=True)
    result = np.take_along_axis(acc, np.argmax(acc == best, axis=-1)[..., None], -1)[..., 0]
    tail = rows[..., count * block:]
    if tail.shape[-1]:  # (a strictly better tail element replaces it; the first such)
        better = tail > result[..., None] if is_max else tail < result[..., None]
        result = np.where(better.any(axis=-1), _first_zero(tail), result)
    return result


def _vertical_winners(columns, is_max):
    """Reduced along axis -2 with the kept dim innermost (length m): the element each column
    returns, for columns whose extreme is zero."""
    m = columns.shape[-1]
    block = 4 * (_VECTOR_BYTES // columns.itemsize)
    vectorized = (m // block) * block
    first = np.take_along_axis(columns, np.argmax(columns == 0, axis=-2)[..., None, :], -2)
    flipped = columns[..., ::-1, :]
    last = np.take_along_axis(flipped, np.argmax(flipped == 0, axis=-2)[..., None, :], -2)
    out = first[..., 0, :]
    out[..., :vectorized] = last[..., 0, :vectorized]
    return out


def signed_zero_extreme(x, result, dims, keepdim, is_max):
    """``result`` (amin / amax of the float array ``x`` over ``dims``) with the sign of each
    zero as PyTorch's kernel leaves it (a new array where one changes)."""
    if _no_zero(result):  # (no zero result: the common case, one pass)
        return result
    zeros = result == 0
    nd = x.ndim
    reduced = set(d % nd for d in dims) if dims else set(range(nd))
    # PyTorch's iterator (size-1 dims dropped): the reduced dims innermost, by their strides,
    # the innermost ones coalesced into one run where memory allows; the kept dims outside
    # them in their logical order (the output's, which is contiguous)
    gone = sorted((d for d in range(nd) if d in reduced and x.shape[d] > 1),
                  key=lambda d: (x.strides[d], x.shape[d]))
    if not gone:
        return result
    kept = [d for d in range(nd) if d not in reduced and x.shape[d] > 1]
    run = gone[:1]
    for d in gone[1:]:
        if x.strides[d] != x.strides[run[-1]] * x.shape[run[-1]]:
            break
        run.append(d)
    rest = gone[len(run):]
    kept_shape = tuple(x.shape[d] for d in kept)
    with np.errstate(invalid="ignore"):
        if x.strides[run[0]] == x.itemsize:  # rows reduced by the vector loop, in order
            rows = _arranged(x, kept + rest[::-1] + run[::-1]).reshape(kept_shape + (
                int(np.prod([x.shape[d] for d in rest])), -1))
            winners = _inner_winners(rows, is_max)
            row_extreme = rows.max(axis=-1) if is_max else rows.min(axis=-1)
            first_row = np.argmax(row_extreme == 0, axis=-1)[..., None]
            winners = np.take_along_axis(winners, first_row, -1)[..., 0]
        elif not rest and kept and x.strides[kept[-1]] == x.itemsize:  # columns vectorized
            inner = [kept[-1]]
            for d in kept[-2::-1]:
                if x.strides[d] != x.strides[inner[0]] * x.shape[inner[0]]:
                    break
                inner.insert(0, d)
            outer = kept[:len(kept) - len(inner)]
            columns = _arranged(x, outer + run[::-1] + inner).reshape(
                tuple(x.shape[d] for d in outer) + (-1, int(np.prod([x.shape[d]
                                                                       for d in inner]))))
            winners = _vertical_winners(columns, is_max)
        else:  # a scalar loop: the first zero in the iteration's order
            winners = _first_zero(_arranged(x, kept + rest[::-1] + run[::-1]).reshape(
                kept_shape + (-1,)))
    return _with_winners(result, zeros, winners, x, reduced, keepdim)


def _arranged(x, dims):
    """``x`` with ``dims`` in this order, its other dims (of size 1) after them."""
    return np.transpose(x, dims + [d for d in range(x.ndim) if d not in dims])


def _with_winners(result, zeros, winners, x, reduced, keepdim):
    """``result`` with its zeros replaced by ``winners`` (one per result element, in the
    logical order of the kept dims)."""
    kept = [d for d in range(x.ndim) if d not in reduced]
    shape = tuple(x.shape[d] if d in kept else 1 for d in range(x.ndim)) if keepdim else \
        tuple(x.shape[d] for d in kept)
    winners = np.reshape(winners, shape)
    out = np.array(result, copy=True)
    out[zeros] = winners[zeros]
    return out


# --------------------------------------------------------------------------- elementwise
# minimum / maximum (and clamp by tensors): PyTorch's elementwise loop runs vectors of 64 bytes
# (two AVX2 registers) over the contiguous inner run of the output, whose min / max keep the
# second operand on a tie, then the run's tail element by element, keeping the first; a loop
# over operands that are not contiguous (nor broadcast numbers) along it is all scalar.

def _vector_run(shape, operands, itemsize):
    """The length of the output's inner run that PyTorch's vector loop covers (its coalesced
    trailing dims), or 0 where the loop is scalar."""
    run = 1
    states = ["scalar"] * len(operands)  # ("scalar": stride 0 so far; "contiguous")
    for d in range(len(shape) - 1, -1, -1):
        if shape[d] == 1:
            continue
        steps = []
        for state, operand in zip(states, operands):
            stride = operand.strides[d]
            if stride == 0 and state == "scalar":
                steps.append("scalar")
            elif stride == operand.itemsize * run and (state == "contiguous" or run == 1):
                steps.append("contiguous")
            else:
                steps.append(None)
        if None in steps:
            return run if run > 1 else 0
        states = steps
        run *= shape[d]
    return run


def _outer_first(d, e, *operands):
    """PyTorch's comparison of two dims: the first operand with strides in both (not
    broadcast) puts the larger stride outside."""
    for operand in operands:
        a, b = operand.strides[d], operand.strides[e]
        if a and b and a != b:
            return -1 if a > b else 1
    return 0


def binary_zero_ties(out, x, y, first_always=False):
    """``out`` (minimum / maximum of ``x`` and ``y``, written in place) with the zero PyTorch's
    loop keeps where +0 and -0 tie (``first_always``: fmin / fmax, which keep ``x``)."""
    if _no_zero(out):  # (no zero: the common case, one pass)
        return out
    tie = out == 0
    xb, yb = np.broadcast_to(x, out.shape), np.broadcast_to(y, out.shape)
    tie &= (xb == 0) & (yb == 0) & (np.signbit(xb) != np.signbit(yb))
    if not tie.any():
        return out
    keep_first = np.ones(out.shape, bool)
    if not first_always:
        # (the iterator's order of the dims: by the operands' strides, outermost first)
        order = sorted(range(out.ndim), key=cmp_to_key(lambda d, e: _outer_first(d, e, xb, yb)))
        xp, yp = np.transpose(xb, order), np.transpose(yb, order)
        run = _vector_run(xp.shape, (xp, yp), out.itemsize)
        if run:
            chunk = 64 // out.itemsize
            position = np.arange(out.size).reshape(xp.shape) % run
            keep_first = np.transpose(position >= run - run % chunk, np.argsort(order))
    if out.__class__ is not np.ndarray or not out.flags.writeable:  # (a 0-d result: NumPy's
        out = np.array(out)  # scalar)
    out[tie] = np.where(keep_first, xb, yb)[tie]
    return out


def clamp_zero_ties(out, x, low, high):
    """``out`` (``x`` clamped to number bounds): ``x`` itself where it equals a zero bound,
    as PyTorch's clamp keeps its input on a tie."""
    if not (low == 0 or high == 0) or out.dtype.kind != "f" or _no_zero(x):  # (None == 0 is
        return out  # False; an input without zeros has no tie: one pass)
    tie = (out == 0) & (x == 0)
    if tie.any():
        out = np.array(out, copy=True)
        out[tie] = x[tie]
    return out


def tensor_bounds_zero_ties(out, x, low, high):
    """``out`` (``x`` clamped between two tensors, NumPy's instructions returning the second
    operand of a +0 / -0 tie, as PyTorch's vector loop does) with the zeros of PyTorch's
    element loop, ``std::min(std::max(x, min), max)``, which keeps the first operand of
    each tie: on each inner row's elements after its whole 16-float (8-double) steps, and
    everywhere the iterator runs its element loop."""
    zero = out == 0
    if out.dtype.kind != "f" or not zero.any():
        return out
    vector = vector_positions(out.shape, x, low, _CLAMP_STEP_BYTES, high)
    element = zero if vector is None else zero & ~vector
    if not element.any():
        return out
    kept = np.where(x < low, low, x)
    kept = np.where(high < kept, high, kept)
    out = np.array(out, copy=True)
    out[element] = np.broadcast_to(kept, out.shape)[element]
    return out


_CLAMP_STEP_BYTES = 64  # (cpu_kernel_vec's step: two AVX2 vectors)


# PyTorch's whole-tensor min / max (its reduce_all over the contiguous elements): whole
# vectors (8 float32 or 4 float64 lanes) each lane keeping the later element of a tie, the
# tail's elements folded into the first lanes the same way, then the lanes halved (float32:
# lane i against lane i ^ 4, i ^ 2, i ^ 1; float64: i ^ 1, then i ^ 2), the later operand
# again; under a vector's elements one by one, the later. (Read off PyTorch 2.13 over 1,146
# random float32 ties and 2,238 float64 ones, 2 to 40,000 elements: all placed.)
_WHOLE_SHUFFLES = {
    np.float32: ([4, 5, 6, 7, 0, 1, 2, 3], [2, 3, 0, 1, 6, 7, 4, 5], [1, 0, 3, 2, 5, 4, 7, 6]),
    np.float64: ([1, 0, 3, 2], [2, 3, 0, 1]),
}
_WHOLE_MAX = 32768  # (beyond, PyTorch splits the elements between threads: not modelled)


def whole_zero_tie(x, value, is_max):
    """``value`` (the whole-tensor min or max of ``x``) with the zero PyTorch's kernel keeps
    on a +0 / -0 tie."""
    shuffles = _WHOLE_SHUFFLES.get(x.dtype.type)
    if value != 0 or shuffles is None or not 1 < x.size <= _WHOLE_MAX \
            or not x.flags.c_contiguous:
        return value
    flat = x.reshape(-1)
    signs = np.signbit(flat[flat == 0])
    if signs.all() or not signs.any():
        return value

    def later_on_tie(a, b):
        return np.where(a > b, a, b) if is_max else np.where(a < b, a, b)

    lanes = _VECTOR_BYTES // flat.itemsize
    if flat.size < lanes:
        acc = flat[0]
        for element in flat[1:]:
            acc = later_on_tie(acc, element)
        return flat.dtype.type(acc)
    full = flat.size - flat.size % lanes
    columns = flat[:full].reshape(-1, lanes)
    extreme = columns.max(0) if is_max else columns.min(0)
    last = len(columns) - 1 - np.argmax((columns == extreme)[::-1], axis=0)
    acc = columns[last, np.arange(lanes)]
    if full < flat.size:
        tail = flat.size - full
        acc[:tail] = later_on_tie(acc[:tail], flat[full:])
    for order in shuffles:
        acc = later_on_tie(acc, acc[order])
    return flat.dtype.type(acc[0])
