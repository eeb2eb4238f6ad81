"""PyTorch's float32 / float64 ``logit`` forward (UnaryOpsKernel.cpp's logit_kernel), bit for
bit where its two logarithms are available here.

Where TensorIterator walks the input as one contiguous run (``dense``) PyTorch's MKL build
takes LogitMKLKernel: the ratio ``x / (1 - x)`` in the element loop's form (``x`` clamped
with ``x < lo ? lo : (x > hi ? hi : x)``, ``x == 1`` giving inf), then VML's Ln over the
buffer (vml.py; VML's result for an element does not depend on its position). Otherwise
its ``cpu_kernel_vec`` loop: over whole 16-float vector steps of each row the vector form
(``clamp`` as ``min(max(x, lo), hi)``, the ratio, SLEEF's log: sleef.logf), the rest of
each row the element form with glibc's ``logf`` (glibc_logf.py). NumPy's log rounds
differently in the last bit on ~9% of values; float64 off the dense path (SLEEF's double
log) is not modelled: callers keep NumPy's form there (None)."""
import numpy as np

from . import glibc_logf, kernel_vec, sleef, vml
from .elementwise import log_array
from .elementwise_layout import unary_iterator_layout
from .kernel_vec import STEP_BYTES
from .vector_loop import unary_vector_positions


def forward(x, eps, dense):
    """``logit(x, eps)`` as PyTorch's kernel computes it for the float32 / float64 array
    ``x`` (``dense``: whether its iterator takes the MKL path), or None where not modelled."""
    dtype = x.dtype.type
    lo = None if eps is None or dtype(eps) < 0 else dtype(eps)  # (a negative eps: none)
    if dense:
        if not vml.available():
            return None
        with np.errstate(divide="ignore", invalid="ignore"):
            return log_array(_element_ratio(x, lo))
    if not (kernel_vec.applies(np.empty(0, x.dtype)) and glibc_logf.available()):
        # (float32, AVX2's / AVX-512's SLEEF calls, glibc's logf)
        return None
    vector = unary_vector_positions(x, STEP_BYTES, kernel_vec.chunk(x.size))
    dense = np.ascontiguousarray(x)  # (compute takes C order; x has a dim here)
    with np.errstate(divide="ignore", invalid="ignore"):
        if vector is None:  # (an inner stride other than 0 or 1: the element loop only)
            out = _element_form(dense, lo)
        else:  # (compute: in cache-sized blocks, on the pool's threads)
            out = kernel_vec.compute(_vector_ratio(dense, lo), sleef.logf)
            scalar = ~vector
            if scalar.any():
                out[scalar] = _element_form(dense[scalar], lo)
    return unary_iterator_layout(out, x)  # (PyTorch's result strides)


def _element_ratio(x, lo):
    """``x == 1 ? inf : x / (1 - x)`` (1 / 0 is inf too) of ``x`` clamped as the element
    loop does: ``x < lo ? lo : (x > hi ? hi : x)``, which np.clip is where lo <= hi (NaN
    kept; a zero's sign does not reach the log)."""
    one = x.dtype.type(1)
    if lo is not None:
        hi = one - lo
        if lo <= hi:
            x = np.clip(x, lo, hi)
        else:  # (an eps above 0.5: x < lo gives lo, the rest hi)
            x = np.where(x < lo, lo, np.where(x > hi, hi, x))
    return x / (one - x)


def _vector_ratio(x, lo):
    if lo is not None:  # (vec::clamp: AVX max / min, which keep a NaN x)
        x = np.minimum(np.maximum(x, lo), lo.dtype.type(1) - lo)
    return x / (x.dtype.type(1) - x)


def _element_form(x, lo):
    """The element loop's ``std::log`` (glibc's logf) of the clamped ratio."""
    return kernel_vec.compute(_element_ratio(x, lo), glibc_logf.logf)
