"""mish, ``x * tanh(softplus(x))``, and its gradient: NumPy's formulas, or on AVX2 / AVX-512
PyTorch's kernels bit for bit (sleef_activations.py: float32, double_activations.py: float64)."""
import numpy as np

from .._tensor_base import _make
from . import double_activations, sleef_activations
from .elementwise import exp, sigmoid, tanh
from .half import is_half, unary_in_float32
from .nn import SoftplusBackward0, sigmoid_array
from .op import UnaryOp, plain_backward
from .scalar_forms import number_minus
from .unary_forwards import float_input


def _mish(x):
    if x.itemsize == 2 and is_half(x):  # (in float32)
        return unary_in_float32(_mish, x)
    if sleef_activations.applies(x):
        return sleef_activations.mish(x)
    if double_activations.applies_any_layout(x):
        return double_activations.mish(x)
    return x * np.tanh(np.log1p(np.exp(-np.abs(x))) + np.maximum(x, 0))


class MishBackward0(UnaryOp):
    """``x * tanh(softplus(x))``."""

    function, saves = _mish, "self"
    tanh_softplus = None  # (float64 in C order: the forward kernel's tanh factor, which the
    # backward kernel computes alike, kept for it: SLEEF's three functions cost ~0.4 us each)

    def forward(self, a):
        self.save(a)
        x = float_input(a)
        if x.dtype == np.float64 and double_activations.applies_any_layout(x):
            out, self.tanh_softplus = double_activations.mish(x, keep=True)
            return out
        return _mish(x)

    def backward(self, grad):
        (a,) = self.saved()
        if not plain_backward():  # PyTorch's infinitely differentiable formula, node for node
            s = sigmoid(a)
            t = tanh(exp(a).log1p())
            t_slope = number_minus(1.0, t * t)  # (GCC evaluates the right operand of * first)
            return grad * (t + a * s * t_slope)
        if sleef_activations.applies(a._data):
            out = sleef_activations.mish_grad(grad._data, a._data)
        elif double_activations.applies_any_layout(a._data):
            out = double_activations.mish_grad(grad._data, a._data, self.tanh_softplus)
        else:
            out = None
        if out is not None:
            return _make(out)
        t = tanh(SoftplusBackward0.apply(a, 1, 20))
        # (1 / (1 + exp(-x)): a very negative x keeps its tiny slope)
        return grad * (t + a * _make(sigmoid_array(a._data)) * (1 - t * t))
