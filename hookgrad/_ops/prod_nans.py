"""Which NaN PyTorch's CPU ``prod`` returns when its input holds several (fuzz 27:6002's
family: NaNs of both signs meeting).

x86 multiplications of two NaNs return the first source operand's NaN, and which operand
the compiler made first is fixed per multiplication in PyTorch's reduction kernel
(``binary_kernel_reduce_vec``'s ``reduction128`` then an element loop). Measured on PyTorch
2.13's AVX2 build (float32 and float64, W = 8 / 4 lanes, every pair of NaNs in blocks of
4W elements and their lanes, and 3000 random products of 1 to 299 elements): the whole
blocks of 4W elements go to 4 vector accumulators (block b's elements j*W..j*W+W-1 into
accumulator j), each keeping its earliest block's NaN; the accumulators are combined as
(a0 * a1) * (a2 * a3), each product keeping its second operand's NaN (so a3's, else
a2's, ...); the W lanes then multiplied in order, lane 1 winning over lane 0 and the total
over every later lane; and the leftover elements after it, the total keeping its NaN (so the
first leftover NaN, where no block has one). NumPy's product keeps the first NaN. Only a
NaN result pays for the rule. A product along another dim than the contiguous last one
follows another loop, not modelled (NumPy's NaN); the same loop also gives the finite
products' roundings (``ordered_product``)."""
import numpy as np

from ..backends.cpu import vector_bytes
from .sum_order import GRAIN_SIZE

_VECTOR_BYTES = vector_bytes("reduce")  # (its AVX2 build, on AVX-512 machines too)


def ordered_product(out, x, dims):
    """``out``, NumPy's product of ``x`` over ``dims``, with PyTorch's roundings where its
    loop above applies (a whole product under the grain size, or each row along the
    contiguous last dim) and the rows hold at least one block: the blocks into the four
    accumulators, (a0 * a1) * (a2 * a3), the lanes in order, then the leftovers. Then
    PyTorch's NaN (``prod_nan_signed``)."""
    if out.dtype == x.dtype and _modelled(x):
        rows = None
        if out.size == 1 and x.size < GRAIN_SIZE:
            rows = x.reshape(1, -1)
        elif dims == (x.ndim - 1,):
            rows = x.reshape(-1, x.shape[-1])
        if rows is not None and rows.shape[1] >= 4 * (_VECTOR_BYTES // x.itemsize):
            with np.errstate(all="ignore"):
                values = _ordered_rows(rows)
            out = values.reshape(np.shape(out)) if np.ndim(out) else values[0]
    return prod_nan_signed(out, x, dims)


def _ordered_rows(rows):
    """Each row's product in the loop's order (rows of at least one block)."""
    n = rows.shape[1]
    width = _VECTOR_BYTES // rows.itemsize
    block = 4 * width
    whole = n // block * block
    blocks = rows[:, :whole].reshape(rows.shape[0], -1, 4, width)
    # (each accumulator lane's product over the blocks, in order: NumPy reduces an axis that
    # is not the innermost one row after row)
    acc = np.multiply.reduce(blocks, axis=1, dtype=rows.dtype)
    lanes = (acc[:, 0] * acc[:, 1]) * (acc[:, 2] * acc[:, 3])
    total = lanes[:, 0].copy()
    for j in range(1, width):
        total *= lanes[:, j]
    for k in range(whole, n):
        total *= rows[:, k]
    return total


def prod_nan_signed(out, x, dims):
    """``out``, NumPy's product of the float32 / float64 ``x`` over ``dims``, with PyTorch's
    NaN where NaNs meet: a whole product, or each row's along the contiguous last dim (the
    loop above, per row); other dims as they are."""
    if out.size == 1:  # (a whole product; keepdim's [[p]] too)
        check = out if out.ndim == 0 else out.reshape(-1)[0]
        if check == check or not _modelled(x) or x.size >= GRAIN_SIZE:  # (over the grain
            return out  # size PyTorch's threads split it)
        rows = x.reshape(1, -1)
    elif dims == (x.ndim - 1,):  # (each row along the last dim)
        flat = out if out.ndim == 1 else out.reshape(-1)
        check = flat.dot(flat)  # (NaN only from a NaN: cheaper than np.isnan(...).any())
        if check == check or not _modelled(x):
            return out
        rows = x.reshape(-1, x.shape[-1])
    else:  # (other dims: PyTorch's outer loop, not modelled)
        return out
    picked = _winners(rows)
    if picked is None:
        return out
    nan_rows, values = picked
    result = np.array(out, copy=True).reshape(-1)
    result[nan_rows] = values
    return result.reshape(np.shape(out))[()]  # (a NumPy number again for a 0-d product)


def _modelled(x):
    return x.dtype.kind == "f" and x.itemsize >= 4 and x.size and x.flags.c_contiguous


def _winners(rows):
    """For each row holding a NaN: its index and the NaN PyTorch's product keeps (above)."""
    n = rows.shape[1]
    width = _VECTOR_BYTES // rows.itemsize
    block = 4 * width
    whole = n // block * block
    nan = np.isnan(rows)
    which = np.flatnonzero(nan.any(1))
    if not len(which):  # (a NaN of 0 * inf: NumPy's default NaN is PyTorch's)
        return None
    nan = nan[which]
    k = np.arange(n)
    # a priority per element, the highest NaN winning: the blocks' lanes (1, 0, 2, 3, ...),
    # then the accumulator, then the earliest block; every block element before a leftover,
    # the leftovers the earliest first
    lane, acc, blk = k % width, (k % block) // width, k // block
    rank = np.where(lane == 1, width, np.where(lane == 0, width - 1, width - lane))
    priority = np.where(k < whole, n + (rank * 4 + acc) * (n // block + 1) + (n // block - blk),
                        n - k)
    best = np.argmax(np.where(nan, priority, -1), 1)
    return which, rows[which, best]
