"""Hyperbolic and inverse trigonometric functions, with PyTorch's node names. Each saves its
input; the backward formulas are PyTorch's, written with tensor ops (differentiable again)."""
import numpy as np

from .._tensor_base import _make
from . import libm, unary_layouts
from .op import UnaryOp, plain_backward, refuse_out
from .scalar_forms import AddBackward1, MulBackward1, SubBackward1, number_minus
from .vector_loop import vector_positions
from .vml import vml

# MKL's asin / acos of a number outside [-1, 1]: a NaN with its sign bit set (measured on
# AVX2 and AVX-512 CPUs alike; NumPy's, the fallback's, has none)
_DOMAIN_NAN = np.float64(-np.nan)


def _with_domain_nans(function):
    """``function`` (NumPy's arcsin / arccos), NaNs made from numbers signed as MKL's."""
    def compute(x):
        out = function(x)
        made = np.isnan(out)
        if made.any():
            out = np.where(made & ~np.isnan(x), _DOMAIN_NAN, out).astype(out.dtype, copy=False)
        return out
    compute.__name__ = function.__name__
    return compute


class _Trig(UnaryOp):
    saves, quiet = "self", ("invalid", "divide")  # out of the domain: NaN / inf


def _sinh(x):
    out = unary_layouts.unary("sinh", x)  # (AVX2 float32 / float64: PyTorch's kernel)
    return libm.sinh(x) if out is None else out


def _cosh(x):
    out = unary_layouts.unary("cosh", x)
    return libm.cosh(x) if out is None else out


class SinhBackward0(_Trig):
    function = _sinh

    def backward(self, grad):
        return grad * self.saved()[0].cosh()


class CoshBackward0(_Trig):
    function = _cosh

    def backward(self, grad):
        return grad * self.saved()[0].sinh()


class AsinBackward0(_Trig):
    function = vml("Asin", _with_domain_nans(np.arcsin))

    def backward(self, grad):
        (a,) = self.saved()
        return grad * AddBackward1.apply(-a * a, 1).rsqrt()  # PyTorch's: (-self * self + 1)


class AcosBackward0(_Trig):
    function = vml("Acos", _with_domain_nans(np.arccos))

    def backward(self, grad):
        (a,) = self.saved()
        return grad * -AddBackward1.apply(-a * a, 1).rsqrt()


class AtanBackward0(_Trig):
    function = vml("Atan", np.arctan)

    def backward(self, grad):
        (a,) = self.saved()
        return grad / AddBackward1.apply(a * a, 1)


class AsinhBackward0(_Trig):
    function = libm.arcsinh  # (PyTorch's asinh kernel: std::asinh on every element)

    def backward(self, grad):
        (a,) = self.saved()
        x, g = a._data, grad._data
        if g.dtype is x.dtype and plain_backward():
            # the arrays of the ops below (pow, add, rsqrt, mul; one dtype): x ** 2 + 1 >= 1,
            # so rsqrt's silenced errors cannot arise
            return _make(np.asarray(g * (1 / np.sqrt(np.power(x, 2) + 1))))
        return grad * AddBackward1.apply(a ** 2, 1).rsqrt()  # PyTorch's: self.pow(2) + 1


class AcoshBackward0(_Trig):
    function = libm.arccosh

    def backward(self, grad):
        (a,) = self.saved()
        return grad * SubBackward1.apply(a * a, 1).rsqrt()


def _atanh(x):
    """``atanh`` with the NaN signs of PyTorch's kernel: its element loop (``std::atanh``)
    gives NumPy's, its vector loop (whole 64-byte steps of a contiguous row) a NaN with the
    sign bit set, but for float32 below -1 one without (read off PyTorch 2.13). (The vector
    loop's float32 values also differ from the correctly rounded ones by an ulp now and
    then: not modelled.) AVX2 float32: SLEEF's and glibc's, bit for bit."""
    out = unary_layouts.unary("atanh", x)  # (AVX2 float32 / float64: PyTorch's kernel)
    if out is not None:
        return out
    out = libm.arctanh(x)
    if out.dtype not in (np.float32, np.float64) or not out.size:
        return out
    squares = np.vdot(out, out)
    if squares == squares:  # (no NaN: the common case)
        return out
    vector = vector_positions(out.shape, x, 0.0, 64)
    if vector is None:
        return out
    change = vector & (out != out)
    out = np.array(out, copy=True) if not out.flags.writeable else out
    below = (x < -1) if out.dtype == np.float32 else False
    out[change] = np.where(np.broadcast_to(below, out.shape)[change], np.nan, -np.nan)
    return out


class AtanhBackward0(_Trig):
    function = _atanh

    def backward(self, grad):
        (a,) = self.saved()
        if plain_backward() and a._data.dtype == grad._data.dtype:
            return _make(grad._data / (1 - a._data ** 2))
        # grad * 1 / (1 - self.pow(2)), the divisor first (GCC evaluates the right operand of /
        # first)
        divisor = number_minus(1, a ** 2)
        return MulBackward1.apply(grad, 1) / divisor


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
