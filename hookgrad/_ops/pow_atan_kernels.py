"""PyTorch's AVX2 / AVX-512 float32 ``atan2`` and ``pow`` kernels (``cpu_kernel_vec``), bit for bit:
SLEEF's vector functions (sleef_pow_atan.py) on the elements its vector loop covers (whole
16-float steps of each inner row, cut where the threads' chunks cut it: vector_loop.py,
kernel_vec.py), the scalar lambda on the rest. That lambda is glibc's ``atan2f`` and
``powf`` for atan2 and a tensor exponent (libm.py), and
C's double ``pow`` of the float rounded once for a number exponent (``c10::math::pow(base,
double(exp))``), whose vector form takes the exponent as a float. Where the layout is not
modelled every element takes the scalar form."""
import numpy as np

from . import kernel_vec, libm, sleef_pow_atan
from .kernel_vec import STEP_BYTES
from .vector_loop import unary_vector_positions, vector_positions

_FLOAT32 = np.empty(0, np.float32)  # (kernel_vec.applies' dtype and machine test)


def atan2(y, x):
    """``atan2(y, x)`` of two arrays of one floating dtype (broadcast), as PyTorch's kernel
    gives it (float32 on AVX2 / AVX-512 as modelled here, a new array in C order; else
    C's atan2 element by element: libm.py)."""
    if y.dtype == np.float32 and x.dtype == np.float32:
        out = _binary(sleef_pow_atan.atan2f, _atan2f, y, x)
        if out is not None:
            return out
    return libm.arctan2(y, x)


def power(x, y, c_power, c_order_output=False):
    """``x ** y`` of a float32 array ``x`` and a float32 array ``y`` (broadcast) or a
    number; ``c_power(values, y)``: C's pow of a flat float32 array by the number, as
    PyTorch's scalar lambda (its NaN signs too). A new array, C order; None where not
    modelled. ``c_order_output``: PyTorch's output is allocated C-contiguous before its
    iterator runs (``number ** tensor``), so its iteration follows C order."""
    if type(y) is np.ndarray:
        return _binary(sleef_pow_atan.powf, _powf, x, y, c_order_output) \
            if y.dtype == np.float32 else None
    if not x.size or not kernel_vec.applies(_FLOAT32):
        return None
    exponent = np.float32(y)  # (Vectorized<float>'s broadcast of the double)

    def vector(v):
        return sleef_pow_atan.powf(v, exponent)

    def scalar(v):
        return c_power(v, y)

    if x.flags.c_contiguous:
        return kernel_vec.compute(x, vector, scalar)
    positions = unary_vector_positions(x, STEP_BYTES, kernel_vec.chunk(x.size))
    return _split(positions, vector, scalar, np.ascontiguousarray(x))


def _atan2f(y, x):
    """glibc's atan2f of flat float32 arrays (libm.py)."""
    return libm.arctan2(y, x)


def _powf(x, y):
    """glibc's powf of flat float32 arrays (libm.py), the exponent copied where it repeats
    one number (stride 0): NumPy's power (where it serves) takes such an exponent 2, 0.5 or
    -1 as a square, sqrt or division, whose NaNs, zeros and roundings are not powf's."""
    return libm.power(x, y.copy() if 0 in y.strides else y)


def _binary(vector, scalar, a, b, c_order_output=False):
    """``vector`` / ``scalar`` (flat float32 functions of two arrays) of the float32 arrays
    ``a`` and ``b`` where PyTorch's binary kernel takes each."""
    try:
        shape = np.broadcast_shapes(a.shape, b.shape)
    except ValueError:  # (the caller's NumPy form raises the error PyTorch's message replaces)
        return None
    n = int(np.prod(shape))
    if not n or not kernel_vec.applies(_FLOAT32):
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
            positions = vector_positions(shape, np.empty(shape, np.float32), a, STEP_BYTES, b,
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
        out = np.empty(dense.shape, np.float32)
        if positions.any():  # (flat and blocked, on the intra-op threads)
            out[positions] = kernel_vec.compute(dense[positions], vector, None,
                                                *(o[positions] for o in others))
        rest = ~positions
        if rest.any():
            out[rest] = scalar(dense[rest], *(o[rest] for o in others))
    return out
