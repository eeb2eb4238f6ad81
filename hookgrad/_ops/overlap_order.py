"""Writes into a tensor whose elements overlap in memory without being expanded (``unfold``
with a step below its size, ``as_strided``): PyTorch allows them (its overlap check gives up
on such layouts) and its kernels then run element by element in their iteration order, each
element reading the memory as the earlier ones left it. ``x.unfold(0, 3, 1).exp_()`` applies
exp to a location as many times as elements refer to it, and of several writes to a location
the last one in that order stays.

Emulated in rounds: every element gets its rank, the number of elements before it in
PyTorch's order that refer to the same location; round r computes the op on the memory as it
is and stores the elements of rank r (which refer to distinct locations)."""
import numpy as np

from .._tensor_base import TensorBase, _make
from ..autograd.grad_mode import state as _grad_state
from ..backends.cpu import vector_bytes


def overlaps_itself(data):
    """Whether two elements of ``data`` (no stride 0 in a dim of size > 1, not C-contiguous)
    refer to one memory location."""
    if data.ndim < 2 or not data.size or data.flags.f_contiguous:
        return False
    extent = data.itemsize  # the bytes spanned by the dims of smaller stride
    for stride, size in sorted((abs(st), sz) for st, sz in zip(data.strides, data.shape)
                               if sz > 1):
        if stride < extent:  # (maybe interleaved without sharing: count exactly)
            return bool(_ranks(data, ()).any())
        extent += stride * (size - 1)
    return False


def iteration_order(data, operands, shape=None):
    """PyTorch's TensorIterator order of the dims, outermost first: the written tensor's dims
    sorted by stride (the smallest innermost); a tie goes to the smaller size inside, else to
    the next operand's strides (a broadcast dim tells nothing), else stays as it is.
    ``shape``: the iteration's shape when ``data`` (an input then) broadcasts to it."""
    shape = data.shape if shape is None else shape
    strides = []
    for o in (data, *operands):  # (an operand of its own shape, as scatter's index, tells
        st = broadcast_strides(o, shape)  # nothing)
        if st is not None:
            strides.append(st)

    def should_swap(dim0, dim1):  # (PyTorch's comparison, dims given inner first)
        for st in strides:
            s0, s1 = st[dim0], st[dim1]
            if s0 == 0 or s1 == 0:
                continue
            if s0 != s1:
                return 1 if s0 > s1 else -1
            if shape[dim0] > shape[dim1]:
                return 1
        return 0

    perm = list(range(len(shape) - 1, -1, -1))  # innermost first, as PyTorch starts
    for i in range(1, len(perm)):  # PyTorch's insertion sort, which stops at a clear "no"
        dim1 = i
        for dim0 in range(i - 1, -1, -1):
            comparison = should_swap(perm[dim0], perm[dim1])
            if comparison > 0:
                perm[dim0], perm[dim1] = perm[dim1], perm[dim0]
                dim1 = dim0
            elif comparison < 0:
                break
    return perm[::-1]


def loop_positions(shape, order):
    """Each element's place (an array of ``shape``) in the walk over ``shape`` in ``order``
    (``iteration_order``'s, outermost first)."""
    return np.arange(int(np.prod(shape))).reshape([shape[d] for d in order]).transpose(
        np.argsort(order))


def broadcast_strides(array, shape):
    """``array``'s strides broadcast to ``shape`` as PyTorch's iterator sees them: 0 in a
    dim it adds or expands, its own stride in a dim of size 1 that stays 1 (NumPy's
    ``broadcast_to`` gives 0 there too); None if it does not broadcast to ``shape``."""
    offset = len(shape) - array.ndim
    if offset < 0:
        return None
    strides = [0] * offset
    for size, stride, full in zip(array.shape, array.strides, shape[offset:]):
        if size == full:
            strides.append(stride)
        elif size == 1:
            strides.append(0)
        else:
            return None
    return strides


def _ranks(data, operands):
    """Each element's number of predecessors (in PyTorch's order) sharing its location."""
    offsets = np.zeros(data.shape, np.int64)
    for dim, (size, stride) in enumerate(zip(data.shape, data.strides)):
        step = [1] * data.ndim
        step[dim] = size
        offsets = offsets + (np.arange(size, dtype=np.int64) * stride).reshape(step)
    order = iteration_order(data, operands)
    flat = offsets.transpose(order).reshape(-1)
    by_location = np.argsort(flat, kind="stable")  # (stable: the order within a location)
    located = flat[by_location]
    position = np.arange(flat.size)
    first = np.r_[True, located[1:] != located[:-1]]
    group_start = np.maximum.accumulate(np.where(first, position, 0))
    ranks = np.empty(flat.size, np.int64)
    ranks[by_location] = position - group_start
    return ranks.reshape([data.shape[d] for d in order]).transpose(np.argsort(order))


def write_in_order(t, array, fn, args, kwargs):
    """Store ``array`` (``fn(t, *args, **kwargs)`` of ``t``'s values before the write) into
    ``t``'s self-overlapping memory as PyTorch's kernel would, recomputing ``fn`` on the
    memory as it is for each further round."""
    data = t._data
    operands = [a._data for a in args if isinstance(a, TensorBase)]
    ranks = _ranks(data, operands)
    np.copyto(data, array, casting="unsafe", where=ranks == 0)
    enabled = _grad_state.grad_enabled
    _grad_state.grad_enabled = False  # (the rounds after the first record nothing)
    try:
        for rank in range(1, int(ranks.max()) + 1):
            now = fn(_make(data.copy()), *args, **kwargs)._data
            np.copyto(data, now, casting="unsafe", where=ranks == rank)
    finally:
        _grad_state.grad_enabled = enabled


# --------------------------------------------------------------------------- inputs
#
# An input that is a view of the written tensor's memory in a layout PyTorch's overlap check
# gives up on (``x.addcdiv_(x.diagonal(), y)``, ``x.sub_(x[:, :1])``): its kernel's loop reads
# each element's operands just before writing it, so an element sees the values of the
# elements before it, except where the loop is vectorized: along a row (the innermost dim
# after TensorIterator's coalescing) where every operand is contiguous, or all but one whose
# stride is 0, it reads two vectors of each contiguous operand before storing them, and the
# broadcast operand once at the row's start; the row's tail after the last whole pair of
# vectors goes element by element again.
# The most elements written one at a time (each recomputes the op) where rounds do not apply.
ONE_BY_ONE_MAX = 1024


def _addresses(array, shape):
    """The byte address of each element of ``array`` broadcast to ``shape``."""
    view = np.broadcast_to(array, shape)
    address = np.full(shape, view.__array_interface__["data"][0], np.int64)
    for dim, (size, stride) in enumerate(zip(shape, view.strides)):
        step = [1] * len(shape)
        step[dim] = size
        address = address + (np.arange(size, dtype=np.int64) * stride).reshape(step)
    return address


def _row(data, operands, order):
    """The length of TensorIterator's inner loop (the innermost dims of ``order`` it
    coalesces) and each operand's stride along it, output first; None if an operand does
    not broadcast to ``data``."""
    strides = [broadcast_strides(o, data.shape) for o in (data, *operands)]
    if None in strides:  # (an operand of its own shape, as an index: no vector loop)
        return None
    dims = [d for d in order if data.shape[d] > 1] or [order[-1]]
    inner = dims[-1]
    length = data.shape[inner]
    for outer in reversed(dims[:-1]):  # (PyTorch's can_coalesce, inner dim first)
        if any(st[outer] != st[inner] * length for st in strides):
            break
        length *= data.shape[outer]
    return length, [st[inner] for st in strides]


# The kernels of the in-place ops that read an operand, by the op's name: pow's, atan2's and
# hypot's have an AVX-512 build, the others' (add, sub, mul, div, fmod, ...) only an AVX2 one
# (measured: x.t().mul_(x.t()[0]) reads the same rows under ATEN_CPU_CAPABILITY=avx512 as under
# avx2, pow_ reads 16-float vectors there)
_KERNELS = {"pow": "pow", "atan2": "atan2_hypot", "hypot": "atan2_hypot"}


def _step_bytes(fn):
    """The bytes the vector loop of ``fn``'s kernel takes a step (two vectors)."""
    return 2 * vector_bytes(_KERNELS.get(getattr(fn, "__name__", None), "binary"))


def _read_times(data, operands, order, position, step_bytes):
    """Per operand, the place in PyTorch's order at which each element reads it (see the
    note above): its own place, or its vector pair's (a broadcast operand: its row's) first."""
    row = _row(data, operands, order)
    if row is None:
        return [position] * len(operands)
    length, strides = row
    itemsize = data.itemsize
    broadcast = [i for i, st in enumerate(strides[1:]) if st != itemsize]
    vectorized = strides[0] == itemsize and (
        not broadcast or (len(broadcast) == 1 and strides[1 + broadcast[0]] == 0))
    if not vectorized:
        return [position] * len(operands)
    span = step_bytes // itemsize
    along = position % length
    row_start = position - along
    in_pairs = along < length // span * span
    pair_start = np.where(in_pairs, position - along % span, position)
    return [np.where(in_pairs, row_start, position) if i in broadcast else pair_start
            for i in range(len(operands))]


def _input_ranks(data, operands, step_bytes):
    """Each element's round (see the module's note): 0 without an operand location written
    before it, else one more than the latest round among those writers; None when rounds
    cannot reproduce the order (an element would read a location that a later element wrote
    in an earlier round)."""
    if any(o.itemsize != data.itemsize for o in operands):
        return None
    shape, n = data.shape, data.size
    order = iteration_order(data, operands)
    position = loop_positions(shape, order).reshape(-1)
    written = _addresses(data, shape).reshape(-1)
    by_address = np.argsort(written, kind="stable")
    sorted_addresses = written[by_address]
    reads = []  # per operand: reads a location written before, written after, its writer
    for operand, read_time in zip(operands, _read_times(data, operands, order, position,
                                                                step_bytes)):
        read = _addresses(operand, shape).reshape(-1)
        slot = np.minimum(np.searchsorted(sorted_addresses, read), n - 1)
        hit = sorted_addresses[slot] == read
        writer = by_address[slot]
        writer_position = np.where(hit, position[writer], -1)
        reads.append((hit & (writer_position < read_time),
                      hit & (writer_position >= read_time), writer))
    ranks = np.zeros(n, np.int64)
    for _ in range(n):
        new = ranks
        for before, _after, writer in reads:
            new = np.maximum(new, np.where(before, ranks[writer] + 1, 0))
        if np.array_equal(new, ranks):
            break
        ranks = new
    for _before, after, writer in reads:
        if (after & (ranks[writer] < ranks)).any():
            return None
    return ranks.reshape(shape)


def write_reading_updates(t, original, array, fn, args, kwargs):
    """``t``'s memory (restored to ``original``) written from ``array`` (``fn`` of the values
    before the write) as PyTorch's element-by-element loop leaves it: in rounds where they
    reproduce its order, else one element at a time."""
    data = t._data
    operands = [a._data for a in args if isinstance(a, TensorBase)]
    ranks = _input_ranks(data, operands, _step_bytes(fn))
    data[...] = original
    enabled = _grad_state.grad_enabled
    _grad_state.grad_enabled = False  # (the recomputations record nothing)
    try:
        if ranks is not None:
            np.copyto(data, array, casting="unsafe", where=ranks == 0)
            for rank in range(1, int(ranks.max()) + 1):
                now = fn(_make(data.copy()), *args, **kwargs)._data
                np.copyto(data, now, casting="unsafe", where=ranks == rank)
            return
        if data.size > ONE_BY_ONE_MAX:
            np.copyto(data, array, casting="unsafe")  # (not modelled: too slow)
            return
        order = iteration_order(data, operands)
        for index in np.ndindex(*[data.shape[d] for d in order]):
            at = tuple(np.array(index)[np.argsort(order)])
            now = fn(_make(data.copy()), *args, **kwargs)._data
            data[at] = now[at]
    finally:
        _grad_state.grad_enabled = enabled
