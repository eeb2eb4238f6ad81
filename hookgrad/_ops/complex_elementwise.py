"""The complex forms of elementwise functions: NumPy's complex function forward (the
principal branch, as PyTorch's), and PyTorch's backward formula: the gradient times the
conjugate of the derivative, written with tensor ops so that it is differentiable again."""
import numpy as np

from .._tensor_base import _make
from . import arithmetic, elementwise
from .c_complex import cpow
from .complex_ops import conj
from .op import operands
from .scalar_forms import MulBackward1


def _sigmoid(z):
    return 1 / (1 + np.exp(-z))


def _quiet(function, x):
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        return function(x)


class ExpBackward0(elementwise.ExpBackward0):
    supports_complex = True

    def forward(self, a):
        return _quiet(np.exp, a._data)

    def backward(self, grad):
        return grad * conj(self.saved()[0])


class LogBackward0(elementwise.LogBackward0):
    supports_complex = True

    def forward(self, a):
        self.save(a)
        return _quiet(np.log, a._data)

    def backward(self, grad):
        return grad / conj(self.saved()[0])


class SqrtBackward0(elementwise.SqrtBackward0):
    supports_complex = True

    def forward(self, a):
        return _quiet(np.sqrt, a._data)

    def backward(self, grad):
        return grad / (2 * conj(self.saved()[0]))


class SinBackward0(elementwise.SinBackward0):
    supports_complex = True

    def forward(self, a):
        self.save(a)
        return _quiet(np.sin, a._data)

    def backward(self, grad):
        return grad * conj(self.saved()[0].cos())


class CosBackward0(elementwise.CosBackward0):
    supports_complex = True

    def forward(self, a):
        self.save(a)
        return _quiet(np.cos, a._data)

    def backward(self, grad):
        return grad * -conj(self.saved()[0].sin())


class TanhBackward0(elementwise.TanhBackward0):
    supports_complex = True

    def forward(self, a):
        return _quiet(np.tanh, a._data)

    def backward(self, grad):
        result = self.saved()[0]
        return grad * conj(1 - result * result)


class SigmoidBackward0(elementwise.SigmoidBackward0):
    supports_complex = True

    def forward(self, a):
        x = a._data
        return _quiet(_sigmoid, x).astype(x.dtype, copy=False)

    def backward(self, grad):
        result = self.saved()[0]
        return grad * conj(result * (1 - result))


_SPECIAL_POWERS = {  # the exponents PyTorch's kernel computes without std::pow
    0: np.ones_like, 1: np.copy, 0.5: np.sqrt, -0.5: lambda z: 1 / np.sqrt(z),
    2: lambda z: z * z, 3: lambda z: z * z * z, -1: lambda z: 1 / z, -2: lambda z: 1 / (z * z)}


def complex_power(x, e):
    """``x ** e`` for a complex array as PyTorch computes it: a few exponents directly (a
    complex one with no imaginary part too: PyTorch compares the Scalar's value), else
    ``std::pow`` of two complex numbers (the exponent in ``x``'s dtype), glibc's ``cpow``."""
    special = _SPECIAL_POWERS.get(e)
    if special is not None:
        return special(x)
    return cpow(x, np.asarray(e, x.dtype))


class PowBackward0(arithmetic.PowBackward0):
    """``z ** number`` (or a real tensor to a complex power)."""

    supports_complex = True

    def forward(self, a, exponent):
        self.exponent = exponent
        x, e = operands(a, exponent)
        self.save(a)
        with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
            return complex_power(x, e).astype(x.dtype, copy=False)

    def backward(self, grad):
        (a,) = self.saved()
        e = self.exponent
        if e == 0:  # zeros, not grad * 0 (NaN for an infinite gradient)
            return _make(np.zeros(self._in_meta[0][0], grad._data.dtype))
        factor = MulBackward1.apply(a ** (e - 1), e)  # exponent * self.pow(exponent - 1)
        return grad * conj(factor)


FORMS = {cls.__mro__[1]: cls for cls in (
    PowBackward0, ExpBackward0, LogBackward0, SqrtBackward0, SinBackward0, CosBackward0,
    TanhBackward0, SigmoidBackward0)}
