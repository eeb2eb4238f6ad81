"""PyTorch's AVX2 / AVX-512 float32 and float64 ``atan2`` and ``pow`` kernels, and its float64
``hypot`` kernel (``cpu_kernel_vec``), bit for bit: SLEEF's vector functions (sleef_pow_atan.py,
sleef_pow_atan_double.py, sleef_hypot_double.py) on the elements its vector loop covers (whole
two-vector steps of each inner row, cut where the threads' chunks cut it: vector_loop.py,
kernel_vec.py), the scalar lambda on the rest. That lambda is glibc's ``atan2f`` / ``atan2``,
``powf`` / ``pow`` for atan2 and a tensor exponent and ``hypot`` (libm.py; NumPy's hypot is
glibc's), and C's double ``pow`` (of the float, rounded once) for a number exponent
(``std::pow(base, double(exp))``), whose vector form takes the exponent as a float for
float32. Where the layout is not modelled every element takes the scalar form. (float32
hypot: SLEEF's and glibc's agree with NumPy's.)"""
import numpy as np

from . import (
    kernel_vec,
    libm,
    sleef_double,
    sleef_hypot_double,
    sleef_pow_atan,
    sleef_pow_atan_double,
)
from .kernel_vec import STEP_BYTES
from .vector_loop import unary_vector_positions, vector_positions

_FLOAT32 = np.empty(0, np.float32)  # (kernel_vec.applies' dtype and machine test)
# the SLEEF forms of each modelled dtype: (atan2, pow)
_VECTOR_FORMS = {np.dtype(np.float32): (sleef_pow_atan.atan2f, sleef_pow_atan.powf),
                 np.dtype(np.float64): (sleef_pow_atan_double.atan2,
                                        sleef_pow_atan_double.power)}


def _modelled(dtype):
    """Whether PyTorch's kernel of ``dtype`` is modelled here (float32 and float64 on an AVX2
    or AVX-512 machine whose C maths library loads)."""
    if dtype == np.float32:
        return kernel_vec.applies(_FLOAT32)
    return dtype == np.float64 and sleef_double.applies(np.empty(0)) \
        and kernel_vec.libm_loaded()


def atan2(y, x):
    """``atan2(y, x)`` of two arrays of one floating dtype (broadcast), as PyTorch's kernel
    gives it (float32 and float64 on AVX2 / AVX-512 as modelled here, a new array in C order;
    else C's atan2 element by element: libm.py)."""
    forms = _VECTOR_FORMS.get(y.dtype)
    if forms is not None and x.dtype == y.dtype:
        out = _binary(forms[0], _atan2f, y, x)
        if out is not None:
            return out
    return libm.arctan2(y, x)


def hypot(a, b):
    """``hypot(a, b)`` of two arrays of one floating dtype (broadcast), as PyTorch's kernel
    gives it (float64 on AVX2 / AVX-512 as modelled here, a new array in C order; else
    NumPy's, glibc's)."""
    if a.dtype == b.dtype == np.float64:
        out = _binary(sleef_hypot_double.hypot, np.hypot, a, b)
        if out is not None:
            return out
    return np.hypot(a, b)


def power(x, y, c_power, c_order_output=False):
    """``x ** y`` of a float32 (float64) array ``x`` and an array ``y`` of its dtype
    (broadcast) or a number; ``c_power(values, y)``: C's pow of a flat array by the number,
    as PyTorch's scalar lambda (its NaN signs too). A new array, C order; None where not
    modelled. ``c_order_output``: PyTorch's output is allocated C-contiguous before its
    iterator runs (``number ** tensor``), so its iteration follows C order."""
    forms = _VECTOR_FORMS.get(x.dtype)
    if forms is None:
        return None
    if type(y) is np.ndarray:
        return _binary(forms[1], _powf, x, y, c_order_output) if y.dtype == x.dtype else None
    if not x.size or not _modelled(x.dtype):
        return None
    # (Vectorized<float>'s broadcast of the double exponent rounds it to a float)
    exponent = np.float32(y) if x.dtype == np.float32 else np.float64(y)

    def vector(v):
        return forms[1](v, exponent)

    def scalar(v):
        return c_power(v, y)

    if x.flags.c_contiguous:
        return kernel_vec.compute(x, vector, scalar)
    positions = unary_vector_positions(x, STEP_BYTES, kernel_vec.chunk(x.size))
    return _split(positions, vector, scalar, np.ascontiguousarray(x))


def _atan2f(y, x):
    """glibc's atan2f (atan2) of flat float32 (float64) arrays (libm.py)."""
    return libm.arctan2(y, x)


def _powf(x, y):
    """glibc's powf (pow) of flat float32 (float64) arrays (libm.py), the exponent copied
    where it repeats
    one number (stride 0): NumPy's power (where it serves) takes such an exponent 2, 0.5 or
    -1 as a square, sqrt or division, whose NaNs, zeros and roundings are not powf's."""
    return libm.power(x, y.copy() if 0 in y.strides else y)


def _binary(vector, scalar, a, b, c_order_output=False):
    """``vector`` / ``scalar`` (flat functions of two arrays) of the float32 (float64) arrays
    ``a`` and ``b`` where PyTorch's binary kernel takes each."""
    try:
        shape = np.broadcast_shapes(a.shape, b.shape)
    except ValueError:  # (the caller's NumPy form raises the error PyTorch's message replaces)
        return None
    n = int(np.prod(shape))
    if not n or not _modelled(a.dtype):
        return None
    with np.errstate(all="ignore"):
        if a.shape == shape and a.flags.c_contiguous:  # (the common layouts: one flat run)
            if b.shape == shape and b.flags.c_contiguous:
                return kernel_vec.compute(a, vector, scalar, b.reshape(-1))
            if b.size == 1:  # (a broadcast number: PyTorch's vector of it)
                return kernel_vec.compute(a, vector, scalar, np.broadcast_to(b.reshape(-1), n))
        elif a.size == 1 and b.shape == shape and b.flags.c_contiguous:
            flat = np.broadcast_to(a.reshape(-1), n)
            return kernel_vec.compute(b, lambda v, u: vector(u, v), lambda v, u: scalar(u, v),
                                      flat)
        chunk = kernel_vec.chunk(n)
        if c_order_output:  # (the output, C-contiguous, is the iterator's first operand)
            positions = vector_positions(shape, np.empty(shape, a.dtype), a, STEP_BYTES, b,
                                         chunk=chunk)
        else:
            positions = vector_positions(shape, a, b, STEP_BYTES, chunk=chunk)
        dense_a = np.ascontiguousarray(np.broadcast_to(a, shape))
        dense_b = np.ascontiguousarray(np.broadcast_to(b, shape))
        return _split(positions, vector, scalar, dense_a, dense_b)


def _split(positions, vector, scalar, dense, *others):
    """The vector form where ``positions`` (None: nowhere), the scalar form elsewhere, of
    C-contiguous arrays of one shape."""
    with np.errstate(all="ignore"):
        if positions is None:
            return scalar(dense, *others)
        out = np.empty(dense.shape, dense.dtype)
        if positions.any():  # (flat and blocked, on the intra-op threads)
            out[positions] = kernel_vec.compute(dense[positions], vector, None,
                                                *(o[positions] for o in others))
        rest = ~positions
        if rest.any():
            out[rest] = scalar(dense[rest], *(o[rest] for o in others))
    return out
