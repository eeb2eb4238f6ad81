"""PyTorch's AVX2 / AVX-512 float32 kernels of the tanh-approximated GELU (Activation.cpp's
GeluKernel and GeluBackwardKernel, ``approximate="tanh"``), bit for bit: the vector forms over
SLEEF's tanhf (sleef.py), and on the elements the loop leaves to the scalar lambda (kernel_vec.py)
the same formula over glibc's tanhf, for inputs of up to EXACT_MAX_ELEMENTS. GCC fuses ``x + kappa *
x**3``, ``1 - t * t`` and ``1 + 3 * kappa * x**2`` into FMAs in both forms, and adds the two halves
of the derivative unfused (measured against PyTorch 2.13: NumPy's formula differed on 0.6% of
forward and 40% of backward values). Callers check ``applies(x)`` first."""
import math

import numpy as np

from . import kernel_vec, sleef
from .kernel_vec import compute, grad_operand, libm

# Up to this many elements (SLEEF's tanhf emulated costs 14 times the NumPy form: (256, 1024)
# forward and backward, 67 ms against 4.8 ms; PyTorch 2.6 ms); larger inputs keep MKL's tanh
# in the textbook formula, equal within rounding
EXACT_MAX_ELEMENTS = 1 << 16

_F32 = np.float32
_BETA = _F32(math.sqrt(2) * (2 / math.sqrt(math.pi)) * 0.5)
_KAPPA = _F32(0.044715)
_THREE_KAPPA = _F32(3) * _KAPPA
_ONE, _HALF = _F32(1), _F32(0.5)


def applies(x):
    """Whether ``x`` takes PyTorch's kernel here (float32, C-contiguous, AVX2 or AVX-512, small)."""
    return x.size <= EXACT_MAX_ELEMENTS and kernel_vec.applies(x)


def _inner(v):
    return _BETA * sleef.fma(_KAPPA, v * v * v, v)


def _glibc_tanh(v):
    return libm("tanhf", v)


def gelu(x):
    """``0.5 * x * (1 + tanh(beta * (x + kappa * x**3)))``."""
    def form(tanh):
        return lambda v: _HALF * v * (_ONE + tanh(_inner(v)))
    return compute(x, form(sleef.tanhf), form(_glibc_tanh))


def gelu_grad(g, x):
    """``g * (0.5 * (1 + t) + 0.5 * x * (1 - t * t) * beta * (1 + 3 * kappa * x**2))`` with
    ``t`` the forward's tanh; None where ``g``'s layout is not the loop's."""
    flat_g = grad_operand(g, x)
    if flat_g is None:
        return None

    def form(tanh):
        def run(v, gv):
            square = v * v
            t = tanh(_BETA * sleef.fma(_KAPPA, v * square, v))
            slope = _BETA * sleef.fma(_THREE_KAPPA, square, _ONE)
            right = _HALF * v * sleef.fma(-t, t, _ONE) * slope
            return gv * (_HALF * (_ONE + t) + right)
        return run

    return compute(x, form(sleef.tanhf), form(_glibc_tanh), flat_g)
