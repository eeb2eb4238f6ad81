"""Which elements PyTorch's CPU kernels compute in their vector loop and which in their
element loop, for the kernels whose two loops give different results (a NaN input's branch,
the sign of a zero): hardtanh's, the shrinks' and hardswish's gradients, elu's, softshrink.

PyTorch's iterator merges the innermost dims it can (each operand's strides continuing one
another) into one run and loops over each run: in whole blocks of vectors where every input
steps by one element or not at all (a broadcast value), the rest of the run one by one;
element by element throughout otherwise. A dense input is one run in memory order
(``vector_block_prefix``); an expanded one (stride-0 dims) has a run per row of its merged
inner dims (``element_loop_mask``)."""
import numpy as np

from ..backends.cpu import vector_bytes

BLOCK_BYTES = 2 * vector_bytes("activation_backward")  # (their loops: two vectors a step)
_ONE_THREAD = 32768  # (elements: beyond, PyTorch splits the loop between threads)


def memory_order(x):
    """The axis order that lays ``x`` out as one C-contiguous block (strides descending), or
    None where it is not one dense block."""
    if x.flags.c_contiguous:
        return None
    order = tuple(sorted(range(x.ndim), key=lambda d: -x.strides[d]))
    return order if x.transpose(order).flags.c_contiguous else None


def vector_prefix(g, x, block_bytes=BLOCK_BYTES):
    """How many leading elements (in memory order) PyTorch's CPU loop over ``(g, x)`` handles
    with vector instructions, the rest one by one: whole blocks of two vectors (AVX-512: 32
    float32, 16 float64; AVX2 half as many; ``block_bytes`` one vector, for a kernel that
    steps one at a time) when both are laid out alike as one dense block (or ``g`` is one
    broadcast value), as ``vector_block_prefix``; 0 where it would loop element by element."""
    if g.shape != x.shape or not (not any(g.strides) or all(
            a == b or n == 1 for a, b, n in zip(g.strides, x.strides, x.shape))):
        return 0  # (a dim of size 1 has no stride that matters: fuzz 44:19370)
    return vector_block_prefix(x, block_bytes)


def vector_block_prefix(x, block_bytes=64):
    """How many leading elements (in memory order) of a loop over ``x`` PyTorch's CPU kernel
    runs ``block_bytes`` at a time (64 bytes for hardtanh's and the shrinks' kernels, in the
    AVX-512 and the AVX2 build alike: measured), the rest one by one: a dense float32 /
    float64 block on one thread (up to 32768 elements); 0 where it loops element by element
    or is not modelled."""
    if not x.size <= _ONE_THREAD or x.dtype.kind != "f" or x.itemsize < 4:
        return 0
    if not x.flags.c_contiguous and memory_order(x) is None:
        return 0
    return x.size - x.size % (block_bytes // x.itemsize)


def element_loop_mask(x, block_bytes=64, g=None):
    """For an expanded ``x`` (a stride-0 dim of more than one element, its other dims in C
    order) with a C-ordered result, and ``g`` (C-contiguous or one broadcast value) beside it:
    True where PyTorch's loop takes its element loop (104:18707); None where that is not
    modelled (dense inputs: ``vector_block_prefix``; other layouts, more than 32768 elements,
    other dtypes)."""
    if not 0 < x.size <= _ONE_THREAD or x.dtype.kind != "f" or x.itemsize < 4:
        return None
    dims = [(n, s // x.itemsize) for n, s in zip(x.shape, x.strides) if n > 1]
    if not dims or all(s for _, s in dims):
        return None
    strides = [s for _, s in dims if s]
    if strides != sorted(strides, reverse=True) or (
            g is not None and any(g.strides) and not g.flags.c_contiguous):
        return None  # (an order TensorIterator would permute)
    run, inner = dims[-1]
    for n, s in reversed(dims[:-1]):  # (the dims that merge with the inner run)
        if s != run * inner:
            break
        run *= n
    if inner not in (0, 1):  # (neither contiguous nor broadcast: the element loop)
        return np.ones(x.shape, bool)
    place = np.arange(x.size).reshape(x.shape) % run  # (each element's place in its run)
    return place >= run - run % (block_bytes // x.itemsize)


def by_vector_loops(g, x, block_bytes, vector_rule, element_rule, *params):
    """A piecewise gradient whose two CPU loops in PyTorch treat a NaN input differently:
    ``vector_rule`` for the leading whole vectors (``block_bytes`` at a time, in memory
    order), ``element_rule`` where PyTorch loops element by element; past the vectors, the
    element loop lets a NaN input's gradient through (so do the three kernels here)."""
    prefix = vector_prefix(g, x, block_bytes)
    if not prefix:
        elements = element_loop_mask(x, block_bytes, g)
        if elements is None:
            return element_rule(g, x, *params)
        out = np.array(vector_rule(g, x, *params))  # (fresh and C-ordered, as PyTorch's)
        nan = elements & np.isnan(x)
        out[nan] = np.broadcast_to(g, x.shape)[nan]
        return out
    order = memory_order(x)
    if order is not None:  # (PyTorch loops in memory order; its result has x's layout)
        x, g = x.transpose(order), g.transpose(order)
    out = vector_rule(g, x, *params)
    if prefix < x.size:
        tail = np.isnan(x.reshape(-1)[prefix:])
        if tail.any():
            kept = out.reshape(-1)[prefix:]  # (a view: out is a fresh contiguous array)
            kept[tail] = g.reshape(-1)[prefix:][tail] if any(g.strides) else g.reshape(-1)[0]
    return out if order is None else out.transpose(np.argsort(order))


def by_elu_loops(g, x, negative, scale, product=False):
    """``g * negative`` (``negative`` itself with ``product``) where ``x <= 0``, ``g * scale``
    elsewhere, as PyTorch's elu_backward loops pick the branch for a NaN ``x`` (its input, or
    its result when ``is_result``)."""
    prefix = vector_prefix(g, x)
    if not product:
        negative = g * negative
    if not prefix:
        elements = element_loop_mask(x, BLOCK_BYTES, g)
        out = np.where(x <= 0, negative, g * scale)
        if elements is not None:  # (the vector loop tests x > 0: a NaN takes negative)
            vector_nan = ~elements & np.isnan(x)
            out[vector_nan] = np.broadcast_to(negative, x.shape)[vector_nan]
        return out
    order = memory_order(x)
    if order is not None:  # (PyTorch loops in memory order; its result has x's layout)
        x, g, negative = x.transpose(order), g.transpose(order), negative.transpose(order)
    # PyTorch's vector loop tests x > 0, so a NaN input takes the exponential branch (NaN);
    # its element loop tests x <= 0, so there a NaN takes the linear one (grad * scale)
    out = np.where(x > 0, g * scale, negative)
    if prefix < x.size:
        tail = out.reshape(-1)[prefix:]  # (a view: out is a fresh contiguous array)
        linear = np.isnan(x.reshape(-1)[prefix:])
        tail[linear] = (g.reshape(-1)[prefix:][linear] if any(g.strides)
                        else g.reshape(-1)[0]) * scale
    return out if order is None else out.transpose(np.argsort(order))
