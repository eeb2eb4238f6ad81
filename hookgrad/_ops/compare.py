"""Comparisons, logical and bitwise ops, and isnan/isinf/isfinite: no gradient, so no node.

A ufunc of one 0-d array returns a NumPy scalar: the unary ops wrap it in np.asarray, since a
tensor always holds an ndarray (later ops read its dtype)."""
import numpy as np

from .._tensor_base import TensorBase, _make, tensor_argument
from .complex_support import check_real
from .elementwise_layout import first_operand_layout
from .op import broadcast_error, operands, refuse_out, type_name


def _compare(ufunc, name, tensors_only=False, bitwise=False, complex_ok=False):
    """``name(input, other, *, out=None)`` computing ``ufunc``; ``tensors_only``: both operands
    must be Tensors (PyTorch's TypeError for a number); ``bitwise``: integers and bools only;
    ``complex_ok``: NumPy computes it on complex numbers as PyTorch (eq, ne, and the logical ops,
    for which a complex number is true where it is not zero)."""
    def compare(input, other, *, out=None):
        if out is not None:
            refuse_out(name)
        if tensors_only:
            tensor_argument(name, "input", 1, input)
            tensor_argument(name, "other", 2, other)
        if not complex_ok:
            check_real(name, input, other)
        x, y = operands(input, other) if isinstance(input, TensorBase) else \
            operands(other, input)[::-1]
        if bitwise:
            _check_bitwise(name, x if isinstance(x, np.ndarray) else y)
        try:
            return _make(first_operand_layout(np.asarray(ufunc(x, y)), x, y))
        except ValueError:
            raise broadcast_error([np.shape(x), np.shape(y)]) from None
    compare.__name__ = compare.__qualname__ = name
    return compare


eq = _compare(np.equal, "eq", complex_ok=True)
ne = _compare(np.not_equal, "ne", complex_ok=True)
lt = _compare(np.less, "lt")
le = _compare(np.less_equal, "le")
gt = _compare(np.greater, "gt")
ge = _compare(np.greater_equal, "ge")
logical_and = _compare(np.logical_and, "logical_and", tensors_only=True, complex_ok=True)
logical_or = _compare(np.logical_or, "logical_or", tensors_only=True, complex_ok=True)
logical_xor = _compare(np.logical_xor, "logical_xor", tensors_only=True, complex_ok=True)
bitwise_and = _compare(np.bitwise_and, "bitwise_and", bitwise=True)
bitwise_or = _compare(np.bitwise_or, "bitwise_or", bitwise=True)
bitwise_xor = _compare(np.bitwise_xor, "bitwise_xor", bitwise=True)
greater, less, greater_equal, less_equal, not_equal = gt, lt, ge, le, ne


def logical_not(input, *, out=None):
    if out is not None:
        refuse_out("logical_not")
    return _make(np.asarray(np.logical_not(input._data)))


def _check_bitwise(name, array):
    """PyTorch's error for a bitwise op computed in a floating dtype."""
    if array.dtype.kind in "fV":
        raise NotImplementedError(f'"{name}_cpu" not implemented for \'{type_name(array)}\'')


def bitwise_not(input, *, out=None):
    if out is not None:
        refuse_out("bitwise_not")
    check_real("bitwise_not", input)
    _check_bitwise("bitwise_not", input._data)
    return _make(np.asarray(np.invert(input._data)))


def isnan(input):
    return _make(np.asarray(np.isnan(input._data)))


def isinf(input):
    return _make(np.asarray(np.isinf(input._data)))


def isfinite(input):
    return _make(np.asarray(np.isfinite(input._data)))
