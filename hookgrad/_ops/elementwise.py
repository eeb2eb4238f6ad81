"""Unary elementwise maths (exp, log, sqrt, sin, tanh, sigmoid, relu, sign, floor, ...), on the
UnaryOp family, with PyTorch's node names."""
import numpy as np

from .._tensor_base import _make
from . import libm, sleef_activations, sleef_double, unary_layouts
from .activation_backward import (
    SigmoidBackwardBackward0,
    TanhBackwardBackward0,
    ThresholdBackwardBackward0,
    zero_where,
    zeros_of_input,
)
from .elementwise_layout import first_operand_layout, unary_result
from .half import is_half, unary_in_float32
from .kernel_vec import applies as sleef_applies
from .op import Op, UnaryOp, plain_backward, refuse_out, type_name
from .scalar_forms import AddBackward1, MulBackward1
from .split import SPLIT_MIN_SIZE, split_relu, split_threshold_backward
from .vml import vml


class NegBackward0(Op):
    supports_complex = True

    def forward(self, a):
        if type(a._data.dtype) is np.dtypes.BoolDType:  # (cheaper than comparing dtypes)
            raise RuntimeError("Negation, the `-` operator, on a bool tensor is not supported. If "
                               "you are trying to invert a mask, use the `~` or `logical_not()` "
                               "operator instead.")
        x = a._data
        return -x if x.flags.c_contiguous else unary_result(-x, x)

    def backward(self, grad):
        if plain_backward():  # (the array of -grad, without its op)
            return _make(np.asarray(-grad._data))
        return -grad


class ExpBackward0(UnaryOp):
    function, saves = vml("Exp", np.exp), "result"

    def backward(self, grad):
        return grad * self.saved()[0]


def unsigned_nans(function, x):
    """``function(x)`` (sqrt or a logarithm) with the NaN of a negative ``x`` (not a NaN)
    made positive: PyTorch's kernels give sqrt and log of negatives a NaN without sign bit,
    NumPy x86's default NaN has it set (``signbit`` shows it). Raising on "invalid" costs
    nothing when no input is negative, the common case."""
    with np.errstate(divide="ignore", invalid="raise"):
        try:
            return function(x)
        except FloatingPointError:
            pass
    with np.errstate(divide="ignore", invalid="ignore"):
        out = np.asarray(function(x))
    return np.where(x < 0, out.dtype.type(np.nan), out)


def _sqrt(x):
    return unsigned_nans(np.sqrt, x)


def _log(x):
    return unsigned_nans(np.log, x)


sqrt_array = vml("Sqrt", _sqrt)
log_array = vml("Ln", _log)
exp_array = ExpBackward0.function


class LogBackward0(UnaryOp):
    function, saves = log_array, "self"

    def backward(self, grad):
        return grad / self.saved()[0]


def numpy_layout(out, x):
    """``out`` (C order) laid out as NumPy lays out a ufunc's result of ``x`` (callers such
    as soft_margin_loss keep that layout)."""
    laid = np.empty_like(x, dtype=out.dtype)
    laid[...] = out
    return laid


def _log1p(x):
    """SLEEF's log1p on every element of a float32 or float64 tensor, strided or not (its
    kernel maps the vector function over a contiguous buffer of each run: vml.h), on AVX2 / AVX-512.
    Else NumPy's; PyTorch's float64 one gives every NaN without its sign bit (a NaN's own,
    and that of x < -1), its float32 one NumPy's signs."""
    if not x.flags.c_contiguous and (x.dtype == np.float32 or sleef_double.applies(x)):
        return numpy_layout(_log1p(np.ascontiguousarray(x)), x)
    if sleef_applies(x):
        return sleef_activations.log1p(x)
    if sleef_double.applies(x):
        return sleef_double.log1p(x)
    out = np.log1p(x)
    if out.dtype == np.float64 and out.ndim:
        nan = out != out
        if nan.any():
            out[nan] = np.nan
    elif out.dtype == np.float64 and out != out:
        out = np.float64(np.nan)
    return out


class Log1PBackward0(UnaryOp):
    function, saves, quiet = _log1p, "self", ("divide", "invalid")

    def backward(self, grad):
        return grad / AddBackward1.apply(self.saved()[0], 1)  # PyTorch's: grad / (self + 1)


log1p_array = Log1PBackward0.function


class SqrtBackward0(UnaryOp):
    function, saves = sqrt_array, "result"

    def backward(self, grad):
        return grad / MulBackward1.apply(self.saved()[0], 2)  # PyTorch's: grad / (2 * result)


def _rsqrt(x):
    if x.itemsize == 2 and is_half(x):  # (float32 inside, rounded once, as PyTorch's)
        return unary_in_float32(_rsqrt, x)
    return 1 / np.sqrt(x)


class RsqrtBackward0(UnaryOp):
    function, saves, quiet = _rsqrt, "result", ("divide", "invalid")

    def backward(self, grad):  # PyTorch's formula: -0.5 * grad * result.pow(3)
        cube = self.saved()[0] ** 3  # (GCC evaluates the right operand of * first)
        return MulBackward1.apply(grad, -0.5) * cube


class ReciprocalBackward0(UnaryOp):
    function, saves, quiet = np.reciprocal, "result", ("divide",)

    def backward(self, grad):
        (result,) = self.saved()
        square = result * result  # (PyTorch's grouping; GCC makes the right operand first)
        return -grad * square


class AbsBackward0(UnaryOp):
    function, saves, float_input = np.abs, "self", False

    def forward(self, a):
        x = a._data
        if type(x.dtype) is np.dtypes.BoolDType:  # (cheaper than its kind)
            raise NotImplementedError("\"abs_cpu\" not implemented for 'Bool'")
        if self._record:  # (save(), skipped without a call when nothing records)
            self.save(a)
        return np.abs(x)

    def backward(self, grad):
        (a,) = self.saved()
        if plain_backward():
            return _make(grad._data * _sign(a._data))
        return grad * SgnBackward0.apply(a)  # PyTorch's formula: grad * self.sgn()


class SinBackward0(UnaryOp):
    function, saves = vml("Sin", np.sin), "self"

    def backward(self, grad):
        return grad * cos(self.saved()[0])


class CosBackward0(UnaryOp):
    function, saves = vml("Cos", np.cos), "self"

    def backward(self, grad):
        return grad * -sin(self.saved()[0])


class TanhBackward0(UnaryOp):
    function, saves = vml("Tanh", np.tanh), "result"

    def backward(self, grad):
        return TanhBackwardBackward0.of(grad, self.saved()[0])


def _sigmoid(x):
    """PyTorch's ``1 / (1 + exp(-x))`` (its float32 / float64 kernels' formula: it rounds as
    they do far more often than the overflow-free ``exp(-|x|)`` form, and where exp(-x)
    overflows it gives their 0). A NaN comes out with its sign bit flipped, as PyTorch's
    gives it (signbit shows it)."""
    if x.itemsize == 2 and is_half(x):  # (float32 inside, rounded once, as PyTorch's)
        return unary_in_float32(_sigmoid, x)
    if x.dtype == np.float32 or x.dtype == np.float64:
        out = unary_layouts.unary("sigmoid", x)  # (AVX2 / AVX-512: PyTorch's kernel, any layout)
        if out is not None:
            return out
        with np.errstate(over="ignore"):
            out = np.negative(x, out=np.empty_like(x))  # (an array for a 0-d x too)
            # (float64: C's exp, the element loop's on small tensors and on the tails)
            (libm.exp if out.dtype == np.float64 else np.exp)(out, out=out)
            np.add(out, 1, out=out)
            np.divide(1, out, out=out)
    else:
        e = np.exp(-np.abs(x))
        out = np.where(x >= 0, 1 / (1 + e), e / (1 + e)).astype(x.dtype, copy=False)
        if out.dtype.kind != "f":  # (bfloat16's conversion gives its own NaN; complex: as is)
            return out
    squares = np.vdot(out, out)  # (NaN only from a NaN input)
    return out if squares == squares else np.where(x != x, np.negative(x), out)


sigmoid_of_array = _sigmoid  # (glu's kernel: its formula and loops are sigmoid's)


class SigmoidBackward0(UnaryOp):
    function, saves = _sigmoid, "result"

    def backward(self, grad):
        return SigmoidBackwardBackward0.of(grad, self.saved()[0])


class ReluBackward0(Op):
    saved_names = ('result',)
    saves_output = True

    def forward(self, a):
        x = a._data
        if x.dtype.kind not in "fV":
            if x.dtype.kind == "b":
                raise RuntimeError("Boolean inputs not supported for relu")
            out = np.maximum(x, 0, dtype=x.dtype)
        # zero where x < 0, x itself elsewhere: -0.0 and NaN pass through as in PyTorch
        # (np.maximum gives +0.0 for -0.0, and is slower than zero_where)
        elif x.size < SPLIT_MIN_SIZE:  # (the common case: one test)
            out = zero_where(x, x < 0)
        else:
            out = split_relu(x)
            out = zero_where(x, x < 0) if out is None else out
        return out if x.flags.c_contiguous else unary_result(out, x)  # (elementwise_layout)

    def backward(self, grad):
        (result,) = self.saved()
        if plain_backward():
            return _make(_threshold_backward(grad._data, result._data))
        return ThresholdBackwardBackward0.of(grad, result, 0)


def _threshold_backward(g, result):
    """``grad`` where ``result > 0``, +0 elsewhere; a NaN result lets its gradient through,
    as PyTorch's ``threshold_backward`` (which zeroes only ``result <= 0``)."""
    if g.size < SPLIT_MIN_SIZE:  # (the common case: one test)
        out = zero_where(g, result <= 0)
    else:
        out = split_threshold_backward(g, result)
        out = zero_where(g, result <= 0) if out is None else out
    return first_operand_layout(out, result, g)  # (its iterator takes the result first)


def _sign(x):
    if x.dtype == np.bool_:
        return x.copy()  # NumPy has no bool sign
    out = np.asarray(np.sign(x))  # (NumPy gives a scalar for 0-d)
    if x.dtype.kind in "fV":
        np.copyto(out, 0, where=np.isnan(out))  # PyTorch's sign(nan) is 0
    return out


class ZeroGradBackward(UnaryOp):
    """Base of piecewise-constant ops (sign, floor, ceil, round): the gradient is zeros, which
    (as PyTorch's ``zeros_like(grad)``) never require grad, even under create_graph.
    ``kernel``: the name of PyTorch's kernel when it has none for bool (floor, ceil, ...)."""

    float_input = False
    kernel = None

    def forward(self, a):
        x = a._data
        if x.dtype.kind == "b" and self.kernel is not None:
            raise NotImplementedError(f'"{self.kernel}" not implemented for \'Bool\'')
        return self.function(x)

    def backward(self, grad):
        return zeros_of_input(self, 0)


class SignBackward0(ZeroGradBackward):
    function = _sign


class SgnBackward0(SignBackward0):
    """``sgn``: ``sign`` for real tensors (its own node name). Unlike sign's, PyTorch's node
    saves the input and the result (which a second backward then misses)."""

    saved_names = ("self", "result")
    saves_output = True

    def forward(self, a):
        self.save(a)
        return super().forward(a)

    def backward(self, grad):
        self.saved()  # (unpacked as PyTorch's node does: raises once a pass freed them)
        from .._zero_tensor import as_zero_tensor, follow_zero_tensors  # (above the op layer)
        follow_zero_tensors()  # (the ops that receive it: PyTorch's ZeroTensor kernels)
        return as_zero_tensor(zeros_of_input(self, 0))  # (PyTorch's _efficientzerotensor)


class FloorBackward0(ZeroGradBackward):
    function, kernel = np.floor, "floor_vml_cpu"


class CeilBackward0(ZeroGradBackward):
    function, kernel = np.ceil, "ceil_vml_cpu"


class RoundBackward0(ZeroGradBackward):
    function, kernel = np.round, "round_vml_cpu"


class RoundBackward1(ZeroGradBackward):
    """``round(decimals=n)``: half to even at the n-th decimal, as PyTorch rounds."""

    def forward(self, a, decimals):
        x = a._data
        if x.dtype.kind not in "fV":  # (PyTorch copies integers only when no decimals are given)
            kernel = "round_cpu" if decimals else "round_vml_cpu"
            raise NotImplementedError(f'"{kernel}" not implemented for \'{type_name(x)}\'')
        if not decimals:
            return np.round(x)
        return round_decimals(x, decimals)


def round_decimals(x, decimals):
    """PyTorch's kernel: ``nearbyint(x * 10^d) / 10^d`` (``nearbyint(x / 10^-d) * 10^-d`` for
    d < 0), 10^d being C's pow rounded to the computing type (float32 for the 16-bit types),
    its overflow and NaNs silently (NumPy's round scales otherwise, and warns)."""
    if x.dtype.kind != "f" or x.itemsize < 4:
        return round_decimals(x.astype(np.float32), decimals).astype(x.dtype)
    scale = x.dtype.type(10.0 ** (-decimals if decimals < 0 else decimals))
    with np.errstate(over="ignore", invalid="ignore", divide="ignore"):
        if decimals < 0:
            return np.rint(x / scale) * scale
        return np.rint(x * scale) / scale


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


def abs_(input):
    """``input.abs_()`` before it is written back: a complex tensor cannot hold its result."""
    if input._data.dtype.kind == "c":
        raise RuntimeError("In-place abs is not supported for complex tensors.")
    return AbsBackward0.apply(input)


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


def round(input, *, decimals=None, out=None):
    if out is not None:
        refuse_out("round")
    if decimals is None:
        return RoundBackward0.apply(input)
    return RoundBackward1.apply(input, decimals)  # (PyTorch's round.decimals, also for 0)


def positive(input):
    if input._data.dtype.kind == "b":
        raise RuntimeError("The `+` operator, on a bool tensor is not supported.")
    return input
