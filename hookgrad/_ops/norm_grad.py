"""PyTorch's ``norm_backward``, the gradient of a p-norm (``linalg.vector_norm``, ``norm``,
``dist``), written as PyTorch's compiled formula runs so that under create_graph its nodes
come in PyTorch's order."""
import numpy as np

from .._tensor_base import ZERO_TENSOR_MESSAGE


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
    if p == 2:  # zero subgradient at the origin
        return grad * (a / norm).masked_fill_(norm == 0, 0)
    if p in (np.inf, -np.inf):  # like amax of |a|: ties share evenly, NaNs count as ties
        magnitude = a.abs()
        mask = (magnitude == norm) | magnitude.isnan()
        share = grad / mask.sum(dims, keepdim=True) * mask
        return a.sgn() * share
    # (in place, as PyTorch: its pow_ saves a clone of its input, a CloneBackward0 node)
    if p < 1:
        powered = a.abs().pow_(p - 1).masked_fill_(a == 0, 0)
        scaled = a.sgn() * powered
        norm_power = norm.pow(1 - p)
        return scaled * grad * norm_power
    if grad._zero_tensor:  # (PyTorch's formula masks grad / norm ** (p - 1) in place)
        raise RuntimeError(ZERO_TENSOR_MESSAGE)
    powered = a.abs().pow_(p - 1 if p < 2 else p - 2)
    scaled = a.sgn() * powered if p < 2 else a * powered
    return scaled * (grad / norm.pow(p - 1)).masked_fill_(norm == 0, 0)
