"""Complex arithmetic element by element as PyTorch's CPU kernels compute it, where NumPy's own
would round otherwise: the C library's ``cpow`` (glibc: ``cexp(y * clog(x))``, the product as
C's complex multiply: four rounded products, then their sums; NumPy's complex multiply fuses a
product into the sum), and c10::complex's divide and ``log1p`` (c10/util/complex.h and
complex_math.h) for ``logaddexp``. NumPy's complex ``exp`` and ``log`` are the C library's
``cexp`` / ``clog`` (measured bit for bit), so they are used as they are."""
import numpy as np

from ..backends.cpu import vector_bytes

_MUL_BLOCK_BYTES = 2 * vector_bytes("binary")  # (the mul kernel: two vectors a step)


def _parts(real, imag):
    """A complex array from its real and imaginary parts (arrays of one real dtype)."""
    out = np.empty(np.broadcast_shapes(real.shape, imag.shape),
                   np.result_type(real.dtype, np.complex64))
    out.real, out.imag = real, imag
    return out


def _box(v, where):
    """C99 Annex G's "box the infinity": +-1 for an infinite part, +-0 for a finite one."""
    return np.where(where, np.copysign(np.where(np.isinf(v), 1, 0).astype(v.dtype), v), v)


def _zero_nan(v, where):
    return np.where(where & np.isnan(v), np.copysign(np.zeros((), v.dtype), v), v)


def _recover_infinities(a, b, c, d):
    """libgcc's ``__mulsc3`` / ``__muldc3`` where both parts of ``(a + bi) * (c + di)`` came
    out NaN: an infinite factor (or an overflowed product) makes the product infinite."""
    with np.errstate(invalid="ignore", over="ignore"):
        products_inf = (np.isinf(a * c) | np.isinf(b * d) | np.isinf(a * d) | np.isinf(b * c))
        z_inf = np.isinf(a) | np.isinf(b)
        a, b = _box(a, z_inf), _box(b, z_inf)
        c, d = _zero_nan(c, z_inf), _zero_nan(d, z_inf)
        w_inf = np.isinf(c) | np.isinf(d)
        c, d = _box(c, w_inf), _box(d, w_inf)
        a, b = _zero_nan(a, w_inf), _zero_nan(b, w_inf)
        overflow = ~z_inf & ~w_inf & products_inf
        a, b = _zero_nan(a, overflow), _zero_nan(b, overflow)
        c, d = _zero_nan(c, overflow), _zero_nan(d, overflow)
        recalc = z_inf | w_inf | overflow
        inf = np.asarray(np.inf, a.dtype)
        x = np.where(recalc, inf * (a * c - b * d), np.nan)
        y = np.where(recalc, inf * (a * d + b * c), np.nan)
    return x.astype(a.dtype, copy=False), y.astype(a.dtype, copy=False)


def c_multiply(z, w):
    """``z * w`` (complex arrays of one dtype) as C's complex multiply."""
    a, b, c, d = z.real, z.imag, w.real, w.imag
    with np.errstate(invalid="ignore", over="ignore"):
        x = a * c - b * d
        y = a * d + b * c
    both = np.isnan(x) & np.isnan(y)
    if both.any():  # (rare: NaN or infinite factors)
        shape = x.shape
        a, b, c, d = (np.broadcast_to(v, shape)[both] for v in (a, b, c, d))
        x, y = np.array(x), np.array(y)  # (writable copies)
        x[both], y[both] = _recover_infinities(a, b, c, d)
    return _parts(x, y)


def cpow(x, y):
    """``x ** y`` (complex arrays of one dtype, broadcast) as glibc's ``cpow`` / ``cpowf``,
    which ``std::pow`` of two complex numbers calls: ``cexp(y * clog(x))``."""
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        return np.exp(c_multiply(y, np.log(x)))


def _two_sum(a, b):
    """``a + b`` rounded and its rounding error (Knuth's TwoSum: exact for finite values)."""
    s = a + b
    b_part = s - a
    return s, (a - (s - b_part)) + (b - b_part)


def _split(a):  # (Veltkamp: ``a`` as two halves of 26 bits)
    t = a * 134217729.0
    high = t - (t - a)
    return high, a - high


def _sum_to_odd(x, y):
    """``x + y`` rounded to odd (the neighbour with an odd last bit where inexact): rounding
    that to fewer bits later rounds once, as the exact sum would."""
    s, err = _two_sum(x, y)
    bits = s.view(np.int64 if s.dtype.itemsize == 8 else np.int32)
    inexact_even = (err != 0) & ((bits & 1) == 0)
    return np.where(inexact_even, np.nextafter(s, np.where(err > 0, np.inf, -np.inf)), s)


def fma(a, b, c):
    """``a * b + c`` rounded once (C's ``fma``, which the compiler makes of ``a * b + c`` in
    PyTorch's AVX2 / AVX-512 kernels), for float32 or float64 arrays. float32: the product is
    exact in float64, its sum rounded to odd there and then to float32. float64: Dekker's
    exact product and Boldo and Melquiond's sum rounded to odd. Values beyond about 2**996
    and infinities take the plain ``a * b + c``."""
    with np.errstate(invalid="ignore", over="ignore"):
        if a.dtype.itemsize == 4:
            wide = a.astype(np.float64) * b.astype(np.float64)
            return _sum_to_odd(wide, np.asarray(c, np.float64)).astype(np.float32)
        product = a * b
        high_a, low_a = _split(a)
        high_b, low_b = _split(b)
        error = ((high_a * high_b - product) + high_a * low_b + low_a * high_b) + low_a * low_b
        high, low = _two_sum(c, product)
        out = high + _sum_to_odd(low, error)
        plain = ~np.isfinite(out)
        if plain.any():
            out = np.where(plain, product + c, out)
    return out


def c10_multiply(z, w):
    """c10::complex's ``z * w`` as compiled in PyTorch's vectorised builds (measured): the
    compiler fuses one product into each sum, ``fma(a, c, -(b * d))`` and
    ``fma(a, d, b * c)``."""
    a, b, c, d = z.real, z.imag, w.real, w.imag
    with np.errstate(invalid="ignore", over="ignore"):
        return _parts(fma(a, c, -(b * d)), fma(a, d, b * c))


def c10_divide(z, w):
    """c10::complex's ``z / w``: NumPy's former division (Smith's method), element by element,
    with the products fused into their sums as in ``c10_multiply``."""
    a, b, c, d = z.real, z.imag, w.real, w.imag
    abs_c, abs_d = np.abs(c), np.abs(d)
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        rat = d / c
        scl = 1 / fma(d, rat, c)
        first = (fma(b, rat, a) * scl, fma(-a, rat, b) * scl)
        rat = c / d
        scl = 1 / fma(c, rat, d)
        second = (fma(a, rat, b) * scl, fma(b, rat, -a) * scl)
        zero = (abs_c == 0) & (abs_d == 0)
        by_zero = (a / abs_c, b / abs_d)
    bigger_c = abs_c >= abs_d
    real = np.where(bigger_c, np.where(zero, by_zero[0], first[0]), second[0])
    imag = np.where(bigger_c, np.where(zero, by_zero[1], first[1]), second[1])
    return _parts(real.astype(a.dtype, copy=False), imag.astype(a.dtype, copy=False))


def c10_log1p(z):
    """c10's complex ``log1p`` (its CPU path): ``u = z + 1``; ``z`` where ``u`` is 1, else
    ``log(u)``, times ``z / (u - 1)`` where ``u - 1`` is not ``z`` again."""
    real, imag = z.real, z.imag
    u_real = real + real.dtype.type(1)  # (c10 adds the number to the real part only)
    with np.errstate(divide="ignore", invalid="ignore"):
        log_u = np.log(_parts(u_real, imag))
    back = u_real - u_real.dtype.type(1)
    exact = (back == real) & (imag == imag)
    scaled = c10_multiply(log_u, c10_divide(z, _parts(back, imag)))
    with np.errstate(invalid="ignore"):
        return np.where((u_real == 1) & (imag == 0), z, np.where(exact, log_u, scaled))


def logaddexp(x, y):
    """``log(exp(x) + exp(y))`` of complex arrays (one dtype) as PyTorch's kernel
    (``_log_add_exp_helper``): ``max + log1p(exp(min - max))``, min and max by real part; a
    NaN part makes NaN; equal infinite real parts give ``min`` (-inf) or
    ``log(exp(min) + exp(max))``."""
    x, y = np.broadcast_arrays(x, y)
    x_nan = np.isnan(x.real) | np.isnan(x.imag)
    y_nan = np.isnan(y.real) | np.isnan(y.imag)
    x_first = x.real < y.real
    low = np.where(y_nan, y, np.where(x_nan, x, np.where(x_first, x, y)))
    high = np.where(y_nan, y, np.where(x_nan, x, np.where(x_first, y, x)))
    with np.errstate(invalid="ignore", over="ignore", divide="ignore"):
        # (parts subtracted and added one by one, as c10::complex's operators)
        power = np.exp(_parts(low.real - high.real, low.imag - high.imag))
        logs = c10_log1p(power)
        out = _parts(logs.real + high.real, logs.imag + high.imag)
        infinite = ~np.isfinite(low.real) & (low.real == high.real)
        if infinite.any():
            both = np.log(np.exp(low) + np.exp(high))
            out = np.where(infinite, np.where(low.real < 0, low, both), out)
    nan = x_nan | y_nan
    if nan.any():
        out = np.where(nan, np.asarray(complex(np.nan, np.nan), out.dtype), out)
    return out


def vector_loop_product(x, y, like):
    """``x * y`` as PyTorch's complex mul kernel computes it: its vector loop's four rounded
    products summed (no fused multiply-add, no C99 infinity recovery), and, for the elements
    it leaves to its element loop (the last ``n % (2 * lanes)`` of each contiguous run: the
    whole result, or each row where ``y`` is broadcast along leading dims), ``c10_multiply``'s
    fused form, but for complex64 the last of an odd count (the compiler pairs them; measured
    on AVX2); laid out as ``like`` (the result as its op laid it out)."""
    shape = like.shape
    a, b = np.broadcast_to(x.real, shape), np.broadcast_to(x.imag, shape)
    y = np.asarray(y, like.dtype)
    c, d = y.real, y.imag
    out = np.empty_like(like)
    with np.errstate(invalid="ignore", over="ignore"):
        out.real, out.imag = a * c - b * d, a * d + b * c
    run = _contiguous_run(x, y, out)
    tail = run % (_MUL_BLOCK_BYTES // like.itemsize) if run else 0
    if tail:
        begin = run - tail
        cols = np.s_[..., begin:begin + (tail - tail % 2 if like.itemsize == 8 else tail)]
        y_rows = y.reshape(-1, run)[cols] if y.ndim else y
        out.reshape(-1, run)[cols] = c10_multiply(x.reshape(-1, run)[cols], y_rows)
    return out


def _contiguous_run(x, y, out):
    """The length of the runs PyTorch's loop covers at a time, for the layouts modelled: a
    C-contiguous ``x`` and result and a number, a same-shape C-contiguous ``y`` (the whole
    result), or a C-contiguous ``y`` broadcast along leading dims (a row); else 0."""
    shape = out.shape
    if not out.ndim or x.shape != shape or not (out.flags.c_contiguous and x.flags.c_contiguous):
        return 0
    if not y.ndim or (y.shape == shape and y.flags.c_contiguous):
        return out.size  # (a number: its element loop's odd elements are not all modelled)
    if y.flags.c_contiguous and y.shape == shape[len(shape) - y.ndim:] and y.size == shape[-1]:
        return shape[-1]
    return 0
