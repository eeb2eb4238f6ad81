"""The complex forms of the matrix and vector products (mm, mv, dot, and so ``@``) and of
addcmul / addcdiv: the same forward, PyTorch's backward formulas, which multiply by the
conjugate (transpose) of the other operand (and take the real part for a real input)."""
import numpy as np

from .._tensor_base import _make
from . import linalg, products, ternary
from .complex_arithmetic import _as_inputs
from .complex_ops import conj
from .complex_support import refuse_complex, refuse_complex_number
from .gemm import dot, product
from .op import plain_backward
from .scalar_forms import MulBackward1, filled_like


class MmBackward0(linalg.MmBackward0):
    supports_complex = True

    def backward(self, grad):
        b, a = self.saved()
        if plain_backward():
            grads = _plain_mm_grads(self, grad, a, b, self.needs(0), self.needs(1))
            if grads is not None:
                return grads
        return (grad.mm(conj(b).t()) if self.needs(0) else None,
                conj(a).t().mm(grad) if self.needs(1) else None)


class AddmmBackward0(linalg.AddmmBackward0):
    """``bias + mat1 @ mat2`` (``F.linear`` with a bias): the bias copied into the result and
    MKL's GEMM adding the product, as PyTorch's. Only alpha and beta 1: other factors scale
    gradients by a number, whose complex products (zeros' signs too) are not PyTorch's bits."""

    supports_complex = True

    def forward(self, bias, a, b, beta=1, alpha=1):
        if alpha != 1 or beta != 1:
            refuse_complex("addmm (with alpha or beta)", (bias, a, b))
        return super().forward(bias, a, b, beta, alpha)

    def backward(self, grad):
        a, b = self.saved()
        grad_bias = grad if self.needs(0) else None  # (the engine sums it to the bias's shape)
        if plain_backward():
            grads = _plain_mm_grads(self, grad, a, b, self.needs(1), self.needs(2))
            if grads is not None:
                return (grad_bias,) + grads
        return (grad_bias, grad.mm(conj(b).t()) if self.needs(1) else None,
                conj(a).t().mm(grad) if self.needs(2) else None)


def _plain_mm_grads(node, grad, a, b, needs_a, needs_b):
    """PyTorch's mm gradients through MKL as it runs them (mm_mat1_backward /
    mm_mat2_backward): a conjugate transposed operand passed with GEMM's conjugate transpose
    flag, a conjugate one read as it is conjugated first; each in the layout PyTorch's formula
    picks. None without MKL."""
    g = grad._data
    grad_a = grad_b = None
    if needs_a:
        y = b._data
        if linalg._column_major(node.mat1_strides, (g.shape[0], y.shape[0]), g.itemsize):
            out = product(y, g.T, conj=(True, False))  # mat2.conj().mm(grad.t()).t()
            grad_a = None if out is None else _make(out.T)
        else:
            grad_a = product(g, y.T, conj=(False, True))  # grad.mm(mat2.t().conj())
            grad_a = None if grad_a is None else _make(grad_a)
        if grad_a is None:
            return None
    if needs_b:
        x = a._data
        if node.mat2_transposed:  # grad.t().mm(mat1.conj()).t()
            out = product(g.T, x, conj=(False, True))
            grad_b = None if out is None else _make(out.T)
        else:  # mat1.t().conj().mm(grad)
            grad_b = product(x.T, g, conj=(True, False))
            grad_b = None if grad_b is None else _make(grad_b)
        if grad_b is None:
            return None
    return grad_a, grad_b


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


class VdotBackward0(products.VdotBackward0):
    """``sum(conj(a) * b)``: MKL's cdotc / zdotc, as PyTorch's vdot."""

    supports_complex = True

    def forward(self, a, b):
        x, y = a._data, b._data
        if x.ndim == 1 == y.ndim and x.dtype == y.dtype and x.shape == y.shape:
            self.save(b if self.needs(0) else None, a if self.needs(1) else None)  # (its order)
            out = dot(x, y, conj=True)
            return np.asarray(np.vdot(x, y)) if out is None else out
        return super().forward(a, b)  # (its checks' errors)

    def backward(self, grad):
        b, a = self.saved()  # (PyTorch's formulas: grad.conj() * other, grad * self)
        return (conj(grad) * b if self.needs(0) else None, grad * a if self.needs(1) else None)


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


FORMS = {cls.__mro__[1]: cls for cls in (MmBackward0, AddmmBackward0, MvBackward0, DotBackward0,
                                         VdotBackward0, AddcmulBackward0, AddcdivBackward0)}
