"""The complex forms of ``tensor ** tensor`` (PowBackward1), ``number ** tensor``
(PowBackward2) and ``logaddexp``, and PyTorch's refusal of a complex ``logaddexp2``. Forwards
compute as PyTorch's CPU kernels do, element by element (``c_complex``: the C library's
``cpow``; c10's complex ``log1p``); backwards are PyTorch's formulas (FunctionsManual.cpp's
``pow_backward_self`` / ``pow_backward_exponent``, derivatives.yaml's logaddexp), written with
tensor ops so that they are differentiable again, giving the conjugate Wirtinger gradient, and
the real part to a real input (``handle_r_to_c``)."""
import numpy as np

from .. import _dtype
from .._tensor_base import TensorBase
from . import arithmetic, libm, powers, scalar_forms, special
from .arithmetic import _zeros_where, check_subtraction
from .c_complex import cpow
from .c_complex import logaddexp as logaddexp_array
from .complex_arithmetic import _as_inputs
from .complex_ops import conj
from .elementwise import log
from .elementwise_layout import c_order, first_operand_layout
from .op import operands, type_name
from .scalar_forms import AddBackward1 as _AddNumber
from .scalar_forms import MulBackward1
from .scalar_forms import SubBackward1 as _SubtractNumber


def _nonnegative_real(e):
    """PyTorch's mask of exponents whose power of 0 has a zero gradient: real and >= 0."""
    if e.dtype.kind == "c":
        return (e.imag == 0) & (e.real >= 0)
    return e >= 0


class PowBackward1(arithmetic.PowBackward1):
    """``tensor ** tensor`` with a complex operand: ``std::pow`` of the two complex values in
    the result dtype (glibc's ``cpow``: ``0 ** (1.5+0.5j)`` is ``0-0j``)."""

    supports_complex = True

    def forward(self, a, b):
        x, y = operands(a, b)
        self.save(b, a)
        return first_operand_layout(cpow(x, y), x, y)

    def backward(self, grad):
        b, a, result = self.saved()
        grad_a = grad_b = None  # (the exponent's first, as MulBackward0's)
        if self.needs(1):
            # (0 ** b for a real b >= 0 has no log: its gradient is 0, as PyTorch's)
            zero_base = (a._data == 0) & _nonnegative_real(b._data)
            base = a
            dtype = _dtype.result_type((a, b))
            if a._data.dtype != dtype.np_dtype:  # (the log in the promoted dtype)
                base = a.to(dtype)
            grad_b = grad * _zeros_where(zero_base, conj(result * log(base)))
        if self.needs(0):  # zeros where the exponent is 0, as PyTorch masks them
            check_subtraction(b, 1)
            slope = grad * conj(b * a ** _SubtractNumber.apply(b, 1))
            grad_a = _zeros_where(b._data == 0, slope)
        return _as_inputs(self, (grad_a, grad_b))


def _scalar_log(base, complex_exponent):
    """C++'s ``Scalar::log`` of the base, as complex when the exponent is complex (PyTorch's
    ``base.toComplexDouble()``): ``log(0)`` is ``-inf`` (``-inf+0j``)."""
    with np.errstate(divide="ignore", invalid="ignore"):
        if complex_exponent or type(base) is complex:
            return complex(np.log(np.complex128(base)))
        return float(libm.log(np.float64(base)))


class PowBackward2(arithmetic.PowBackward2):
    """``number ** tensor`` with a complex number or tensor: 1 to any power is 1 (PyTorch fills
    the result), else ``std::pow`` of the complex values in the result dtype."""

    supports_complex = True

    def forward(self, a, base):
        self.base = base
        self.save(None, a)
        x, s = operands(a, base)
        if base == 1 and type(base) is not bool:  # (a bool Scalar equals no number)
            return np.ones(x.shape, x.dtype)
        return c_order(cpow(np.asarray(s, x.dtype), x))

    def backward(self, grad):
        _, exponent, result = self.saved()
        e = exponent._data
        slope = conj(MulBackward1.apply(result, _scalar_log(self.base, e.dtype.kind == "c")))
        if self.base == 0 and type(self.base) is not bool:
            # (no log of 0: the gradient is 0 where the exponent is real and >= 0)
            slope = _zeros_where(_nonnegative_real(e), slope)
        return _as_inputs(self, (grad * slope,))


class LogaddexpBackward0(special.LogaddexpBackward0):
    """``log(exp(a) + exp(b))`` of complex values, PyTorch's kernel element by element. Its
    gradients are ``grad / conj(1 + exp(b - a))``, complex even for a real input: PyTorch's
    engine then refuses the backward (``engine.COMPLEX_GRAD_OF_REAL``)."""

    supports_complex = True

    def forward(self, a, b):
        x, y = operands(a, b)
        self.save_inputs(a, b)
        return first_operand_layout(logaddexp_array(x, y), x, y)

    def backward(self, grad):
        b, a = self.saved()  # (other's gradient first, as MulBackward0's)
        meta = self._in_meta
        if any(self.needs(i) and meta[i][1].kind != "c" for i in (0, 1)):
            # (PyTorch's formula keeps the complex gradient; its engine's validate_outputs
            # refuses it for the real input)
            from ..autograd.engine import COMPLEX_GRAD_OF_REAL
            raise RuntimeError(COMPLEX_GRAD_OF_REAL)
        grad_b = grad / conj(_AddNumber.apply((a - b).exp(), 1)) if self.needs(1) else None
        return (grad / conj(_AddNumber.apply((b - a).exp(), 1)) if self.needs(0) else None,
                grad_b)


class AddBackward1(scalar_forms.AddBackward1):
    """``tensor + number`` in the formulas above (``1 + exp(b - a)``, ``b - 1``)."""

    supports_complex = True

    def backward(self, grad):
        return _as_inputs(self, (grad,))


class SubBackward1(scalar_forms.SubBackward1):
    supports_complex = True

    def backward(self, grad):
        return _as_inputs(self, (grad,))


class Logaddexp2Backward0(powers.Logaddexp2Backward0):
    """PyTorch has no complex kernel: its error names the promoted dtype."""

    supports_complex = True

    def forward(self, a, b):
        x, _ = operands(a, b)
        raise NotImplementedError(f'"logaddexp2_cpu" not implemented for \'{type_name(x)}\'')


FORMS = {cls.__mro__[1]: cls for cls in (
    PowBackward1, PowBackward2, LogaddexpBackward0, AddBackward1, SubBackward1,
    Logaddexp2Backward0)}


def complex_float_power(input, exponent):
    """``float_power`` with a complex operand: both in complex128 (a number as a complex
    one), then ``pow``."""
    # (the exponent cast first: PyTorch's C++ evaluates the call's arguments right to left)
    power = exponent.to(_dtype.complex128) if isinstance(exponent, TensorBase) else \
        complex(exponent)
    base = input.to(_dtype.complex128) if isinstance(input, TensorBase) else complex(input)
    return arithmetic.pow(base, power)
