"""softmax's and log_softmax's gradients rounded as PyTorch's CPU kernels round them over the
last dim (``_vec_host_softmax_backward_lastdim``): the row sums by ``vec::reduce_all`` /
``map2_reduce_all`` over vector lanes; log_softmax's ``grad - exp(output) * sum`` one fused
multiply-add (GCC contracts the vector multiply and subtract), softmax's ``(grad - sum) *
output``. log_softmax's exp is the kernel's vectorised one (not modelled: torch.exp's, which
this uses, differs from it in the last bit on a few elements)."""
import numpy as np

from ..backends.cpu import VECTOR_BYTES
from .fused import fma32, fma64


def lane_sum(values):
    """Each row of ``values`` (..., n) summed as PyTorch's ``vec::reduce_all`` over vectors of
    ``VECTOR_BYTES``: fewer elements than a vector one by one from the first; else whole
    vectors added lane by lane in order, the leftover elements into the first lanes, then
    the lanes: float32's by halves (lane i + lane i + half, down to lane 0 + lane 1: its
    vector's shuffle reduction), float64's one by one from lane 0 (the generic reduction).
    Keeps the last axis. (Measured against PyTorch's AVX2 and AVX-512 builds.)"""
    lanes = VECTOR_BYTES // values.itemsize
    n = values.shape[-1]
    if n < lanes:
        return _in_order(values)
    whole = n // lanes * lanes
    vectors = values[..., :whole].reshape(values.shape[:-1] + (whole // lanes, lanes))
    if whole == lanes:
        acc = vectors[..., 0, :].copy()
    else:  # (strictly in order, vector by vector)
        acc = np.add.accumulate(vectors, axis=-2)[..., -1, :]
    if whole < n:
        acc[..., :n - whole] += values[..., whole:]
    if values.dtype != np.float32:
        return _in_order(acc)
    while lanes > 1:
        lanes //= 2
        acc = acc[..., :lanes] + acc[..., lanes:]
    return acc


def _in_order(values):
    """The rows' sums from the first element on, keeping the last axis."""
    total = values[..., :1].copy()
    for i in range(1, values.shape[-1]):
        total += values[..., i:i + 1]
    return total


def log_softmax_grad_array(grad, output, dims, exp, exact=True):
    """The gradient of log_softmax's input from its output's ``grad`` and its ``output``
    (arrays of one dtype); ``exp`` is the exp function (torch.exp's). ``exact=False`` (a
    float32 backward without create_graph, the common training case) keeps NumPy's sum and
    an unfused multiply and subtract: the lane-ordered sum and the fused multiply-add cost
    2-3 times the whole gradient in NumPy (measured at 1M elements), more than rounding
    PyTorch's last bit is worth there."""
    dtype = grad.dtype
    last = grad.ndim - 1
    if (exact and dims == (last,) and (dtype == np.float32 or dtype == np.float64)
            and output.dtype == dtype and grad.shape == output.shape and grad.size):
        total = lane_sum(grad)
        negated = exp(output)
        np.negative(negated, out=negated)
        return (fma32 if dtype == np.float32 else fma64)(negated, total, grad)
    return grad - exp(output) * np.add.reduce(grad, axis=dims, keepdims=True)


def softmax_grad_array(grad, output, dims):
    """The gradient of softmax's input from its output's ``grad`` and its ``output`` (arrays
    of one dtype): ``(grad - sum(grad * output)) * output``, the products rounded, then
    summed in lanes as ``map2_reduce_all`` sums them. (A float32 backward without
    create_graph, the common training case, keeps its one-pass NumPy sums: the lane order
    costs about three times that gradient.)"""
    dtype = grad.dtype
    if (dims == (grad.ndim - 1,) and (dtype == np.float32 or dtype == np.float64)
            and output.dtype == dtype and grad.shape == output.shape and grad.size):
        total = lane_sum(grad * output)
        return (grad - total) * output
    return output * (grad - (grad * output).sum(dims, keepdims=True))
