"""A vectorised fused multiply-add from NumPy's complex multiply.

NumPy has no ``fma`` ufunc, but its SIMD loops multiply complex numbers with FMA
instructions: the real part of ``x * y`` is ``fma(x.re, y.re, -(x.im * y.im))``, rounded
once. With ``x = a + c i`` and ``y = b - i``, ``x.im * y.im`` is ``-c`` exactly, so the real
part of ``x * y`` is ``fma(a, b, c)``: a float32 FMA from complex64, a float64 one from
complex128, at the cost of laying ``a`` and ``c`` out as one complex array (two strided
copies) and ``b`` as another (or a complex number).

- ``fma(a, b, c, dtype)``: the general form, any operands broadcasting together, a new
  C-contiguous result; float64's route in fused.fma64 and sleef_double (2-5 times faster than
  their emulations, and exact also where those are not).
- ``interleaved`` / ``fused_real_`` / ``fma_by_complex`` / ``running_fma_rows``: forms for
  kernels that can write an operand straight into the complex buffer (layer norm's backward),
  where the float32 route pays too (1,024 elements: 20 -> 5 us against fused.fma32).

That NumPy computes complex products so is how it happens to be compiled, not a promise: it
is checked once per dtype on first use (``complex_fma_exact``), and callers emulate where it
fails. NumPy multiplies a one-element array outside its vector loop, unfused (both dtypes):
``fma`` computes one element as two, the other forms refuse it. Which NaN a complex product
keeps where several operands are NaN is not checked: ``fma_by_complex`` leaves non-finite
results to fused.fma."""
import itertools
import math

import numpy as np

_COMPLEX = {np.dtype(np.float32): np.dtype(np.complex64),
            np.dtype(np.float64): np.dtype(np.complex128)}
_EXACT = {}  # float dtype -> whether NumPy's complex multiply gives the FMA here


def complex_fma_exact(dtype, size):
    """Whether the complex forms give the FMA's bits for finite ``dtype`` values here, on
    ``size`` elements (never one: see the module's note)."""
    if size < 2:
        return False
    dtype = np.dtype(dtype)
    exact = _EXACT.get(dtype)
    if exact is None:
        exact = _EXACT[dtype] = dtype in _COMPLEX and _self_test(dtype)
    return exact


def fma(a, b, c, dtype):
    """``fma(a, b, c)`` in the float dtype ``dtype`` (float32 or float64) of arrays or
    numbers of that dtype broadcast together: a new C-contiguous array (0-d for numbers), or
    None where NumPy's complex multiply does not round once here."""
    if not complex_fma_exact(dtype, 2):
        return None
    return _product_real(a, b, c, np.dtype(dtype))


def _product_real(a, b, c, dtype):
    if np.ndim(b) and not np.ndim(a):  # (a number as the factor: no copy made of it)
        a, b = b, a
    shape = np.broadcast_shapes(np.shape(a), np.shape(b), np.shape(c))
    if math.prod(shape) == 1:  # (NumPy multiplies one complex number without an FMA: two)
        def pair(v):
            return np.broadcast_to(np.asarray(v, dtype).reshape(1), (2,))
        out = _product_real(pair(a), pair(b) if np.ndim(b) else b, pair(c), dtype)
        return out[:1].reshape(shape)
    buffer = np.empty(shape, _COMPLEX[dtype])
    buffer.real = a
    buffer.imag = c
    return fused_real_(buffer, b).copy()


def interleaved(x):
    """A new complex buffer of ``x``'s shape with ``x`` (float32 or float64) in its real
    parts; the caller writes the addend into its ``.imag``."""
    buffer = np.empty(x.shape, _COMPLEX[x.dtype])
    buffer.real = x
    return buffer


def fused_real_(buffer, factor):
    """``fma(factor, buffer.real, buffer.imag)``, computed in ``buffer`` and returned as its
    real view (the imaginary parts are left as scrap); ``factor`` broadcasts against it."""
    if np.ndim(factor):
        multiplier = np.empty(np.shape(factor), buffer.dtype)
        multiplier.real = factor
        multiplier.imag = -1
    else:  # (a Python complex's parts are doubles: the factor, float32 or float64, exactly)
        multiplier = buffer.dtype.type(complex(factor, -1.0))
    with np.errstate(all="ignore"):  # (the imaginary parts may overflow: unused)
        np.multiply(buffer, multiplier, out=buffer)
    return buffer.real


def fma_by_complex(a, b, c):
    """fused.fma's ``fma(a, b, c)``, by the complex loop where it serves: arrays of one float
    dtype, one factor of the result's shape (the other and ``c`` broadcasting to it), finite
    results (a few NumPy calls where fma32 takes a dozen); elsewhere fused.fma's, its operands
    in this order (which NaN a product keeps). The result may be a strided view."""
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
    from .fused import fma as emulated  # (fused.py imports this module)
    return emulated(a, b, c)


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


def _self_test(dtype):
    """Whether every form rounds once: ``(1 + 2**-k)**2 - 1`` rounded once keeps its last
    term, which rounding the square first loses, on every length up to a few vectors and
    beyond (vector loops and tails), with ``b`` an array and a number; a zero sum keeps
    IEEE's sign; and (float32) the buffer forms equal fused.fma32's emulation on random
    values of all scales, near cancellations and subnormal results included."""
    k = 12 if dtype == np.float32 else 27
    factor = dtype.type(1 + 2.0 ** -k)
    expected = dtype.type(2.0 ** (1 - k) + 2.0 ** (-2 * k))
    for n in (*range(1, 34), 67, 1027):  # (one element alone as a pair: see _product_real)
        a = np.full(n, factor, dtype)
        c = np.full(n, -1, dtype)
        for b in (a, factor):  # (_product_real runs fused_real_, the buffer forms' step)
            if not (_product_real(a, b, c, dtype) == expected).all():
                return False
    zeros = dtype.type(0.0), dtype.type(-0.0)
    for a in zeros:
        for c in zeros:
            got = _product_real(np.full(3, a, dtype), dtype.type(1), np.full(3, c, dtype), dtype)
            if np.signbit(got).tolist() != [bool(np.signbit(a) and np.signbit(c))] * 3:
                return False
    return dtype != np.float32 or _matches_fma32()


def _matches_fma32():
    from .fused import fma32  # (fused.py imports this module)
    kind = np.float32
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
                want = np.asarray(fma32(factor, x, addend), kind)
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
