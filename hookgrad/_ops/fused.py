"""Fused multiply-add on NumPy arrays: ``a * b + c`` rounded once, as C's ``fma`` (and the
FMA instructions PyTorch's kernels compile to) rounds it. NumPy has no fma, so the exact
value is carried in two parts and rounded once at the end, through rounding to odd: a sum
rounded to odd in a format with at least two more bits than the target rounds correctly
into the target (Boldo and Melquiond, "Emulation of FMA and correctly rounded sums: proved
algorithms using rounding to odd", IEEE Trans. Computers 57(4), 2008)."""
import numpy as np

from .._blas import axpy
from ..backends.cpu import kernel_capability, vector_bytes
from . import complex_fma
from .array_address import address

# PyTorch's add kernel: its AVX2 build, also on AVX-512 machines (two vectors a step)
_ADD_CAPABILITY = kernel_capability("binary")
_ADD_BLOCK_BYTES = 2 * vector_bytes("binary")
_FLOAT32 = np.dtype(np.float32)
_FLOAT64 = np.dtype(np.float64)
_SPLIT = 134217729.0  # 2**27 + 1: splits a double into two halves of 26 bits


def _two_sum(x, y):
    """``(s, e)`` with ``s = x + y`` rounded and ``e`` its rounding error, exactly."""
    s = x + y
    back = s - x
    return s, (x - (s - back)) + (y - back)


def _add_round_to_odd(x, y):
    """``x + y`` in float64 rounded to odd: the exact sum where it is a double, otherwise
    the neighbour of the exact sum whose last bit is 1."""
    s, err = _two_sum(x, y)
    inexact = (err != 0) & np.isfinite(s)
    if np.any(inexact):
        s = np.array(s, np.float64)
        bits = s.view(np.int64)
        inexact &= (bits & 1) == 0
        # (an even s steps to its neighbour on the exact sum's side, in its bits: magnitude
        # up where err has s's sign, down where not; s is not zero, as a zero sum is exact.
        # NumPy's nextafter is a scalar loop, several times slower)
        toward_zero = (bits ^ np.asarray(err).view(np.int64)) < 0
        bits += inexact
        bits -= 2 * (inexact & toward_zero)
    return s


def fma32(a, b, c):
    """float32 ``fma(a, b, c)``: the product is exact in float64 and the sum rounded there,
    then to float32. Rounding twice errs only where the first rounding lands on a float32
    midpoint (or below float32's normal range, which has fewer bits): those few elements
    are summed again rounded to odd (53 bits, more than 24 + 2), which rounds correctly."""
    out = _by_axpy(a, b, c, _FLOAT32)
    if out is not None:
        return out
    with np.errstate(all="ignore"):
        total = np.multiply(a, b, dtype=np.float64)  # (NumPy casts in chunks: no copies)
        if total.ndim == 0 and np.ndim(c) == 0:
            return _add_round_to_odd(total, np.float64(c)).astype(np.float32)
        if np.shape(c) == total.shape:
            np.add(total, c, out=total)
        else:
            total = np.add(total, c, dtype=np.float64)
        out = total.astype(np.float32)
        tiny = np.abs(out) <= _FLOAT32_NORMAL  # (also what rounded up to the boundary)
        if tiny.any():
            tiny &= total != 0  # (an exact zero rounds exactly)
        bits = total.view(np.uint64)
        suspect = np.bitwise_and(bits, _BEYOND_FLOAT32, out=bits) == _FLOAT32_MIDPOINT
        suspect |= tiny
        if suspect.any():
            product = np.broadcast_to(np.multiply(a, b, dtype=np.float64), out.shape)
            addend = np.broadcast_to(np.asarray(c, np.float64), out.shape)
            out[suspect] = _add_round_to_odd(product[suspect], addend[suspect])
        return out


_BEYOND_FLOAT32 = np.uint64((1 << 29) - 1)  # the bits a double has beyond float32's 24
_FLOAT32_MIDPOINT = np.uint64(1 << 28)
_FLOAT32_NORMAL = 2.0 ** -126


def _two_product(a, b):
    """``(p, e)`` with ``p = a * b`` rounded and ``e`` its rounding error (Dekker)."""
    p = a * b
    a_hi, a_lo = _halves(a)
    b_hi, b_lo = _halves(b)
    if not np.ndim(p):
        return p, ((a_hi * b_hi - p) + a_hi * b_lo + a_lo * b_hi) + a_lo * b_lo
    # (the same sums, left to right, in two buffers: large arrays' allocations cost more
    # than their arithmetic)
    err = a_hi * b_hi
    err -= p
    term = np.multiply(a_hi, b_lo)
    err += term
    np.multiply(a_lo, b_hi, out=term)
    err += term
    np.multiply(a_lo, b_lo, out=term)
    err += term
    return p, err


def _halves(v):
    """``v`` split into a high and a low half of 26 bits each (Veltkamp)."""
    t = _SPLIT * v
    if not np.ndim(t):
        high = t - (t - v)
        return high, v - high
    high = t - v
    np.subtract(t, high, out=high)
    return high, v - high


def fma64(a, b, c):
    """float64 ``fma(a, b, c)``: by BLAS's axpy where one factor is a number (``_by_axpy``),
    else by NumPy's complex multiply (``complex_fma``), both the FMA instruction. Where
    neither serves, emulated: the exact product as two doubles, added to ``c`` with the
    three-term sum of Boldo and Melquiond (the low parts rounded to odd, then one rounding
    to nearest); where that is not finite (an infinite or NaN operand or result, or a
    product near the overflow limit, where splitting overflows), the plain expression."""
    out = _by_axpy(a, b, c, _FLOAT64)
    if out is None:
        out = complex_fma.fma(a, b, c, _FLOAT64)
    if out is not None:
        return out
    a, b, c = (np.asarray(v, np.float64) for v in (a, b, c))
    with np.errstate(all="ignore"):
        if not a.ndim and abs(a) == 1 and (b.ndim or c.ndim):
            return a * b + c  # (an exact product: the plain sum is rounded once)
        high, low = _two_product(a, b)
        total, tail = _two_sum(c, high)
        fused = total + _add_round_to_odd(tail, low)
        # (a zero sum takes IEEE's sign, that of the plain expression: -0 only when the
        # product and c are both -0, which the error terms' +0 would lose)
        ordinary = np.isfinite(fused) & (fused != 0)
        if np.ndim(fused) and ordinary.all():
            return fused
        return np.where(ordinary, fused, a * b + c)


def _by_axpy(a, b, c, dtype):
    """``fma(a, b, c)`` of ``dtype`` by BLAS's fused axpy where one factor is a number and
    the other factor and ``c`` arrays (``_axpy_fits``): the common form, a step size times a
    gradient plus a parameter. None otherwise, or where axpy cannot serve."""
    if np.ndim(a) and not np.ndim(b):
        a, b = b, a
    if not (type(c) is np.ndarray and c.dtype == dtype and _axpy_fits(c, a, b)):
        return None
    out = c.copy()
    return out if axpy(dtype.type(a), b, out) else None


def _axpy_fits(x, a, b):
    """Whether ``x += a * b`` suits BLAS's axpy: ``a`` a number of ``x``'s float dtype
    exactly (fma32 would multiply another in double precision), ``b`` an array of ``x``'s
    dtype and shape, both C-contiguous."""
    return (not np.ndim(a) and type(b) is np.ndarray and x.dtype in (_FLOAT32, _FLOAT64)
            and b.dtype == x.dtype and b.shape == x.shape and x.flags.c_contiguous
            and b.flags.c_contiguous and x.dtype.type(a) == a)


def _axpy_(x, a, b):
    """``x += a * b`` in place by BLAS's fused axpy where it suits and serves; whether it
    ran."""
    return (_axpy_fits(x, a, b) and x.flags.writeable and _apart(x, b)
            and axpy(x.dtype.type(a), b, x))


def running_fma64(a, b, c):
    """``c = fma64(a[i], b[i], c)`` for each i along the first axis in turn: a running fused
    sum, its exact products split once for all its steps."""
    a, b, c = (np.asarray(v, np.float64) for v in (a, b, c))
    with np.errstate(all="ignore"):
        highs, lows = _two_product(a, b)
        for high, low, x, y in zip(highs, lows, a, b):
            total, tail = _two_sum(c, high)
            fused = total + _add_round_to_odd(tail, low)
            c = np.where(np.isfinite(fused) & (fused != 0), fused, x * y + c)
    return c


def split_product64(a, b):
    """float64 ``a * b`` as two doubles, its rounded value and the rest (for
    ``add_split64``: a product split once, added later)."""
    with np.errstate(all="ignore"):
        return _two_product(np.asarray(a, np.float64), np.asarray(b, np.float64))


def add_split64(high, low, c):
    """``fma64(a, b, c)`` of a product split by ``split_product64`` into ``high, low``."""
    with np.errstate(all="ignore"):
        total, tail = _two_sum(c, high)
        fused = total + _add_round_to_odd(tail, low)
        ordinary = np.isfinite(fused) & (fused != 0)
        return fused if ordinary.all() else np.where(ordinary, fused, high + c)


def fma(a, b, c):
    """``fma(a, b, c)`` in the arrays' float dtype (float32 or float64, all three alike);
    other dtypes (integers, complex, half) as ``a * b + c``."""
    dtype = np.result_type(a, b, c)
    if dtype == np.float32:
        return fma32(a, b, c)
    if dtype == np.float64:
        return fma64(a, b, c)
    return a * b + c


def add_scaled(x, y, alpha):
    """``_scaled_sum`` laid out as NumPy lays out ``x + alpha * y`` (after ``x``, which the
    callers' layout rules expect; the fused product follows ``y``)."""
    if _both_dense_float32(x, y) and x.ndim and alpha != 0:
        out = x.copy()
        _add_scaled_float32_(out, y, alpha)
        return out
    out = _scaled_sum(x, y, alpha)
    if type(x) is np.ndarray and x.shape == out.shape and out.strides != x.strides:
        laid = np.empty_like(x, dtype=out.dtype)
        laid[...] = out
        return laid
    return out


def add_scaled_(x, y, alpha):
    """``x.add_(y, alpha=alpha)`` on arrays: ``x`` set to ``add_scaled(x, y, alpha)`` in place.
    Two C-contiguous float32 arrays of one shape (an optimizer's parameter and gradient) and a
    nonzero ``alpha`` take add_product_'s shorter route."""
    if _both_dense_float32(x, y) and x.flags.writeable and alpha != 0:
        _add_scaled_float32_(x, y, alpha)
    else:
        x[...] = add_scaled(x, y, alpha)


def _both_dense_float32(x, y):
    return (type(x) is np.ndarray and type(y) is np.ndarray and x.dtype == y.dtype == _FLOAT32
            and x.shape == y.shape and x.flags.c_contiguous and y.flags.c_contiguous)


def _add_scaled_float32_(x, y, alpha):
    """``_scaled_sum`` into ``x`` by add_product_, with the add kernel's NaN (``y``'s, where
    it has one; BLAS's fused axpy gives it already)."""
    alpha = _FLOAT32.type(alpha)
    if _axpy_(x, alpha, y):
        return
    add_product_(x, alpha, y)
    nan = np.isnan(y)
    if nan.any():
        np.copyto(x, y, where=nan)


def add_product_(x, a, b):
    """``x[...] = fma(a, b, x)``: an in-place fused multiply-add (an optimizer's addcmul_ or
    lerp_ into its state). A C-contiguous float32 ``x`` with a float32 ``b`` of its shape
    (and ``a`` a float32 number or array of that shape) takes a shorter route than fma32's:
    the float64 sum rounded straight into ``x``; only the elements whose float64 sum sits on
    a float32 midpoint or below float32's normal range (not zero, which is exact) are summed
    again rounded to odd. A factor of 1 or -1 makes an exact product, summed in float32.
    Otherwise as ``fma``; a number ``a`` with arrays ``x`` and ``b`` of one dtype, shape and
    C-contiguous layout by BLAS's fused axpy, where it serves (``_blas.axpy``)."""
    a = np.asarray(a)
    if _axpy_(x, a, b):
        return
    if not (x.dtype == _FLOAT32 and b.dtype == _FLOAT32 and b.shape == x.shape and x.ndim
            and x.flags.c_contiguous and x.flags.writeable
            and (a.dtype == _FLOAT32 and a.shape in ((), x.shape))):
        x[...] = fma(a, b, x)
        return
    with np.errstate(all="ignore"):
        if not a.ndim and abs(a) == 1:
            total = np.multiply(a, b)
            total += x  # (one rounding; a NaN takes the route below, for fma32's NaN)
            if not np.isnan(total).any():
                np.copyto(x, total)
                return
        addend = x.astype(np.float64)
        if a.ndim:
            total = np.multiply(a, b, dtype=np.float64)  # (exact: 48 bits)
        else:
            total = b.astype(np.float64)
            total *= float(a)
        total += addend
        np.copyto(x, total, casting="unsafe")
        smallest = np.abs(x).min() if x.size else 1.0
        bits = total.view(np.uint64)
        if not smallest > _FLOAT32_NORMAL:  # (or NaN: then what is at or below it, if any)
            np.bitwise_and(bits, _MAGNITUDE, out=bits)
            suspect = (bits <= _FLOAT32_NORMAL_BITS) & (bits != 0)
            np.bitwise_and(bits, _BEYOND_FLOAT32, out=bits)
            suspect |= bits == _FLOAT32_MIDPOINT
        else:
            np.bitwise_and(bits, _BEYOND_FLOAT32, out=bits)
            suspect = bits == _FLOAT32_MIDPOINT
        if not suspect.any():
            return
        where = np.flatnonzero(suspect)
        factor = a if a.ndim == 0 else a.reshape(-1)[where]
        product = np.multiply(factor, b.reshape(-1)[where], dtype=np.float64)
        x.reshape(-1)[where] = _add_round_to_odd(product, addend.reshape(-1)[where])


def _apart(x, y):
    """Whether ``x`` and ``y`` share no memory, or are the same memory (an in-place step
    reads each element before it writes it)."""
    return address(x) == address(y) or not np.may_share_memory(x, y)


_MAGNITUDE = np.uint64((1 << 63) - 1)
_FLOAT32_NORMAL_BITS = np.float64(2.0 ** -126).view(np.uint64)


def _scaled_sum(x, y, alpha):
    """``x + alpha * y`` as PyTorch's add kernel computes it: for a float32 / float64 result
    one fused multiply-add, with ``alpha`` (and a number ``y``) in the result's dtype; other
    dtypes as written. Where ``y`` is a number or broadcast along the memory rows of a dense
    ``x``, the scalar loop after each row's vector loop has the invariant ``alpha * y``
    hoisted out and is itself vectorized by the compiler in 16-byte chunks, which add the
    rounded product: all but its first element, in whole chunks (measured on AVX2)."""
    dtype = np.result_type(x, y)
    kind = dtype.type
    if kind is not np.float32 and kind is not np.float64:
        if dtype.itemsize == 2 and dtype.kind in "fV" and isinstance(y, np.ndarray):
            # (2-byte floats: alpha rounded to the dtype, the rest in float32, rounded once)
            wide = np.float32
            return (x.astype(wide) + wide(kind(alpha)) * y.astype(wide)).astype(dtype)
        return x + alpha * y
    alpha, y = kind(alpha), np.asarray(y, dtype)
    out = fma(alpha, y, x)
    y_nan = np.isnan(y)
    if alpha == 0:  # (0 * inf is an invalid product, which yields to a NaN x: x's NaN)
        y_nan = y_nan | (np.isinf(y) & np.isnan(x))
        y = np.where(np.isnan(y), y, x)
    if y_nan.any():  # (both NaN: y's, PyTorch's second operand, whatever alpha's sign)
        out = np.ascontiguousarray(out) if out.ndim else np.asarray(out).copy()
        np.copyto(out, np.broadcast_to(y, out.shape), where=y_nan)
    if y.shape == out.shape and 0 not in y.strides:  # (not broadcast: the common case)
        return out
    if _ADD_CAPABILITY != "AVX2" or not isinstance(x, np.ndarray) or x.shape != out.shape \
            or not x.ndim:
        return out
    order = np.argsort([-abs(st) for st in x.strides], kind="stable")  # (memory order)
    rows_x = x.transpose(order)
    if not rows_x.flags.c_contiguous:
        return out
    rows_y = np.broadcast_to(y, x.shape).transpose(order)
    row = 1  # the trailing dims along which y is broadcast: TensorIterator coalesces them
    for size, stride in zip(rows_x.shape[::-1], rows_y.strides[::-1]):
        if stride and size != 1:
            break
        row *= size
    chunk = 16 // dtype.itemsize
    start = row - row % (_ADD_BLOCK_BYTES // dtype.itemsize) + 1  # (its first: fused)
    stop = start + (row - start) // chunk * chunk
    if row < 2 or start >= stop:
        return out
    rows_out = np.ascontiguousarray(out.transpose(order))
    part = (slice(None), slice(start, stop))
    rows_out.reshape(-1, row)[part] = (rows_x.reshape(-1, row)[part]
                                       + alpha * rows_y.reshape(-1, row)[part])
    return rows_out.transpose(np.argsort(order))
