"""PyTorch's AVX2 / AVX-512 float64 ``silu`` kernels (forward and backward), bit for bit: the
vector formula over SLEEF's double exp (sleef_double.py) on cpu_kernel_vec's vector steps,
the scalar lambda's over C's exp (libm.py) on each chunk's tail. Callers check
``applies(x)`` first (float64, C-contiguous, AVX2 or AVX-512)."""
import numpy as np

from . import libm, sleef_double

_ONE = np.float64(1)


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
    return _by_loop(lambda v: v / (_ONE + sleef_double.exp(-v)),
                    lambda v: v / (_ONE + libm.exp(-v)), x)


def silu_grad(g, x):
    """``g * s * (1 + x * (1 - s))``, ``s = 1 / (1 + exp(-x))``, the ``1 + x * ...`` one FMA
    (GCC contracts it in both forms); None unless ``g`` is float64, C-contiguous, x's shape."""
    if g.dtype != np.float64 or g.shape != x.shape or not g.flags.c_contiguous:
        return None

    def form(exp):
        def run(v, gv):
            s = _ONE / (_ONE + exp(-v))
            return gv * s * sleef_double.fma(v, _ONE - s, _ONE)
        return run

    return _by_loop(form(sleef_double.exp), form(libm.exp), x, g)


def softplus(x, beta, threshold):
    """``x`` where ``x * beta > threshold``, else ``log1p(exp(x * beta)) / beta``
    (Activation.cpp's softplus_kernel, in double)."""
    beta, threshold = np.float64(beta), np.float64(threshold)

    def form(exp, log1p):
        def run(v):
            bx = v * beta
            return np.where(bx > threshold, v, log1p(exp(bx)) / beta)
        return run

    return _by_loop(form(sleef_double.exp, sleef_double.log1p), form(libm.exp, libm.log1p), x)


def softplus_grad(g, x, beta, threshold):
    """softplus_backward_kernel: ``g`` where ``x * beta > threshold``, else ``g * z / (z + 1)``
    with ``z = exp(x * beta)``; None unless ``g`` is float64, C-contiguous, x's shape."""
    if g.dtype != np.float64 or g.shape != x.shape or not g.flags.c_contiguous:
        return None
    beta, threshold = np.float64(beta), np.float64(threshold)

    def form(exp):
        def run(v, gv):
            bx = v * beta
            z = exp(bx)
            return np.where(bx > threshold, gv, gv * z / (z + _ONE))
        return run

    return _by_loop(form(sleef_double.exp), form(libm.exp), x, g)


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
