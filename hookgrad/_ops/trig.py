"""Hyperbolic and inverse trigonometric functions, with PyTorch's node names. Each saves its
input; the backward formulas are PyTorch's, written with tensor ops (differentiable again)."""
import numpy as np

from .elementwise import _float_input
from .op import Op, refuse_out


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


def sinh(input, *, out=None):
    return SinhBackward0.apply(input) if out is None else refuse_out("sinh")


def cosh(input, *, out=None):
    return CoshBackward0.apply(input) if out is None else refuse_out("cosh")


def asin(input, *, out=None):
    return AsinBackward0.apply(input) if out is None else refuse_out("asin")


def acos(input, *, out=None):
    return AcosBackward0.apply(input) if out is None else refuse_out("acos")


def atan(input, *, out=None):
    return AtanBackward0.apply(input) if out is None else refuse_out("atan")


def asinh(input, *, out=None):
    return AsinhBackward0.apply(input) if out is None else refuse_out("asinh")


def acosh(input, *, out=None):
    return AcoshBackward0.apply(input) if out is None else refuse_out("acosh")


def atanh(input, *, out=None):
    return AtanhBackward0.apply(input) if out is None else refuse_out("atanh")


arcsin, arccos, arctan, arcsinh, arccosh, arctanh = asin, acos, atan, asinh, acosh, atanh
