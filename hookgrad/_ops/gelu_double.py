"""PyTorch's AVX2 / AVX-512 float64 GELU kernels (Activation.cpp's GeluKernelImpl and
GeluBackwardKernelImpl, both ``approximate`` forms), bit for bit: the vector lambdas over
SLEEF's double erf, exp and tanh (sleef_erf_tanh_double.py, sleef_double.py) on
cpu_kernel_vec's vector steps, the scalar lambdas over glibc's erf, exp and tanh on each
chunk's tail. GCC contracts a product and a sum into an FMA (``x + kappa * x**3``, ``1 - t *
t``, ``1 + 3 kappa x**2`` in both forms, ``cdf + x * pdf`` in the erf backward's vector form
but not its scalar one): measured against PyTorch 2.13, tails and all. Callers check
``applies(x)`` first (float64, C-contiguous, AVX2 or AVX-512)."""
import math

import numpy as np

from .._parallel import get_num_threads
from . import kernel_vec, libm, sleef_double, sleef_erf_tanh_double
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
    """Whether array ``x`` takes these kernels: float64, C-contiguous, non-empty, on an AVX2
    or AVX-512 machine whose C maths library loads."""
    return (sleef_double.applies(x) and x.flags.c_contiguous and x.size > 0
            and kernel_vec.libm_loaded())


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


def _by_loop(vector, scalar, size, x, g=None):
    """``vector`` on every element, ``scalar`` on the scalar lambda's (chunks of ``size``)."""
    flat = x.reshape(-1)
    operands = (flat,) if g is None else (flat, g)
    with np.errstate(all="ignore"):
        out = vector(*operands)
        tail = _scalar_positions(flat.size, size)
        if tail.size:
            out[tail] = scalar(*(o[tail] for o in operands))
    return out.reshape(x.shape)


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


def _erf_form(erf):
    def run(v):
        return v * _HALF * (_ONE + erf(v * _ALPHA))
    return run


def _erf_grad_form(erf, exp, add_product):
    def run(v, g):
        cdf = _HALF * (_ONE + erf(v * _ALPHA))
        pdf = _PDF_SCALE * exp(v * v * _F64(-0.5))
        return g * add_product(v, pdf, cdf)
    return run


def _tanh_form(tanh):
    def run(v):
        inner = _BETA * fma(_KAPPA, v * v * v, v)
        return _HALF * v * (_ONE + tanh(inner))
    return run


def _tanh_grad_form(tanh):
    def run(v, g):
        square = v * v
        t = tanh(_BETA * fma(_KAPPA, square * v, v))
        slope = _BETA * fma(_THREE_KAPPA, square, _ONE)
        right = _HALF * v * fma(-t, t, _ONE) * slope
        return g * (_HALF * (_ONE + t) + right)
    return run


_SLEEF_ERF, _SLEEF_TANH = sleef_erf_tanh_double.erf, sleef_erf_tanh_double.tanh
_FORWARD = {"none": (_erf_form(_SLEEF_ERF), _erf_form(_c_erf)),
            "tanh": (_tanh_form(_SLEEF_TANH), _tanh_form(libm.tanh))}
_BACKWARD = {"none": (_erf_grad_form(_SLEEF_ERF, sleef_double.exp, fma),
                      _erf_grad_form(_c_erf, libm.exp, plain)),
             "tanh": (_tanh_grad_form(_SLEEF_TANH), _tanh_grad_form(libm.tanh))}


def gelu(x, approximate):
    """GeluKernelImpl of ``x`` (``approximate`` "none" or "tanh")."""
    return _by_loop(*_FORWARD[approximate], _forward_chunk(x.size), x)


def _grad_operand(g, x):
    """``g`` as a flat array of x's size where the backward loop over (g, x) steps as over
    ``x`` alone (float64 and C-contiguous of x's shape, or one broadcast value), else None."""
    if g.dtype != _F64 or g.shape != x.shape:
        return None
    if g.flags.c_contiguous:
        return g.reshape(-1)
    if not any(g.strides):
        return np.broadcast_to(g.reshape(-1)[:1], (g.size,))
    return None


def gelu_grad(g, x, approximate):
    """GeluBackwardKernelImpl: ``g`` times GELU's slope at ``x``; None where ``g``'s layout
    is not modelled."""
    flat_g = _grad_operand(g, x)
    if flat_g is None:
        return None
    return _by_loop(*_BACKWARD[approximate], kernel_vec.chunk(x.size), x, flat_g)
