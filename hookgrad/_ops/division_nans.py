"""The NaN signs of PyTorch's ``fmod`` / ``remainder`` and floor division kernels.

Which NaN a division kernel returns (an operand's, or the invalid operation's default NaN,
whose sign bit is set) depends on the form that computed it: PyTorch's element loop (the
C library's ``fmod`` and its floor-division formula, which NumPy's loops mostly agree with)
or its vector loop (the same formulas over AVX2 registers, another order of operations),
which runs over whole vector steps of each inner row (vector_loop.py). The rules below were
read off PyTorch 2.13's results for every class of operand (±inf, ±NaN, ±0, finite) in both
forms; only results that hold a NaN pay for them."""
import numpy as np

from .vector_loop import PARALLEL_GRAIN, vector_positions

_STEP_BYTES = 64  # (two AVX2 registers per step)


def nan_signed(out, x, y, floor):
    """``out`` (``fmod`` / ``remainder`` of ``x`` and ``y``, or with ``floor`` their floor
    division) with PyTorch's NaN signs."""
    if out.dtype.kind != "f" or out.itemsize < 4 or not out.size or out.size > PARALLEL_GRAIN:
        return out
    squares = np.vdot(out, out)  # (NaN only from a NaN)
    if squares == squares:
        return out
    nans = np.isnan(out)
    a = np.broadcast_to(x, out.shape)[nans]
    b = np.broadcast_to(y, out.shape)[nans]
    a_nan, b_nan = np.isnan(a), np.isnan(b)
    a_sign, b_sign = np.signbit(a), np.signbit(b)
    # element loop: a NaN operand's own NaN (fmod of two: negative only if both are), else
    # the default NaN of an invalid operation (inf dividend, zero divisor)
    if floor:
        negative = np.where(a_nan, a_sign, np.where(b_nan, b_sign, True))
    else:
        negative = np.where(a_nan & b_nan, a_sign & b_sign,
                            np.where(a_nan, a_sign, np.where(b_nan, b_sign, True)))
    vector = vector_positions(out.shape, x, y, _STEP_BYTES)
    if vector is not None:
        # vector loop: a NaN divisor gives the dividend's sign in float32, the opposite in
        # float64; an infinite dividend the opposite of its sign
        nan_divisor = a_sign ^ (out.dtype == np.float64)
        if floor:
            in_vector = np.where(a_nan, a_sign, np.where(
                b_nan, nan_divisor, np.where((a == 0) & (b == 0), True, ~a_sign)))
        else:  # (fmod: a zero divisor gives a positive NaN, whatever the dividend)
            in_vector = np.where(b_nan, nan_divisor, np.where(
                b == 0, False, np.where(a_nan, a_sign, ~a_sign)))
        negative = np.where(vector[nans], in_vector, negative)
    out = out if out.flags.writeable else np.array(out, copy=True)
    out[nans] = np.where(negative, -np.nan, np.nan)
    return out
