"""``x ** y`` of floating arrays as PyTorch's CPU pow kernel computes it: C's ``pow`` element by
element, and the NaN signs of its vector loop (SLEEF's pow) where that loop runs."""
import numpy as np

from ..backends.cpu import vector_bytes
from . import libm, pow_atan_kernels
from .vector_loop import PARALLEL_GRAIN, vector_positions

# PyTorch's pow kernel steps two vectors at a time (128 bytes in its AVX-512 build, 64 in its
# AVX2 one), the rest of each inner row element by element (its scalar op)
_VECTOR_STEP_BYTES = 2 * vector_bytes("pow")


def power_of_floats(x, y, c_order_output=False):
    """``x ** y`` for floating ``x`` (``y`` a number or an array of its dtype), as PyTorch's
    CPU kernel gives it: float32 and float64 on an AVX2 / AVX-512 machine as
    pow_atan_kernels.py models it (SLEEF's pow on its vector loop's elements;
    ``c_order_output``: see there), else ``c_power`` with the NaN signs of the vector loop
    where it runs (``vector_loop_nan_signs``)."""
    if x.dtype == np.float32 or x.dtype == np.float64:
        out = pow_atan_kernels.power(x, y, _c_power_with_signs, c_order_output)
        if out is not None:
            return out
    return vector_loop_nan_signs(c_power(x, y), x, y)


def _c_power_with_signs(x, y):
    """C's pow of the flat float32 (float64) ``x`` by the number ``y``, with C's NaN signs."""
    return vector_loop_nan_signs(c_power(x, y), x, y, vector=False)


def c_power(x, y):
    """``x ** y`` as PyTorch's scalar loop computes it for small tensors and the tails of
    large ones: C's double ``pow`` of the values, rounded once to the dtype (for a float32
    array exponent glibc's powf; libm.py); a number exponent of a float16 tensor is first
    rounded to float16. NumPy's own float16 power, and its float32 power by a number, miss
    that result for about one element in five. An array
    exponent is C's pow even where it is one number broadcast: NumPy's power takes an
    exponent 0.5 that is the same along its inner loop (stride 0) as sqrt, which makes
    (-inf) ** 0.5 NaN and (-0.) ** 0.5 -0.: those are put right where the exponent can be
    such. (NumPy's warnings about the infinities and NaNs are filtered for hookgrad's
    modules.)"""
    dtype = x.dtype
    if type(y) is np.ndarray:
        if dtype == np.float32:  # (glibc's powf; NumPy's power takes an exponent that is
            # one number along its inner loop as 2, 0.5 or -1 as a product, sqrt or division)
            if _broadcast(x, y):
                shape = np.broadcast_shapes(x.shape, y.shape)
                x, y = (np.broadcast_to(v, shape).copy() for v in (x, y))  # (0-d stays 0-d)
            return libm.power(x, y)
        wide = dtype.itemsize < 8
        x_wide, y_wide = (x.astype(np.float64), y.astype(np.float64)) if wide else (x, y)
        out = libm.power(x_wide, y_wide)
        if _broadcast(out, y):  # (NumPy's sqrt, below)
            out = _as_c_pow_of_half(x_wide, y_wide == 0.5, out)
        return out.astype(dtype) if wide else out
    if dtype.itemsize >= 8:
        return libm.power(x, y)
    if dtype.itemsize == 2:
        y = float(np.float16(y))
    out = libm.power(x.astype(np.float64), y)
    return (out if y != 0.5 else _as_c_pow_of_half(x, True, out)).astype(dtype)


def _broadcast(out, y):
    """Whether NumPy's power may see ``y`` as one number along its inner loop."""
    return y.size == 1 or y.shape != out.shape or 0 in y.strides


def _as_c_pow_of_half(x, half, out):
    """``out`` (NumPy's ``x ** y``, ``half`` where y is 0.5) with C's pow(+-0, 0.5) = 0 and
    pow(-inf, 0.5) = inf where NumPy took sqrt's -0 and NaN."""
    fix = half & ((x == 0) | (x == -np.inf))
    if not fix.any():
        return out
    return np.where(fix, np.where(x == 0, 0.0, np.inf), out)


def vector_loop_nan_signs(out, x, y, vector=True):
    """``out`` (``x ** y``, float16 / float32 / float64) with the NaN signs of PyTorch's kernel
    (bfloat16's vector loop converts differently: left as C's). Its vector loop (SLEEF's pow)
    gives the NaN of a negative base to a fractional power no sign bit and the NaN from a NaN
    operand the sign bit whatever that NaN's sign; its element loop (C's pow) gives a NaN
    base's sign (cleared, to an odd integer power), else a NaN exponent's, else x86's default
    NaN (sign bit set). NumPy's float64 power picks a SIMD loop by the arrays' alignment, so
    its NaN signs are not C's everywhere: every NaN's is set here. The vector loop runs over
    whole 128-byte steps of each inner row of the iteration, when its operands are contiguous
    along it (one may be one broadcast value); tensors split between threads are taken as
    looping element by element (not modelled). ``vector`` False: C's signs everywhere.
    Costs one sum of squares (NaN only from a NaN) when the result has no NaN."""
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
              if vector and out.size <= PARALLEL_GRAIN else None)
    if vector is not None:
        negative = np.where(vector, x_nan | y_nan, negative)
    signed = np.where(np.broadcast_to(negative, out.shape), -np.nan, np.nan).astype(out.dtype)
    if out.dtype == np.float32 and not vector:  # (C's powf passes a NaN operand's payload on)
        signed = _with_operand_payloads(signed, x, exponent, x_nan, y_nan)
    out = np.array(out, copy=True) if not out.flags.writeable else out
    out[nans] = signed[nans]
    return out


def _with_operand_payloads(signed, x, y, x_nan, y_nan):
    """``signed`` (float32 NaNs, their signs set) with the payload of the NaN operand C's pow
    passes on: x's where it is NaN, else y's."""
    payload = np.int32(0x003FFFFF)
    bits = np.broadcast_to(signed, np.broadcast_shapes(signed.shape, x.shape)).view(np.int32)
    kept = np.where(x_nan, x.astype(np.float32, copy=False).view(np.int32),
                    np.where(y_nan, np.asarray(y, np.float32).view(np.int32), 0)) & payload
    return (bits | kept).view(np.float32)
