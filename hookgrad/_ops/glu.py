"""glu, ``first * sigmoid(second)`` of an input's two halves, with PyTorch's nodes to every
order: GluBackward0, then ``glu_backward(grad_output, self)`` recorded as
GluBackwardBackward0, whose own derivative is PyTorch's glu_double_backward formula."""
import numpy as np

from .composite import FormulaGrad
from .elementwise import sigmoid, sigmoid_of_array
from .half import forward_in_float32, is_half
from .op import Op, float_input
from .scalar_forms import filled_like, number_minus
from .shape import cat


class GluBackward0(Op):
    """``first * sigmoid(second)`` of the two halves along ``dim``."""

    saved_names = ('self',)

    def forward(self, a, dim):
        if a._data.itemsize == 2 and is_half(a._data):  # (in float32)
            return forward_in_float32(self, GluBackward0.forward, a, dim)
        self.dim = dim
        self.save(a)
        first, second = np.split(float_input(a), 2, axis=dim)
        return first * sigmoid_of_array(second)  # (PyTorch's kernel: its sigmoid's form)

    def backward(self, grad):
        return GluBackwardBackward0.of(grad, self.saved()[0], self.dim)


def _glu_grad(grad, a, dim):
    first, second = a.chunk(2, dim)
    s = sigmoid(second)
    # (PyTorch's glu_backward: sigmoid(second) * grad, and its fused loop's
    # (1 - s) * s * first * grad, left to right)
    return (cat([s * grad, number_minus(1, s) * s * first * grad], dim),)


class GluBackwardBackward0(FormulaGrad):
    """``glu_backward(grad_output, self)`` as PyTorch records it."""

    arity = 2
    formula = staticmethod(_glu_grad)

    def backward(self, grad_grad):
        grad_output, a = self.saved()
        (dim,) = self.params
        half = a.shape[dim] // 2
        grad_output_grad = input_grad = None
        if self.needs(0):
            # PyTorch's glu_double_backward_grad_output: the formula at a grad_output of
            # ones, times grad_grad, its two halves summed
            ones = filled_like(a.narrow(dim, 0, half), 1)
            both = grad_grad * GluBackwardBackward0.of(ones, a, dim)
            second = both.narrow(dim, half, half)  # (GCC evaluates the right operand first)
            grad_output_grad = both.narrow(dim, 0, half) + second
        if self.needs(1):
            input_grad = _glu_double_backward(grad_grad, grad_output, a, dim, half)
        return grad_output_grad, input_grad


def _glu_double_backward(grad_grad, grad_output, a, dim, half):
    """PyTorch's glu_double_backward term by term (its nodes are what create_graph records)."""
    first = a.narrow(dim, 0, half)
    sig = a.narrow(dim, half, half).sigmoid()
    one_sub_sig = number_minus(1, sig)
    sig_one_sub_sig = sig * one_sub_sig
    grad_grad_first = grad_grad.narrow(dim, 0, half)
    grad_grad_second = grad_grad.narrow(dim, half, half)
    # (in PyTorch's order of nodes: GCC evaluates the right operand of an operator first)
    grad_grad_second_first = grad_grad_second * first
    first_grad = grad_grad_second * grad_output * sig_one_sub_sig
    sig_sig_one_sub_sig = sig * sig_one_sub_sig
    second_order = sig_one_sub_sig * one_sub_sig - sig_sig_one_sub_sig
    from_first = grad_grad_first * grad_output * sig_one_sub_sig
    second_grad = grad_grad_second_first * grad_output * second_order + from_first
    return cat([first_grad, second_grad], dim)
