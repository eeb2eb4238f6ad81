"""Ops of complex tensors: ``real`` / ``imag`` (views), and the real part a real input takes
of a complex gradient. Backward formulas follow PyTorch's convention: the gradient passed
backward is the conjugate Wirtinger one."""
import numpy as np

from .. import _dtype
from .._tensor_base import _make
from .elementwise_layout import first_operand_layout
from .materialized_views import mark, memory_chain
from .op import Op, ViewOp, broadcast_error, refuse_out, type_name


def _complex_of(np_dtype):
    """The complex NumPy dtype for a float32 / float64 array, through hookgrad's dtype: asking
    it tells the ops that complex tensors now exist (see ``_dtype.complex_tensors_made``)."""
    return _dtype.from_numpy_dtype(np_dtype).to_complex().np_dtype


def _complex_array(real, imag):
    """A complex array from its real and imaginary parts (arrays of one real dtype)."""
    dtype = _complex_of(real.dtype)
    out = np.empty(np.broadcast_shapes(real.shape, imag.shape), dtype)
    out.real, out.imag = real, imag
    return first_operand_layout(out, real, imag)  # (the iterator's layout, as PyTorch's)


def real(input):
    """``torch.real``: a real tensor is returned as it is; a complex one's real parts are
    ``view_as_real(z).select(-1, 0)``, PyTorch's composition (its graph: SelectBackward0 over
    ViewAsRealBackward0)."""
    if input._data.dtype.kind != "c":
        return input
    from .index import SelectBackward0  # (index imports this module's neighbours)
    if is_conj(input):  # (PyTorch: of the conjugate's conjugate, the same real parts)
        input = _conj_view(input)
    return SelectBackward0.apply(view_as_real(input), input._data.ndim, 0)


def imag(input):
    """``torch.imag``: ``view_as_real(z).select(-1, 1)``, as PyTorch composes it."""
    if input._data.dtype.kind != "c":
        raise RuntimeError("imag is not implemented for tensors with non-complex dtypes.")
    from .index import SelectBackward0
    if is_conj(input):  # (PyTorch: a negative view of the conjugate's conjugate's parts)
        pairs = view_as_real(_conj_view(input))
        pairs = mark(NegViewBackward0.apply(pairs), pairs, NegViewBackward0)
        return SelectBackward0.apply(pairs, input._data.ndim, 1)
    return SelectBackward0.apply(view_as_real(input), input._data.ndim, 1)


def real_part(grad):
    """The real part of a complex gradient, for a real input of a complex op (PyTorch's
    ``handle_r_to_c``); differentiable under create_graph. A view of the gradient, as
    PyTorch's ``at::real``: what ``autograd.grad`` returns shares its memory."""
    if grad._requires_grad:
        return real(grad)
    return _make(grad._data.real)


def _conjugate(x):
    return np.conjugate(x, out=np.empty_like(x))  # (an array also when 0-d, in x's layout)


class ConjBackward0(Op):
    """``z.conj()``: a new tensor of the conjugates (PyTorch makes a lazy view with its conj
    bit set; hookgrad materialises it: see ``conj_view``). As a step of a view chain (see
    materialized_views) the conjugates of the source's array, undone by conjugating."""

    supports_complex = True
    view_array = inverse_array = staticmethod(_conjugate)
    view_fn_step = True  # (PyTorch replays it as an op: see view_history.replay_recorded)

    def forward(self, a):
        return np.conjugate(a._data)

    def backward(self, grad):
        return conj(grad)


class ConjPhysicalBackward0(ConjBackward0):
    view_array = inverse_array = None  # (a new tensor: never a view)
    view_fn_step = False


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


def conj_view(input):
    """``torch.conj`` / ``Tensor.conj``: PyTorch's result is a lazy view with its conjugate bit
    set (unless ``input`` had it: then the bit is cleared). hookgrad's holds the conjugates,
    a view of ``input``'s base all the same (see materialized_views: writes go both ways); its
    bit is read from its view chain (``has_bit``). The internal ``conj`` (backward formulas)
    is no view and has no bit."""
    if input._data.dtype.kind != "c":
        return input
    return _conj_view(input)


def _conj_view(input):
    return mark(ConjBackward0.apply(input), input, ConjBackward0)


def has_bit(input, op):
    """Whether ``input`` has PyTorch's conjugate (``op``: ConjBackward0) or negative
    (NegViewBackward0) bit: each such step of its view chain toggles it, and of the chain of
    the copy its base's memory is in, if any."""
    base = input._view_base
    chain = () if base is None else input._view_chain  # (a base's chain: its in-place views)
    # (and the base's own bit: a detach() of a conj view keeps the bit, as PyTorch's)
    chain += memory_chain(input if base is None else base) or ()
    return sum(step[0] is op for step in chain) % 2 == 1


def is_conj(input):
    return has_bit(input, ConjBackward0)


def is_neg(input):
    return has_bit(input, NegViewBackward0)


def resolve_conj(input):
    """A copy without the bit (PyTorch's clone of the resolved values); else ``input``."""
    return input.clone() if is_conj(input) else input


def _negative(x):
    return np.negative(x, out=np.empty_like(x))


class NegViewBackward0(Op):
    """PyTorch's ``_neg_view`` (imag of a conjugate-bit tensor): hookgrad holds the negated
    values (a copy, a view all the same: see materialized_views)."""

    view_array = inverse_array = staticmethod(_negative)
    view_fn_step = True

    def forward(self, a):
        return np.negative(a._data)

    def backward(self, grad):
        return grad.neg()


class ViewAsRealBackward0(ViewOp):
    """``torch.view_as_real(z)``: the complex elements as pairs of reals (last dim of 2)."""

    supports_complex = True
    view_fn_step = True  # (PyTorch replays it as an op: no as_strided changes the dtype)

    @staticmethod
    def view_array(x):
        return x[..., None].view(x.real.dtype)

    def backward(self, grad):
        # (PyTorch's formula, view_as_complex(grad.contiguous()): a view of the gradient,
        # which a leaf's AccumulateGrad may then keep as its .grad)
        return view_as_complex(grad if grad.is_contiguous() else grad.contiguous())


class ViewAsComplexBackward0(ViewOp):
    """``torch.view_as_complex(x)``: pairs of reals (last dim of 2, stride 1) as complex."""

    view_fn_step = True

    @staticmethod
    def view_array(x):
        return x.view(_complex_of(x.dtype))[..., 0]

    def backward(self, grad):  # (PyTorch's view_as_real(grad.contiguous().resolve_conj()))
        return view_as_real((grad if grad.is_contiguous() else grad.contiguous()).resolve_conj())


def view_as_real(input):
    if input._data.dtype.kind != "c":
        raise RuntimeError("view_as_real is only supported for complex tensors")
    if is_conj(input):
        raise RuntimeError("view_as_real doesn't work on unresolved conjugated tensors.  To "
                           "resolve the conjugate tensor so you can view it as real, use "
                           "self.resolve_conj(); however, be warned that the resulting tensor "
                           "will NOT alias the original.")
    return ViewAsRealBackward0.apply(input)


def view_as_complex(input):
    x = input._data
    if x.dtype.name not in ("float16", "float32", "float64"):
        raise RuntimeError("view_as_complex is only supported for half, float and double "
                           f"tensors, but got a tensor of scalar type: {type_name(x)}")
    if not x.ndim:
        raise RuntimeError("Input tensor must have one or more dimensions")
    if x.dtype == np.float16:
        raise TypeError("hookgrad has no torch.complex32 tensors: complex tensors are complex64 "
                        "or complex128")
    if x.shape[-1] != 2:
        raise RuntimeError("Tensor must have a last dimension of size 2")
    # (the strides PyTorch would have: an empty array's NumPy strides may be 0)
    strides = input.stride()
    if strides[-1] != 1:
        raise RuntimeError("Tensor must have a last dimension with stride 1")
    if any(stride % 2 for size, stride in zip(x.shape[:-1], strides[:-1]) if size != 1):
        raise RuntimeError("Tensor must have a stride divisible by 2 for all but last dimension")
    if input.storage_offset() % 2:
        raise RuntimeError("Tensor must have a storage_offset divisible by 2")
    return ViewAsComplexBackward0.apply(input)


class ComplexBackward0(Op):
    """``torch.complex(real, imag)``: the gradient's real part goes to ``real``, its
    imaginary part to ``imag``."""

    arity = 2
    # (PyTorch's node saves each input whose gradient it computes: a pass frees them, and an
    # in-place change to one is caught when it is unpacked)
    saved_names = ("imag", "real")

    def forward(self, re, im):
        if self._record:
            self.save(im if self.needs(1) else None, re if self.needs(0) else None)
        return _complex_array(re._data, im._data)

    def backward(self, grad):
        self.saved()
        return (real_part(grad) if self.needs(0) else None,
                (imag(grad) if grad._requires_grad else _make(grad._data.imag))
                if self.needs(1) else None)


def complex(real, imag, *, out=None):
    """``torch.complex(real, imag)`` of two float32 or two float64 tensors."""
    if out is not None:
        refuse_out("complex")
    x, y = real._data, imag._data
    if x.dtype.kind not in "f" or y.dtype.kind not in "f":
        raise RuntimeError("Expected both inputs to be Half, Float or Double tensors but got "
                           f"{type_name(x)} and {type_name(y)}")
    if x.dtype != y.dtype:
        raise RuntimeError(f"Expected object of scalar type {type_name(x)} but got scalar type "
                           f"{type_name(y)} for second argument")
    if x.dtype == np.float16:
        raise TypeError("hookgrad has no torch.complex32 tensors: complex tensors are complex64 "
                        "or complex128")
    try:
        np.broadcast_shapes(x.shape, y.shape)
    except ValueError:
        raise broadcast_error([x.shape, y.shape]) from None
    return ComplexBackward0.apply(real, imag)


def is_complex(input):
    return input._data.dtype.kind == "c"


def cfloat(self):
    from .copy import to_dtype  # (copy imports this module)
    return to_dtype(self, _dtype.complex64) if self._data.dtype != np.complex64 else self


def cdouble(self):
    from .copy import to_dtype
    return to_dtype(self, _dtype.complex128) if self._data.dtype != np.complex128 else self
