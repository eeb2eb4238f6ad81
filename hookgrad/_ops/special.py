"""More elementwise maths: expm1, exp2, log2, log10, tan, trunc, frac, nan_to_num, and the
binary remainder, fmod and atan2, with PyTorch's node names."""
import math

import numpy as np

from .._tensor import Tensor, _make
from .elementwise import _float_input, operands
from .op import Op
from .reduce import _type_name


class Expm1Backward0(Op):
    saved_names = ('result',)
    saves_output = True

    def forward(self, a):
        return np.expm1(_float_input(a))

    def backward(self, grad):
        (result,) = self.saved()
        return grad * (result + 1)


class Log2Backward0(Op):
    saved_names = ('self',)
    log = staticmethod(np.log2)
    base = 2

    def forward(self, a):
        self.save(a)
        with np.errstate(divide="ignore", invalid="ignore"):
            return self.log(_float_input(a))

    def backward(self, grad):
        (a,) = self.saved()
        return grad / (a * math.log(self.base))


class Log10Backward0(Log2Backward0):
    log = staticmethod(np.log10)
    base = 10


class TanBackward0(Op):
    saved_names = ('result',)
    saves_output = True

    def forward(self, a):
        return np.tan(_float_input(a))

    def backward(self, grad):
        (result,) = self.saved()
        return grad * (result * result + 1)


class TruncBackward0(Op):
    def forward(self, a):
        x = a._data
        return np.trunc(x) if x.dtype.kind == "f" else x.copy()

    def backward(self, grad):
        return grad * 0


class FracBackward0(Op):
    def forward(self, a):
        x = a._data
        if x.dtype.kind != "f":
            raise NotImplementedError(f'"frac_cpu" not implemented for \'{_type_name(x)}\'')
        return x - np.trunc(x)

    def backward(self, grad):
        return grad


class NanToNumBackward0(Op):
    """NaN and infinities replaced (by 0 and the dtype's extremes unless given); their
    gradient is 0."""

    def forward(self, a, nan, posinf, neginf):
        x = a._data
        if x.dtype.kind != "f":
            return x.copy()
        self.finite = np.isfinite(x)
        return np.nan_to_num(x, nan=0.0 if nan is None else nan, posinf=posinf, neginf=neginf)

    def backward(self, grad):
        return grad * _make(self.finite)


def nan_to_num(a, nan=0.0, posinf=None, neginf=None):
    return NanToNumBackward0.apply(a, nan, posinf, neginf)


class Exp2Backward0(Op):
    saved_names = ('result',)
    saves_output = True

    def forward(self, a):
        return np.exp2(_float_input(a))

    def backward(self, grad):
        (result,) = self.saved()
        return grad * result * math.log(2)


class RemainderBackward0(Op):
    """``input % number`` (Python's sign convention: the divisor's)."""

    quotient = staticmethod(np.floor)  # d(a - q * b)/db = -q, with q rounded this way
    rest = staticmethod(np.mod)

    def forward(self, a, other):
        x, y = operands(a, other)
        with np.errstate(divide="ignore", invalid="ignore"):
            return self.rest(x, y)

    def backward(self, grad):
        return grad


class RemainderBackward1(RemainderBackward0):
    """``input % tensor``."""

    saved_names = ('self', 'other')
    arity = 2

    def forward(self, a, other):
        self.save(a, other)
        return super().forward(a, other)

    def backward(self, grad):
        a, b = self.saved()
        with np.errstate(divide="ignore", invalid="ignore"):
            q = _make(self.quotient(a._data / b._data))
        return (grad if self.needs(0) else None, -grad * q if self.needs(1) else None)


class FmodBackward0(RemainderBackward0):
    """``fmod(input, number)`` (C's sign convention: the dividend's)."""

    quotient = staticmethod(np.trunc)
    rest = staticmethod(np.fmod)


class FmodBackward1(RemainderBackward1):
    quotient = staticmethod(np.trunc)
    rest = staticmethod(np.fmod)


class Atan2Backward0(Op):
    saved_names = ('self', 'other')
    arity = 2

    def forward(self, a, other):
        self.save(a, other)
        x, y = operands(a, other)
        return np.arctan2(x, y)

    def backward(self, grad):
        a, b = self.saved()
        denominator = a * a + b * b
        return (grad * b / denominator if self.needs(0) else None,
                -grad * a / denominator if self.needs(1) else None)


def remainder(a, other):
    if isinstance(other, Tensor):
        return RemainderBackward1.apply(a, other)
    return RemainderBackward0.apply(a, other)


def fmod(a, other):
    if isinstance(other, Tensor):
        return FmodBackward1.apply(a, other)
    return FmodBackward0.apply(a, other)


def atan2(a, other):
    return Atan2Backward0.apply(a, other)


def exp2(a):
    return Exp2Backward0.apply(a)


def expm1(a):
    return Expm1Backward0.apply(a)


def log2(a):
    return Log2Backward0.apply(a)


def log10(a):
    return Log10Backward0.apply(a)


def tan(a):
    return TanBackward0.apply(a)


def trunc(a):
    return TruncBackward0.apply(a)


def frac(a):
    return FracBackward0.apply(a)
