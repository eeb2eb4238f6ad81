"""PyTorch's AVX2 / AVX-512 float32 kernels of sigmoid, silu, elu (selu, celu), softplus,
log_sigmoid, mish, expm1, log1p, sinh, cosh, atanh and exp2 (and the backward kernels that call
exp), bit for bit: each kernel's vector formula over SLEEF's functions (sleef.py) and, on the
elements its loop leaves to the scalar lambda (kernel_vec.py), that lambda's formula over glibc's.
Callers check ``kernel_vec.applies(x)`` first (float32, C-contiguous, AVX2 or AVX-512; ``applies``
here is the same); other inputs keep their NumPy forms."""
import numpy as np

from . import sleef
from .kernel_vec import LANES, compute, grad_operand, lanes, libm
from .kernel_vec import applies as applies  # (the check callers make first)

_ONE = np.float32(1)
_ALL_ONES = np.int32(-1).view(np.float32)


def sigmoid(x):
    """``1 / (1 + exp(-x))`` (UnaryOpsKernel's sigmoid_kernel)."""
    return compute(x, lambda v: _ONE / (sleef.expf(-v) + _ONE),
                   lambda v: _ONE / (_ONE + libm("expf", -v)))


def silu_form(exp):
    """silu_kernel's ``x / (1 + exp(-x))`` over ``exp`` (a vector or a scalar form; float32
    here, float64 in double_activations)."""
    return lambda v: v / (1 + exp(-v))


def softplus_form(exp, log1p, beta, threshold):
    """softplus_kernel's ``x`` where ``x * beta > threshold``, else ``log1p(exp(x * beta)) /
    beta`` (``beta``, ``threshold``: numbers of the input's dtype)."""
    def run(v):
        bx = v * beta
        return np.where(bx > threshold, v, log1p(exp(bx)) / beta)
    return run


def silu_grad_form(exp, fma):
    """silu_backward_kernel's ``g * s * (1 + x * (1 - s))``, ``s = 1 / (1 + exp(-x))``, its
    ``1 + x * ...`` one FMA (GCC contracts it in both of the kernel's forms)."""
    def run(v, gv):
        one = v.dtype.type(1)
        s = one / (one + exp(-v))
        return gv * s * fma(v, one - s, one)
    return run


def softplus_grad_form(exp, beta, threshold):
    """softplus_backward_kernel's ``g`` where ``x * beta > threshold``, else
    ``g * z / (z + 1)`` with ``z = exp(x * beta)``."""
    def run(v, gv):
        bx = v * beta
        z = exp(bx)
        return np.where(bx > threshold, gv, gv * z / (z + 1))
    return run


def silu(x):
    """``x / (1 + exp(-x))`` (Activation.cpp's silu_kernel)."""
    return compute(x, silu_form(sleef.expf), silu_form(lambda v: libm("expf", v)))


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
    return compute(x, softplus_form(sleef.expf, sleef.log1pf, beta, threshold),
                   softplus_form(lambda v: libm("expf", v), lambda v: libm("log1pf", v),
                                 beta, threshold))


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


# Backward kernels (grad_output g, input x): None where g's layout is not modelled.

def silu_grad(g, x):
    """``g * s * (1 + x * (1 - s))``, ``s = 1 / (1 + exp(-x))``, its ``1 + x * ...`` one
    FMA (GCC contracts it in both of silu_backward_kernel's forms)."""
    flat_g = grad_operand(g, x)
    if flat_g is None:
        return None
    return compute(x, silu_grad_form(sleef.expf, sleef.fma),
                   silu_grad_form(lambda v: libm("expf", v), sleef.fma), flat_g)


def elu_grad(g, x, alpha, scale, input_scale):
    """elu_backward_kernel (of the input): ``g * negiptcoef * negcoef * exp(x * negiptcoef)``
    where x <= 0, else ``g * scale``; a NaN x takes the vector form's exponential branch and
    the scalar form's linear one."""
    flat_g = grad_operand(g, x)
    if flat_g is None:
        return None
    f32 = np.float32
    negcoef, poscoef, negiptcoef = f32(alpha) * f32(scale), f32(scale), f32(input_scale)

    def vector(v, gv):
        return np.where(v > 0, gv * poscoef, gv * negiptcoef * negcoef * sleef.expf(v * negiptcoef))

    def scalar(v, gv):
        return np.where(v <= 0, gv * negiptcoef * negcoef * libm("expf", v * negiptcoef),
                        gv * poscoef)

    return compute(x, vector, scalar, flat_g)


def softplus_grad(g, x, beta, threshold):
    """softplus_backward_kernel: ``g`` where ``x * beta > threshold``, else ``g * z / (z + 1)``
    with ``z = exp(x * beta)``."""
    flat_g = grad_operand(g, x)
    if flat_g is None:
        return None
    beta, threshold = np.float32(beta), np.float32(threshold)
    return compute(x, softplus_grad_form(sleef.expf, beta, threshold),
                   softplus_grad_form(lambda v: libm("expf", v), beta, threshold), flat_g)


def log_sigmoid_buffer(x):
    """``exp(-|x|)``, the buffer log_sigmoid_forward saves for its backward (SLEEF's for every
    element: its loop takes a partial last vector)."""
    return compute(-np.abs(x, order="C"), sleef.expf)  # (not ascontiguousarray: 0-d stays 0-d)


def _nan_lanes(x, out, vector_nan, scalar_nan=None):
    """NaN results of a NaN input where the compiled kernel picks another operand's NaN than
    NumPy's: ``vector_nan(lane)`` (None: keep) for the vector steps' lanes, ``scalar_nan``
    (a function of the input's NaN bits) for the tails."""
    flat_x = x.reshape(-1)
    nan = np.flatnonzero(flat_x != flat_x)
    if not nan.size:
        return out
    flat = out.reshape(-1).view(np.int32)
    lane = lanes(flat_x.size, nan)
    for position, at in zip(nan.tolist(), lane.tolist()):
        if at >= 0:
            bits = vector_nan(at)
            if bits is not None:
                flat[position] = bits
        elif scalar_nan is not None:
            flat[position] = scalar_nan(int(flat_x.view(np.int32)[position]))
    return out


def mish(x):
    """``x * tanh(log1p(exp(x)))`` (Activation.cpp's mish_kernel). A NaN x: its own (quiet)
    in the first vector of each step, SLEEF tanhf's all-ones NaN in the second (the compiled
    product takes its operands in the other order there)."""
    out = compute(x, lambda v: v * sleef.tanhf(sleef.log1pf(sleef.expf(v))),
                  lambda v: v * libm("tanhf", libm("log1pf", libm("expf", v))))
    return _nan_lanes(x, out, lambda lane: -1 if lane >= LANES else None)


def mish_grad(g, x):
    """mish_backward_kernel: ``g * (t + x * s * (1 - t * t))`` with ``s = 1 / (1 + exp(-x))``,
    ``t = tanh(log1p(exp(x)))``; GCC contracts ``1 - t * t`` and the outer sum into FMAs."""
    flat_g = grad_operand(g, x)
    if flat_g is None:
        return None

    def form(exp, log1p, tanh):
        def run(v, gv):
            s = _ONE / (_ONE + exp(-v))
            t = tanh(log1p(exp(v)))
            return gv * sleef.fma(v * s, sleef.fma(-t, t, _ONE), t)
        return run

    out = compute(x, form(sleef.expf, sleef.log1pf, sleef.tanhf),
                  form(*(lambda v, f=f: libm(f, v) for f in ("expf", "log1pf", "tanhf"))),
                  flat_g)
    # (a NaN x: the vector form's FMAs give tanhf's all-ones NaN, the scalar one the NaN of
    # -x, quiet, from the sigmoid)
    return _nan_lanes(x, out, lambda lane: -1,
                      lambda bits: (bits | 0x00400000) ^ np.int32(-0x80000000))


def _unary(vector, name):
    """A plain unary kernel (UnaryOpsKernel's sinh, cosh, atanh, exp2): SLEEF's ``vector`` on
    the vector steps, glibc's ``name`` on each chunk's tail."""
    return lambda x: compute(x, vector, lambda v: libm(name, v))


sinh, cosh = _unary(sleef.sinhf, "sinhf"), _unary(sleef.coshf, "coshf")
atanh, exp2 = _unary(sleef.atanhf, "atanhf"), _unary(sleef.exp2f, "exp2f")
