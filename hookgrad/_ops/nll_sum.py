"""nll_loss's reduction as PyTorch's CPU kernel sums it, so that sums and means round (and
a NaN's sign bit comes out) as there.

The kernel walks the batch once: each counted sample's term goes into cascade level 0
(``level[0] -= x``, ``x * w`` weighted; the weights' own sum ``level[0] += w``), and after a
sample whose index is a multiple of 16 (the first sample at once) level 0 is added into
level 1, and so on up while the index is a multiple of the next power of 16. The result
is ``0 + level[0] + level[1] + ...``. The runs between
moves are summed here column by column across all runs at once; only the moves, one per
16 samples, are a Python loop. A NaN keeps the sign the kernel's x86 arithmetic gives it:
an operation returns its first NaN operand as it is (NumPy's array subtraction does too;
its additions may swap their operands, so theirs are spelled out), and inf - inf is the
default NaN, sign bit set."""
import numpy as np

_LEVELS = 8
_POWER = 4  # (level 0 moves every 16 samples: measured from 3 to 600,000 samples)


def _add(a, b):
    """``a + b`` with x86's NaN rule, on scalars."""
    if a != a:
        return a
    if b != b:
        return b
    total = a + b
    return total if total == total else np.copysign(type(a)(np.nan), -1)


def _add_arrays(a, b):
    total = a + b
    if np.isnan(total).any():
        default = np.copysign(np.array(np.nan, a.dtype), -1)
        total = np.where(a != a, a, np.where(b != b, b, np.where(total == total, total,
                                                                  default)))
    return total


def _sequential(rows, subtract):
    """Each row of a 2-D array summed from 0 in order (NumPy's add.reduce would pair)."""
    start = np.zeros((len(rows), 1), rows.dtype)
    if subtract:
        return np.subtract.reduce(np.concatenate([start, rows], 1), axis=1)
    return np.add.accumulate(np.concatenate([start, rows], 1), axis=1)[:, -1]


def _runs(items, ends, subtract):
    """``(sums, tail)``: the sums (in order, from 0) of the runs of ``items`` closed by an
    item where ``ends`` is true (every 16th item where ``ends`` is None), and of the open
    run after the last."""
    dtype = items.dtype.type
    if ends is None:
        whole = len(items) // 16 * 16
        rest = np.concatenate([np.zeros(1, items.dtype), items[whole:]])
        # (subtract.reduce runs in order; add.reduce would pair, accumulate does not)
        rest = np.subtract.reduce(rest) if subtract else np.add.accumulate(rest)[-1]
        return _sequential(items[:whole].reshape(-1, 16), subtract), dtype(rest)
    if not len(items):
        return items, dtype(0)
    run = np.concatenate(([0], np.cumsum(ends)[:-1]))
    count = int(run[-1]) + 1
    offset = np.arange(len(items)) - np.searchsorted(run, np.arange(count))[run]
    # (padding that changes nothing: x - (+0) and x + (-0) are x, signed zeros included)
    table = np.full((count, int(offset.max()) + 1), dtype(0.0 if subtract else -0.0))
    table[run, offset] = items
    sums = _sequential(table, subtract)
    return (sums, dtype(0)) if ends[-1] else (sums[:-1], sums[-1])


def _in_order(items, subtract, axis=-1):
    """Sums in order from 0 along ``axis`` (subtract.reduce runs in order; add.reduce would
    pair, accumulate does not)."""
    if subtract:
        return np.subtract.reduce(items, axis=axis, initial=0)
    if not items.shape[axis]:
        return np.zeros(items.shape[:-1], items.dtype) if items.ndim > 1 else items.dtype.type(0)
    return np.add.accumulate(items, axis=axis).take(-1, axis=axis)


def _whole_batch(values, subtract):
    """_no_nan_sum where every sample counts: runs of 16 after the first
    sample, which (index 0, a multiple of every power) moves up to the top level."""
    zero = values.dtype.type(0)
    sums, level_subtract, total = values[1:], subtract, zero
    while len(sums) >= 16:
        whole = len(sums) // 16 * 16
        total = total + _in_order(sums[whole:], level_subtract)
        sums = _in_order(sums[:whole].reshape(-1, 16), level_subtract)
        level_subtract = False
    total = total + _in_order(sums, level_subtract)
    top = -values[0] if subtract else values[0]
    return (total + zero) + (top + zero)


def _no_nan_sum(values, positions, batch, subtract):
    """cascade_sum level by level over whole arrays, exact unless it is NaN (whose sign
    NumPy's paired additions may not give as x86's order does). The levels above the last
    one reached hold 0, which adds nothing but a -0's sign."""
    if positions is None:
        return _whole_batch(values, subtract)
    zero = values.dtype.type(0)
    total = zero
    sums, ends, level = values, positions, 0
    while len(sums) and level < _LEVELS - 1:
        closes = ends % (1 << (_POWER * (level + 1))) == 0
        sums, tail = _runs(sums, closes, subtract and level == 0)
        ends = ends[closes]
        total = total + tail
        level += 1
    return (total + zero) + (_sequential(sums[None], False)[0] if len(sums) else zero)


def cascade_sum(values, positions, batch, subtract):
    """The kernel's sum of ``values`` (its samples at ``positions`` of a batch of ``batch``,
    None for all of them; ignored samples skipped), subtracted from 0 if ``subtract`` (the
    loss) else added (the weights)."""
    dtype = values.dtype.type
    zero = dtype(0)
    if not len(values):
        return zero
    result = _no_nan_sum(values, positions, batch, subtract)
    if result == result:  # (a NaN, read or made, takes the exact loop below for its sign)
        return result
    if positions is None:
        positions = np.arange(len(values))
    power = _POWER
    mask = (1 << power) - 1
    closes = (positions & mask) == 0
    run = np.concatenate(([0], np.cumsum(closes)[:-1]))
    runs = int(run[-1]) + 1
    offset = np.arange(len(values)) - np.searchsorted(run, np.arange(runs))[run]
    # (padding that changes nothing: x - (+0) and x + (-0) are x, signed zeros included)
    table = np.full((runs, int(offset.max()) + 1), dtype(0.0 if subtract else -0.0))
    table[run, offset] = values
    sums = np.zeros(runs, dtype)
    for column in table.T:
        sums = sums - column if subtract else _add_arrays(sums, column)
    levels = [zero] * _LEVELS
    for r, i in enumerate(np.flatnonzero(closes).tolist()):
        b = int(positions[i])
        levels[1] = _add(sums[r], levels[1])  # (the moved level's NaN first: measured)
        for j in range(1, _LEVELS - 1):
            if b & (mask << (j * power)):
                break
            levels[j + 1] = _add(levels[j], levels[j + 1])
            levels[j] = zero
    if not closes[-1]:
        levels[0] = sums[-1]
    total = zero
    for level in levels:
        total = _add(total, level)
    return total
