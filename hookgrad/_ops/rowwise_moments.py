"""The mean and biased variance of each row of a float32 / float64 matrix as PyTorch's CPU
layer norm kernel computes them (``RowwiseMoments``), bit for bit, for rows of at least one
vector (8 float32 lanes or 4 float64: the kernels that call it have only an AVX2 build,
which an AVX-512 machine runs too).

PyTorch's steps, per row of N elements (``L`` lanes, ``n = N // L`` whole vectors):
- the vectors in chunks of 16, each chunk a Welford pass over its vectors, lane by lane:
  ``delta = x - m1; m1 = fma(1/(j+1), delta, m1); m2 = fma(delta, x - m1, m2)``;
- each chunk merged into a stack of partial moments as a binary counter (a chunk into slot
  0; two blocks of 2^k chunks in slot k merged and carried into slot k+1 while k+1 is below
  ``depth = ceil(log2(chunks))``), then slots 1.. merged into slot 0, each merge
  ``AddMomentsVec``: ``c = m0_add / (m0 + m0_add)``, ``delta = m1_add - m1``,
  ``m1 = m1 + c * delta``, ``m2 = fma(delta * m0, c * delta, m2 + m2_add)``;
- the elements after the last whole vector one by one (``m1 += delta / count``,
  ``m2 += delta * (x - m1)``, unfused), then each lane's moments merged into those in lane
  order (``AddMoments``: ``m1 = fma(c, delta, m1)``, ``m2 += fma(delta * delta * c, m0,
  m2_add)``); the variance is ``m2 / N``.
Every one of those roundings (each fused step, each merge's form) was pinned against
PyTorch 2.13's mean and rstd on rows of 8 to 9000 elements.

Here the same steps run over all rows at once (and over all chunks of a row at once), so a
row of N elements costs about 16 NumPy passes over its vectors plus a few per merge level,
whatever the number of rows. float32's fused multiply-adds are computed in float64 (the
products exact) and rounded once more to float32; that second rounding errs only where the
float64 sum lands on a float32 midpoint, which is checked over all steps at once at the end,
and the rows where it happened (about one element step in 2^29) are recomputed with the
correctly rounded ``fma32``."""
import numpy as np

from ..backends.cpu import vector_bytes
from .fused import fma32, fma64

_CHUNK = 16  # vectors per Welford chunk (kChunkSize)
_F32, _F64 = np.float32, np.float64
# a double's 29 bits beyond float32's 24, shifted to the top of its 64: 100...0 there (the
# least int64) is a float32 midpoint
_SHIFT = np.uint64(35)
_LEAST = np.iinfo(np.int64).min


def lanes(dtype):
    """Elements per vector of PyTorch's norm kernels for ``dtype`` on this machine (their
    AVX2 build's on an AVX-512 one: they have no AVX-512 build)."""
    return _VECTOR_BYTES // np.dtype(dtype).itemsize


_VECTOR_BYTES = vector_bytes("norm")


def rowwise_moments(x2):
    """``(mean, biased variance)`` of each row of ``x2`` (R, N), float32 or float64, N > 0,
    as PyTorch's RowwiseMoments computes them."""
    if x2.shape[1] < lanes(x2.dtype):
        return _short_row_moments(x2)
    with np.errstate(all="ignore"):
        if x2.dtype == _F32:
            m1, m2, suspect = _chunk_moments32(x2)
            unsafe = _outside_safe_range(x2)
            if unsafe is not None:
                suspect = unsafe if suspect is None else suspect | unsafe
            if suspect is not None:  # (those rows correctly rounded, step by step)
                m1[suspect], m2[suspect] = _chunk_moments_exact(x2[suspect], fma32)
            return _finish(x2, m1, m2, unsafe is None)
        m1, m2 = _chunk_moments_exact(x2, fma64)
        return _finish(x2, m1, m2, False)


# Rows whose nonzero magnitudes all lie within 2^-40 .. 2^40 have every exact intermediate
# of the moments 0 or a float32 normal number (their differences are multiples of 2^-63 at
# least, products of two 2^-126): there a float64 sum that is no float32 midpoint rounds
# to float32 as the fused step does. Below float32's normal range the midpoints lie
# elsewhere; such rows (and infinities and NaNs) take the correctly rounded steps.
_SAFE_LOW, _SAFE_HIGH = _F32(2.0 ** -40), _F32(2.0 ** 40)


def _outside_safe_range(x2):
    """The rows (a boolean mask, or None) with a nonzero magnitude outside 2^-40 .. 2^40
    (or an infinity or NaN)."""
    magnitude = np.abs(x2)
    largest, least = magnitude.max(), magnitude.min()
    if largest <= _SAFE_HIGH and least >= _SAFE_LOW:
        return None
    rows = ~(magnitude <= _SAFE_HIGH).all(1)  # (NaN: not within)
    if least < _SAFE_LOW:
        rows |= ((magnitude < _SAFE_LOW) & (magnitude != 0)).any(1)
    return rows if rows.any() else None


def _short_row_moments(x2):
    """Rows shorter than a vector: all RowwiseMoments' scalar loop, Welford's running mean
    and sum of squared deviations in the dtype, unfused (``m1 += delta / count``,
    ``m2 += delta * (x - m1)``); then ``m2 / N``. (Its merge of the empty lanes changes
    only a non-finite mean, to NaN: its callers' ``welford_mean``.)"""
    kind = x2.dtype.type
    rows, width = x2.shape
    mean, m2 = np.zeros(rows, kind), np.zeros(rows, kind)
    with np.errstate(invalid="ignore", over="ignore", divide="ignore"):
        for i in range(width):
            column = x2[:, i]
            delta = column - mean
            mean += delta / kind(i + 1)
            m2 += delta * (column - mean)
        return mean, m2 / kind(width)


def _ceil_log2(m):
    return (m - 1).bit_length() if m > 1 else 0


def _chunk_moments32(x2):
    """Each chunk's Welford moments ``(m1, m2)``, shape (R, chunks, L), float32, with the
    rows whose fused steps may have rounded twice (a boolean mask, or None)."""
    lane = lanes(_F32)
    rows = x2.shape[0]
    n = x2.shape[1] // lane
    full, part = divmod(n, _CHUNK)
    chunks = full + (part > 0)
    steps = _CHUNK if full else part
    shape = (rows, chunks, lane)
    xs = _by_step(x2, lane, steps, full, part)
    # the mean's steps: their float64 sums kept where 1/(j+1) is not a power of two.
    # (NumPy's mixed float32 / float64 operations cost up to five times a plain one: the
    # float32 values are widened by explicit copies, and only additions mix the two.)
    m1s = np.empty((steps + 1,) + shape, _F32)
    m1s[0] = 0
    deltas = np.empty((steps,) + shape, _F32)
    deltas64 = np.empty((steps,) + shape, _F64)
    checked = [j for j in range(steps) if j & (j + 1)]
    wide = np.empty((len(checked) + steps,) + shape, _F64)
    if steps > part and part:  # (the short chunk's idle steps: nothing to check there)
        wide[:, :, full] = 0
    slot = 0
    for j in range(steps):
        k = chunks if j < part else full  # the chunks that have a vector j
        delta = deltas[j, :, :k]
        np.subtract(xs[j, :, :k], m1s[j, :, :k], out=delta)
        if not j & (j + 1):  # (a power of two: the product is exact in float32)
            np.add(np.multiply(delta, _F32(1) / _F32(j + 1)), m1s[j, :, :k],
                   out=m1s[j + 1, :, :k])
        else:
            w, slot = wide[slot, :, :k], slot + 1
            np.copyto(deltas64[j, :, :k], delta)
            np.multiply(deltas64[j, :, :k], _F64(_F32(1) / _F32(j + 1)), out=w)
            np.add(w, m1s[j, :, :k], out=w)
            np.copyto(m1s[j + 1, :, :k], w, casting="same_kind")
        if k < chunks:
            m1s[j + 1, :, k:] = m1s[j, :, k:]
    for j in range(steps):
        if not j & (j + 1):
            np.copyto(deltas64[j], deltas[j])
    # the sums of squares: all products at once, then their running sums
    centred = np.subtract(xs, m1s[1:], out=xs)
    products = wide[len(checked):]
    if steps > part and part:
        np.copyto(products[:part], centred[:part])
        np.copyto(products[part:, :, :full], centred[part:, :, :full])
    else:
        np.copyto(products, centred)
    np.multiply(products, deltas64, out=products)
    if steps > part and part:
        products[part:, :, full] = 0
    m2s = np.empty((steps + 1,) + shape, _F32)
    m2s[0] = 0
    for j in range(steps):
        k = chunks if j < part else full
        w = products[j, :, :k]
        np.add(w, m2s[j, :, :k], out=w)
        np.copyto(m2s[j + 1, :, :k], w, casting="same_kind")
        if k < chunks:
            m2s[j + 1, :, k:] = m2s[j, :, k:]
    # (the first two sums are exact: x - m1 is 0 at the first step, m2 still 0 at the
    # second)
    products[:2] = 0
    suspect = _double_rounded(wide, checked, centred, deltas, m1s, m2s)
    return m1s[-1], m2s[-1], suspect


def _by_step(x2, lane, steps, full, part):
    """(steps, R, chunks, L) float32: ``[j, r, i]`` the vector j of chunk i of row r (the
    vectors moved as whole items: NumPy copies one 32-byte item faster than 8 floats)."""
    rows = x2.shape[0]
    chunks = full + (part > 0)
    xs = np.empty((steps, rows, chunks, lane), _F32)
    item = "V%d" % (lane * 4)
    whole = x2[:, :(full * _CHUNK + part) * lane]
    if whole.strides[1] != 4:
        whole = np.ascontiguousarray(whole)
    vectors = whole.view(item)  # (rows, vectors); NumPy views a contiguous last axis
    out = xs.view(item)[..., 0]  # (steps, rows, chunks)
    if full:
        out[:, :, :full] = vectors[:, :full * _CHUNK].reshape(
            rows, full, _CHUNK).transpose(2, 0, 1)
    if part:
        out[:part, :, full] = vectors[:, full * _CHUNK:].T
    return xs


def _midpoints(sums, spend=False):
    """The flat indices of the float64 ``sums`` that are float32 midpoints (one shift and
    one minimum where there are none; ``spend``: shifted in place, ``sums`` lost)."""
    bits = sums.view(np.uint64)
    shifted = np.left_shift(bits, _SHIFT, out=bits if spend else None).view(np.int64)
    if shifted.min() != _LEAST:
        return None
    return np.flatnonzero(shifted == _LEAST)


def _double_rounded(wide, checked, centred, deltas, m1s, m2s):
    """The rows (a boolean mask, or None) where a float64 sum of ``_chunk_moments32`` fell
    on a float32 midpoint without being exact: there its rounding to float32 may differ
    from the fused multiply-add's single one. (A sum that is exact rounds correctly, tie
    or not; so do the mean's steps whose factor 1/(j+1) is a power of two: there the
    product is a float32 and the sum one of two float32 values, which rounds correctly.)
    ``wide``: the mean's kept sums (steps ``checked``), then the sums of squares'."""
    where = _midpoints(wide, spend=True)
    if where is None:
        return None
    slot, r, c, lane = np.unravel_index(where, wide.shape)
    first = len(checked)
    mean_step = slot < first
    j = np.where(mean_step, np.asarray(checked + [0])[np.minimum(slot, first)], slot - first)
    delta = deltas[j, r, c, lane].astype(_F64)
    factor = (_F32(1) / (j + 1).astype(_F32)).astype(_F64)
    product = np.where(mean_step, delta * factor, delta * centred[j, r, c, lane])
    addend = np.where(mean_step, m1s[j, r, c, lane], m2s[j, r, c, lane]).astype(_F64)
    total = product + addend  # (the sum the steps rounded, again)
    back = total - product
    error = (product - (total - back)) + (addend - back)  # (TwoSum: the sum's error)
    suspect = np.zeros(m1s.shape[1], bool)
    suspect[r[error != 0]] = True
    return suspect if suspect.any() else None


def _chunk_moments_exact(x2, fma):
    """``_chunk_moments32``'s result (without the mask) with each fused step correctly
    rounded by ``fma`` (float64 rows, and float32 rows where a double rounding showed)."""
    kind = x2.dtype.type
    lane = lanes(kind)
    rows = x2.shape[0]
    n = x2.shape[1] // lane
    chunks = -(-n // _CHUNK)
    vectors = x2[:, :n * lane].reshape(rows, n, lane)
    m1 = np.zeros((rows, chunks, lane), kind)
    m2 = np.zeros((rows, chunks, lane), kind)
    for j in range(min(n, _CHUNK)):
        k = len(range(j, n, _CHUNK))  # the chunks that have a vector j
        x = vectors[:, j::_CHUNK][:, :k]
        delta = x - m1[:, :k]
        m1[:, :k] = fma(np.full(delta.shape, kind(1) / kind(j + 1)), delta, m1[:, :k])
        m2[:, :k] = fma(delta, x - m1[:, :k], m2[:, :k])
    return m1, m2


def _counts(n, chunks):
    counts = np.full(chunks, _CHUNK, np.int64)
    counts[-1] = n - _CHUNK * (chunks - 1)
    return counts


def _merge(base, add, fma):
    """AddMomentsVec of the moments ``add`` into ``base``, each ``(count, m1, m2)`` with
    counts of shape (blocks,) and moments (R, blocks, L) (or count 0 and None: empty)."""
    count, m1, m2 = base
    count_add, m1_add, m2_add = add
    if m1 is None and m1_add is None:  # (two empty slots: still empty)
        return count + count_add, None, None
    kind = m1_add.dtype.type if m1_add is not None else m1.dtype.type
    if m1 is None:  # (into an empty slot: c = 1 and m0 = 0, the fused product is exact,
        # 0 or NaN for a moment that is not finite)
        m1 = m2 = np.zeros_like(m1_add)
        delta = m1_add - m1
        return count + count_add, m1 + delta, (m2 + m2_add) + (delta * kind(0)) * delta
    if m1_add is None:
        m1_add = m2_add = np.zeros_like(m1)
    total = count + count_add
    c = np.where(total == 0, kind(0),
                 np.asarray(count_add, kind) / np.maximum(total, 1).astype(kind))[:, None]
    delta = m1_add - m1
    m2_sum = m2 + m2_add
    scaled = c * delta
    weighted = delta * np.asarray(count, kind)[:, None]
    return total, m1 + scaled, fma(weighted, scaled, m2_sum)


def _cascade(m1, m2, n, fma):
    """The chunks' moments merged as RowwiseMoments' stack does: ``(m1, m2)`` (R, L)."""
    chunks = m1.shape[1]
    depth = _ceil_log2(chunks)
    slots = [(np.zeros(1, np.int64), None, None)] * max(depth, 1)
    empty = (np.zeros(1, np.int64), None, None)
    blocks, level = (_counts(n, chunks), m1, m2), 0
    while blocks is not None:
        count, b1, b2 = blocks
        if level and level >= depth:  # (the last block stays where it was merged)
            slots[depth - 1] = blocks
            break
        left = _merge((np.zeros(len(count[0::2]), np.int64), None, None),
                      (count[0::2], b1[:, 0::2], b2[:, 0::2]), fma)
        pairs = len(count[1::2])
        if len(count) % 2:
            slots[level] = (left[0][-1:], left[1][:, -1:], left[2][:, -1:])
        blocks = None
        if pairs:
            blocks = _merge((left[0][:pairs], left[1][:, :pairs], left[2][:, :pairs]),
                            (count[1::2], b1[:, 1::2], b2[:, 1::2]), fma)
        level += 1
    result = slots[0]
    for i in range(1, depth):
        result = _merge(result, slots[i], fma)
    count, r1, r2 = result
    if r1 is None:  # (no chunk: cannot happen for rows of a vector or more)
        return empty
    return int(count[0]), r1[:, 0], r2[:, 0]


def _finish(x2, m1, m2, fast):
    """The stack, the trailing elements and the lane merges: ``(mean, variance)``
    (``fast``: float32 lane merges through float64, all rows in the safe range)."""
    kind = x2.dtype.type
    fma = fma32 if kind is _F32 else fma64
    lane = lanes(kind)
    size = x2.shape[1]
    n = size // lane
    _, lane_m1, lane_m2 = _cascade(m1, m2, n, fma)
    count, mean, m2_total = 0, np.zeros(x2.shape[0], kind), np.zeros(x2.shape[0], kind)
    for i in range(n * lane, size):
        x = x2[:, i]
        delta = x - mean
        count += 1
        mean = mean + delta / kind(count)
        m2_total = m2_total + delta * (x - mean)
    merged = _merge_lanes32(lane_m1, lane_m2, n, count, mean, m2_total) if fast else None
    if merged is None:
        merged = _merge_lanes(lane_m1, lane_m2, n, count, mean, m2_total, fma)
    mean, m2_total = merged
    return mean, m2_total / kind(size)


def _merge_lanes(lane_m1, lane_m2, n, count, mean, m2, fma):
    """AddMoments of each lane's moments (``n`` elements each) in lane order into the
    trailing elements' (``count``, ``mean``, ``m2``)."""
    kind = mean.dtype.type
    for i in range(lane_m1.shape[1]):
        total = count + n
        c = np.full(mean.shape, kind(n) / kind(total))
        delta = lane_m1[:, i] - mean
        mean = fma(c, delta, mean)
        m2 = m2 + fma(delta * delta * c, np.full_like(delta, kind(count)), lane_m2[:, i])
        count = total
    return mean, m2


def _merge_lanes32(lane_m1, lane_m2, n, count, mean, m2):
    """``_merge_lanes`` for float32 with the fused steps in float64, rounded once more; None
    where one of those roundings fell on a float32 midpoint inexactly (then the caller
    redoes it correctly rounded). The means first, lane after lane; then each lane's
    ``fma(delta * delta * c, m0, m2_lane)`` at once, added to ``m2`` in lane order."""
    rows, lanes_ = lane_m1.shape
    totals = count + n * np.arange(1, lanes_ + 1)
    factors = (_F32(n) / totals.astype(_F32)).astype(_F32)
    deltas = np.empty((rows, lanes_), _F32)
    befores = np.empty((lanes_, rows), _F32)  # (the mean each step starts from)
    products = np.empty((lanes_, rows), _F64)
    sums = np.empty((lanes_, rows), _F64)
    for i in range(lanes_):
        befores[i] = mean
        delta = np.subtract(lane_m1[:, i], mean, out=deltas[:, i])
        np.copyto(products[i], delta)
        np.multiply(products[i], _F64(factors[i]), out=products[i])
        np.add(products[i], mean, out=sums[i])
        mean = sums[i].astype(_F32)
    scaled = (deltas * deltas * factors).astype(_F64)
    weighted = scaled * (totals - n).astype(_F32).astype(_F64)
    wide = weighted + lane_m2
    parts = np.empty((rows, lanes_ + 1), _F32)
    parts[:, 0] = m2
    parts[:, 1:] = wide
    m2 = np.add.accumulate(parts, axis=1)[:, -1]  # (in lane order)
    for sums_, products_, addends in ((sums, products, befores), (wide, weighted,
                                                                         lane_m2)):
        where = _midpoints(sums_)
        if where is not None:
            flat = (sums_.reshape(-1)[where], products_.reshape(-1)[where],
                    np.ascontiguousarray(addends, _F64).reshape(-1)[where])
            back = flat[0] - flat[1]
            if ((flat[1] - (flat[0] - back)) + (flat[2] - back) != 0).any():
                return None
    return mean, m2
