"""The complex forms of the matrix and vector products (mm, mv, dot, and so ``@``): the same
forward, PyTorch's backward formulas, which multiply by the conjugate (transpose) of the
other operand."""
from . import linalg
from .complex_ops import conj


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


FORMS = {cls.__mro__[1]: cls for cls in (MmBackward0, MvBackward0, DotBackward0)}
