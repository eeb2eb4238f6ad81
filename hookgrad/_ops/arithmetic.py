"""Arithmetic with PyTorch's type promotion: add, sub, mul, div, floor_divide, pow and their
reflected forms (``2 - x``), with PyTorch's node names."""
import numpy as np

from .. import _creation, _dtype
from .._tensor_base import TensorBase, _make
from ..autograd.graph import ERROR_NODE_SEQ, SavedNumber
from .activation_backward import zeros_of_input
from .alpha_check import check_alpha, check_subtraction
from .division_nans import nan_signed
from .elementwise import reciprocal
from .elementwise_layout import first_operand_layout, promoted
from .fused import add_scaled
from .half import by_scalar_in_float32, is_half, number_in_float32
from .op import Op, operands, plain_backward, refuse_out
from .power_ops import (  # noqa: F401 (re-exported: found with the other arithmetic ops)
    PowBackward0,
    PowBackward1,
    PowBackward2,
    _zeros_where,
    integer_power,
    pow,
    power_by_number,
    rpow,
    square,
)
from .scalar_forms import AddBackward1, MulBackward1, SubBackward1  # noqa: F401 (re-exported)
from .split import SPLIT_MIN_SIZE, split_add
from .zero_division import ZERO_DIVISION


def _as_array(x):
    """NumPy returns a scalar, not a 0-d array, from arithmetic on 0-d arrays."""
    return x if type(x) is np.ndarray else np.asarray(x)


def _scalar_or_saved(value, saved):
    return saved if isinstance(value, TensorBase) else value


class AddBackward0(Op):
    arity = 2

    def forward(self, a, b, alpha=1):
        self.alpha = alpha
        x, y = operands(a, b)
        # y + x, not x + y (the same sum, and NumPy lays it out alike): given two NaNs,
        # PyTorch's add returns the second operand's (every layout, scalar or not), NumPy's
        # loops mostly the first's (sum_nans.py has the measurements and what is left)
        if alpha == 1:
            if x.size < SPLIT_MIN_SIZE:  # (the common case; layout: below)
                return first_operand_layout(y + x, x, y)
            else:
                out = split_add(x, y)
                out = y + x if out is None else out
        # (bool by its dtype class, cheaper than comparing dtypes: other dtypes pass at once)
        elif type(x.dtype) is _BOOL_DTYPE and np.asarray(y).dtype == _BOOL:
            out = x | (y & bool(alpha))  # (alpha is cast to the result's dtype: bool)
        else:
            out = add_scaled(x, y, alpha)  # (rounded once, as PyTorch's fused kernel)
        return first_operand_layout(out, x, y)  # (PyTorch's layout: elementwise_layout)

    def backward(self, grad):  # (PyTorch's maybe_multiply: grad * Scalar, MulBackward1)
        return grad, (grad if self.alpha == 1 else MulBackward1.apply(grad, self.alpha))


_BOOL = np.dtype(np.bool_)
_BOOL_DTYPE = np.dtypes.BoolDType  # the class of every bool dtype (an unpickled one too)


class SubBackward0(Op):
    arity = 2

    def forward(self, a, b, alpha=1):
        check_subtraction(a, b)
        self.alpha = alpha
        x, y = operands(a, b)
        if alpha == 1:  # (x's NaN where both are NaN; PyTorch's is y's: a fix would cost
            return first_operand_layout(x - y, x, y)  # every call, so none is made)
        # (floats: x + (-alpha) * y rounded once as PyTorch's add kernel, y's NaN where both
        # are NaN; not for integers: NumPy refuses -1 for an unsigned dtype)
        out = add_scaled(x, y, -alpha) if np.result_type(x, y).kind in "fV" else x - alpha * y
        return first_operand_layout(out, x, y)

    def backward(self, grad):
        if self.alpha == 1 and plain_backward():  # (the array of -grad, without its op)
            return grad, (_make(np.asarray(-grad._data)) if self.needs(1) else None)
        return grad, _negated(grad, self.alpha)


class RsubBackward0(Op):
    """``torch.rsub(input, other, alpha)``: ``other - alpha * input``, of two tensors
    (``RsubBackward1``: ``other`` is a number, as in ``number - tensor``)."""

    arity = 2

    def forward(self, a, other, alpha=1):
        check_subtraction(other, a)
        self.alpha = alpha
        x, y = operands(a, other)
        out = y - x if alpha == 1 else add_scaled(y, x, -alpha) if np.result_type(
            x, y).kind in "fV" else y - alpha * x
        # (PyTorch's sub(other, input): a number there leads nowhere, the input does)
        return first_operand_layout(out, *((y, x) if type(y) is np.ndarray else (x, y)))

    def backward(self, grad):
        return (_negated(grad, self.alpha) if self.needs(0) else None), \
            (grad if self.needs(1) else None)


class RsubBackward1(RsubBackward0):
    arity = 1

    def backward(self, grad):
        return _negated(grad, self.alpha)


def _negated(grad, alpha):
    """``-grad * alpha`` as PyTorch's formula records it: ``maybe_multiply(-grad, alpha)``
    (NegBackward0, then MulBackward1 unless alpha is 1); one product in a plain backward."""
    if alpha == 1:
        return -grad
    if plain_backward():
        return MulBackward1.apply(grad, -alpha)
    return MulBackward1.apply(-grad, alpha)


class MulBackward0(Op):
    saved_names = ('other', 'self')
    arity = 2

    def forward(self, a, b):
        x, y = operands(a, b)
        self.other = b
        if self._record:  # each side saves only what the other side's gradient needs (a
            # number too: PyTorch saves it as a wrapped number, which a pass frees)
            # (needs() and saved_number(), written out: every product runs this)
            edges = self._next
            self.save(None if edges[0][0] is None else
                      b if isinstance(b, TensorBase) else SavedNumber(b),
                      None if edges[1][0] is None else a)
        if x.itemsize == 2 and is_half(x):
            halves = by_scalar_in_float32(np.multiply, a, b)
            if halves is not None:
                return first_operand_layout(halves, x)
        return first_operand_layout(x * y, x, y)

    def _wrapped_number(self, name):
        if name == "other" and not isinstance(self.other, TensorBase):
            return _creation.tensor(self.other)  # a wrapped number, never packed
        return None

    def backward(self, grad):
        b, a = self.saved()
        g = grad._data
        if plain_backward() and (a is None or a._data.dtype == g.dtype) and (
                b is None or b._data.dtype == g.dtype):
            # plain backward, no promotion involved: NumPy directly, no op overhead
            other = self.other if b is None else b._data
            if g.itemsize == 2 and self.needs(0) and not isinstance(other, np.ndarray) and \
                    is_half(g):  # (times a number: in float32)
                return (_make(number_in_float32(np.multiply, g, other)), None)
            return (_make(_as_array(g * other)) if self.needs(0) else None,
                    _make(_as_array(g * a._data)) if self.needs(1) else None)
        # (other's gradient first: PyTorch's generated code computes the inputs' gradients in
        # the alphabetical order of their names, which under create_graph sets the order in
        # which its nodes are made, so their sequence numbers and the next pass's order)
        grad_b = grad * a if self.needs(1) else None
        return (grad * _scalar_or_saved(self.other, b) if self.needs(0) else None), grad_b


class DivBackward0(Op):
    saved_names = ('other', 'self')  # (PyTorch's order: its nodes save by name)
    arity = 2

    def forward(self, a, b):
        x, y = operands(a, b)
        self.other = b
        if x.dtype.kind in "biu" and (not isinstance(y, np.ndarray) or y.dtype.kind in "biu"):
            # true division of integers gives the default float dtype, both sides cast
            default = _dtype.get_default_dtype().np_dtype
            x = promoted(x, default)  # (laid out as PyTorch's copies)
            if isinstance(y, np.ndarray):
                y = promoted(y, default)
        if self._record:  # as PyTorch: the divisor (a number too), and self for other's grad
            self._save_operands(a, b)
        if x.itemsize == 2 and is_half(x):
            halves = by_scalar_in_float32(np.divide, a, b)
            if halves is not None:
                return first_operand_layout(halves, x)
        with np.errstate(divide="ignore", invalid="ignore"):
            return first_operand_layout(x / y, x, y)

    def _save_operands(self, a, b):
        # (save(saved_number(b), a if needs(1) else None), the two calls written out)
        self.save(b if isinstance(b, TensorBase) else SavedNumber(b),
                  a if self._next[1][0] is not None else None)

    def backward(self, grad):
        b, a = self.saved()
        other = _scalar_or_saved(self.other, b)
        g = grad._data
        if plain_backward() and b is not None and b._data.dtype is g.dtype and (
                a is None or a._data.dtype is g.dtype):
            # The arrays the ops below compute (two tensors of one dtype, so no promotion to
            # reproduce), under one errstate instead of one per division.
            with np.errstate(divide="ignore", invalid="ignore"):
                y = b._data
                return (_make(g / y) if self.needs(0) else None,
                        _make(-g * ((a._data / y) / y)) if self.needs(1) else None)
        # (other's first, as MulBackward0's; PyTorch's grouping, and its order of nodes: GCC
        # evaluates the operands of -grad * (...) right to left)
        grad_b = None
        if self.needs(1):
            quotient = (a / b) / b
            grad_b = -grad * quotient
        grad_a = grad / other if self.needs(0) else None
        return grad_a, grad_b


class DivBackward1(DivBackward0):
    """Division by a number as PyTorch's C++ calls it (the ``div.Scalar`` overload), e.g. in
    ``cross_entropy``; from Python, ``tensor / number`` is ``DivBackward0``. One input; its
    node saves nothing (the divisor is a Scalar argument, not a saved variable)."""

    arity = 1
    supports_complex = True  # (a real divisor: the count of a mean)

    def _save_operands(self, a, b):
        pass

    def backward(self, grad):
        if plain_backward():
            g = grad._data
            if g.itemsize == 2 and is_half(g):  # (by a number: in float32)
                return _make(number_in_float32(np.divide, g, self.other))
            return _make(_as_array(g / self.other))
        return DivBackward1.apply(grad, self.other)


def check_integer_divisor(x, y):
    """PyTorch raises for an integer division or remainder by zero (NumPy gives 0)."""
    if x.dtype.kind in "biu" and np.asarray(y).dtype.kind in "biu" and np.any(y == 0) \
            and x.size:  # (nothing is divided in an empty tensor)
        raise RuntimeError(ZERO_DIVISION)


class DivBackward2(DivBackward0):
    """``div(a, b, rounding_mode=...)``: for 'floor' and 'trunc' piecewise constant, zero
    gradients (PyTorch's node saves the divisor, and self for the divisor's gradient, all the
    same); ``rounding_mode=None`` given explicitly is true division under this name."""

    saved_names = ("other", "self")
    arity = 2

    def forward(self, a, b, rounding_mode):
        self.rounding_mode = rounding_mode
        if rounding_mode is None:
            return super().forward(a, b)
        x, y = operands(a, b)
        if x.dtype.kind == "b":  # both operands bool
            kernel = "div_trunc_cpu" if rounding_mode == "trunc" else "div_floor_cpu"
            raise NotImplementedError(f'"{kernel}" not implemented for \'Bool\'')
        check_integer_divisor(x, y)
        if self._record:  # (as DivBackward0: _save_operands runs for a recorded node only)
            self._save_operands(a, b)
        with np.errstate(divide="ignore", invalid="ignore"):
            if rounding_mode == "floor":  # (floats: Python's floor division, as PyTorch's)
                return first_operand_layout(
                    nan_signed(np.floor_divide(x, y), x, y, floor=True), x, y)
            if rounding_mode == "trunc":
                return first_operand_layout(np.trunc(x / y).astype(np.result_type(x, y)), x, y)
        raise ValueError(f"div expected rounding_mode to be one of None, 'trunc', or 'floor' but "
                         f"found '{rounding_mode}'")

    def backward(self, grad):
        if self.rounding_mode is None:
            return super().backward(grad)
        self.saved()  # (unpacked as PyTorch's node does: raises once a pass freed them)
        # (PyTorch's zeros_like(grad): never requires grad)
        return (zeros_of_input(self, 0) if self.needs(0) else None,
                zeros_of_input(self, 1) if self.needs(1) else None)


class FloorDivideBackward(DivBackward2):
    """``floor_divide`` / ``//``: PyTorch defines no derivative, and records a node that
    raises when a backward reaches it; its edges go to the inputs that require grad only."""

    node_name = "torch::autograd::NotImplemented"

    def _link(self, inputs, adopted=None):
        # (``requires_grad``, not ``_requires_grad``: a view made without grad mode of a
        # tensor that requires grad requires grad too, and gets an empty edge)
        super()._link([a for a in inputs if isinstance(a, TensorBase) and a.requires_grad],
                      adopted)
        self._seq = ERROR_NODE_SEQ

    def _save_operands(self, a, b):
        pass  # PyTorch's NotImplemented node saves nothing

    def backward(self, grad):
        raise RuntimeError("derivative for aten::floor_divide is not implemented")


class FloorDivideInPlaceBackward(FloorDivideBackward):
    """The node of ``floor_divide_`` / ``//=``, whose error names the in-place op."""

    def backward(self, grad):
        raise RuntimeError("derivative for aten::floor_divide_ is not implemented")


FloorDivideBackward.__name__ = FloorDivideBackward.__qualname__ = "NotImplemented"  # PyTorch's
FloorDivideInPlaceBackward.__name__ = FloorDivideInPlaceBackward.__qualname__ = "NotImplemented"


def add(input, other, *, alpha=1, out=None):
    if out is not None:
        refuse_out("add")
    if not isinstance(input, TensorBase):  # a number + a tensor
        input, other = other, input
    if type(alpha) is not int:
        check_alpha(input, other, alpha)
    return AddBackward0.apply(input, other, alpha)


def sub(input, other, *, alpha=1, out=None):
    if out is not None:
        refuse_out("sub")
    if not isinstance(input, TensorBase):  # a number - a tensor
        return RsubBackward1.apply(other, input)
    if type(alpha) is not int:
        check_subtraction(input, other)
        check_alpha(input, other, alpha)
    return SubBackward0.apply(input, other, alpha)


def rsub(input, other, alpha=1):
    """``other - alpha * input``."""
    if type(alpha) is not int:
        check_subtraction(other, input)
        check_alpha(input, other, alpha)
    if isinstance(other, TensorBase):
        return RsubBackward0.apply(input, other, alpha)
    return RsubBackward1.apply(input, other, alpha)


def mul(input, other, *, out=None):
    if out is not None:
        refuse_out("mul")
    if not isinstance(input, TensorBase):
        input, other = other, input
    return MulBackward0.apply(input, other)


class _NoRoundingMode:
    """``div``'s default: ``rounding_mode=None`` given explicitly selects another overload
    (``DivBackward2``), so the default must be told apart from None."""

    def __repr__(self):
        return "None"


_NO_ROUNDING_MODE = _NoRoundingMode()


def div(input, other, *, rounding_mode=_NO_ROUNDING_MODE, out=None):
    if out is not None:
        refuse_out("div")
    if not isinstance(input, TensorBase):
        return rdiv(other, input)
    if rounding_mode is _NO_ROUNDING_MODE:
        return DivBackward0.apply(input, other)
    return DivBackward2.apply(input, other, rounding_mode)


def floor_divide(input, other, *, out=None):
    if out is not None:
        refuse_out("floor_divide")
    return FloorDivideBackward.apply(input, other, "floor")


def rdiv(input, other):
    """``other / input`` for a number ``other``: PyTorch records it as
    ``reciprocal(input) * other``."""
    return MulBackward0.apply(reciprocal(input), other)


def floor_divide_in_place(input, other):
    """``input.floor_divide_(other)`` before it is written back (see ``inplace.in_place``)."""
    return FloorDivideInPlaceBackward.apply(input, other, "floor")


def floor_divide_reflected(input, other):
    return FloorDivideBackward.apply(full_like_value(input, other), input, "floor")


def full_like_value(a, value):
    return _make(np.full_like(a._data, value, dtype=operands(a, value)[0].dtype))


def remainder_array(x, y):
    """PyTorch's ``remainder``: ``fmod`` moved onto the divisor's side, so that a zero
    remainder keeps the dividend's sign (NumPy's ``mod`` gives it the divisor's)."""
    result = np.mod(x, y)
    if result.dtype.kind == "f":
        zero = result == 0
        if zero.any():
            signed = np.copysign(result, x).astype(result.dtype, copy=False)
            result = np.where(zero, signed, result) if result.ndim else signed
    return result



class RemainderReflectedBackward(Op):
    """``number % tensor``: PyTorch defines no derivative, but the result requires grad, with
    a node that raises when a backward reaches it."""

    node_name = "torch::autograd::NotImplemented"

    def _link(self, inputs, adopted=None):
        super()._link(inputs, adopted)
        self._seq = ERROR_NODE_SEQ  # (PyTorch's error nodes run as soon as they are ready)

    def forward(self, a, number):
        x, s = operands(a, number)
        if x.dtype.kind == "b":  # both operands bool
            raise NotImplementedError("\"remainder_cpu\" not implemented for 'Bool'")
        check_integer_divisor(np.asarray(s), x)
        with np.errstate(divide="ignore", invalid="ignore"):
            return np.asarray(remainder_array(s, x))

    def backward(self, grad):
        raise RuntimeError("derivative for aten::remainder is not implemented")


RemainderReflectedBackward.__name__ = RemainderReflectedBackward.__qualname__ = "NotImplemented"


def remainder_reflected(input, other):
    """``other % input`` for a number ``other``."""
    return RemainderReflectedBackward.apply(input, other)
