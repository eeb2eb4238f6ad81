"""The sign bits of the NaNs float floor division makes, as PyTorch's CPU kernel leaves them.

Its elementwise loop runs two 256-bit vectors at a time (16 float32 or 8 float64 elements)
and the rest of each inner row element by element, and the two paths differ where the
quotient is NaN: the element path (glibc's fmod) returns a NaN divisor as it is and x86's
default NaN (sign bit set) otherwise; the vector path (SLEEF's fmod) gives an infinite
dividend's NaN the opposite of its sign, a NaN divisor's the dividend's sign (float32) or
its opposite (float64), and 0 / 0 the default NaN. A NaN dividend comes out as itself on
both. Only results holding a NaN take this path."""
import numpy as np


def _vector_lanes(out, x, y):
    """Which elements of ``out`` PyTorch's vector loop computes: the whole-vector-pair
    prefix of each inner row, the row being the whole tensor where every array operand is
    C-contiguous of the result's shape (PyTorch's iterator coalesces it), else the last
    dim."""
    pair = 2 * 32 // out.itemsize
    whole = all(type(v) is not np.ndarray or v.ndim == 0 or (
        v.shape == out.shape and v.flags.c_contiguous) for v in (x, y))
    row = out.size if whole else (out.shape[-1] if out.ndim else 1)
    position = np.arange(out.size).reshape(out.shape) % max(row, 1)
    return position < row // pair * pair


def floor_divide_nan_signs(out, x, y):
    """``out`` (NumPy's float floor division of ``x`` by ``y``) with PyTorch's NaN signs."""
    nan = np.isnan(out)
    a = np.broadcast_to(np.asarray(x, out.dtype), out.shape)
    b = np.broadcast_to(np.asarray(y, out.dtype), out.shape)
    negative_a = np.signbit(a)
    vector_sign = np.where(np.isnan(b), negative_a if out.dtype == np.float32 else ~negative_a,
                           np.where(np.isinf(a), ~negative_a, True))
    scalar_sign = np.where(np.isnan(b), np.signbit(b), True)
    sign = np.where(np.isnan(a), negative_a,
                    np.where(_vector_lanes(out, x, y), vector_sign, scalar_sign))
    out = np.array(out, copy=True) if out.ndim else np.array(out)
    out[nan] = np.copysign(np.array(np.nan, out.dtype), np.where(sign, -1.0, 1.0))[nan]
    return out
