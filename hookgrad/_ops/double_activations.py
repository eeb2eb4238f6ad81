"""PyTorch's AVX2 / AVX-512 float64 ``silu``, ``softplus``, ``elu`` (selu, celu) and ``mish``
kernels (forward and backward), bit for bit: the vector formula over SLEEF's double functions
(sleef_double.py, sleef_erf_tanh_double.py) on cpu_kernel_vec's vector steps, the scalar
lambda's over C's (libm.py) on each chunk's tail. Callers check ``applies(x)`` first (float64,
C-contiguous, AVX2 or AVX-512; elu's and mish's kernels: ``applies_any_layout(x)``, their
other layouts as vector_loop.py models PyTorch's loop over them)."""
import numpy as np

from . import libm, sleef_double, sleef_erf_tanh_double
from .elementwise_layout import first_operand_layout
from .kernel_vec import STEP_BYTES, chunk
from .pow_atan_kernels import _split
from .sleef_activations import silu_form, silu_grad_form, softplus_form, softplus_grad_form
from .vector_loop import unary_vector_positions, vector_positions

_F64 = np.float64


def applies(x):
    return x.flags.c_contiguous and sleef_double.applies(x) and x.size > 0


def applies_any_layout(x):
    return sleef_double.applies(x) and x.size > 0


def _any_layout(vector, scalar, x, g=None):
    """_by_loop for ``x`` (and ``g``, float64 of its shape) of any layout: the vector form
    where PyTorch's loop takes vectors (vector_loop.py: the iterator's order and inner rows),
    the scalar form elsewhere (everywhere where the layout is not modelled). C order."""
    if x.flags.c_contiguous:
        flat_g = None if g is None else _grad_operand(g, x)
        if g is None or flat_g is not None:
            return _by_loop(vector, scalar, x, flat_g)
    dense = (np.ascontiguousarray(x),) + (() if g is None else (np.ascontiguousarray(g),))
    return _split(_vector_mask(x, g), vector, scalar, *dense)


def _vector_mask(x, g=None):
    """Where PyTorch's loop over ``x`` (and ``g``, its first operand) takes vectors (a mask
    of x's shape; None: nowhere)."""
    if g is None:
        return unary_vector_positions(x, STEP_BYTES, chunk(x.size))
    return vector_positions(x.shape, g, x, STEP_BYTES, chunk=chunk(x.size))


def _by_loop(vector, scalar, x, g=None, *more):
    """``vector`` on every element, ``scalar`` (C's form) on the scalar lambda's (flat
    ``x`` and, for a backward kernel, ``g`` and ``more``: flat float64 of x's size)."""
    flat = x.reshape(-1)
    operands = (flat,) if g is None else (flat, g, *more)
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
    """``g`` as a flat array where the backward kernel's loop steps over it as over ``x``
    (float64 of x's shape, C-contiguous or one broadcast value), else None."""
    if g.dtype != np.float64 or g.shape != x.shape:
        return None
    if g.flags.c_contiguous:
        return g.reshape(-1)
    if not any(g.strides):  # (a broadcast number: the loop's vector steps take it too)
        return np.broadcast_to(g.reshape(-1)[:1], (g.size,))
    return None


def silu_grad(g, x):
    """silu_backward_kernel (see sleef_activations.silu_grad_form); None where ``g``'s
    layout is not modelled."""
    flat_g = _grad_operand(g, x)
    if flat_g is None:
        return None
    return _by_loop(silu_grad_form(sleef_double.exp, sleef_double.fma),
                    silu_grad_form(libm.exp, sleef_double.fma), x, flat_g)


def softplus(x, beta, threshold):
    """softplus_kernel in double (see sleef_activations.softplus_form)."""
    beta, threshold = np.float64(beta), np.float64(threshold)
    return _by_loop(softplus_form(sleef_double.exp, sleef_double.log1p, beta, threshold),
                    softplus_form(libm.exp, libm.log1p, beta, threshold), x)


def softplus_grad(g, x, beta, threshold):
    """softplus_backward_kernel in double; None where ``g``'s layout is not modelled."""
    flat_g = _grad_operand(g, x)
    if flat_g is None:
        return None
    beta, threshold = np.float64(beta), np.float64(threshold)
    return _by_loop(softplus_grad_form(sleef_double.exp, beta, threshold),
                    softplus_grad_form(libm.exp, beta, threshold), x, flat_g)


def _piecewise(linear, straight, curve, *operands):
    """``straight(*operands)`` where ``linear``, ``curve`` of the other elements (computed
    only there: SLEEF's forms cost ~100 times a product)."""
    out = straight(*operands)
    bend = ~linear
    if bend.any():
        out[bend] = curve(*(o[bend] for o in operands))
    return out


def elu(x, alpha, scale, input_scale):
    """``x * scale`` where x >= 0, else ``expm1(x * input_scale) * (alpha * scale)``
    (elu_kernel's vector form; its scalar one tests x < 0, so there a NaN takes the linear
    branch)."""
    negcoef, poscoef, negiptcoef = _F64(alpha) * _F64(scale), _F64(scale), _F64(input_scale)

    def form(expm1, linear):
        return lambda v: _piecewise(linear(v), lambda u: u * poscoef,
                                    lambda u: expm1(u * negiptcoef) * negcoef, v)

    return _any_layout(form(sleef_double.expm1, lambda v: v >= 0),
                       form(libm.expm1, lambda v: ~(v < 0)), x)


def elu_grad(g, x, alpha, scale, input_scale):
    """elu_backward_kernel (of the input): ``g * negiptcoef * negcoef * exp(x * negiptcoef)``
    (multiplied left to right) where x <= 0, else ``g * scale``; a NaN x takes the vector
    form's exponential branch and the scalar form's linear one. None where ``g``'s layout
    is not modelled."""
    if g.dtype != _F64 or g.shape != x.shape:
        return None
    negcoef, poscoef, negiptcoef = _F64(alpha) * _F64(scale), _F64(scale), _F64(input_scale)

    def form(exp, linear):
        return lambda v, gv: _piecewise(
            linear(v), lambda u, gu: gu * poscoef,
            lambda u, gu: gu * negiptcoef * negcoef * exp(u * negiptcoef), v, gv)

    out = _any_layout(form(sleef_double.exp, lambda v: v > 0),
                      form(libm.exp, lambda v: ~(v <= 0)), x, g)
    # (g is the products' first operand in both forms: where it is NaN, its NaN, quiet;
    # NumPy's short loops may take the other operand's)
    nan_g = g != g
    if nan_g.any():
        out.view(np.int64)[nan_g] = g[nan_g].view(np.int64) | _QUIET
    return first_operand_layout(out, g, x)


def _nan_bits(x, out, at, vector_bits, scalar_bits):
    """Set the NaN results at ``at`` (flat positions of x) where the compiled kernel picks
    another NaN than NumPy's: ``vector_bits(lane)`` (None: keep) on the vector steps (lane 0
    to 2 * lanes - 1 of its step), ``scalar_bits(bits of x)`` on the tails."""
    if not at.size:
        return out
    flat, flat_x = out.reshape(-1).view(np.int64), x.reshape(-1).view(np.int64)
    n = flat.size
    size, step = chunk(n), sleef_double._STEP
    tail = np.isin(at, sleef_double.scalar_positions(n))
    for position, lane, scalar in zip(at.tolist(), ((at % size) % step).tolist(), tail.tolist()):
        bits = scalar_bits(int(flat_x[position])) if scalar else vector_bits(lane)
        if bits is not None:
            flat[position] = bits
    return out


_QUIET, _SIGN = 0x0008000000000000, -0x8000000000000000
_DEFAULT_NAN = -0x0008000000000000  # (x86's NaN of an invalid operation: sign bit set)


def _tanh_softplus_form(exp, log1p, tanh):
    return lambda v: tanh(log1p(exp(v)))


_TANH_SOFTPLUS = (_tanh_softplus_form(sleef_double.exp, sleef_double.log1p,
                                      sleef_erf_tanh_double.tanh),
                  _tanh_softplus_form(libm.exp, libm.log1p, libm.tanh))


def mish(x, keep=False):
    """``x * tanh(log1p(exp(x)))`` (Activation.cpp's mish_kernel). A NaN x: its own in the
    first vector of each step, SLEEF tanh's all-ones NaN in the second (the compiled
    product takes its operands in the other order there), its own on the tails (other
    layouts than C order: as NumPy's product picks them). ``keep``: also the tanh factor
    (None unless x is C-contiguous), which the backward kernel computes alike
    (``mish_grad``'s ``tanh_softplus``)."""
    if not x.flags.c_contiguous:
        out = _any_layout(*(lambda v, f=f: v * f(v) for f in _TANH_SOFTPLUS), x)
        return (out, None) if keep else out
    t = _by_loop(*_TANH_SOFTPLUS, x)
    with np.errstate(all="ignore"):
        out = x * t
    lanes = sleef_double._STEP // 2
    _nan_bits(x, out, np.flatnonzero(x != x), lambda lane: -1 if lane >= lanes else None,
              lambda bits: None)
    return (out, (t, chunk(x.size))) if keep else out


def _mish_grad_form(exp, log1p, tanh):
    """mish_backward_kernel's ``g * (t + x * s * (1 - t * t))``, ``s = 1 / (1 + exp(-x))``,
    ``t = tanh(log1p(exp(x)))`` (given: the forward's, or computed): GCC contracts
    ``1 - t * t`` and the outer sum into FMAs (in both forms, as in float32); ``x * s`` may
    pass 2**995 (the FMA's product split then scales it)."""
    fma = sleef_double._fma_wide

    def run(v, gv, t=None):
        s = 1 / (1 + exp(-v))
        if t is None:
            t = tanh(log1p(exp(v)))
        return gv * fma(v * s, fma(-t, t, _F64(1)), t)
    return run


def mish_grad(g, x, tanh_softplus=None):
    """mish_backward_kernel; None where ``g`` is not float64 of x's shape.
    ``tanh_softplus``: the forward's kept factor (``mish(x, keep=True)``), used where the
    backward's loop steps as the forward's (x C-contiguous, its threads' chunks alike)."""
    if g.dtype != _F64 or g.shape != x.shape:
        return None
    vector = _mish_grad_form(sleef_double.exp, sleef_double.log1p, sleef_erf_tanh_double.tanh)
    scalar = _mish_grad_form(libm.exp, libm.log1p, libm.tanh)
    flat_g = _grad_operand(g, x) if x.flags.c_contiguous else None
    # The product with g takes the bracket's NaN where both are NaN: for a NaN x, SLEEF
    # tanh's all-ones NaN on the vector steps, the sigmoid's NaN of -x (quiet) on the tails
    # (other layouts than C order: likewise by its loop); for an infinite x, the invalid
    # product's (x * 0 or inf * 0 in the FMA)
    if flat_g is None:
        out = _any_layout(vector, scalar, x, g)
        nan = x != x
        if nan.any():
            positions = _vector_mask(x, g)
            in_vectors = nan & (False if positions is None else positions)
            out[in_vectors] = _ALL_ONES
            tails = nan & ~in_vectors
            out.view(np.int64)[tails] = (x[tails].view(np.int64) | _QUIET) ^ _SIGN
    else:
        kept = () if tanh_softplus is None or tanh_softplus[1] != chunk(x.size) else \
            (tanh_softplus[0].reshape(-1),)
        out = _by_loop(vector, scalar, x, flat_g, *kept)
        _nan_bits(x, out, np.flatnonzero(x != x), lambda lane: -1,
                  lambda bits: (bits | _QUIET) ^ _SIGN)
    out[np.isinf(x)] = np.int64(_DEFAULT_NAN).view(_F64)
    return first_operand_layout(out, g, x)


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
