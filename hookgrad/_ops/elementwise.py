"""Unary elementwise maths (exp, log, sqrt, sin, tanh, sigmoid, relu, sign, floor, ...), on the
UnaryOp family, with PyTorch's node names."""
import numpy as np

from .._tensor_base import _make
from .op import Op, UnaryOp, plain_backward, refuse_out
from .split import SPLIT_MIN_SIZE, split_relu, split_threshold_backward

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


class NegBackward0(Op):
    def forward(self, a):
        if a._data.dtype == np.bool_:
            raise RuntimeError("Negation, the `-` operator, on a bool tensor is not supported. If "
                               "you are trying to invert a mask, use the `~` or `logical_not()` "
                               "operator instead.")
        return -a._data

    def backward(self, grad):
        return -grad


class ExpBackward0(UnaryOp):
    function, saves = np.exp, "result"

    def backward(self, grad):
        return grad * self.saved()[0]


class LogBackward0(UnaryOp):
    function, saves, quiet = np.log, "self", ("divide", "invalid")

    def backward(self, grad):
        return grad / self.saved()[0]


class Log1PBackward0(UnaryOp):
    function, saves, quiet = np.log1p, "self", ("divide", "invalid")

    def backward(self, grad):
        return grad / (self.saved()[0] + 1)


class SqrtBackward0(UnaryOp):
    function, saves, quiet = np.sqrt, "result", ("invalid",)

    def backward(self, grad):
        return grad / (self.saved()[0] * 2)


def _rsqrt(x):
    return 1 / np.sqrt(x)


class RsqrtBackward0(UnaryOp):
    function, saves, quiet = _rsqrt, "result", ("divide", "invalid")

    def backward(self, grad):
        return grad * self.saved()[0] ** 3 * -0.5


class ReciprocalBackward0(UnaryOp):
    function, saves, quiet = np.reciprocal, "result", ("divide",)

    def backward(self, grad):
        (result,) = self.saved()
        return -grad * result * result


class AbsBackward0(UnaryOp):
    function, saves, float_input = np.abs, "self", False

    def backward(self, grad):
        return grad * sign(self.saved()[0])


class SinBackward0(UnaryOp):
    function, saves = np.sin, "self"

    def backward(self, grad):
        return grad * cos(self.saved()[0])


class CosBackward0(UnaryOp):
    function, saves = np.cos, "self"

    def backward(self, grad):
        return grad * -sin(self.saved()[0])


class TanhBackward0(UnaryOp):
    function, saves = np.tanh, "result"

    def backward(self, grad):
        (result,) = self.saved()
        return grad * (1 - result * result)


def _sigmoid(x):
    """exp of a non-positive number only: no overflow for large |x|."""
    e = np.exp(-np.abs(x))
    return np.where(x >= 0, 1 / (1 + e), e / (1 + e)).astype(x.dtype, copy=False)


class SigmoidBackward0(UnaryOp):
    function, saves = _sigmoid, "result"

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
        out = split_relu(x) if x.size >= SPLIT_MIN_SIZE else None
        return zero_where(x, x < 0) if out is None else out

    def backward(self, grad):
        (result,) = self.saved()
        if plain_backward():
            return _make(_threshold_backward(grad._data, result._data))
        return ThresholdBackwardBackward0.apply(grad, result)


def _threshold_backward(g, result):
    """``grad`` where ``result > 0``, +0 elsewhere; a NaN result lets its gradient through,
    as PyTorch's ``threshold_backward`` (which zeroes only ``result <= 0``)."""
    out = split_threshold_backward(g, result) if g.size >= SPLIT_MIN_SIZE else None
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


def _sign(x):
    return x.copy() if x.dtype == np.bool_ else np.sign(x)  # NumPy has no bool sign


class ZeroGradBackward(UnaryOp):
    """Base of piecewise-constant ops (sign, floor, ceil, round): the gradient is zero."""

    float_input = False

    def backward(self, grad):
        return grad * 0


class SignBackward0(ZeroGradBackward):
    function = _sign


class FloorBackward0(ZeroGradBackward):
    function = np.floor


class CeilBackward0(ZeroGradBackward):
    function = np.ceil


class RoundBackward0(ZeroGradBackward):
    function = np.round


class RoundBackward1(ZeroGradBackward):
    """``round(decimals=n)``: half to even at the n-th decimal, as PyTorch rounds."""

    def forward(self, a, decimals):
        return np.round(a._data, decimals)


# --------------------------------------------------------------------------- public functions
# PyTorch's signatures: ``Tensor.exp`` and ``torch.exp`` are these functions.

def neg(input, *, out=None):
    return NegBackward0.apply(input) if out is None else refuse_out("neg")


def exp(input, *, out=None):
    return ExpBackward0.apply(input) if out is None else refuse_out("exp")


def log(input, *, out=None):
    return LogBackward0.apply(input) if out is None else refuse_out("log")


def log1p(input, *, out=None):
    return Log1PBackward0.apply(input) if out is None else refuse_out("log1p")


def sqrt(input, *, out=None):
    return SqrtBackward0.apply(input) if out is None else refuse_out("sqrt")


def rsqrt(input, *, out=None):
    return RsqrtBackward0.apply(input) if out is None else refuse_out("rsqrt")


def reciprocal(input, *, out=None):
    return ReciprocalBackward0.apply(input) if out is None else refuse_out("reciprocal")


def abs(input, *, out=None):
    return AbsBackward0.apply(input) if out is None else refuse_out("abs")


def sin(input, *, out=None):
    return SinBackward0.apply(input) if out is None else refuse_out("sin")


def cos(input, *, out=None):
    return CosBackward0.apply(input) if out is None else refuse_out("cos")


def tanh(input, *, out=None):
    return TanhBackward0.apply(input) if out is None else refuse_out("tanh")


def sigmoid(input, *, out=None):
    return SigmoidBackward0.apply(input) if out is None else refuse_out("sigmoid")


def relu(input):
    return ReluBackward0.apply(input)


def sign(input, *, out=None):
    return SignBackward0.apply(input) if out is None else refuse_out("sign")


def floor(input, *, out=None):
    return FloorBackward0.apply(input) if out is None else refuse_out("floor")


def ceil(input, *, out=None):
    return CeilBackward0.apply(input) if out is None else refuse_out("ceil")


def round(input, *, decimals=0, out=None):
    if out is not None:
        refuse_out("round")
    if decimals:
        return RoundBackward1.apply(input, decimals)
    return RoundBackward0.apply(input)


def positive(input):
    return input
