"""Ops of complex tensors: ``real`` / ``imag`` (views), and the real part a real input takes
of a complex gradient. Backward formulas follow PyTorch's convention: the gradient passed
backward is the conjugate Wirtinger one."""
import numpy as np

from .._tensor_base import _make
from .op import Op, ViewOp, refuse_out


def _complex_array(real, imag):
    """A complex array from its real and imaginary parts (arrays of one real dtype)."""
    dtype = np.result_type(real.dtype, np.complex64)
    out = np.empty(np.broadcast_shapes(real.shape, imag.shape), dtype)
    out.real, out.imag = real, imag
    return out


class RealView(ViewOp):
    """``z.real``: a view of the real parts (PyTorch's node: a select on view_as_real)."""

    node_name = "SelectBackward0"
    supports_complex = True

    @staticmethod
    def view_array(x):
        return x.real

    def backward(self, grad):
        g = grad._data
        return _make(_complex_array(g, np.zeros_like(g)))


class ImagView(ViewOp):
    """``z.imag``: a view of the imaginary parts; its gradient is ``grad * 1j``."""

    node_name = "SelectBackward0"
    supports_complex = True

    @staticmethod
    def view_array(x):
        return x.imag

    def backward(self, grad):
        g = grad._data
        return _make(_complex_array(np.zeros_like(g), g))


def real(input):
    """``torch.real``: a real tensor is returned as it is."""
    if input._data.dtype.kind != "c":
        return input
    return RealView.apply(input)


def imag(input):
    if input._data.dtype.kind != "c":
        raise RuntimeError("imag is not implemented for tensors with non-complex dtypes.")
    return ImagView.apply(input)


def real_part(grad):
    """The real part of a complex gradient, for a real input of a complex op (PyTorch's
    ``handle_r_to_c``); differentiable under create_graph."""
    if grad._requires_grad:
        return real(grad)
    return _make(np.ascontiguousarray(grad._data.real))


class ConjBackward0(Op):
    """``z.conj()``: a new tensor of the conjugates (PyTorch makes a lazy view with its conj
    bit set; hookgrad materialises it, as ``conj_physical``: see ``is_conj``)."""

    supports_complex = True

    def forward(self, a):
        return np.conjugate(a._data)

    def backward(self, grad):
        return conj(grad)


class ConjPhysicalBackward0(ConjBackward0):
    pass


def conj(input):
    """``torch.conj``: a real tensor is returned as it is."""
    if input._data.dtype.kind != "c":
        return input
    return ConjBackward0.apply(input)


def conj_physical(input, *, out=None):
    if out is not None:
        refuse_out("conj_physical")
    if input._data.dtype.kind != "c":
        return input
    return ConjPhysicalBackward0.apply(input)


def is_conj(input):
    """Always False: hookgrad's ``conj()`` is a materialised copy, never a lazy conj view."""
    return False


def resolve_conj(input):
    return input
