"""``x ** y`` of floating arrays as PyTorch's CPU pow kernel computes it: C's ``pow`` element by
element, and the NaN signs of its vector loop (SLEEF's pow) where that loop runs."""
import numpy as np

from ..backends.cpu import VECTOR_BYTES
from .vector_loop import PARALLEL_GRAIN, vector_positions

# PyTorch's pow kernel steps two vectors at a time (128 bytes in its AVX-512 build, 64 in its
# AVX2 one), the rest of each inner row element by element (its scalar op)
_VECTOR_STEP_BYTES = 2 * VECTOR_BYTES


def power_of_floats(x, y):
    """``x ** y`` for floating ``x`` (``y`` a number or an array of its dtype), as PyTorch's
    CPU kernel gives it for small tensors and the tails of large ones: C's double ``pow`` of
    the values, rounded once to the dtype; a number exponent of a float16 tensor is first
    rounded to float16. NumPy's own float32 / float16 power is a SIMD approximation that
    misses that result for about one element in five. An array exponent is C's pow even where
    it is one number broadcast: NumPy's power takes an exponent 0.5 that is the same along its
    inner loop (stride 0) as sqrt, which makes (-inf) ** 0.5 NaN and (-0.) ** 0.5 -0.: those
    are put right where the exponent can be such. (NumPy's warnings about the infinities and
    NaNs are filtered for hookgrad's modules.) The NaNs take the signs of PyTorch's vector
    loop where it runs (``vector_loop_nan_signs``)."""
    dtype = x.dtype
    if type(y) is np.ndarray:
        wide = dtype.itemsize < 8
        x_wide, y_wide = (x.astype(np.float64), y.astype(np.float64)) if wide else (x, y)
        out = np.power(x_wide, y_wide)
        if y.size == 1 or y.shape != out.shape or 0 in y.strides:  # (NumPy's sqrt, below)
            out = _as_c_pow_of_half(x_wide, y_wide == 0.5, out)
        out = out.astype(dtype) if wide else out
    elif dtype.itemsize >= 8:
        out = np.power(x, y)
    else:
        if dtype.itemsize == 2:
            y = float(np.float16(y))
        out = np.power(x.astype(np.float64), y)
        out = (out if y != 0.5 else _as_c_pow_of_half(x, True, out)).astype(dtype)
    return vector_loop_nan_signs(out, x, y)


def _as_c_pow_of_half(x, half, out):
    """``out`` (NumPy's ``x ** y``, ``half`` where y is 0.5) with C's pow(+-0, 0.5) = 0 and
    pow(-inf, 0.5) = inf where NumPy took sqrt's -0 and NaN."""
    fix = half & ((x == 0) | (x == -np.inf))
    if not fix.any():
        return out
    return np.where(fix, np.where(x == 0, 0.0, np.inf), out)


def vector_loop_nan_signs(out, x, y):
    """``out`` (``x ** y``, float16 / float32 / float64) with the NaN signs of PyTorch's kernel
    (bfloat16's vector loop converts differently: left as C's). Its vector loop (SLEEF's pow)
    gives the NaN of a negative base to a fractional power no sign bit and the NaN from a NaN
    operand the sign bit whatever that NaN's sign; its element loop (C's pow) gives a NaN
    base's sign (cleared, to an odd integer power), else a NaN exponent's, else x86's default
    NaN (sign bit set). NumPy's float64 power picks a SIMD loop by the arrays' alignment, so
    its NaN signs are not C's everywhere: every NaN's is set here. The vector loop runs over
    whole 128-byte steps of each inner row of the iteration, when its operands are contiguous
    along it (one may be one broadcast value); tensors split between threads are taken as
    looping element by element (not modelled). Costs one sum of squares (NaN only from a
    NaN) when the result has no NaN."""
    squares = np.vdot(out, out)
    if squares == squares or out.dtype.kind != "f":
        return out
    nans = np.isnan(out)
    x_nan = np.isnan(x)
    exponent = y if type(y) is np.ndarray else np.asarray(float(y))
    y_nan = np.isnan(exponent)
    # (C's pow: a NaN x is x * x, negated for a negative x to an odd power; else x + y)
    with np.errstate(invalid="ignore"):  # (the remainder of an infinity)
        odd = np.mod(exponent, 2) == 1
    negative = np.where(x_nan, np.signbit(x) & ~odd,
                        np.where(y_nan, np.signbit(exponent), True))
    vector = (vector_positions(out.shape, x, y, _VECTOR_STEP_BYTES)
              if out.size <= PARALLEL_GRAIN else None)
    if vector is not None:
        negative = np.where(vector, x_nan | y_nan, negative)
    signed = np.where(np.broadcast_to(negative, out.shape), -np.nan, np.nan).astype(out.dtype)
    out = np.array(out, copy=True) if not out.flags.writeable else out
    out[nans] = signed[nans]
    return out
