"""The complex forms of arithmetic ops: the same forward, a backward in PyTorch's convention
(the gradient passed is the conjugate Wirtinger one: for ``a * b``, ``grad * b.conj()``), and
the real part for an input that is real (PyTorch's ``handle_r_to_c``). ``Op.apply`` switches
an op to its form here when an input is complex (``complex_support.complex_form``)."""
import numpy as np

from .._tensor_base import TensorBase, _make
from ..autograd.grad_mode import state as _grad_state
from . import arithmetic, elementwise, powers
from .arithmetic import _scalar_or_saved
from .c_complex import vector_loop_product
from .complex_ops import conj, real_part
from .op import operands
from .scalar_forms import MulBackward1 as _RealMulBackward1


def _as_inputs(node, grads):
    """Each gradient as its input takes it: the real part of a complex gradient for a real
    input."""
    meta = node._in_meta
    out = []
    for i, grad in enumerate(grads):
        if grad is not None and grad._data.dtype.kind == "c" and i < len(meta) and \
                meta[i] is not None and meta[i][1].kind != "c":
            grad = real_part(grad)
        out.append(grad)
    return tuple(out)


def _conj_number(value):
    return value.conjugate() if isinstance(value, complex) else value


class AddBackward0(arithmetic.AddBackward0):
    supports_complex = True

    def backward(self, grad):
        alpha = self.alpha
        other = grad if alpha == 1 else MulBackward1.apply(grad, _conj_number(alpha))
        return _as_inputs(self, (grad, other))


class SubBackward0(arithmetic.SubBackward0):
    supports_complex = True

    def backward(self, grad):
        alpha = self.alpha
        other = -grad if alpha == 1 else MulBackward1.apply(-grad, _conj_number(alpha))
        return _as_inputs(self, (grad, other))


class RsubBackward0(arithmetic.RsubBackward0):
    supports_complex = True

    def backward(self, grad):
        alpha = self.alpha
        mine = -grad if alpha == 1 else MulBackward1.apply(-grad, _conj_number(alpha))
        return _as_inputs(self, (mine if self.needs(0) else None,
                                 grad if self.needs(1) else None))


class RsubBackward1(arithmetic.RsubBackward1):
    supports_complex = True

    def backward(self, grad):
        alpha = self.alpha
        mine = -grad if alpha == 1 else MulBackward1.apply(-grad, _conj_number(alpha))
        return _as_inputs(self, (mine,))


class MulBackward0(arithmetic.MulBackward0):
    supports_complex = True

    def forward(self, a, b):
        out = super().forward(a, b)  # (the saves, and the result laid out as PyTorch's)
        x, y = operands(a, b)
        return vector_loop_product(x, y, out)

    def backward(self, grad):
        b, a = self.saved()
        other = _scalar_or_saved(self.other, b)
        other = conj(other) if isinstance(other, TensorBase) else _conj_number(other)
        return _as_inputs(self, (grad * other if self.needs(0) else None,
                                 grad * conj(a) if self.needs(1) else None))


class MulBackward1(_RealMulBackward1):
    supports_complex = True

    def backward(self, grad):
        return _as_inputs(self, (grad * _conj_number(self.other),))


class DivBackward0(arithmetic.DivBackward0):
    supports_complex = True

    def backward(self, grad):
        b, a = self.saved()
        other = _scalar_or_saved(self.other, b)
        other = conj(other) if isinstance(other, TensorBase) else _conj_number(other)
        grad_a = grad / other if self.needs(0) else None
        grad_b = -grad * conj((a / b) / b) if self.needs(1) else None
        return _as_inputs(self, (grad_a, grad_b))


class ReciprocalBackward0(elementwise.ReciprocalBackward0):
    supports_complex = True

    def forward(self, a):
        with np.errstate(divide="ignore", invalid="ignore"):
            # (a division, as PyTorch's: 1 / 0j is inf+nanj; np.reciprocal gives nan+nanj)
            return np.divide(1, a._data)

    def backward(self, grad):
        (result,) = self.saved()
        return _as_inputs(self, (-grad * conj(result * result),))


class AbsBackward0(elementwise.AbsBackward0):
    """``|z|``: real; its gradient is ``grad * sgn(z)`` (``z / |z|``, 0 at 0)."""

    supports_complex = True

    def backward(self, grad):
        if grad._requires_grad or _grad_state.grad_enabled:
            raise RuntimeError("abs: hookgrad does not support double backward (create_graph) "
                               "through abs of a complex tensor")
        (z,) = self.saved()
        x = z._data
        size = np.abs(x)
        with np.errstate(invalid="ignore", divide="ignore"):
            sgn = np.where(size == 0, 0, x / np.where(size == 0, 1, size)).astype(x.dtype)
        return _make(grad._data * sgn)


class AngleBackward0(powers.AngleBackward0):
    """The argument of ``z``; its gradient is ``grad * 1j * z / |z|**2`` (0 at 0)."""

    supports_complex = True

    def forward(self, a):
        self.save(a)
        return np.asarray(np.angle(a._data), order="C")  # (PyTorch's: C order, any input)

    def backward(self, grad):
        if grad._requires_grad or _grad_state.grad_enabled:
            raise RuntimeError("angle: hookgrad does not support double backward "
                               "(create_graph) through angle of a complex tensor")
        (z,) = self.saved()
        x = z._data
        squared = x.real * x.real + x.imag * x.imag
        with np.errstate(invalid="ignore", divide="ignore"):
            slope = np.where(squared == 0, 0, 1j * x / np.where(squared == 0, 1, squared))
        return _make(grad._data * slope.astype(x.dtype))


class DivBackward2(arithmetic.DivBackward2):
    """``div(a, b, rounding_mode=None)``, the mode given: true division under this name (a
    'floor' or 'trunc' mode refuses a complex operand before a form is chosen)."""

    supports_complex = True
    backward = DivBackward0.backward


FORMS = {cls.__mro__[1]: cls for cls in (
    AddBackward0, SubBackward0, RsubBackward0, RsubBackward1, MulBackward0, MulBackward1,
    DivBackward0, DivBackward2, ReciprocalBackward0, AbsBackward0, AngleBackward0)}
