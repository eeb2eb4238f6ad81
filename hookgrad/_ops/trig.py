"""Hyperbolic and inverse trigonometric functions, with PyTorch's node names. Each saves its
input; the backward formulas are PyTorch's, written with tensor ops (differentiable again)."""
import numpy as np

from .elementwise import _float_input
from .op import Op


class _SavesInput(Op):
    """``forward`` applies ``function`` to the input (computed in a float dtype)."""

    saved_names = ('self',)
    function = None

    def forward(self, a):
        self.save(a)
        with np.errstate(invalid="ignore", divide="ignore"):  # out of domain: NaN / inf
            return self.function(_float_input(a))

    def input(self):
        (a,) = self.saved()
        return a


class SinhBackward0(_SavesInput):
    function = np.sinh

    def backward(self, grad):
        return grad * self.input().cosh()


class CoshBackward0(_SavesInput):
    function = np.cosh

    def backward(self, grad):
        return grad * self.input().sinh()


class AsinBackward0(_SavesInput):
    function = np.arcsin

    def backward(self, grad):
        a = self.input()
        return grad * (1 - a * a).rsqrt()


class AcosBackward0(_SavesInput):
    function = np.arccos

    def backward(self, grad):
        a = self.input()
        return grad * -(1 - a * a).rsqrt()


class AtanBackward0(_SavesInput):
    function = np.arctan

    def backward(self, grad):
        a = self.input()
        return grad / (a * a + 1)


class AsinhBackward0(_SavesInput):
    function = np.arcsinh

    def backward(self, grad):
        a = self.input()
        return grad * (a * a + 1).rsqrt()


class AcoshBackward0(_SavesInput):
    function = np.arccosh

    def backward(self, grad):
        a = self.input()
        return grad * (a * a - 1).rsqrt()


class AtanhBackward0(_SavesInput):
    function = np.arctanh

    def backward(self, grad):
        a = self.input()
        return grad / (1 - a * a)


def sinh(a):
    return SinhBackward0.apply(a)


def cosh(a):
    return CoshBackward0.apply(a)


def asin(a):
    return AsinBackward0.apply(a)


def acos(a):
    return AcosBackward0.apply(a)


def atan(a):
    return AtanBackward0.apply(a)


def asinh(a):
    return AsinhBackward0.apply(a)


def acosh(a):
    return AcoshBackward0.apply(a)


def atanh(a):
    return AtanhBackward0.apply(a)
