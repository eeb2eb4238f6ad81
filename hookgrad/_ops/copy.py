"""Copies and casts: clone, ``to(dtype)``, and the out-of-place forms of ``copy_``, ``fill_``
and ``zero_`` (``inplace.in_place`` writes them back, with PyTorch's in-place node names)."""
import numpy as np

from .. import _dtype
from .._memory_format import (
    check_type,
    contiguous_format,
    format_strides,
    laid_out,
    preserve_format,
)
from .._tensor_base import TensorBase, _make
from .clone import CloneBackward0
from .complex_ops import real_part
from .complex_support import refuse_complex_number, warn_discarded_imaginary
from .elementwise_layout import empty_like_layout
from .inplace import (
    ALLOW_OVERLAP,
    apply_inplace,
    check_input_overlap,
    refuse_overlap,
    write_unrecorded,
)
from .op import Op, broadcast_error


class ToCopyBackward0(Op):
    supports_complex = True

    def forward(self, a, dtype, strides=None):
        """``strides``: those (elements) of the memory format asked for, else PyTorch's
        preserve_format (its ``empty_like``)."""
        x = a._data
        if x.dtype.kind == "c" and dtype.category != _dtype.COMPLEX:
            warn_discarded_imaginary(6, x.size)  # (the user's x.to(dtype))
            x = x.real
        if strides is not None:
            return laid_out(x, strides, dtype.np_dtype)
        return empty_like_layout(x.astype(dtype.np_dtype), x)

    def backward(self, grad):
        # the engine casts back to the input's dtype; from a complex gradient a real input
        # takes the real part (PyTorch's rule for a real-to-complex step)
        if grad._data.dtype.kind == "c" and self._in_meta[0][1].kind != "c":
            return real_part(grad)
        return grad


def _zeros_like(grad):
    """The gradient of a tensor an in-place write overwrote: zeros (not ``grad * 0``, which
    keeps NaN and infinities), a constant also under create_graph."""
    return _make(np.zeros_like(grad._data))


class CopyBackwards(Op):
    """``self.copy_(src)`` as an out-of-place op: ``src`` broadcast to self's shape and cast
    to its dtype."""

    node_name = "torch::autograd::CopyBackwards"
    arity = 2
    supports_complex = True  # (a complex gradient's real part goes to a real src: the engine)

    def forward(self, a, src):
        if isinstance(src, TensorBase) and src._data.shape != a._data.shape:
            refuse_overlap(a._data, None)  # (PyTorch's iterator: overlap before shape)
            check_broadcasts_to(src._data.shape, a._data.shape)
        out = np.empty_like(a._data)
        source = src._data if isinstance(src, TensorBase) else src
        if isinstance(src, TensorBase) and source.dtype.kind == "c" and out.dtype.kind != "c":
            warn_discarded_imaginary(6, out.size)  # (the user's x.copy_(src))
            source = source.real
        np.copyto(out, source, casting="unsafe")
        self.src_dtype = source.dtype if isinstance(src, TensorBase) else None
        return out

    def backward(self, grad):
        grad_src = None
        if self.needs(1):
            # (PyTorch's CopyBackwards casts to src's dtype itself, before the engine sums a
            # broadcast: under create_graph, SumBackward0 of ToCopyBackward0)
            dtype = self.src_dtype
            grad_src = grad if dtype == grad._data.dtype or dtype.kind == "c" or \
                grad._data.dtype.kind == "c" else grad.to(_dtype.from_numpy_dtype(dtype))
        return (_zeros_like(grad) if self.needs(0) else None), grad_src


class FillBackward2(Op):
    """``self.fill_(number)``."""

    supports_complex = True

    def forward(self, a, value):
        return np.full_like(a._data, value)

    def backward(self, grad):
        return _zeros_like(grad)


class FillBackward3(Op):
    """``self.fill_(value)`` with a 0-d tensor ``value``, which gets the gradient's sum."""

    supports_complex = True
    _handles_r_to_c = False  # (a real value's complex gradient: PyTorch's engine error)

    arity = 2

    def forward(self, a, value):
        if value._data.ndim:
            raise RuntimeError("fill_ only supports 0-dimension value tensor but got tensor "
                               f"with {value._data.ndim} dimensions.")
        out = np.empty_like(a._data)
        np.copyto(out, value._data, casting="unsafe")
        return out

    def backward(self, grad):
        return (_zeros_like(grad) if self.needs(0) else None), (grad.sum() if self.needs(1)
                                                                 else None)


class ZeroBackward0(Op):
    """``self.zero_()``."""

    supports_complex = True

    def forward(self, a):
        return np.zeros_like(a._data)

    def backward(self, grad):
        return _zeros_like(grad)


def check_broadcasts_to(shape, target):
    """PyTorch's errors for a source of ``shape`` written into a tensor of shape ``target``:
    shapes that do not broadcast, or broadcast beyond the target."""
    try:
        result = np.broadcast_shapes(target, shape)
    except ValueError:
        raise broadcast_error([target, shape]) from None
    if result != target:
        raise RuntimeError(f"output with shape [{', '.join(map(str, target))}] doesn't match the "
                           f"broadcast shape [{', '.join(map(str, result))}]")


def to_dtype(a, dtype, strides=None):
    """``a.to(dtype)``; with ``strides`` (elements), laid out with them (the strides of a
    memory format asked for), else as PyTorch's preserve_format lays it out."""
    if dtype.category < _dtype.FLOAT:  # integer results carry no gradient
        x = a._data
        if x.dtype.kind == "c":
            if dtype is _dtype.bool_:  # (nonzero: either part)
                x = x != 0
                return _make(empty_like_layout(x, a._data)) if strides is None else with_layout(
                    _make(laid_out(x, strides)), strides)
            warn_discarded_imaginary(4, x.size)  # (the user's x.to(dtype))
            x = x.real
        if strides is not None:
            return with_layout(_make(laid_out(x, strides, dtype.np_dtype)), strides)
        # (preserve_format as the float path: NumPy's astype keeps a broadcast input's order
        # and moves a dim of size 1)
        return _make(empty_like_layout(x.astype(dtype.np_dtype), a._data))
    if strides is None:
        return ToCopyBackward0.apply(a, dtype)
    return with_layout(ToCopyBackward0.apply(a, dtype, strides), strides)


def with_layout(out, strides):
    """``out``, a new tensor laid out with ``strides``; when it is empty (NumPy keeps no
    strides for it), with those PyTorch reports."""
    if not out._data.size:
        out._empty_layout = (tuple(strides), 0)
    return out


def clone(input, *, memory_format=None):
    """Laid out as PyTorch's preserve_format (the default) lays it: ``input``'s strides
    where its memory is dense, else dense in its stride order; in another format, that
    format's strides (``_memory_format.format_strides``)."""
    if memory_format is None or memory_format is preserve_format:
        return CloneBackward0.apply(input, True)
    if memory_format is contiguous_format:
        return CloneBackward0.apply(input, False)
    check_type(memory_format, "clone")
    strides = format_strides(input._data.shape, memory_format)
    return with_layout(CloneBackward0.apply(input, strides), strides)


def copy(input, other):
    """``input.copy_(other)`` before it is written back (see ``inplace.in_place``). An integer
    or bool destination holds no gradient, so nothing is recorded (PyTorch's rule)."""
    if input._data.dtype.kind not in "fVc" and isinstance(other, TensorBase):
        other = other.detach()
    return CopyBackwards.apply(input, other)


def copy_(self, other, non_blocking=False):
    """``self.copy_(other)``. Into an integer or bool tensor it is not recorded, whatever
    ``other`` (the one in-place op PyTorch checks the target's dtype for: ``fill_`` or
    ``masked_fill_`` of such a tensor with a tensor that requires grad are recorded)."""
    if self._data.dtype.kind not in "fVc":
        check_input_overlap(self, (other,))
        return write_unrecorded(self, copy, (other,))
    return apply_inplace(self, copy, (other,), {}, None, True)


def fill(input, value):
    """``input.fill_(value)`` before it is written back."""
    if type(value) is complex and input._data.dtype.kind != "c":
        if input._data.dtype.kind != "b":
            refuse_complex_number(input._data.dtype)
        value = bool(value)
    if isinstance(value, TensorBase):
        return FillBackward3.apply(input, value)
    return FillBackward2.apply(input, value)


def zero(input):
    """``input.zero_()`` before it is written back."""
    return ZeroBackward0.apply(input)


def fill_(self, value):
    """``self.fill_(value)``: with a number, also into an expanded tensor (PyTorch checks
    for elements sharing memory only with a tensor value)."""
    overlap = None if isinstance(value, TensorBase) else ALLOW_OVERLAP
    return apply_inplace(self, fill, (value,), {}, overlap)


def zero_(self):
    """``self.zero_()``, also into an expanded tensor."""
    return apply_inplace(self, zero, (), {}, ALLOW_OVERLAP)
