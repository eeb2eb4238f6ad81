"""The complex forms of the matrix and vector products (mm, mv, dot, and so ``@``) and of
addcmul / addcdiv: the same forward, PyTorch's backward formulas, which multiply by the
conjugate (transpose) of the other operand (and take the real part for a real input)."""
from . import linalg, ternary
from .complex_arithmetic import _as_inputs
from .complex_ops import conj
from .complex_support import refuse_complex_number
from .scalar_forms import MulBackward1, filled_like


class MmBackward0(linalg.MmBackward0):
    supports_complex = True

    def backward(self, grad):
        b, a = self.saved()
        return (grad.mm(conj(b).t()) if self.needs(0) else None,
                conj(a).t().mm(grad) if self.needs(1) else None)


class MvBackward0(linalg.MvBackward0):
    supports_complex = True

    def backward(self, grad):
        a, v = self.saved()
        return (linalg.outer(grad, conj(v)) if self.needs(0) else None,
                conj(a).t().mv(grad) if self.needs(1) else None)


class DotBackward0(linalg.DotBackward0):
    supports_complex = True

    def backward(self, grad):
        a, b = self.saved()
        return (grad * conj(b) if self.needs(0) else None,
                grad * conj(a) if self.needs(1) else None)


class AddcmulBackward0(ternary.AddcmulBackward0):
    supports_complex = True

    def backward(self, grad):
        t1, t2 = self.saved()
        v = self.value
        return _as_inputs(self, (
            grad if self.needs(0) else None,
            grad * conj(MulBackward1.apply(t2, v)) if self.needs(1) else None,
            grad * conj(MulBackward1.apply(t1, v)) if self.needs(2) else None))


class AddcdivBackward0(ternary.AddcdivBackward0):
    supports_complex = True

    def backward(self, grad):
        t1, t2 = self.saved()
        v = self.value
        if self.needs(1) and type(v) is complex and t2._data.dtype.kind != "c":
            # (value / tensor2 is PyTorch's empty_like(tensor2).fill_(value).div_(tensor2))
            if v.imag:
                refuse_complex_number(t2._data.dtype)
            v = v.real
        return _as_inputs(self, (
            grad if self.needs(0) else None,
            grad * conj(filled_like(t2, v) / t2) if self.needs(1) else None,
            -grad * conj(MulBackward1.apply(t1, v) / (t2 * t2)) if self.needs(2) else None))


FORMS = {cls.__mro__[1]: cls for cls in (MmBackward0, MvBackward0, DotBackward0,
                                         AddcmulBackward0, AddcdivBackward0)}
