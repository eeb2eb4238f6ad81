"""A fused multiply-add of arrays through NumPy's complex multiply, which is a few times
faster than fused.fma's emulation of an array by array fma. For ``A = a + i*c`` and
``B = b - i``, NumPy's SIMD complex loops compute the real part of ``A * B``,
``a*b - c*(-1)``, as one fused multiply-subtract of an exact second product: ``fma(a, b, c)``
rounded once. That is how NumPy happens to be compiled, not a promise, so it is checked once
per dtype (``complex_fma_exact``) against fused.fma, and callers fall back to fused.fma where
it fails. Non-finite values are left to fused.fma as well: callers recompute where a result
is not finite (a NaN's sign through the complex loop is not checked)."""
import itertools

import numpy as np

from .fused import fma

# float32 only: fused.fma64 takes the plain expression where its splitting overflows (factors
# near 2**996, products near the overflow threshold), where the complex loop computes the fma
# itself, so float64 results would change there (measured: layer norm rows of 1e307)
_COMPLEX = {np.dtype(np.float32): np.dtype(np.complex64)}
_EXACT = {}


def interleaved(x):
    """A new complex buffer of ``x``'s shape with ``x`` (float32) in its real parts;
    the caller writes the addend into its ``.imag``."""
    buffer = np.empty(x.shape, _COMPLEX[x.dtype])
    buffer.real = x
    return buffer


def fused_real_(buffer, factor):
    """``fma(factor, buffer.real, buffer.imag)``, computed in ``buffer`` and returned as its
    real view (the imaginary parts are left as scrap); ``factor`` broadcasts against it."""
    multiplier = np.empty(np.shape(factor), buffer.dtype)
    multiplier.real = factor
    multiplier.imag = -1
    with np.errstate(all="ignore"):
        np.multiply(buffer, multiplier, out=buffer)
    return buffer.real


def fma_by_complex(a, b, c):
    """fused.fma's ``fma(a, b, c)``, by the complex loop where it serves: arrays of one float
    dtype, one factor of the result's shape (the other and ``c`` broadcasting to it), finite
    results (a few NumPy calls where fma32 takes a dozen: 20 -> 5 us on 1,024 float32);
    elsewhere fused.fma's, its operands in this order (which NaN a product keeps). The
    result may be a strided view."""
    if (type(a) is np.ndarray and type(b) is np.ndarray and type(c) is np.ndarray
            and a.dtype == b.dtype == c.dtype):
        shape = np.broadcast_shapes(a.shape, b.shape, c.shape)
        full, other = (b, a) if b.shape == shape else (a, b)
        if full.shape == shape and complex_fma_exact(full.dtype, full.size):
            buffer = interleaved(full)
            buffer.imag = c
            fused = fused_real_(buffer, other)
            if np.isfinite(fused).all():
                return fused
    return fma(a, b, c)


def running_fma_rows(a, b):
    """The running fused sum over the rows of ``(R, D)`` arrays of one float dtype, from
    zeros: ``acc = fma(a[i], b[i], acc)`` for each row ``i`` in turn, three NumPy calls a row
    where fused.fma takes a dozen; None where the complex loop cannot serve or the sum is not
    finite (a finite sum had finite operands and steps)."""
    rows, width = a.shape
    if b.dtype != a.dtype or b.shape != a.shape or not complex_fma_exact(a.dtype, width):
        return None
    work = interleaved(a)
    factor = interleaved(b)
    factor.imag = -1
    total = np.zeros(width, a.dtype)
    with np.errstate(all="ignore"):
        for row, multiplier in zip(work, factor):
            row.imag = total
            np.multiply(row, multiplier, out=row)
            total = row.real
    return total.copy() if np.isfinite(total).all() else None


def complex_fma_exact(dtype, size):
    """Whether ``fused_real_`` gives fused.fma's bits for finite ``dtype`` values here, on a
    buffer of ``size`` elements (checked once per dtype: row widths around the vector
    lengths, per-row and per-element factors, products and addends of all scales, subnormal
    results, signed zeros). Never for one element: NumPy multiplies that outside its vector
    loop, unfused (measured, both dtypes)."""
    if size < 2:
        return False
    exact = _EXACT.get(dtype)
    if exact is None:
        exact = _EXACT[dtype] = dtype in _COMPLEX and _self_test(dtype.type)
    return exact


def _self_test(kind):
    rng = np.random.default_rng(20261128)
    tiny = np.finfo(kind).tiny
    for width, rows in itertools.product((1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 64,
                                          127, 128, 129), (24, 1)):
        if rows * width < 2:
            continue
        shape = (rows, width)
        x = _values(rng, shape, kind)
        addend = _values(rng, shape, kind)
        # near cancellation (the rounding of an unfused product shows) and subnormal results
        flat_x, flat_addend = x.reshape(-1), addend.reshape(-1)
        flat_addend[::3] = -(flat_x[::3] * kind(1.5)).astype(kind)
        flat_x[1::5] *= kind(tiny)
        flat_addend[2::7] = kind(0.0) if width % 2 else kind(-0.0)
        for factor in (_values(rng, (rows, 1), kind), _values(rng, shape, kind)):
            factor.reshape(-1)[0] = kind(-0.0)
            factor.reshape(-1)[-1] = kind(1.5)
            with np.errstate(all="ignore"):
                want = np.asarray(fma(factor, x, addend), kind)
            buffer = interleaved(x)
            buffer.imag = addend
            got = fused_real_(buffer, factor)
            if not np.array_equal(np.ascontiguousarray(got).view(np.uint8),
                                  np.ascontiguousarray(want).view(np.uint8)):
                return False
    return True


def _values(rng, shape, kind):
    """Random values of ``kind`` over a wide range of scales (products stay finite)."""
    scales = 2.0 ** rng.integers(-40, 40, shape)
    return (rng.standard_normal(shape) * scales).astype(kind)
