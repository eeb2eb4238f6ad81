"""PyTorch's AVX2 / AVX-512 float64 ``silu`` kernels (forward and backward), bit for bit: the
vector formula over SLEEF's double exp (sleef_double.py) on cpu_kernel_vec's vector steps,
the scalar lambda's over C's exp (libm.py) on each chunk's tail. Callers check
``applies(x)`` first (float64, C-contiguous, AVX2 or AVX-512)."""
import numpy as np

from . import libm, sleef_double
from .sleef_activations import silu_form, silu_grad_form, softplus_form, softplus_grad_form


def applies(x):
    return x.flags.c_contiguous and sleef_double.applies(x) and x.size > 0


def _by_loop(vector, scalar, x, g=None):
    """``vector`` on every element, ``scalar`` (C's form) on the scalar lambda's (flat
    ``x`` and, for a backward kernel, ``g``: float64 of x's shape, C-contiguous)."""
    flat = x.reshape(-1)
    operands = (flat,) if g is None else (flat, g.reshape(-1))
    with np.errstate(all="ignore"):
        out = vector(*operands)
        tail = sleef_double.scalar_positions(flat.size)
        if tail.size:
            out[tail] = scalar(*(o[tail] for o in operands))
    return out.reshape(x.shape)


def silu(x):
    """``x / (1 + exp(-x))`` (Activation.cpp's silu_kernel)."""
    return _by_loop(silu_form(sleef_double.exp), silu_form(libm.exp), x)


def _grad_operand(g, x):
    """``g`` where the backward kernel's loop steps over it as over ``x`` (float64,
    C-contiguous, x's shape), else None."""
    return g if g.dtype == np.float64 and g.shape == x.shape and g.flags.c_contiguous else None


def silu_grad(g, x):
    """silu_backward_kernel (see sleef_activations.silu_grad_form); None where ``g``'s
    layout is not modelled."""
    if _grad_operand(g, x) is None:
        return None
    return _by_loop(silu_grad_form(sleef_double.exp, sleef_double.fma),
                    silu_grad_form(libm.exp, sleef_double.fma), x, g)


def softplus(x, beta, threshold):
    """softplus_kernel in double (see sleef_activations.softplus_form)."""
    beta, threshold = np.float64(beta), np.float64(threshold)
    return _by_loop(softplus_form(sleef_double.exp, sleef_double.log1p, beta, threshold),
                    softplus_form(libm.exp, libm.log1p, beta, threshold), x)


def softplus_grad(g, x, beta, threshold):
    """softplus_backward_kernel in double; None where ``g``'s layout is not modelled."""
    if _grad_operand(g, x) is None:
        return None
    beta, threshold = np.float64(beta), np.float64(threshold)
    return _by_loop(softplus_grad_form(sleef_double.exp, beta, threshold),
                    softplus_grad_form(libm.exp, beta, threshold), x, g)


def log_sigmoid(x):
    """``min(x, 0) - log1p(exp(-|x|))`` (Activation.cpp's _vec_log_sigmoid: SLEEF's functions
    for every element, a partial last vector included; a NaN as vec::minimum leaves it,
    all bits set)."""
    with np.errstate(all="ignore"):
        out = np.minimum(x, 0) - sleef_double.log1p(sleef_double.exp(-np.abs(x)))
    out = np.asarray(out, order="C")
    nan = x != x
    if nan.any():
        out[nan] = _ALL_ONES
    return out


def log_sigmoid_buffer(x):
    """``exp(-|x|)``, the buffer log_sigmoid_forward saves for its backward (SLEEF's)."""
    with np.errstate(all="ignore"):
        return sleef_double.exp(-np.abs(x))


_ALL_ONES = np.int64(-1).view(np.float64)
