"""More elementwise maths: expm1, exp2, log2, log10, tan, trunc, frac, nan_to_num, sgn,
deg2rad, rad2deg, logit, sinc, and the binary remainder, fmod, atan2, xlogy, logaddexp,
hypot, fmax and fmin, with PyTorch's node names."""
import math

import numpy as np

from .. import _dtype
from .._tensor_base import TensorBase, _make, tensor_argument
from . import (
    glibc_logf,
    libm,
    logaddexp_kernel,
    pow_atan_kernels,
    sleef_activations,
    sleef_double,
    unary_layouts,
)
from .arithmetic import (
    DivBackward2,
    check_integer_divisor,
    remainder_array,
    remainder_reflected,
)
from .division_nans import nan_signed
from .elementwise import SgnBackward0, ZeroGradBackward, numpy_layout, unsigned_nans
from .elementwise_layout import empty_like_layout, first_operand_layout
from .half import is_half, unary_in_float32
from .kernel_vec import applies as sleef_applies
from .logit import LogitBackward0
from .op import (
    BinaryOp,
    Op,
    UnaryOp,
    apply_to_tensors,
    float_input,
    float_operands,
    operands,
    plain_backward,
    refuse_out,
    type_name,
)
from .scalar_forms import AddBackward1, MulBackward1
from .selection import where
from .vml import vml
from .zero_ties import binary_zero_ties


def _expm1(x):
    """SLEEF's expm1 on every element of a float32 or float64 tensor, strided or not (its
    kernel maps the vector function over a contiguous buffer of each run: vml.h), on AVX2 /
    AVX-512."""
    if not x.flags.c_contiguous and (x.dtype == np.float32 or sleef_double.applies(x)):
        return numpy_layout(_expm1(np.ascontiguousarray(x)), x)
    if sleef_applies(x):
        return sleef_activations.expm1(x)
    return sleef_double.expm1(x) if sleef_double.applies(x) else np.expm1(x)


class Expm1Backward0(UnaryOp):
    function, saves = _expm1, "result"

    def backward(self, grad):
        return grad * AddBackward1.apply(self.saved()[0], 1)  # PyTorch's: grad * (result + 1)


def _log2(x):
    return unsigned_nans(np.log2, x)


def _log10(x):
    return unsigned_nans(np.log10, x)


class Log2Backward0(UnaryOp):
    function, saves = vml("Log2", _log2), "self"
    log_base = 0.6931471805599453  # (PyTorch's literals: ln 10's is an ulp below math.log(10))

    def backward(self, grad):
        return grad / MulBackward1.apply(self.saved()[0], self.log_base)


class Log10Backward0(Log2Backward0):
    function, log_base = vml("Log10", _log10), 2.3025850929940456


class TanBackward0(UnaryOp):
    function, saves = vml("Tan", np.tan), "result"

    def backward(self, grad):
        (result,) = self.saved()
        return grad * AddBackward1.apply(result ** 2, 1)  # PyTorch's: grad * (1 + result.pow(2))


def _trunc(x):
    return np.trunc(x) if x.dtype.kind in "fV" else x.copy()


class TruncBackward0(ZeroGradBackward):
    function, kernel = _trunc, "trunc_vml_cpu"


def _frac(x):
    if x.dtype.kind not in "fV":
        raise NotImplementedError(f'"frac_cpu" not implemented for \'{type_name(x)}\'')
    return x - np.trunc(x)


class FracBackward0(UnaryOp):
    function, float_input = _frac, False

    def backward(self, grad):
        return grad


class NanToNumBackward0(Op):
    """NaN and infinities replaced (by 0 and the dtype's extremes unless given); their
    gradient is 0."""

    supports_complex = True  # (each part of a complex element replaced as a real one)

    def forward(self, a, nan, posinf, neginf):
        x = a._data
        # (laid out as PyTorch's empty_like(self): a transposed column keeps its strides)
        if x.dtype.kind not in "fVc":
            return empty_like_layout(x.copy(), x)
        if x.dtype.kind == "c" and self.needs(0):  # (PyTorch's formula is for real outputs)
            raise RuntimeError("nan_to_num does not support automatic differentiation for "
                               "outputs with complex dtype.")
        self.finite = np.isfinite(x)
        self.save(a)  # (PyTorch's node saves self)
        return empty_like_layout(np.nan_to_num(x, nan=0.0 if nan is None else nan,
                                               posinf=posinf, neginf=neginf), x)

    def backward(self, grad):
        self.saved()  # (unpacked as PyTorch's node does: raises once a pass freed it)
        return grad * _make(self.finite)


def _exp2(x):
    out = unary_layouts.unary("exp2", x)  # (AVX2 / AVX-512: PyTorch's kernel)
    return libm.exp2(x) if out is None else out


class Exp2Backward0(UnaryOp):
    function, saves = _exp2, "result"

    def backward(self, grad):
        return MulBackward1.apply(grad * self.saved()[0], math.log(2))


def trunc_divide(x, y):
    return np.trunc(x / y)


class RemainderBackward0(Op):
    """``input % number`` (Python's sign convention: the divisor's)."""

    # d(a - q * b)/db = -q, q rounded as div(rounding_mode=...) rounds (floor: Python's floor
    # division, NaN for an infinite dividend)
    quotient = staticmethod(np.floor_divide)
    rounding_mode = "floor"
    rest = staticmethod(remainder_array)
    kernel = "remainder_cpu"

    def forward(self, a, other):
        x, y = operands(a, other)
        if x.dtype.kind == "b":  # both operands bool
            raise NotImplementedError(f'"{self.kernel}" not implemented for \'Bool\'')
        check_integer_divisor(x, y)
        with np.errstate(divide="ignore", invalid="ignore"):
            return first_operand_layout(nan_signed(self.rest(x, y), x, y, floor=False), x, y)

    def backward(self, grad):
        return grad


class RemainderBackward1(RemainderBackward0):
    """``input % tensor``."""

    saved_names = ('other', 'self')  # (PyTorch's order: its nodes save by name)
    arity = 2

    def forward(self, a, other):
        if self.needs(1):  # (PyTorch saves them for other's gradient only)
            self.save(other, a)
        return super().forward(a, other)

    def backward(self, grad):
        if not self.needs(1):
            return grad, None
        b, a = self.saved()
        grad_other = None
        if self.needs(1):
            if plain_backward():
                with np.errstate(divide="ignore", invalid="ignore"):
                    q = self.quotient(a._data, b._data)
                grad_other = _make(np.asarray(-grad._data * q))
            else:  # PyTorch's formula: the quotient is a node too (with zero derivatives)
                quotient = DivBackward2.apply(a, b, self.rounding_mode)  # (made first, as GCC
                grad_other = -grad * quotient  # evaluates the right operand of * first)
        return (grad if self.needs(0) else None), grad_other


class FmodBackward0(RemainderBackward0):
    """``fmod(input, number)`` (C's sign convention: the dividend's)."""

    quotient = staticmethod(trunc_divide)
    rounding_mode = "trunc"
    rest = staticmethod(np.fmod)
    kernel = "fmod_cpu"


class FmodBackward1(RemainderBackward1):
    quotient = staticmethod(trunc_divide)
    rounding_mode = "trunc"
    rest = staticmethod(np.fmod)
    kernel = "fmod_cpu"


class Atan2Backward0(BinaryOp):
    function, float_operands = pow_atan_kernels.atan2, True  # (float32: SLEEF's and glibc's)

    def backward(self, grad):
        b, a = self.saved()
        other_squared = b * b  # (GCC evaluates the right operand of + first)
        denominator = a * a + other_squared
        # at the origin both gradients are 0 (not 0 / 0), as PyTorch gives them
        recip = denominator.reciprocal().masked_fill(denominator == 0, 0)
        return (grad * b * recip if self.needs(0) else None,
                grad * -a * recip if self.needs(1) else None)


class Deg2RadBackward0(Op):
    scale = math.pi / 180

    def forward(self, a):
        x = float_input(a)
        # (PyTorch's is a product with a wrapped number: that iterator's layout, which keeps a
        # size-1 dim's stride, where NumPy moves it)
        return first_operand_layout(x * x.dtype.type(self.scale), x, self.scale)

    def backward(self, grad):
        return MulBackward1.apply(grad, self.scale)


class Rad2DegBackward0(Deg2RadBackward0):
    scale = 180 / math.pi


def _sinc(x):
    if x.itemsize == 2 and is_half(x):  # (in float32)
        return unary_in_float32(_sinc, x)
    out = np.sinc(x)
    nan = x != x
    if nan.any():  # (PyTorch's sin(pi x) / (pi x) passes a NaN input's own NaN through, its
        # sign too; NumPy's sinc gives its default NaN)
        out = np.where(nan, x + x.dtype.type(0), out)
    return out


class SincBackward0(UnaryOp):
    """``sin(pi x) / (pi x)``, 1 at 0."""

    function, saves = _sinc, "self"
    quiet = ("invalid", "over")  # sin(inf); pi * x past the largest float

    def backward(self, grad):
        (a,) = self.saved()
        # PyTorch's formula, node for node, its roundings too (0 where pi * self * self is 0)
        if plain_backward():
            pa = a * math.pi
            squared = (a * a) * math.pi
            sine = pa.sin()
            return (grad * ((pa * pa.cos() - sine) / squared)).masked_fill(squared == 0, 0.0)
        pa = MulBackward1.apply(a, math.pi)
        squared = MulBackward1.apply(a * a, math.pi)
        sine = pa.sin()  # (the right operand of - first, as GCC evaluates it)
        slope = grad * ((pa * pa.cos() - sine) / squared)
        return where(_make(squared._data == 0), _make(np.zeros((), slope._data.dtype)), slope)


def _xlogy_arrays(a, other):
    """``x * log(y)``, 0 where ``x`` is 0 (unless ``y`` is NaN), in a floating dtype."""
    if isinstance(a, TensorBase):
        x, y = operands(a, other)
    else:  # a number and a tensor
        y, x = operands(other, a)
    dtype = np.result_type(x, y)
    if dtype.kind not in "fV":
        dtype = _dtype.get_default_dtype().np_dtype
        x, y = np.asarray(x, dtype), np.asarray(y, dtype)
    with np.errstate(divide="ignore", invalid="ignore"):
        # (PyTorch's kernel calls C's logf element by element: glibc's where it is, else
        # nearly as the double log rounded; NumPy's vector logf is 20% of it an ulp off)
        logs = glibc_logf.c_log(np.asarray(y, dtype)) if dtype.kind == "f" else libm.log(y)
        out = np.multiply(logs, x, dtype=dtype)  # (two NaNs: the log's, as compiled)
    zero = x == 0
    if np.any(zero):  # (the common case, no zero x, skips the selection)
        out = np.where(zero & ~np.isnan(y), 0, out)
    return first_operand_layout(np.asarray(out).astype(dtype, copy=False), x, y)


class XlogyBackward0(Op):
    """``xlogy(self, other)`` of two tensors (Backward1: a number and a tensor, Backward2: a
    tensor and a number; their node has the tensor as its one input)."""

    saved_names = ('other', 'self')  # (PyTorch's order: its nodes save by name)
    arity = 2

    def forward(self, a, other):
        self.numbers = tuple(None if isinstance(t, TensorBase) else t for t in (other, a))
        self.save(*(t if isinstance(t, TensorBase) else None for t in (other, a)))
        return _xlogy_arrays(a, other)

    def backward(self, grad):
        return self.grads(grad, self.needs(0), self.needs(1))

    def grads(self, grad, needs_self, needs_other):
        other, a = (n if s is None else s for s, n in zip(self.saved(), self.numbers))
        grad_self = grad_other = None  # (other's first, as MulBackward0's)
        if needs_other:
            grad_other = grad * a / other
        if needs_self:
            grad_self = xlogy(grad, other).masked_fill((a == 0) & (other <= 0), 0.0)
        return grad_self, grad_other


class XlogyBackward1(XlogyBackward0):
    """``xlogy(number, tensor)``, applied as ``(tensor, number)``."""

    arity = 1

    def forward(self, other, number):
        return super().forward(number, other)

    def backward(self, grad):
        return self.grads(grad, False, True)[1]


class XlogyBackward2(XlogyBackward0):
    arity = 1

    def backward(self, grad):
        # a positive number leaves nothing to mask (PyTorch records no masked_fill then); any
        # other (a NaN too) zeroes the gradient where the tensor is 0
        other = self.numbers[0]
        a = self.saved()[1]  # (unpacked either way: a second pass raises PyTorch's freed error)
        if other > 0:
            return xlogy(grad, other)
        return xlogy(grad, other).masked_fill(a == 0, 0.0)


class _FloatsOnly(BinaryOp):
    """A binary op PyTorch implements for floating dtypes only."""

    def forward(self, a, b):
        x, y = operands(a, b)
        if x.dtype.kind not in "fV":
            raise NotImplementedError(f'"{self.op_name()}_cpu" not implemented for '
                                      f"'{type_name(x)}'")
        self.save_inputs(a, b)
        return first_operand_layout(self.function(x, y), x, y)

    def save_inputs(self, a, b):
        self.save(b, a)


class LogaddexpBackward0(_FloatsOnly):
    """``log(exp(a) + exp(b))``, computed without overflow."""

    function = staticmethod(logaddexp_kernel.logaddexp)

    def backward(self, grad):
        b, a = self.saved()  # (other's gradient first, as MulBackward0's)
        grad_b = grad / AddBackward1.apply((a - b).exp(), 1) if self.needs(1) else None
        return (grad / AddBackward1.apply((b - a).exp(), 1) if self.needs(0) else None), grad_b


class HypotBackward0(_FloatsOnly):
    function, saves_output = staticmethod(pow_atan_kernels.hypot), True
    saved_names = ("other", "self", "result")

    def save_inputs(self, a, b):
        # (as PyTorch: each input only for its own gradient, so a later in-place change of an
        # input that needs none is no error)
        self.save(b if self.needs(1) else None, a if self.needs(0) else None)

    def backward(self, grad):
        b, a, result = self.saved()  # (other's gradient first, as MulBackward0's)
        grad_b = grad * b / result if self.needs(1) else None
        return (grad * a / result if self.needs(0) else None), grad_b


class FmaxBackward0(BinaryOp):
    """The larger operand, ignoring a NaN when the other is a number; the gradient goes to
    ``self`` where ``self >= other`` or ``other`` is NaN, to ``other`` elsewhere."""

    function = np.fmax
    keeps_self = staticmethod(np.greater_equal)

    def forward(self, a, b):
        self.save(b, a)
        x, y = operands(a, b)
        out = first_operand_layout(self.function(x, y), x, y)
        # (PyTorch's fmin / fmax keep the first operand where +0 and -0 tie)
        return binary_zero_ties(out, x, y, True) if out.dtype.kind == "f" else out

    def backward(self, grad):
        b, a = self.saved()
        to_self = _make(self.keeps_self(a._data, b._data) | np.isnan(b._data))
        # (other's first: PyTorch's generated code takes the inputs in alphabetical order)
        grad_other = grad.masked_fill(to_self, 0.0) if self.needs(1) else None
        return (grad.masked_fill(~to_self, 0.0) if self.needs(0) else None), grad_other


class FminBackward0(FmaxBackward0):
    function = np.fmin
    keeps_self = staticmethod(np.less_equal)


class CopysignBackward0(Op):
    """``|self|`` with the sign of ``other`` (a tensor; ``CopysignBackward1``: a number);
    ``other`` gets no gradient."""

    saved_names = ('self', 'result')
    saves_output = True
    arity = 2

    def forward(self, a, other):
        # (self only for its own gradient: PyTorch saves it only when self requires grad, so
        # an in-place edit of a self that does not is no error)
        self.save(a if self.needs(0) else None)
        x, y = float_operands(a, other)
        return first_operand_layout(np.copysign(x, y), x, y)

    def backward(self, grad):
        a, result = self.saved()
        grad_self = None if a is None else \
            grad * (result / a).masked_fill(a == 0, 0.0)  # +-1, and 0 where a is 0
        if self.arity == 1:
            return grad_self
        zeros = _make(np.zeros(self._in_meta[1][0], grad._data.dtype)) if self.needs(1) else None
        return grad_self, zeros  # (zeros, not grad * 0: NaN for an infinite gradient)


class CopysignBackward1(CopysignBackward0):
    arity = 1


def remainder(input, other, *, out=None):
    if out is not None:
        refuse_out("remainder")
    if not isinstance(input, TensorBase):  # a number % a tensor: not differentiable
        return remainder_reflected(other, input)
    if isinstance(other, TensorBase):
        return RemainderBackward1.apply(input, other)
    return RemainderBackward0.apply(input, other)


def fmod(input, other, *, out=None):
    if out is not None:
        refuse_out("fmod")
    if isinstance(other, TensorBase):
        return FmodBackward1.apply(input, other)
    return FmodBackward0.apply(input, other)


def atan2(input, other, *, out=None):
    return apply_to_tensors(Atan2Backward0, "atan2", input, other, out)


def arctan2(input, other, *, out=None):  # (its own name in PyTorch's messages)
    return apply_to_tensors(Atan2Backward0, "arctan2", input, other, out)


def arctan2_method(self, other):
    return Atan2Backward0.apply(self, tensor_argument("arctan2", "other", 1, other))


def exp2(input, *, out=None):
    return Exp2Backward0.apply(input) if out is None else refuse_out("exp2")


def expm1(input, *, out=None):
    return Expm1Backward0.apply(input) if out is None else refuse_out("expm1")


def log2(input, *, out=None):
    return Log2Backward0.apply(input) if out is None else refuse_out("log2")


def log10(input, *, out=None):
    return Log10Backward0.apply(input) if out is None else refuse_out("log10")


def tan(input, *, out=None):
    return TanBackward0.apply(input) if out is None else refuse_out("tan")


def trunc(input, *, out=None):
    return TruncBackward0.apply(input) if out is None else refuse_out("trunc")


fix = trunc


def frac(input, *, out=None):
    return FracBackward0.apply(input) if out is None else refuse_out("frac")


def sgn(input, *, out=None):
    return SgnBackward0.apply(input) if out is None else refuse_out("sgn")


def deg2rad(input, *, out=None):
    return Deg2RadBackward0.apply(input) if out is None else refuse_out("deg2rad")


def rad2deg(input, *, out=None):
    return Rad2DegBackward0.apply(input) if out is None else refuse_out("rad2deg")


def logit(input, eps=None, *, out=None):
    return LogitBackward0.apply(input, eps) if out is None else refuse_out("logit")


def sinc(input, *, out=None):
    return SincBackward0.apply(input) if out is None else refuse_out("sinc")


def nan_to_num(input, nan=0.0, posinf=None, neginf=None, *, out=None):
    if out is not None:
        refuse_out("nan_to_num")
    for name, value in (("nan", nan), ("posinf", posinf), ("neginf", neginf)):
        if type(value) is complex:  # (PyTorch's argument parser: floats)
            raise TypeError(f"nan_to_num(): argument '{name}' must be float, not complex")
    return NanToNumBackward0.apply(input, nan, posinf, neginf)


def xlogy(input, other, *, out=None):
    """``input`` or ``other`` may be a Python number (not both)."""
    if out is not None:
        refuse_out("xlogy")
    if not isinstance(input, TensorBase):
        return XlogyBackward1.apply(other, input)
    if not isinstance(other, TensorBase):
        return XlogyBackward2.apply(input, other)
    return XlogyBackward0.apply(input, other)


def logaddexp(input, other, *, out=None):
    return apply_to_tensors(LogaddexpBackward0, "logaddexp", input, other, out)


def hypot(input, other, *, out=None):
    return apply_to_tensors(HypotBackward0, "hypot", input, other, out)


def fmax(input, other, *, out=None):
    return apply_to_tensors(FmaxBackward0, "fmax", input, other, out)


def fmin(input, other, *, out=None):
    return apply_to_tensors(FminBackward0, "fmin", input, other, out)


def copysign(input, other, *, out=None):
    if out is not None:
        refuse_out("copysign")
    if isinstance(other, TensorBase):
        return CopysignBackward0.apply(input, other)
    return CopysignBackward1.apply(input, other)
