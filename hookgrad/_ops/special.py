"""More elementwise maths: expm1, log2, log10, tan, trunc, frac and nan_to_num, with PyTorch's
node names."""
import math

import numpy as np

from .._tensor import _make
from .elementwise import _float_input
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
