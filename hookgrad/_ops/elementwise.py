"""Elementwise arithmetic with PyTorch's type promotion, and unary maths."""

import numpy as np

from .. import _dtype
from .._tensor import Tensor, _make
from .op import Op, plain_backward
from .split import split_add, split_relu, split_threshold_backward


def operands(a, b):
    """The two NumPy operands of a binary op, cast so NumPy computes in PyTorch's result dtype.

    ``a`` is a Tensor; ``b`` a Tensor or Python scalar (weakly typed: ``x * 0.5`` stays
    float32, but an integer tensor times a float scalar becomes float32, not float64)."""
    x = a._data
    if isinstance(b, Tensor):
        y = b._data
        if x.dtype == y.dtype:
            return x, y
        target = _dtype.result_type((a, b)).np_dtype
        return x.astype(target, copy=False), y.astype(target, copy=False)
    if isinstance(b, np.generic):
        b = b.item()
    elif not isinstance(b, (int, float)):
        raise TypeError(f"unsupported operand: a Tensor and a {type(b).__name__} (expected a "
                        "Tensor or a Python number)")
    kind = x.dtype.kind
    if type(b) is float and kind != "f":
        return x.astype(_dtype.get_default_dtype().np_dtype), b
    if type(b) is int and kind == "b":
        return x.astype(np.int64), b
    return x, b


def _as_array(x):
    """NumPy returns a scalar, not a 0-d array, from arithmetic on 0-d arrays."""
    return x if type(x) is np.ndarray else np.asarray(x)


def _scalar_or_saved(value, saved):
    return saved if isinstance(value, Tensor) else value


_UINT = {2: np.uint16, 4: np.uint32, 8: np.uint64}


def zero_where(values, drop):
    """``np.where(drop, 0, values)`` for floats: exactly +0 where ``drop`` is set, ``values``
    (-0 and NaN included) elsewhere. Beyond a few thousand elements a bit mask is several
    times faster than np.where on an unpredictable mask; below, np.where's two calls win."""
    if values.size <= _WHERE_MAX_SIZE:
        return np.where(drop, 0, values)
    uint = _UINT[values.itemsize]
    mask = drop.view(np.uint8).astype(uint)
    mask -= 1  # dropped: 1 -> 0; kept: 0 -> all bits set
    return np.bitwise_and(values.view(uint), mask, out=mask).view(values.dtype)


_WHERE_MAX_SIZE = 2048


# --------------------------------------------------------------------------- binary arithmetic

class AddBackward0(Op):
    arity = 2

    def forward(self, a, b, alpha=1):
        self.alpha = alpha
        x, y = operands(a, b)
        if alpha != 1:
            return x + alpha * y
        out = split_add(x, y) if x.size >= _SPLIT_MIN_SIZE else None
        return x + y if out is None else out

    def backward(self, grad):
        return grad, (grad if self.alpha == 1 else grad * self.alpha)


_SPLIT_MIN_SIZE = 1 << 17  # elements; below, no op splits over the pool


_BOOL = np.dtype(np.bool_)


def _is_bool(value):
    return type(value) is bool or (isinstance(value, Tensor) and value._data.dtype is _BOOL)


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


class SubBackward0(Op):
    arity = 2

    def forward(self, a, b, alpha=1):
        check_subtraction(a, b)
        self.alpha = alpha
        x, y = operands(a, b)
        return x - y if alpha == 1 else x - alpha * y

    def backward(self, grad):
        return grad, (-grad if self.alpha == 1 else grad * -self.alpha)


class RsubBackward0(Op):
    """``torch.rsub(input, other, alpha)``: ``other - alpha * input``, of two tensors
    (``RsubBackward1``: ``other`` is a number, as in ``number - tensor``)."""

    arity = 2

    def forward(self, a, other, alpha=1):
        check_subtraction(other, a)
        self.alpha = alpha
        x, y = operands(a, other)
        return y - x if alpha == 1 else y - alpha * x

    def backward(self, grad):
        grad_input = -grad if self.alpha == 1 else grad * -self.alpha
        return (grad_input if self.needs(0) else None), (grad if self.needs(1) else None)


class RsubBackward1(RsubBackward0):
    arity = 1

    def backward(self, grad):
        return -grad if self.alpha == 1 else grad * -self.alpha


class MulBackward0(Op):
    saved_names = ('other', 'self')
    arity = 2

    def forward(self, a, b):
        x, y = operands(a, b)
        self.other = b
        if self._record:  # each side saves only what the other side's gradient needs
            self.save(b if self.needs(0) and isinstance(b, Tensor) else None,
                      a if self.needs(1) else None)
        return x * y

    def _wrapped_number(self, name):
        if name == "other" and not isinstance(self.other, Tensor):
            from .._creation import tensor
            return tensor(self.other)  # a wrapped number, never packed
        return None

    def backward(self, grad):
        b, a = self.saved()
        g = grad._data
        if plain_backward() and (a is None or a._data.dtype == g.dtype) and (
                b is None or b._data.dtype == g.dtype):
            # plain backward, no promotion involved: NumPy directly, no op overhead
            other = self.other if b is None else b._data
            return (_make(_as_array(g * other)) if self.needs(0) else None,
                    _make(_as_array(g * a._data)) if self.needs(1) else None)
        return (grad * _scalar_or_saved(self.other, b) if self.needs(0) else None,
                grad * a if self.needs(1) else None)


class DivBackward0(Op):
    saved_names = ('self', 'other')
    arity = 2

    def forward(self, a, b):
        x, y = operands(a, b)
        self.other = b
        if x.dtype.kind in "biu" and (not isinstance(y, np.ndarray) or y.dtype.kind in "biu"):
            # true division of integers gives the default float dtype, both sides cast
            default = _dtype.get_default_dtype().np_dtype
            x = x.astype(default)
            if isinstance(y, np.ndarray):
                y = y.astype(default)
        if self._record:
            self.save(a, b if isinstance(b, Tensor) else None)
        with np.errstate(divide="ignore", invalid="ignore"):
            return x / y

    def backward(self, grad):
        a, b = self.saved()
        other = _scalar_or_saved(self.other, b)
        grad_a = grad / other if self.needs(0) else None
        grad_b = -grad * a / (b * b) if self.needs(1) else None
        return grad_a, grad_b


class DivBackward1(DivBackward0):
    """Division by a number as PyTorch's C++ calls it (the ``div.Scalar`` overload), e.g. in
    ``cross_entropy``; from Python, ``tensor / number`` is ``DivBackward0``."""


def check_integer_divisor(x, y):
    """PyTorch raises for an integer division or remainder by zero (NumPy gives 0)."""
    if x.dtype.kind in "biu" and np.asarray(y).dtype.kind in "biu" and np.any(y == 0):
        raise RuntimeError("ZeroDivisionError")


class DivBackward2(Op):
    """``div(a, b, rounding_mode='floor' | 'trunc')``: piecewise constant, zero gradients."""

    arity = 2

    def forward(self, a, b, rounding_mode):
        x, y = operands(a, b)
        check_integer_divisor(x, y)
        with np.errstate(divide="ignore", invalid="ignore"):
            if rounding_mode == "floor":
                return np.floor_divide(x, y) if x.dtype.kind in "iu" else np.floor(x / y)
            if rounding_mode == "trunc":
                return np.trunc(x / y).astype(np.result_type(x, y))
        raise ValueError(f"div expected rounding_mode to be one of None, 'trunc', or 'floor' but "
                         f"found '{rounding_mode}'")

    def backward(self, grad):
        zero = grad * 0
        return (zero if self.needs(0) else None), (zero if self.needs(1) else None)


class FloorDivideBackward(DivBackward2):
    """``floor_divide`` / ``//``: PyTorch defines no derivative, and records a node that
    raises when a backward reaches it."""

    node_name = "torch::autograd::NotImplemented"

    def backward(self, grad):
        raise RuntimeError("derivative for aten::floor_divide is not implemented")


FloorDivideBackward.__name__ = FloorDivideBackward.__qualname__ = "NotImplemented"  # PyTorch's


class PowBackward0(Op):
    """``tensor ** scalar``."""

    saved_names = ('self',)
    def forward(self, a, exponent):
        self.exponent = exponent
        x, e = operands(a, exponent)
        self.save(a)
        if x.dtype.kind in "iu" and isinstance(e, int) and e < 0:
            raise RuntimeError("Integers to negative integer powers are not allowed.")
        return np.power(x, e)

    def backward(self, grad):
        (a,) = self.saved()
        e = self.exponent
        if e == 0:
            return grad * 0
        return grad * e * a ** (e - 1)


class PowBackward1(Op):
    """``tensor ** tensor``."""

    saved_names = ('self', 'exponent', 'result')
    arity = 2
    saves_output = True

    def forward(self, a, b):
        x, y = operands(a, b)
        self.save(a, b)
        return np.power(x, y)

    def backward(self, grad):
        a, b, result = self.saved()
        grad_a = grad * b * a ** (b - 1) if self.needs(0) else None
        grad_b = grad * result * log(a).masked_fill(a == 0, 0) if self.needs(1) else None
        return grad_a, grad_b


class PowBackward2(Op):
    """``scalar ** tensor``."""

    saved_names = ('result',)
    saves_output = True

    def forward(self, a, base):
        self.base = base
        x, s = operands(a, base)
        return np.power(float(s) if x.dtype.kind == "f" else s, x).astype(x.dtype, copy=False)

    def backward(self, grad):
        (result,) = self.saved()
        return grad * result * float(np.log(self.base))


# --------------------------------------------------------------------------- unary maths

class NegBackward0(Op):
    def forward(self, a):
        if a._data.dtype == np.bool_:
            raise RuntimeError("Negation, the `-` operator, on a bool tensor is not supported. If "
                               "you are trying to invert a mask, use the `~` or `logical_not()` "
                               "operator instead.")
        return -a._data

    def backward(self, grad):
        return -grad


def _float_input(a):
    x = a._data
    return x if x.dtype.kind == "f" else x.astype(_dtype.get_default_dtype().np_dtype)


class ExpBackward0(Op):
    saved_names = ('result',)
    saves_output = True

    def forward(self, a):
        return np.exp(_float_input(a))

    def backward(self, grad):
        (result,) = self.saved()
        return grad * result


class LogBackward0(Op):
    saved_names = ('self',)
    def forward(self, a):
        self.save(a)
        with np.errstate(divide="ignore", invalid="ignore"):
            return np.log(_float_input(a))

    def backward(self, grad):
        (a,) = self.saved()
        return grad / a


class Log1PBackward0(Op):
    saved_names = ('self',)
    def forward(self, a):
        self.save(a)
        with np.errstate(divide="ignore", invalid="ignore"):
            return np.log1p(_float_input(a))

    def backward(self, grad):
        (a,) = self.saved()
        return grad / (a + 1)


class SqrtBackward0(Op):
    saved_names = ('result',)
    saves_output = True

    def forward(self, a):
        with np.errstate(invalid="ignore"):
            return np.sqrt(_float_input(a))

    def backward(self, grad):
        (result,) = self.saved()
        return grad / (result * 2)


class RsqrtBackward0(Op):
    saved_names = ('result',)
    saves_output = True

    def forward(self, a):
        with np.errstate(divide="ignore", invalid="ignore"):
            return 1 / np.sqrt(_float_input(a))

    def backward(self, grad):
        (result,) = self.saved()
        return grad * result ** 3 * -0.5


class ReciprocalBackward0(Op):
    saved_names = ('result',)
    saves_output = True

    def forward(self, a):
        with np.errstate(divide="ignore"):
            return 1 / _float_input(a)

    def backward(self, grad):
        (result,) = self.saved()
        return -grad * result * result


class AbsBackward0(Op):
    saved_names = ('self',)
    def forward(self, a):
        self.save(a)
        return np.abs(a._data)

    def backward(self, grad):
        (a,) = self.saved()
        return grad * sign(a)


class SinBackward0(Op):
    saved_names = ('self',)
    def forward(self, a):
        self.save(a)
        return np.sin(_float_input(a))

    def backward(self, grad):
        (a,) = self.saved()
        return grad * cos(a)


class CosBackward0(Op):
    saved_names = ('self',)
    def forward(self, a):
        self.save(a)
        return np.cos(_float_input(a))

    def backward(self, grad):
        (a,) = self.saved()
        return grad * -sin(a)


class TanhBackward0(Op):
    saved_names = ('result',)
    saves_output = True

    def forward(self, a):
        return np.tanh(_float_input(a))

    def backward(self, grad):
        (result,) = self.saved()
        return grad * (1 - result * result)


class SigmoidBackward0(Op):
    saved_names = ('result',)
    saves_output = True

    def forward(self, a):
        x = _float_input(a)
        # exp of a non-positive number only: no overflow for large |x|
        e = np.exp(-np.abs(x))
        return np.where(x >= 0, 1 / (1 + e), e / (1 + e)).astype(x.dtype, copy=False)

    def backward(self, grad):
        (result,) = self.saved()
        return grad * result * (1 - result)


class ReluBackward0(Op):
    saved_names = ('result',)
    saves_output = True

    def forward(self, a):
        x = a._data
        if x.dtype.kind != "f":
            return np.maximum(x, 0, dtype=x.dtype)
        # zero where x < 0, x itself elsewhere: -0.0 and NaN pass through as in PyTorch
        # (np.maximum gives +0.0 for -0.0, and is slower than zero_where)
        out = split_relu(x) if x.size >= _SPLIT_MIN_SIZE else None
        return zero_where(x, x < 0) if out is None else out

    def backward(self, grad):
        (result,) = self.saved()
        if plain_backward():
            return _make(_threshold_backward(grad._data, result._data))
        return ThresholdBackwardBackward0.apply(grad, result)


def _threshold_backward(g, result):
    """``grad`` where ``result > 0``, +0 elsewhere; a NaN result lets its gradient through,
    as PyTorch's ``threshold_backward`` (which zeroes only ``result <= 0``)."""
    out = split_threshold_backward(g, result) if g.size >= _SPLIT_MIN_SIZE else None
    return zero_where(g, result <= 0) if out is None else out


class ThresholdBackwardBackward0(Op):
    """relu's backward as an op, so that it is differentiable under ``create_graph``."""

    arity = 2

    def forward(self, grad, result):
        self.save(result)
        return _threshold_backward(grad._data, result._data)

    def backward(self, grad_grad):
        (result,) = self.saved()
        return (ThresholdBackwardBackward0.apply(grad_grad, result) if self.needs(0) else None,
                _make(np.zeros_like(result._data)) if self.needs(1) else None)


class SignBackward0(Op):
    def forward(self, a):
        x = a._data
        return x.copy() if x.dtype == np.bool_ else np.sign(x)  # NumPy has no bool sign

    def backward(self, grad):
        return grad * 0


class ZeroGradBackward(Op):
    """Base of piecewise-constant ops (floor, ceil, round): the gradient is zero."""

    def backward(self, grad):
        return grad * 0


class FloorBackward0(ZeroGradBackward):
    def forward(self, a):
        return np.floor(a._data)


class CeilBackward0(ZeroGradBackward):
    def forward(self, a):
        return np.ceil(a._data)


class RoundBackward0(ZeroGradBackward):
    def forward(self, a):
        return np.round(a._data)


# --------------------------------------------------------------------------- public functions

def add(a, b, alpha=1):
    if not isinstance(a, Tensor):
        a, b = b, a
    return AddBackward0.apply(a, b, alpha)


def sub(a, b, alpha=1):
    if not isinstance(a, Tensor):
        return RsubBackward1.apply(b, a)
    return SubBackward0.apply(a, b, alpha)


def rsub(a, other, alpha=1):
    """``other - alpha * a``."""
    if isinstance(other, Tensor):
        return RsubBackward0.apply(a, other, alpha)
    return RsubBackward1.apply(a, other, alpha)


def mul(a, b):
    if not isinstance(a, Tensor):
        a, b = b, a
    return MulBackward0.apply(a, b)


def div(a, b, rounding_mode=None):
    if not isinstance(a, Tensor):
        return rdiv(b, a)
    if rounding_mode is None:
        return DivBackward0.apply(a, b)
    return DivBackward2.apply(a, b, rounding_mode)


def floor_divide(a, b):
    return FloorDivideBackward.apply(a, b, "floor")


def rdiv(a, scalar):
    """``scalar / tensor``: PyTorch records it as ``reciprocal(tensor) * scalar``."""
    return MulBackward0.apply(reciprocal(a), scalar)


def floor_divide_reflected(a, scalar):
    return FloorDivideBackward.apply(full_like_value(a, scalar), a, "floor")


def full_like_value(a, value):
    return _make(np.full_like(a._data, value, dtype=operands(a, value)[0].dtype))


def remainder_reflected(a, scalar):
    x, s = operands(a, scalar)
    check_integer_divisor(np.asarray(s), x)
    with np.errstate(divide="ignore", invalid="ignore"):
        return _make(np.asarray(np.mod(s, x)))


def pow(a, exponent):
    if not isinstance(a, Tensor):
        return rpow(exponent, a)
    if isinstance(exponent, Tensor):
        return PowBackward1.apply(a, exponent)
    return PowBackward0.apply(a, exponent)


def rpow(a, base):
    return PowBackward2.apply(a, base)


def neg(a):
    return NegBackward0.apply(a)


def exp(a):
    return ExpBackward0.apply(a)


def log(a):
    return LogBackward0.apply(a)


def log1p(a):
    return Log1PBackward0.apply(a)


def sqrt(a):
    return SqrtBackward0.apply(a)


def rsqrt(a):
    return RsqrtBackward0.apply(a)


def reciprocal(a):
    return ReciprocalBackward0.apply(a)


def abs(a):
    return AbsBackward0.apply(a)


def sin(a):
    return SinBackward0.apply(a)


def cos(a):
    return CosBackward0.apply(a)


def tanh(a):
    return TanhBackward0.apply(a)


def sigmoid(a):
    return SigmoidBackward0.apply(a)


def relu(a):
    return ReluBackward0.apply(a)


def sign(a):
    return SignBackward0.apply(a)


def floor(a):
    return FloorBackward0.apply(a)


def ceil(a):
    return CeilBackward0.apply(a)


def round(a):
    return RoundBackward0.apply(a)

