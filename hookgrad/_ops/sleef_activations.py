"""PyTorch's AVX2 float32 kernels of sigmoid, silu, elu (selu, celu), softplus, log_sigmoid,
expm1 and log1p, bit for bit: each kernel's vector formula over SLEEF's functions
(sleef.py) and, on the elements its loop leaves to the scalar lambda (kernel_vec.py),
that lambda's formula over glibc's. Callers check ``kernel_vec.applies(x)`` first (float32,
C-contiguous, AVX2); other inputs keep their NumPy forms."""
import numpy as np

from . import sleef
from .kernel_vec import compute, libm

_ONE = np.float32(1)
_ALL_ONES = np.int32(-1).view(np.float32)


def sigmoid(x):
    """``1 / (1 + exp(-x))`` (UnaryOpsKernel's sigmoid_kernel)."""
    return compute(x, lambda v: _ONE / (sleef.expf(-v) + _ONE),
                   lambda v: _ONE / (_ONE + libm("expf", -v)))


def silu(x):
    """``x / (1 + exp(-x))`` (Activation.cpp's silu_kernel)."""
    return compute(x, lambda v: v / (_ONE + sleef.expf(-v)),
                   lambda v: v / (_ONE + libm("expf", -v)))


def elu(x, alpha, scale, input_scale):
    """``x * scale`` where x > 0, else ``expm1(x * input_scale) * (alpha * scale)`` with the
    coefficients in float32 (Activation.cpp's elu_kernel)."""
    f32 = np.float32
    negcoef, poscoef, negiptcoef = f32(alpha) * f32(scale), f32(scale), f32(input_scale)

    def vector(v):
        return np.where(v > 0, v * poscoef, sleef.expm1f(v * negiptcoef) * negcoef)

    def scalar(v):
        return np.where(v <= 0, libm("expm1f", v * negiptcoef) * negcoef, v * poscoef)

    return compute(x, vector, scalar)


def softplus(x, beta, threshold):
    """``x`` where ``x * beta > threshold``, else ``log1p(exp(x * beta)) / beta``
    (Activation.cpp's softplus_kernel), in float32."""
    beta, threshold = np.float32(beta), np.float32(threshold)

    def vector(v):
        bx = v * beta
        return np.where(bx > threshold, v, sleef.log1pf(sleef.expf(bx)) / beta)

    def scalar(v):
        bx = v * beta
        return np.where(bx > threshold, v, libm("log1pf", libm("expf", bx)) / beta)

    return compute(x, vector, scalar)


def _log_sigmoid(v):
    out = np.minimum(v, np.float32(0)) - sleef.log1pf(sleef.expf(-np.abs(v)))
    nan = v != v
    if nan.any():  # (vec::minimum ORs in the unordered mask: a NaN with all bits set)
        out[nan] = _ALL_ONES
    return out


def log_sigmoid(x):
    """``min(x, 0) - log1p(exp(-|x|))`` (Activation.cpp's _vec_log_sigmoid: vector functions
    for every element, a partial last vector included)."""
    return compute(x, _log_sigmoid)


def expm1(x):
    """torch.expm1 (SLEEF's for every element: its kernel maps the vector function over the
    whole buffer, a partial last vector included)."""
    return compute(x, sleef.expm1f)


def log1p(x):
    """torch.log1p (as expm1)."""
    return compute(x, sleef.log1pf)
