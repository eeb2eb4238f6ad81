"""Comparisons, logical and bitwise ops, and isnan/isinf/isfinite: no gradient, so no node."""
import numpy as np

from .._tensor_base import TensorBase, _make
from .elementwise import operands
from .op import broadcast_error


def _compare(ufunc):
    def compare(a, b):
        x, y = operands(a, b) if isinstance(a, TensorBase) else operands(b, a)[::-1]
        try:
            return _make(np.asarray(ufunc(x, y)))
        except ValueError:
            raise broadcast_error([np.shape(x), np.shape(y)]) from None
    compare.__name__ = ufunc.__name__
    return compare


eq = _compare(np.equal)
ne = _compare(np.not_equal)
lt = _compare(np.less)
le = _compare(np.less_equal)
gt = _compare(np.greater)
ge = _compare(np.greater_equal)
logical_and = _compare(np.logical_and)
logical_or = _compare(np.logical_or)
logical_xor = _compare(np.logical_xor)
bitwise_and = _compare(np.bitwise_and)
bitwise_or = _compare(np.bitwise_or)
bitwise_xor = _compare(np.bitwise_xor)


def logical_not(a):
    return _make(np.logical_not(a._data))


def bitwise_not(a):
    return _make(np.invert(a._data))


def isnan(a):
    return _make(np.isnan(a._data))


def isinf(a):
    return _make(np.isinf(a._data))


def isfinite(a):
    return _make(np.isfinite(a._data))
