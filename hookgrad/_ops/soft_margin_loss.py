"""``soft_margin_loss``, its gradient's node and PyTorch's double-backward formulas for it."""
import math

import numpy as np

from .._tensor_base import _make
from .arithmetic import DivBackward1
from .composite import FormulaGrad
from .elementwise import exp_array, log1p_array
from .elementwise_layout import first_operand_layout, unary_iterator_layout
from .half import forward_in_float32, is_half
from .loss import reduce_array
from .op import Op, operands
from .scalar_forms import AddBackward1


class SoftMarginLossBackward0(Op):
    """``log(1 + exp(-target * input))`` (the target is not differentiable, as in PyTorch)."""

    saved_names = ('self', 'target')

    def forward(self, input, target, reduction):
        if input._data.itemsize == 2 and is_half(input._data):  # (in float32)
            return forward_in_float32(self, SoftMarginLossBackward0.forward, input, target,
                                      reduction)
        x, y = operands(input, target)
        self.reduction, self.count = reduction, x.size
        self.save(input, target)
        # PyTorch's formula as it is: exp overflows to inf past ~88 (float32), and so does the
        # loss; exp is the exp op's (NumPy's float32 exp drops a NaN's sign bit: -input of a
        # NaN has it, and PyTorch's loss keeps it, as signbit shows)
        # (``-input`` is an op of its own: its layout, not a broadcast input's, leads the product)
        # (``*= target`` in the operands' common dtype, written back in the input's)
        negated = unary_iterator_layout(-x, x)
        product = first_operand_layout(negated * y, negated, y).astype(input._data.dtype,
                                                                      copy=False)
        with np.errstate(over="ignore"):
            return reduce_array(log1p_array(exp_array(product)), reduction)

    def backward(self, grad):
        input, target = self.saved()
        return SoftMarginLossBackwardBackward0.of(grad, input, target, self.reduction,
                                                  self.count)


def _soft_margin_grad(grad, input, target, reduction, count):
    """PyTorch's ``soft_margin_loss_backward`` in its order, each step in place in a tensor of
    the input's dtype: ``target * z``, ``*= -norm``, ``/= z + 1``, ``*= grad`` with
    ``z = exp(-target * input)`` (inf / inf is NaN where exp overflows, as in PyTorch)."""
    z = (-target * input).exp()
    dtype = input.dtype
    norm = (1.0 / count if count else math.inf) if reduction == "mean" else 1.0  # (C++'s 1./n)
    weighted = _in(target * z, dtype) * -norm
    return (_in(weighted / (z + 1), dtype) * grad,)


def _in(tensor, dtype):
    """An in-place step's result: computed in the operands' dtype, written in ``dtype``."""
    return tensor if tensor.dtype == dtype else tensor.to(dtype)


def _soft_margin_double_backward(grad, input, target, reduction):
    """PyTorch's ``soft_margin_loss_double_backward``, op for op (its nodes are these):
    ``grad * target^2 * z / (z + 1)^2`` with ``z = exp(input * -target)``, ``/= numel`` for a
    mean."""
    z = (input * -target).exp()
    z_plus_1 = AddBackward1.apply(z, 1)
    denominator = z_plus_1 * z_plus_1  # (GCC evaluates the right operand of / first)
    result = grad * (target * target) * z / denominator
    return DivBackward1.apply(result, input._data.size) if reduction == "mean" else result


class SoftMarginLossBackwardBackward0(FormulaGrad):
    """``soft_margin_loss_backward(grad_output, self, target)``, a node of ``(grad_output,
    self)`` (PyTorch does not differentiate the target, but saves it: an in-place change to it
    fails backward's version check), differentiated by PyTorch's own formulas."""

    arity = 2
    formula = staticmethod(_soft_margin_grad)
    saved_names = ("grad_output", "self", "target")

    def forward(self, grad, input, target, reduction, count):
        out = super().forward(grad, input, target, reduction, count)
        self.save(grad, input, target)
        return out

    def backward(self, grad_grad):
        grad, input, target = self.saved()
        reduction, count = self.params[1:]
        grad_grad_out = grad_input = None
        if self.needs(0):  # PyTorch's soft_margin_loss_double_backward_grad_output
            if reduction == "none":
                grad_grad_out = self.of(grad_grad, input, target, reduction, count)
            else:
                ones = _make(np.ones(grad._data.shape, grad._data.dtype))
                grad_grad_out = (self.of(ones, input, target, reduction, count)
                                 * grad_grad).sum()
        if self.needs(1):
            grad_input = _soft_margin_double_backward(grad_grad * grad, input, target,
                                                      reduction)
        return grad_grad_out, grad_input
