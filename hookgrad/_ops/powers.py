"""Elementwise ops beyond the core families: float_power, ldexp, logaddexp2, heaviside,
nextafter, angle, isposinf / isneginf, gcd, lcm and the bitwise shifts, with PyTorch's node
names, dtypes and refusals."""
import math
import warnings

import numpy as np

from .. import _dtype
from .._tensor_base import TensorBase, _make, tensor_argument
from ..autograd.graph import ERROR_NODE_SEQ
from .arithmetic import PowBackward2
from .arithmetic import pow as _pow
from .complex_support import check_real, complex_dtype_of
from .elementwise_layout import first_operand_layout
from .inplace import apply_inplace
from .op import (
    BinaryOp,
    Op,
    apply_to_tensors,
    float_input,
    float_operands,
    operands,
    plain_backward,
    refuse_out,
    type_name,
)
from .scalar_forms import AddBackward1, MulBackward1
from .selection import keep_where

_LN2 = math.log(2)


def float_power(input, exponent, *, out=None):
    """``pow`` computed in float64: the tensor operands are cast first (``ToCopyBackward0``),
    as PyTorch records it."""
    if out is not None:
        refuse_out("float_power")
    if not isinstance(input, TensorBase) and not isinstance(exponent, TensorBase):
        raise TypeError("float_power(): argument 'input' (position 1) must be Tensor, not "
                        f"{type(input).__name__}")
    if complex_dtype_of((input, exponent)) is not None:  # (in complex128)
        from .complex_powers import complex_float_power  # (it builds on this module)
        return complex_float_power(input, exponent)
    # (the exponent cast first: PyTorch's C++ evaluates the call's arguments right to left)
    power = exponent.to(_dtype.float64) if isinstance(exponent, TensorBase) else \
        float(exponent)
    base = input.to(_dtype.float64) if isinstance(input, TensorBase) else float(input)
    return _pow(base, power)


class LdexpBackward0(Op):
    """``input * 2 ** other``. It saves ``other`` and the result, as PyTorch's node, whose
    formulas are ``grad * pow(2, other)`` and ``grad * result * log(2)``."""

    saved_names = ("other", "result")
    saves_output = True
    arity = 2

    def forward(self, a, other, dtype=None):
        """``dtype``: the result's when not the promoted one (``ldexp_``: the input's)."""
        if (a._data.dtype.kind in "fV" and isinstance(other, TensorBase)
                and other._data.dtype == np.bool_):  # (PyTorch's kernel takes a real
            # floating input's exponent in its own dtype, which has no bool form)
            raise NotImplementedError('"ldexp_cpu_exp" not implemented for \'Bool\'')
        self.save(other)
        x, e = float_operands(a, other)
        dtype = x.dtype if dtype is None else dtype
        with np.errstate(over="ignore", invalid="ignore"):
            return first_operand_layout(np.multiply(x, np.exp2(e, dtype=x.dtype), dtype=x.dtype)
                                        .astype(dtype, copy=False), x, e)

    def backward(self, grad):
        other, result = self.saved()
        grad_input = grad_other = None  # (other's first, as MulBackward0's)
        if self.needs(1):
            grad_other = MulBackward1.apply(grad * result, _LN2)
        if self.needs(0):
            # (C++'s pow(2, other): an integer power for an integer exponent, 0 below 0)
            grad_input = grad * PowBackward2.apply(other, 2)
        return grad_input, grad_other


class _FloatsOnly(BinaryOp):
    """A binary op of two tensors that PyTorch implements for floating dtypes only."""

    def forward(self, a, b):
        x, y = operands(a, b)
        if x.dtype.kind not in "fV":
            raise NotImplementedError(f'"{self.op_name()}_cpu" not implemented for '
                                      f"'{type_name(x)}'")
        self._save_operands(a, b)
        with np.errstate(over="ignore", invalid="ignore"):
            return first_operand_layout(self.function(x, y), x, y)

    def _save_operands(self, a, b):
        self.save(b, a)


# PyTorch's kernel: max + log1p(exp2(-|a - b|)) * (1 / ln 2), where the compiler fuses the
# multiply and the add (one rounding); for float32 the product of two float32 numbers is exact
# in float64, so adding there and rounding once is that fused step (np.logaddexp2 rounds
# twice, and is one ulp off, as logaddexp2(-0.75, -0.75) = 0.24999999 in PyTorch)
_INV_LN2_FLOAT32 = float(np.float32(1 / _LN2))


def _logaddexp2(x, y):
    if x.dtype != np.float32 or y.dtype != np.float32:
        return np.logaddexp2(x, y)
    # exp2 and log1p each rounded to float32, as the float32 library functions return them
    wide = np.float64
    power = np.exp2(-np.abs(x - y).astype(wide)).astype(np.float32)
    log_term = np.log1p(power.astype(wide)).astype(np.float32)
    result = (np.maximum(x, y).astype(wide) + log_term.astype(wide) * _INV_LN2_FLOAT32)
    result = result.astype(np.float32)
    # equal infinities give themselves (their difference is NaN)
    return np.where((x == y) & np.isinf(x), x, result)


class Logaddexp2Backward0(_FloatsOnly):
    function = staticmethod(_logaddexp2)

    def backward(self, grad):
        b, a = self.saved()  # (other's gradient first, as MulBackward0's)
        if not plain_backward():  # PyTorch's formula: grad / (1 + pow(2, other - self))
            grad_b = (grad / AddBackward1.apply(PowBackward2.apply(a - b, 2), 1)
                      if self.needs(1) else None)
            return (grad / AddBackward1.apply(PowBackward2.apply(b - a, 2), 1)
                    if self.needs(0) else None), grad_b
        grad_b = grad / ((a - b).exp2() + 1) if self.needs(1) else None
        return (grad / ((b - a).exp2() + 1) if self.needs(0) else None), grad_b


class NextafterBackward0(_FloatsOnly):
    """The next float after ``input`` towards ``other``; the gradient passes to ``input``
    where the two differ, zeros where they are equal (PyTorch's where), and ``other`` gets
    zeros."""

    function = np.nextafter

    def _save_operands(self, a, b):
        # PyTorch saves both only for input's gradient (other's, zeros, needs neither): a
        # pass reaching other alone frees nothing, and may run again
        self.save(*((b, a) if self.needs(0) else (None, None)))

    def backward(self, grad):
        b, a = self.saved()
        shape, dtype = self._in_meta[1]
        grad_input = None
        if self.needs(0):
            with np.errstate(invalid="ignore"):
                grad_input = keep_where(grad, a._data != b._data)
        return (grad_input,
                _make(np.zeros(shape, dtype)) if self.needs(1) else None)


class HeavisideBackward(Op):
    """``heaviside``: PyTorch defines no derivative, and records a node that raises when a
    backward reaches it; its edges go to the inputs that require grad only, and it runs as
    soon as it is ready (PyTorch's error nodes' sequence number)."""

    node_name = "torch::autograd::NotImplemented"
    function_name = "heaviside"  # (for PyTorch's complex refusal)
    arity = 2

    def _link(self, inputs, adopted=None):
        # (``requires_grad``, not ``_requires_grad``: a view made without grad mode of a
        # tensor that requires grad requires grad too, and gets an empty edge)
        super()._link([a for a in inputs if isinstance(a, TensorBase) and a.requires_grad],
                      adopted)
        self._seq = ERROR_NODE_SEQ

    def forward(self, a, values):
        x, v = a._data, values._data
        with np.errstate(invalid="ignore"):
            return first_operand_layout(np.where(x == 0, v, x > 0).astype(x.dtype), x, v)

    def backward(self, grad):
        raise RuntimeError("derivative for aten::heaviside is not implemented")


HeavisideBackward.__name__ = HeavisideBackward.__qualname__ = "NotImplemented"  # PyTorch's


class AngleBackward0(Op):
    """The argument of a real number: pi below 0, 0 elsewhere (NaN stays NaN); its gradient
    is zeros like the input (PyTorch's ``zeros_like(self)``: no history under create_graph,
    and 0 where the incoming gradient is NaN or infinite). The input is saved, as PyTorch's
    node saves it (a second pass without retain_graph and the version check refuse it)."""

    saved_names = ('self',)

    def forward(self, a):
        x = float_input(a)
        self.save(a)
        self.like = (a._data.shape, a._data.dtype)
        # (a NaN without its sign bit, whatever the input NaN's, as PyTorch gives it)
        return np.where(x < 0, x.dtype.type(math.pi), np.where(np.isnan(x), np.nan, 0)).astype(
            x.dtype)

    def backward(self, grad):
        self.saved()  # (unpacked as PyTorch's node does)
        return _make(np.zeros(*self.like))


# --------------------------------------------------------------------------- integer ops

def _integers(name, x, bools=False):
    if x.dtype.kind not in ("iub" if bools else "iu"):
        raise NotImplementedError(f"\"{name}_cpu\" not implemented for '{type_name(x)}'")


def _integer_operands(name, input, other):
    if isinstance(input, TensorBase):
        x, y = operands(input, other)
    else:  # a number and a tensor
        y, x = operands(other, input)
    x, y = np.asarray(x), np.asarray(y)
    _integers(name, x)
    return x, y.astype(x.dtype, copy=False)


def gcd(input, other, *, out=None):
    if out is not None:
        refuse_out("gcd")
    x, y = _integer_operands("gcd", input, tensor_argument("gcd", "other", 2, other))
    return _make(_iterator_layout(np.asarray(np.gcd(x, y)), x, y))


def lcm(input, other, *, out=None):
    if out is not None:
        refuse_out("lcm")
    x, y = _integer_operands("lcm", input, tensor_argument("lcm", "other", 2, other))
    return _make(_iterator_layout(np.asarray(np.lcm(x, y)), x, y))


def gcd_method(self, other):
    """``Tensor.gcd``: PyTorch counts ``other`` as the method's first argument."""
    return gcd(self, tensor_argument("gcd", "other", 1, other))


def lcm_method(self, other):
    return lcm(self, tensor_argument("lcm", "other", 1, other))


# (the methods: PyTorch counts the argument after self as the first)

def ldexp_method(self, other):
    other = tensor_argument("ldexp", "other", 1, other)
    _warn_if_resized(self, other, 3)
    return apply_to_tensors(LdexpBackward0, "ldexp", self, other, None)


def logaddexp2_method(self, other):
    return logaddexp2(self, tensor_argument("logaddexp2", "other", 1, other))


def nextafter_method(self, other):
    return nextafter(self, tensor_argument("nextafter", "other", 1, other))


def heaviside_method(self, values):
    return heaviside(self, tensor_argument("heaviside", "values", 1, values))


def gcd_(self, other):
    """``Tensor.gcd_``: the argument is checked before anything about ``self``."""
    return apply_inplace(self, gcd, (tensor_argument("gcd_", "other", 1, other),), {}, None,
                         True)


def lcm_(self, other):
    return apply_inplace(self, lcm, (tensor_argument("lcm_", "other", 1, other),), {}, None,
                         True)


def _shift(name, input, other, left):
    x, s = _integer_operands(name, input, other)
    bits = x.dtype.itemsize * 8
    valid = (s >= 0) & (s < bits)
    amount = np.where(valid, s, 0)
    if left:
        shifted = np.left_shift(x, amount)
        result = np.where(valid, shifted, 0)
    else:
        shifted = np.right_shift(x, amount)
        result = np.where(valid, shifted, np.where(x < 0, -1, 0) if x.dtype.kind == "i" else 0)
    return _make(_iterator_layout(np.asarray(result.astype(x.dtype)), x, s))


def _iterator_layout(out, x, y):
    """``out`` in PyTorch's layout for operands ``x`` and ``y`` in its order (an operand
    from a number, 0-d, plays no part: the result follows the other)."""
    return first_operand_layout(out, x, y) if x.ndim or not y.ndim else \
        first_operand_layout(out, y)


def bitwise_left_shift(input, other, *, out=None):
    if out is not None:
        refuse_out("bitwise_left_shift")
    return _shift("lshift", input, other, True)


def bitwise_right_shift(input, other, *, out=None):
    if out is not None:
        refuse_out("bitwise_right_shift")
    return _shift("rshift", input, other, False)


def reflected_left_shift(input, other):
    """``number << tensor``."""
    return _shift("lshift", other, input, True)


def reflected_right_shift(input, other):
    return _shift("rshift", other, input, False)


# --------------------------------------------------------------------------- functions

def ldexp(input, other, *, out=None):
    if out is None and isinstance(input, TensorBase) and isinstance(other, TensorBase):
        _warn_if_resized(input, other, 3)
    return apply_to_tensors(LdexpBackward0, "ldexp", input, other, out)


def _warn_if_resized(input, other, stacklevel):
    """PyTorch's kernel for a real floating input and an integer (or bool) exponent writes
    into a tensor like the input, which it resizes, with this warning, when the exponent
    broadcasts it to a bigger shape."""
    x, e = input._data, other._data
    if x.dtype.kind not in "fV" or e.dtype.kind not in "biu" or not x.size:
        return
    try:
        shape = np.broadcast_shapes(x.shape, e.shape)
    except ValueError:  # (the op's own error follows)
        return
    if shape != x.shape:
        warnings.warn(
            f"An output with one or more elements was resized since it had shape "
            f"{list(x.shape)}, which does not match the required output shape {list(shape)}. "
            "This behavior is deprecated, and in a future PyTorch release outputs will not be "
            "resized unless they have zero elements. You can explicitly reuse an out tensor t "
            "by resizing it, inplace, to zero elements with t.resize_(0). (Triggered internally "
            "at /__w/pytorch/pytorch/aten/src/ATen/native/Resize.cpp:30.)", UserWarning,
            stacklevel=stacklevel)


def logaddexp2(input, other, *, out=None):
    return apply_to_tensors(Logaddexp2Backward0, "logaddexp2", input, other, out)


def nextafter(input, other, *, out=None):
    return apply_to_tensors(NextafterBackward0, "nextafter", input, other, out)


def check_heaviside(input, values):
    tensor_argument("heaviside", "input", 1, input)
    tensor_argument("heaviside", "values", 2, values)
    if input._data.dtype != values._data.dtype:
        raise RuntimeError("heaviside is not yet implemented for tensors with different "
                           "dtypes.")


def heaviside(input, values, *, out=None):
    if out is not None:
        refuse_out("heaviside")
    check_heaviside(input, values)
    return HeavisideBackward.apply(input, values)


def angle(input, *, out=None):
    return AngleBackward0.apply(input) if out is None else refuse_out("angle")


def isposinf(input, *, out=None):
    check_real("isposinf", input)
    return _make(np.asarray(np.isposinf(input._data))) if out is None else refuse_out("isposinf")


def isneginf(input, *, out=None):
    check_real("isneginf", input)
    return _make(np.asarray(np.isneginf(input._data))) if out is None else refuse_out("isneginf")
