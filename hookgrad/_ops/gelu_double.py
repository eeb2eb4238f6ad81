"""PyTorch's AVX2 / AVX-512 float64 GELU kernels (Activation.cpp's GeluKernelImpl and
GeluBackwardKernelImpl, both ``approximate`` forms), bit for bit: the vector lambdas over
SLEEF's double erf, exp and tanh (sleef_erf_tanh_double.py, sleef_double.py) on
cpu_kernel_vec's vector steps, the scalar lambdas over glibc's erf, exp and tanh on each
chunk's tail. GCC contracts a product and a sum into an FMA (``x + kappa * x**3``, ``1 - t *
t``, ``1 + 3 kappa x**2`` in both forms, ``cdf + x * pdf`` in the erf backward's vector form
but not its scalar one): measured against PyTorch 2.13, tails and all. A dense input in
another order of dims (a transpose) runs as PyTorch's iterator runs it, in memory order, its
result in its layout. Callers check ``applies(x)`` first."""
import math

import numpy as np

from .._parallel import get_num_threads
from ..autograd._grad_layout import non_overlapping_and_dense
from . import kernel_vec, libm, sleef_double, sleef_erf_tanh_double
from .elementwise_layout import unary_iterator_layout
from .sleef_double import _fma_wide, plain

_F64 = np.float64
_ALPHA = _F64(math.sqrt(0.5))  # M_SQRT1_2
_PDF_SCALE = _F64(2 / math.sqrt(math.pi)) * _ALPHA * _F64(0.5)  # M_2_SQRTPI * M_SQRT1_2 * 0.5
_BETA = _F64(math.sqrt(2)) * _F64(2 / math.sqrt(math.pi)) * _F64(0.5)  # M_SQRT2 * M_2_SQRTPI / 2
_KAPPA = _F64(0.044715)
_THREE_KAPPA = _F64(3) * _KAPPA
_ONE, _HALF = _F64(1), _F64(0.5)
# GeluKernelImpl splits more than this many elements evenly between the intra-op threads
# (its own grain: numel / threads); its backward keeps TensorIterator's
_FORWARD_SPLIT_FROM = 16384


def applies(x):
    """Whether array ``x`` takes these kernels: float64, non-empty, dense (contiguous in some
    order of dims), on an AVX2 or AVX-512 machine whose C maths library loads."""
    return (sleef_double.applies(x) and x.size > 0 and kernel_vec.libm_loaded()
            and (x.flags.c_contiguous or non_overlapping_and_dense(x) and min(x.strides) >= 0))


def _memory_order(a):
    """The dims of dense array ``a`` from the outermost in memory: ``a.transpose(order)`` is
    C-contiguous (None for a C-contiguous ``a``)."""
    if a.flags.c_contiguous:
        return None
    return tuple(sorted(range(a.ndim), key=lambda dim: -a.strides[dim]))


def _flat(a, order):
    """``a``'s elements in memory order (a view), ``order`` from _memory_order."""
    return (a if order is None else a.transpose(order)).reshape(-1)


def _shaped(flat, x, order):
    """``flat`` (a new array, in x's memory order) laid out as ``x``, with its strides (a
    size-1 dim's too)."""
    if order is None:
        return flat.reshape(x.shape)
    return np.ndarray(x.shape, flat.dtype, flat, 0, x.strides)


def _forward_chunk(n):
    """The elements each thread's chunk holds in the forward kernel's parallel_for."""
    if n <= _FORWARD_SPLIT_FROM:
        return kernel_vec.chunk(n)
    threads = get_num_threads()
    grain = max(n // threads, 1)
    return -(-n // min(threads, -(-n // grain)))


def _scalar_positions(n, size):
    """Flat indices of the elements the scalar lambda computes: each ``size``-element
    chunk's last ``len % step`` (step: two vectors of doubles)."""
    step = 2 * kernel_vec.VECTOR_BYTES // 8
    tails = [np.arange(stop - (stop - start) % step, stop)
             for start in range(0, n, size) for stop in (min(start + size, n),)]
    return np.concatenate(tails) if tails else np.empty(0, np.intp)


def fma(a, b, c):
    """``a * b + c`` rounded once, for any operands: a factor past 2**995 (x up to
    1.8e308), and an infinite or NaN product, whose sum is C's ``fma``'s (an inf of x**3)."""
    out = _fma_wide(a, b, c)
    product = a * b
    odd = ~np.isfinite(product)
    if odd.any():
        out = np.where(odd, product + c, out)
    return out


def _c_erf(v):
    return libm.c_values("erf", (v,))


def _erf_argument(v):
    return v * _ALPHA


def _tanh_argument(v):
    # ((x * x) * x: the backward's x_sq * x too, so both take tanh of one value)
    return _BETA * fma(_KAPPA, v * v * v, v)


def _gelu_erf(v, erf):
    return v * _HALF * (_ONE + erf)


def _gelu_tanh(v, t):
    return _HALF * v * (_ONE + t)


def _erf_slope_form(exp, add_product):
    def run(v, erf, g):
        cdf = _HALF * (_ONE + erf)
        pdf = _PDF_SCALE * exp(v * v * _F64(-0.5))
        return g * add_product(v, pdf, cdf)
    return run


def _tanh_slope(v, t, g):
    slope = _BETA * fma(_THREE_KAPPA, v * v, _ONE)
    right = _HALF * v * fma(-t, t, _ONE) * slope
    return g * (_HALF * (_ONE + t) + right)


# approximate -> (the argument of its curve, SLEEF's curve (vector form), C's (scalar form))
_CURVES = {"none": (_erf_argument, sleef_erf_tanh_double.erf, _c_erf),
           "tanh": (_tanh_argument, sleef_erf_tanh_double.tanh, libm.tanh)}
# approximate -> the kernel's formula over x and its curve's value (vector form, scalar form)
_FORWARD = {"none": (_gelu_erf, _gelu_erf), "tanh": (_gelu_tanh, _gelu_tanh)}
_BACKWARD = {"none": (_erf_slope_form(sleef_double.exp, fma), _erf_slope_form(libm.exp, plain)),
             "tanh": (_tanh_slope, _tanh_slope)}


def curve(x, approximate):
    """SLEEF's erf or tanh of the kernels' argument at each element of ``x`` (flat, in memory
    order): the vector forms' value, the same in forward and backward (the forward's, kept,
    spares the backward computing it again)."""
    argument, sleef_curve, _ = _CURVES[approximate]
    with np.errstate(all="ignore"):
        return sleef_curve(argument(_flat(x, _memory_order(x))))


def _by_loop(forms, approximate, size, x, values, g=None):
    """The vector form on every element (with the curve's ``values``), the scalar form (C's
    curve) on the scalar lambda's (chunks of ``size``); ``x`` and ``g`` in memory order."""
    vector, scalar = forms
    argument, _, c_curve = _CURVES[approximate]
    grad = () if g is None else (g,)
    with np.errstate(all="ignore"):
        out = vector(x, values, *grad)
        tail = _scalar_positions(x.size, size)
        if tail.size:
            v = x[tail]
            out[tail] = scalar(v, c_curve(argument(v)), *(o[tail] for o in grad))
    return out


def gelu(x, approximate):
    """GeluKernelImpl of ``x`` (``approximate`` "none" or "tanh"), and its curve's values
    (``curve``) for the backward."""
    order = _memory_order(x)
    values = curve(x, approximate)
    out = _by_loop(_FORWARD[approximate], approximate, _forward_chunk(x.size), _flat(x, order),
                   values)
    return _shaped(out, x, order), values


def forward(x, approximate):
    """``gelu`` of ``x`` in PyTorch's layout for it, and what the backward takes."""
    out, values = gelu(x, approximate)
    return out if x.flags.c_contiguous else unary_iterator_layout(out, x), (x, values)


def _grad_operand(g, x, order):
    """``g`` in x's memory order (flat) where the backward loop over (g, x) steps as over
    ``x`` alone (float64 and laid out as ``x``, or one broadcast value), else None."""
    if g.dtype != _F64 or g.shape != x.shape:
        return None
    if not any(g.strides):
        return np.broadcast_to(g.reshape(-1)[:1], (g.size,))
    if g.strides == x.strides or g.flags.c_contiguous and order is None:
        return _flat(g, order)
    return None


def gelu_grad(g, x, approximate, values=None):
    """GeluBackwardKernelImpl: ``g`` times GELU's slope at ``x`` (``values``: the forward's
    curve values, else computed), laid out as ``x``; None where ``g``'s layout is not
    modelled."""
    order = _memory_order(x)
    flat_g = _grad_operand(g, x, order)
    if flat_g is None:
        return None
    if values is None:
        values = curve(x, approximate)
    out = _by_loop(_BACKWARD[approximate], approximate, kernel_vec.chunk(x.size),
                   _flat(x, order), values, flat_g)
    return _shaped(out, x, order)


def backward(g, x, approximate, kept):
    """gelu_grad with what ``forward`` kept: its curve's values where ``x`` is its input (a
    saved-tensor hook may unpack another)."""
    forward_x, values = kept
    return gelu_grad(g, x, approximate, values if x is forward_x else None)
