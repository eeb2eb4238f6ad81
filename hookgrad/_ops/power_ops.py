"""Powers with PyTorch's type promotion and node names: ``tensor ** number`` (PowBackward0),
``tensor ** tensor`` (PowBackward1), ``number ** tensor`` (PowBackward2), ``square``."""
import numpy as np

from .. import _dtype
from .._tensor_base import TensorBase, _make
from . import libm
from .alpha_check import check_subtraction
from .c_pow import power_of_floats
from .elementwise import log, sqrt_array
from .elementwise_layout import c_order, first_operand_layout, unary_result
from .half import FLOAT16, unary_in_float32
from .op import Op, operands, plain_backward, refuse_out
from .scalar_forms import MulBackward1, SubBackward1


def integer_power(x, y):
    """``x ** y`` of integers, negative exponents included (NumPy refuses them): the power
    of the reciprocal truncated, so 0 but for bases 1 and -1."""
    negative = y < 0
    if not np.any(negative):
        return np.power(x, y)
    power = np.power(x, np.where(negative, 0, y))
    odd = (y % 2).astype(bool)
    reciprocal = np.where(x == 1, 1, np.where(x == -1, np.where(odd, -1, 1), 0))
    return np.where(negative, reciprocal, power).astype(power.dtype, copy=False)


def power_by_number(x, e):
    """``x ** e`` of a floating array by a number, PyTorch's way: 2, 3 and -2 as products of
    ``x`` (each product rounded), 1 as a copy, -1 as the reciprocal, 0.5 / -0.5 as sqrt / rsqrt
    ((-inf) ** 0.5 is NaN, (-0.) ** -0.5 -inf) but in float16, any other exponent as C's
    ``pow``. float16's 3 and -2 are computed in float32 and rounded once, as PyTorch's (its
    bfloat16 kernel rounds each product)."""
    if x.itemsize == 2 and (e == 3 or e == -2) and x.dtype == FLOAT16:  # (bfloat16's: steps)
        return unary_in_float32(lambda wide: power_by_number(wide, e), x)
    if e == 2:
        return x * x
    if e == 1:  # (PyTorch's copy; pow_backward's exponent - 1 of a square)
        return x.copy()
    if e == 3:
        return x * x * x
    if e == -2:
        return 1 / (x * x)
    if e == -1:
        return 1 / x
    if (e == 0.5 or e == -0.5) and x.dtype.itemsize != 2:  # (float16's is C's pow)
        return sqrt_array(x) if e == 0.5 else 1 / np.sqrt(x)  # (sqrt as torch.sqrt, rsqrt's not)
    return power_of_floats(x, e)


def _zeros_where(mask, values):
    """C++'s ``at::where(mask, zeros, values)`` in a formula: ``WhereBackward0`` whose first
    edge (the 0-d zeros) is empty."""
    from .selection import where  # (selection imports this module)
    return where(_make(mask), _make(np.zeros((), values._data.dtype)), values)


_STEPPED = (2, 3, -2, -1)  # (the exponents power_by_number computes as products)


class PowBackward0(Op):
    """``tensor ** scalar``."""

    saved_names = ('self',)

    def forward(self, a, exponent):
        self.exponent = exponent
        x, e = operands(a, exponent)
        self.save(a)
        kind = x.dtype.kind
        if kind == "f":  # (the common case first: one dtype test)
            out = power_by_number(x, e)
            return out if x.flags.c_contiguous else unary_result(out, x)  # (PyTorch's layout)
        return unary_result(self._other_kinds(x, e, kind), a._data, x is not a._data)

    @staticmethod
    def _other_kinds(x, e, kind):
        if kind in "iu" and isinstance(e, int) and e < 0:
            raise RuntimeError("Integers to negative integer powers are not allowed.")
        if kind == "b":  # a bool to a bool power stays bool (NumPy's would be int8)
            return x.copy() if e else np.ones_like(x)
        if x.dtype.kind == "V" and e in _STEPPED:  # (bfloat16: products, each rounded)
            return power_by_number(x, e)
        if x.dtype.kind == "V" and (e == 0.5 or e == -0.5):
            # PyTorch computes these as sqrt and rsqrt: (-inf) ** 0.5 is NaN, (-0.) ** -0.5 -inf
            with np.errstate(divide="ignore", invalid="ignore"):
                if e == -0.5:  # (in float32, rounded once, as PyTorch's rsqrt)
                    return unary_in_float32(lambda wide: 1 / np.sqrt(wide), x)
                return np.sqrt(x)
        return np.power(x, e)

    def backward(self, grad):
        (a,) = self.saved()
        e = self.exponent
        if e == 0:  # zeros, not grad * 0 (NaN for an infinite gradient)
            return _make(np.zeros(self._in_meta[0][0], grad._data.dtype))
        x, g = a._data, grad._data
        if type(e) is int and g.dtype is x.dtype and plain_backward():
            # the arrays of the ops below (pow by an int, mul, mul; one dtype), without them
            return _make(np.asarray(g * (power_by_number(x, e - 1) * e)))
        return grad * MulBackward1.apply(a ** (e - 1), e)  # grad * (exponent * self.pow(e - 1))


class PowBackward1(Op):
    """``tensor ** tensor``."""

    saved_names = ('exponent', 'self', 'result')  # (PyTorch's order: its nodes save by name)
    arity = 2
    saves_output = True

    def forward(self, a, b):
        x, y = operands(a, b)
        if x.dtype.kind == "b":  # both bool
            raise NotImplementedError("\"pow\" not implemented for 'Bool'")
        self.save(b, a)
        out = integer_power(x, y) if x.dtype.kind in "iu" else (
            power_of_floats(x, y) if x.dtype.kind == "f" else np.power(x, y))
        return first_operand_layout(out, x, y)

    def backward(self, grad):
        b, a, result = self.saved()
        grad_a = grad_b = None  # (the exponent's first, as MulBackward0's)
        if self.needs(1):  # (0 ** b has no log: its gradient is 0 for b >= 0, as PyTorch's)
            base = a
            if a._data.dtype != b._data.dtype:  # the log in the promoted dtype, as PyTorch's
                base = a.to(_dtype.result_type((a, b)))  # (a.pow_(b): the result is a's dtype)
            grad_b = grad * _zeros_where((a._data == 0) & (b._data >= 0), result * log(base))
        if self.needs(0):  # zeros where the exponent is 0, as PyTorch masks them
            check_subtraction(b, 1)  # (PyTorch's exponent - 1 refuses a bool exponent)
            slope = grad * (b * a ** SubBackward1.apply(b, 1))
            grad_a = _zeros_where(b._data == 0, slope)
        return grad_a, grad_b


class PowBackward2(Op):
    """``scalar ** tensor``; saves the exponent (version check) and shows ``_saved_self``."""

    saved_names = ('self', 'exponent', 'result')
    saves_output = True

    def forward(self, a, base):
        self.base = base
        self.save(None, a)
        x, s = operands(a, base)
        if x.dtype.kind == "b" and type(base) is bool:  # (both bool: no kernel, as ** of two
            raise NotImplementedError("\"pow\" not implemented for 'Bool'")  # bool tensors)
        if base == 0:
            self.nonnegative = x >= 0
        # (C order whatever the exponent's layout, as PyTorch's result)
        if x.dtype.kind in "iu":
            return c_order(integer_power(np.asarray(s, x.dtype), x))
        if x.dtype.kind == "f":  # (the number in the tensor's dtype, then C's pow)
            return c_order(power_of_floats(np.asarray(s, x.dtype), x, c_order_output=True))
        with np.errstate(divide="ignore"):  # 0 ** -x: inf, as PyTorch's
            return c_order(np.power(float(s) if x.dtype.kind == "V" else s, x)
                           .astype(x.dtype, copy=False))

    def _wrapped_number(self, name):
        return self.base if name == "self" else None

    def backward(self, grad):
        _, _, result = self.saved()
        with np.errstate(divide="ignore", invalid="ignore"):  # log(0); 0 * -inf
            slope = MulBackward1.apply(result, float(libm.log(float(self.base))))
        if self.base == 0:  # no log of 0: the gradient is 0 where the exponent is >= 0
            slope = _zeros_where(self.nonnegative, slope)
        return grad * slope


# --------------------------------------------------------------------------- public functions
# PyTorch's signatures: ``Tensor.exp`` and ``torch.exp`` are these functions.

def pow(input, exponent, *, out=None):
    if out is not None:
        refuse_out("pow")
    if not isinstance(input, TensorBase):
        return rpow(exponent, input)
    if isinstance(exponent, TensorBase):
        return PowBackward1.apply(input, exponent)
    return PowBackward0.apply(input, exponent)


def rpow(input, other):
    """``other ** input`` for a number ``other``."""
    return PowBackward2.apply(input, other)


def square(input, *, out=None):
    return PowBackward0.apply(input, 2) if out is None else refuse_out("square")
