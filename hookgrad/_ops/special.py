"""More elementwise maths: expm1, log2, log10, tan, trunc and frac, with PyTorch's node names."""
import math

import numpy as np

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

    def forward(self, a):
        self.save(a)
        with np.errstate(divide="ignore", invalid="ignore"):
            return np.log2(_float_input(a))

    def backward(self, grad):
        (a,) = self.saved()
        return grad / (a * math.log(2))


class Log10Backward0(Op):
    saved_names = ('self',)

    def forward(self, a):
        self.save(a)
        with np.errstate(divide="ignore", invalid="ignore"):
            return np.log10(_float_input(a))

    def backward(self, grad):
        (a,) = self.saved()
        return grad / (a * math.log(10))


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
