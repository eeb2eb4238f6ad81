"""binary_cross_entropy's backward formula recorded as PyTorch's BinaryCrossEntropyBackwardBackward0
(a node of the incoming gradient, the input and the target; the weight is a constant), and
that node's own derivatives: PyTorch's binary_cross_entropy_double_backward (input),
..._double_backward_target and ..._double_backward_grad_output, term by term, so that the
nodes a second order records are PyTorch's."""
import numpy as np

from .arithmetic import DivBackward1
from .composite import FormulaGrad
from .scalar_forms import AddBackward1, MulBackward1, number_minus

_EPS = 1e-12  # (PyTorch's, for every dtype)


def _bce_grad(grad, input, target, weight, reduction, count):
    # (in PyTorch's kernel's order, binary_cross_entropy_backward_out_cpu: the incoming
    # gradient's quotient first, then ``mul_(weight)``, then ``div_(numel)``; each rounds)
    result = grad * (input - target) / ((1 - input) * input).clamp(min=_EPS)
    if weight is not None:
        result = result * weight
    if reduction == "mean":
        result = result / count
    return (result,)


class BinaryCrossEntropyBackwardBackward0(FormulaGrad):
    """Inputs ``(grad_output, input, target)``; parameters ``(weight, reduction, count)``."""

    arity = 3
    formula = staticmethod(_bce_grad)

    def backward(self, grad):
        grad_output, input, target = self.saved()
        weight, reduction, count = self.params
        grad_grad_output = grad_input = grad_target = None
        if self.needs(0):
            grad_grad_output = _grad_output_grad(grad, input, target, weight, reduction, count)
        if self.needs(1):
            grad_input = _input_grad(grad_output, grad, input, target, weight, reduction, count)
        if self.needs(2):
            grad_target = _target_grad(grad, grad_output, input, weight, reduction, count)
        return grad_grad_output, grad_input, grad_target


def _weighted_mean(value, weight, reduction, count):
    if weight is not None:
        value = value * weight
    return DivBackward1.apply(value, count) if reduction == "mean" else value


def _input_grad(grad_output, grad, input, target, weight, reduction, count):
    """binary_cross_entropy_double_backward."""
    plus_eps = AddBackward1.apply(input, _EPS)
    one_minus_plus_eps = AddBackward1.apply(number_minus(1, input), _EPS)
    # (in PyTorch's order of nodes: GCC evaluates the right operand of an operator first)
    denominator_right = one_minus_plus_eps ** 2
    denominator = plus_eps ** 2 * denominator_right
    twice = MulBackward1.apply(input, 2) * target
    curvature = (input * input - twice + target) / denominator
    return _weighted_mean(curvature * (grad * grad_output), weight, reduction, count)


def _target_grad(grad, grad_output, input, weight, reduction, count):
    """binary_cross_entropy_double_backward_target: its denominator is clamped outside the
    graph (PyTorch clamps it in place under no_grad), so the clamp has no node."""
    result = -grad * grad_output
    if weight is not None:
        result = result * weight
    denom = number_minus(1, input) * input
    np.maximum(denom._data, _EPS, out=denom._data)
    result = result / denom
    return DivBackward1.apply(result, count) if reduction == "mean" else result


def _grad_output_grad(grad, input, target, weight, reduction, count):
    """binary_cross_entropy_double_backward_grad_output."""
    # (in PyTorch's order of nodes: GCC evaluates the right operand of an operator first)
    one_minus_plus_eps = AddBackward1.apply(number_minus(1, input), _EPS)
    denominator = AddBackward1.apply(input, _EPS) * one_minus_plus_eps
    slope = (input - target) / denominator * grad
    slope = _weighted_mean(slope, weight, reduction, count)
    return slope if reduction == "none" else slope.sum()
