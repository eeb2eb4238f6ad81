"""Arithmetic with a number as PyTorch's C++ backward formulas call it, so that a formula
recorded under ``create_graph=True`` makes PyTorch's nodes: ``t * 2.0`` is ``mul.Scalar``
(``MulBackward1``, one input), ``t + 1`` ``AddBackward1``, ``t - 1`` ``SubBackward1``, and
``1 - t`` (C++'s ``empty_like(t).fill_(1).sub_(t)``) a ``SubBackward0`` whose first edge is
empty. From Python, ``tensor * number`` is ``MulBackward0``: these are for formulas only."""
import numpy as np

from .._tensor_base import _make
from .half import is_half, number_in_float32
from .op import Op, operands, plain_backward

_INF = float("inf")


def _as_array(x):
    """NumPy returns a scalar, not a 0-d array, from arithmetic on 0-d arrays."""
    return x if type(x) is np.ndarray else np.asarray(x)


class MulBackward1(Op):
    """``tensor * number`` as PyTorch's C++ formulas call it (``mul.Scalar``): one input; from
    Python, ``tensor * number`` is ``MulBackward0``."""

    arity = 1

    @property
    def _saved_other(self):  # (PyTorch's node keeps the Scalar as given: ``0`` stays an int)
        return self.other

    def forward(self, a, other):
        self.other = other
        x, y = operands(a, other)
        if x.itemsize == 2 and type(other) is not complex and is_half(x):
            return number_in_float32(np.multiply, x, other)
        return x * y

    def backward(self, grad):
        if plain_backward():
            g = grad._data
            if g.itemsize == 2 and type(self.other) is not complex and is_half(g):
                return _make(number_in_float32(np.multiply, g, self.other))
            if -_INF < self.other < _INF:
                return _make(_as_array(grad._data * self.other))
            with np.errstate(invalid="ignore"):  # 0 * inf: NaN, silently as in PyTorch
                return _make(_as_array(grad._data * self.other))
        return MulBackward1.apply(grad, self.other)


class AddBackward1(Op):
    """``tensor + number`` as PyTorch's C++ formulas call it (``add.Scalar``): one input."""

    arity = 1

    def forward(self, a, other):
        x, y = operands(a, other)
        return y + x  # (the number's NaN where both are NaN, as PyTorch: see AddBackward0)

    def backward(self, grad):
        return grad


class SubBackward1(AddBackward1):
    """``tensor - number`` as PyTorch's C++ formulas call it (``sub.Scalar``): one input."""

    def forward(self, a, other):
        x, y = operands(a, other)
        return x - y


def filled_like(t, number):
    """C++'s ``empty_like(t).fill_(number)``: the left operand of ``number - t`` and
    ``number / t`` in a formula (no history: the node's first edge is empty)."""
    return _make(np.full(t._data.shape, number, t._data.dtype))


def number_minus(number, t):
    """``number - t`` in a C++ formula: ``SubBackward0`` with an empty first edge."""
    return filled_like(t, number) - t
