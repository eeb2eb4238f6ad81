"""PyTorch's last-dim softmax and log_softmax kernels for float64 (``_vec_softmax_lastdim``,
``_vec_log_softmax_lastdim``, log_softmax's backward), bit for bit, on its AVX2 and AVX-512
builds: per row the max, ``exp(x - max)`` with SLEEF's ``expd4_u10`` / ``expd8_u10`` (one
algorithm: sleef_double.exp), the sum by ``vec::reduce_all`` (softmax_grad_order.lane_sum:
4 or 8 lanes, then the lanes in order), then softmax ``exp * (1 / sum)`` and log_softmax
``x - max - log(sum)`` (SLEEF's ``logd_u10``); log_softmax's backward ``grad - exp(output) *
sum(grad)`` one FMA with SLEEF's exp. NumPy's exp (glibc's, or NumPy's own SIMD code on
AVX-512) and its pairwise sums round differently in the last bit on most rows.

SLEEF's float64 exp costs here ~200 ns an element (NumPy's exp 2): inputs above
EXACT_ELEMENTS keep NumPy's (float64 softmax is rare in training). Checked against torch
2.13 on rows of 1 to 100 on both builds."""
import numpy as np

from ..backends.cpu import CAPABILITY
from . import sleef_double
from .softmax_grad_order import lane_sum

_F64 = np.float64
EXACT_ELEMENTS = 1 << 15


def applies(x):
    """Whether these forms compute ``x``'s kernel: float64, an AVX2 or AVX-512 build, at
    most EXACT_ELEMENTS elements (and at least one)."""
    return (x.dtype == _F64 and 0 < x.size <= EXACT_ELEMENTS
            and CAPABILITY in ("AVX2", "AVX512"))


def _shifted_exps(x):
    top = np.maximum.reduce(x, axis=-1, keepdims=True)
    if not np.isfinite(top).all():
        return None, None
    shifted = x - top
    with np.errstate(all="ignore"):  # (-inf inputs: exp 0)
        return shifted, sleef_double.exp(shifted)


def softmax_rows(x):
    """softmax along the last axis of the float64 ``x``, or None where a max is not finite
    (the caller's NaN and inf rules)."""
    _, exps = _shifted_exps(x)
    if exps is None:
        return None
    exps *= 1 / lane_sum(exps)
    return exps


def log_softmax_rows(x):
    """log_softmax along the last axis of the float64 ``x``, or None where a max is not
    finite."""
    shifted, exps = _shifted_exps(x)
    if exps is None:
        return None
    shifted -= sleef_double.log_sum(lane_sum(exps))
    return shifted


def kernel_exp(y):
    """The exp of the float64 ``y`` (log_softmax's output, at most 0) as the backward
    kernel's vector loop takes it: SLEEF's."""
    with np.errstate(all="ignore"):
        return sleef_double.exp(y)
