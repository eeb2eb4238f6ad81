"""PyTorch's ``norm_backward``, the gradient of a p-norm (``linalg.vector_norm``, ``norm``,
``dist``), written as PyTorch's compiled formula runs so that under create_graph its nodes
come in PyTorch's order."""
import numpy as np

from .._tensor_base import ZERO_TENSOR_MESSAGE
from .c_strides import has_c_strides
from .op import plain_backward


def norm_backward(a, norm, grad, p, dims):
    """PyTorch's ``norm_backward``: the gradient of the p-norm ``norm`` of ``a`` over ``dims``
    (``grad`` and ``norm`` with those dims kept), case by case; differentiable again. Under
    create_graph the nodes are made in the order PyTorch's compiled formula makes them: GCC
    evaluates the operands of ``x * y`` right to left, so ``y``'s nodes come first (the
    engine runs later nodes first, which orders the sums of gradients and the hook calls)."""
    if p == 0:
        return None  # PyTorch leaves this gradient undefined
    if p == 1:
        return a.sgn() * grad
    # PyTorch's pow_ and masked_fill_ are in place (pow_ saves a clone of its input: a
    # CloneBackward0 node); in place only where that shows, as the in-place call costs more
    recording = not plain_backward()
    if p == 2:  # zero subgradient at the origin
        return grad * _masked_fill(a / norm, norm == 0, recording)
    if p in (np.inf, -np.inf):  # like amax of |a|: ties share evenly, NaNs count as ties
        magnitude = a.abs()
        mask = (magnitude == norm) | magnitude.isnan()
        share = grad / mask.sum(dims, keepdim=True) * mask
        return a.sgn() * share
    if p < 1:
        powered = _masked_fill(_pow(a.abs(), p - 1, recording), a == 0, recording)
        scaled = a.sgn() * powered
        norm_power = norm.pow(1 - p)
        return scaled * grad * norm_power
    if grad._zero_tensor:  # (PyTorch's formula masks grad / norm ** (p - 1) in place)
        raise RuntimeError(ZERO_TENSOR_MESSAGE)
    powered = _pow(a.abs(), p - 1 if p < 2 else p - 2, recording)
    scaled = a.sgn() * powered if p < 2 else a * powered
    return scaled * _masked_fill(grad / norm.pow(p - 1), norm == 0, recording)


def _pow(t, exponent, in_place):
    return t.pow_(exponent) if in_place else t.pow(exponent)


def _masked_fill(t, mask, in_place):
    # (also in place for a ``t`` laid out otherwise than C order: the out-of-place masked_fill
    # gives a contiguous clone, where PyTorch's masked_fill_ keeps ``t``'s layout)
    if in_place or not has_c_strides(t._data):  # (size-1 dims' strides too)
        return t.masked_fill_(mask, 0)
    return t.masked_fill(mask, 0)
