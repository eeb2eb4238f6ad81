"""``logit`` and its gradient, with the non-finite results of PyTorch's CPU kernels.

PyTorch's backward kernel (``logit_backward``, run when backward does not record) has two
forms: its element loop returns ``dy * inf`` at ``x == 0`` or ``1`` and lets a NaN ``x``
through the formula ``dy / (x (1 - x))``; its vector loop (whole vector steps of each inner
row, vector_loop.py) computes that formula everywhere and blends in the out-of-range value
wherever ``lo <= x <= hi`` fails, a NaN ``x`` included. So only the vector loop turns ``-0``
into ``dy / -0`` (the opposite infinity) and a NaN ``x`` into the positive quiet NaN (no
``eps``) or 0 (with one); every other class of operand gives the same bits in both forms
(read off PyTorch 2.13 over every class of ``x`` and ``dy``, float32 and float64)."""
import numpy as np

from .._tensor_base import _make
from ..autograd.grad_mode import state as _grad_state
from . import logit_kernel
from .elementwise import unsigned_nans
from .kernel_vec import STEP_BYTES
from .op import Op, float_input
from .scalar_forms import number_minus
from .selection import where
from .sleef import LOG_NANS_FROM_INPUT
from .vector_loop import contiguous_run, vector_positions


class LogitBackward0(Op):
    """``log(p / (1 - p))``, ``p`` clamped to ``[eps, 1 - eps]`` when ``eps`` is given; the
    gradient is 0 outside that range (NaN outside [0, 1] without ``eps``), as PyTorch's."""

    saved_names = ('self',)

    def forward(self, a, eps):
        self.save(a)
        self.eps = eps
        x = float_input(a)
        if x.dtype in (np.float32, np.float64):
            out = logit_kernel.forward(x, eps, _dense(x))
            if out is not None:
                return out
        if eps is not None and eps >= 0:  # (a negative eps clamps nothing, as in PyTorch)
            x = np.clip(x, eps, 1 - eps)
        with np.errstate(divide="ignore", invalid="ignore"):
            ratio = x / (1 - x)
            if ratio.dtype not in (np.float32, np.float64):  # (half types round the NaN apart)
                return np.log(ratio)
        # PyTorch's NaNs: log of a negative ratio is a NaN without sign bit; a NaN ratio
        # (a NaN input, or inf / -inf, whose NaN has it set) passes through as it is, which
        # NumPy's float32 log does not do
        out = unsigned_nans(np.log, ratio)
        if ratio.dtype == np.float32 and np.isnan(ratio).any():
            out = np.where(ratio != ratio, ratio, out)
        if out.size > 1 and not _dense(a._data):
            squares = np.vdot(out, out)
            if squares != squares:
                return _strided_nans(out, a._data, eps)
        return out

    def backward(self, grad):
        (a,) = self.saved()
        low, high = (0.0, 1.0) if self.eps is None else (self.eps, 1 - self.eps)
        if _grad_state.grad_enabled:  # PyTorch's infinitely differentiable formula (its
            # choice by grad mode): outside [low, high] (NaN included) NaN without eps, 0 with it
            inside = _make((a._data >= low) & (a._data <= high))
            slope = grad / (a * number_minus(1.0, a))
            return where(inside, slope, _make(np.array(np.nan if self.eps is None else 0.0,
                                                       slope._data.dtype)))
        if grad._zero_tensor:  # (PyTorch's kernel reads sgn's ZeroTensor as zeros: 0 * inf
            grad = _make(np.zeros_like(grad._data))  # is NaN at 0 and 1)
        result = grad / (a * (1 - a) + 0.0)  # (+ 0.0: at -0. too the slope is +inf)
        if self.eps is None or self.eps < 0:  # (PyTorch's kernel: a negative eps is none)
            result = result.masked_fill((a < 0) | (a > 1), float("nan"))
        else:
            result = result.masked_fill((a < self.eps) | (a > 1 - self.eps), 0.0)
        out = result._data
        if out.dtype in (np.float32, np.float64) and out.size:
            squares = np.vdot(out, out)  # (finite unless a value is not: the common case)
            if squares - squares != 0:
                return _make(_vector_form(out, grad._data, a._data, self.eps))
        return result


def _dense(x):
    """Whether PyTorch's iterator walks ``x`` as one contiguous run (any dims order, no gaps):
    its logit kernel then takes MKL's log (the rule above), else its own loops."""
    if x.flags.c_contiguous or x.flags.f_contiguous:
        return True
    dims = sorted((d for d in range(x.ndim) if x.shape[d] != 1), key=lambda d: -x.strides[d])
    return contiguous_run(x, dims)


def _strided_nans(out, x, eps):
    """The NaN signs of PyTorch's own logit loops (an input with gaps or expanded): the
    vector loop's Sleef log gives every NaN without sign bit (AVX-512's float64 one: see
    below); the element loop's float32
    ``logf`` of a negative ratio (an input outside [0, 1] without eps) sets it."""
    vector = vector_positions(out.shape, x, 0.0, STEP_BYTES)
    nans = out != out
    out = np.array(out, copy=True)
    if out.dtype == np.float32 and (eps is None or eps < 0):
        xs = np.broadcast_to(x, out.shape)
        out[nans & (xs == xs) & ~np.isinf(xs)] = -np.nan
    if vector is not None:
        if LOG_NANS_FROM_INPUT and out.dtype == np.float64:  # (Sleef_logd8's NaN: the ratio's
            # bits, its sign a NaN x's, else set: a negative ratio's, or inf / -inf's)
            xs = np.broadcast_to(x, out.shape)
            out[nans & vector] = np.where(np.signbit(xs) | (xs == xs), -np.nan,
                                          np.nan)[nans & vector]
        else:
            out[nans & vector] = np.nan
    return out


def _vector_form(out, dy, x, eps):
    """``out`` (the element loop's gradient, non-finite somewhere) with the vector loop's
    values where PyTorch's kernel runs it: at a ``-0`` inside the range (``dy / -0``) and at
    a NaN ``x`` (the out-of-range value)."""
    if x.dtype != out.dtype:
        return out
    # (above PARALLEL_GRAIN elements PyTorch's threads split the rows, each chunk with its
    # own element-loop tail: the vector form still holds nearly everywhere)
    vector = vector_positions(out.shape, dy, x, STEP_BYTES)
    if vector is None:
        return out
    xs = np.broadcast_to(x, out.shape)
    nan_x = xs != xs
    negative_zero = (xs == 0) & np.signbit(xs) & (eps is None or eps <= 0)
    change = vector & (nan_x | (negative_zero & np.isinf(out)))
    if not change.any():
        return out
    out = np.array(out, copy=True)
    out[change & ~nan_x] *= -1
    out[change & nan_x] = np.nan if eps is None or eps < 0 else 0.0
    return out
