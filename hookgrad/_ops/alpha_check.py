"""PyTorch's rules for the operands of add, sub and rsub: the ``alpha`` scalar (and addr's
``alpha`` and ``beta``), checked against the result's dtype once the operands are known to
broadcast; subtraction's refusal of bool operands."""
import numpy as np

from .. import _dtype
from .._tensor_base import TensorBase


def _kind(value):
    """``b``, ``i``, ``f`` or ``c``: the kind of Scalar PyTorch makes of ``value``."""
    if isinstance(value, TensorBase):  # (a 0-d tensor is read as its Scalar)
        return value._data.dtype.kind.replace("u", "i")
    if isinstance(value, (bool, np.bool_)):
        return "b"
    if isinstance(value, (int, np.integer)):
        return "i"
    if isinstance(value, (complex, np.complexfloating)):
        return "c"
    return "f"


def check_scalar_factor(dtype, value, name="alpha", complex_rule=True):
    """Raise PyTorch's error for a factor that the result dtype ``dtype`` cannot take: a bool
    unless the result is bool, a float for an integral (or bool) result, a complex number for
    a real one (in PyTorch's order of checks; addr has no complex rule: its kernel's
    conversion refuses a complex number instead)."""
    kind = _kind(value)
    if kind == "i":
        return
    if kind == "b" and dtype is not _dtype.bool_:
        raise RuntimeError(f"Boolean {name} only supported for Boolean results.")
    category = dtype.category
    if kind in "fc" and category < _dtype.FLOAT:
        raise RuntimeError(f"For integral input tensors, argument {name} must not be a "
                           "floating point number.")
    if complex_rule and kind == "c" and category != _dtype.COMPLEX:
        raise RuntimeError(f"For non-complex input tensors, argument {name} must not be a "
                           "complex number.")


def check_alpha(input, other, alpha):
    """add/sub/rsub's check of a non-int ``alpha`` (the callers skip ints, which every dtype
    takes). Operands that do not broadcast are left to the op, whose shape error PyTorch
    raises first."""
    shapes = [v._data.shape for v in (input, other) if isinstance(v, TensorBase)]
    try:
        np.broadcast_shapes(*shapes)
    except ValueError:
        return
    operands = [v.item() if isinstance(v, np.generic) else v for v in (input, other)]
    check_scalar_factor(_dtype.result_type(operands), alpha)  # (a NumPy scalar: a number)


# PyTorch's C++ names of the types a Scalar is converted to, for its overflow message
_CPP_NAMES = {"float32": "float", "float64": "double", "float16": "c10::Half",
              "int64": "int64_t", "int32": "int32_t", "int16": "int16_t", "int8": "int8_t",
              "uint8": "uint8_t"}


def factor_in_dtype(value, np_dtype):
    """``value`` (beta or alpha of addmm, addmv, addr, baddbmm, addbmm) converted to the
    result's dtype as PyTorch's kernels convert a Scalar: a float truncated toward zero for an
    integer dtype, and its error when the value does not fit (a complex number with an
    imaginary part for a real dtype, a number out of an integer dtype's range)."""
    if isinstance(value, TensorBase):
        value = value.item()
    kind = np_dtype.kind
    if kind == "c" or type(value) is int or type(value) is bool:
        return value
    number = complex(value)
    fits = number.imag == 0
    if fits and kind in "iu":
        info = np.iinfo(np_dtype)
        fits = info.min <= number.real <= info.max
    if not fits:
        name = _CPP_NAMES.get(np_dtype.name, np_dtype.name)
        raise RuntimeError(f"value cannot be converted to type {name} without overflow")
    return int(number.real) if kind in "iub" else number.real


def _is_bool(value):
    return type(value) is bool or (isinstance(value, TensorBase) and value._data.dtype == np.bool_)


def check_subtraction(a, b):
    """PyTorch refuses subtraction with a bool operand (a Python bool counts as one)."""
    a_bool, b_bool = _is_bool(a), _is_bool(b)
    if not (a_bool or b_bool):
        return
    if a_bool and b_bool:
        raise RuntimeError("Subtraction, the `-` operator, with two bool tensors is not "
                           "supported. Use the `^` or `logical_xor()` operator instead.")
    raise RuntimeError("Subtraction, the `-` operator, with a bool tensor is not supported. "
                       "If you are trying to invert a mask, use the `~` or `logical_not()` "
                       "operator instead.")
