"""Copies of a tensor with one part replaced: ``select_scatter``, ``slice_scatter``,
``diagonal_scatter`` (``src`` written into a copy of the input's select / slice / diagonal,
converted to its dtype) and ``put`` (values written, or added in order, at flat indices).
Each result keeps the input's layout (PyTorch clones with ``preserve_format``). Their
gradients are PyTorch's formulas: the input's is the gradient with that part zeroed (for
``put`` with ``accumulate`` the gradient itself), the source's is that part of the
gradient."""
import numpy as np

from .._tensor_base import _make, _wrap_dim, tensor_argument
from .arrange import select
from .diagonal import diagonal
from .index import SliceBackward0, take
from .op import Op
from .packed_on_error import checked
from .views import narrow

_TYPE_NAMES = {"float32": "Float", "float64": "Double", "float16": "Half", "int64": "Long",
               "int32": "Int", "int16": "Short", "int8": "Char", "uint8": "Byte",
               "bool": "Bool", "complex64": "ComplexFloat", "complex128": "ComplexDouble"}


def _name(array):
    return _TYPE_NAMES.get(array.dtype.name, "BFloat16")


def _copy(x):
    """A copy in the input's stride order (dense inputs), else C order, as PyTorch's
    ``clone(preserve_format)``."""
    return np.array(x, copy=True, order="K")


def _slice(t, dim, start, end, step):
    """``t.slice(dim, start, end, step)`` as ATen clamps it (None: the whole dim)."""
    if t.dim() == 0:
        raise IndexError("slice() cannot be applied to a 0-dim tensor.")
    if step <= 0:
        raise RuntimeError("slice step must be positive")
    dim = _wrap_dim(dim, t.dim())
    size = t.shape[dim]
    start = 0 if start is None else int(start)
    end = size if end is None else int(end)
    start = min(max(start + size if start < 0 else start, 0), size)
    end = min(max(end + size if end < 0 else end, start), size)
    if step == 1:
        return narrow(t, dim, start, end - start)
    return SliceBackward0.apply(t, dim, slice(start, end, step))


class _ScatterInto(Op):
    """``src`` written into a copy of the input's part that ``part(tensor, *params)``
    views; the gradients as PyTorch's formulas write them."""

    arity = 2

    def forward(self, input, src, *params):
        out = _make(_copy(input._data))
        target = self.part(out, *params)
        if tuple(src._data.shape) != tuple(target._data.shape):
            raise RuntimeError(
                "expected src to have a size equal to the slice of self. src size = "
                f"[{', '.join(map(str, src._data.shape))}], slice size = "
                f"[{', '.join(map(str, target._data.shape))}]")
        target._data[...] = src._data
        self.params, self.src_dtype = params, src._data.dtype
        return out._data

    def backward(self, grad):
        grad_input = grad_src = None
        if self.needs(0):
            zeros = _make(np.zeros(self.part(grad, *self.params)._data.shape,
                                   self.src_dtype))
            grad_input = type(self).apply(grad, zeros, *self.params)
        if self.needs(1):
            grad_src = self.part(grad, *self.params)
        return grad_input, grad_src

    @classmethod
    def of(cls, input, src, *params):
        input = tensor_argument(cls.function, "input", 1, input)
        src = tensor_argument(cls.function, "src", 2, src)
        return cls.apply(input, src, *params)


class SelectScatterBackward0(_ScatterInto):
    function = "select_scatter"
    part = staticmethod(select)


class SliceScatterBackward0(_ScatterInto):
    function = "slice_scatter"
    part = staticmethod(_slice)


class DiagonalScatterBackward0(_ScatterInto):
    function = "diagonal_scatter"
    part = staticmethod(diagonal)


def select_scatter(input, src, dim, index):
    return SelectScatterBackward0.of(input, src, dim, index)


def slice_scatter(input, src, dim=0, start=None, end=None, step=1):
    return SliceScatterBackward0.of(input, src, dim, start, end, step)


def diagonal_scatter(input, src, offset=0, dim1=0, dim2=1):
    return DiagonalScatterBackward0.of(input, src, offset, dim1, dim2)


def _put_checks(input, index, source):
    """PyTorch's ``put_`` checks, in its order; the flat indices, wrapped."""
    idx, src = index._data, source._data
    if idx.dtype != np.int64:
        raise RuntimeError(f"put_(): Expected a long tensor for index, but got {_name(idx)}")
    if src.dtype != input._data.dtype:
        raise RuntimeError("put_(): self and source expected to have the same dtype, but got "
                           f"self.dtype = {_name(input._data)} and source.dtype = "
                           f"{_name(src)}")
    if src.size != idx.size:
        raise IndexError("put_(): Expected source and index to have the same number of "
                         f"elements, but got source.numel() = {src.size}, index.numel() = "
                         f"{idx.size}")
    count = input._data.size
    flat = idx.reshape(-1)
    bad = flat[(flat < -count) | (flat >= count)]
    if bad.size:
        raise IndexError(f"out of range: tried to access index {int(bad[0])} on a tensor of "
                         f"{count} elements.")
    return np.where(flat < 0, flat + count, flat)


class PutBackward0(Op):
    """``put(index, source, accumulate)``: ``source``'s elements written (the last of equal
    indices stays) or added in order at the input's flat (row-major) indices."""

    arity = 2  # (input, source)
    supports_complex = True  # (moves elements; so does its backward)
    # (as PyTorch's node: the index, and the source for its own gradient; their versions
    # are checked when backward unpacks them)
    saved_names = ("index", "source")

    def forward(self, input, source, index, flat, accumulate):
        self.save(index, source if self.needs(1) else None)
        out = _copy(input._data)
        values = source._data.reshape(-1)
        view = out.reshape(1) if not out.ndim else out  # (a 0-d input: one element)
        where = np.unravel_index(flat, view.shape)
        if accumulate:
            np.add.at(view, where, values)
        else:
            view[where] = values
        self.index, self.flat, self.accumulate = index, flat, accumulate
        self.source_shape = source._data.shape
        self.source_dtype = source._data.dtype
        return out

    def backward(self, grad):
        self.saved()  # (unpacked as PyTorch's node does: raises once a pass freed them)
        grad_input = grad_source = None
        if self.needs(0):
            if self.accumulate:
                grad_input = grad
            else:
                zeros = _make(np.zeros(self.source_shape, self.source_dtype))
                grad_input = PutBackward0.apply(grad, zeros, self.index, self.flat, False)
        if self.needs(1):
            grad_source = take(grad, self.index).reshape(self.source_shape)
        return grad_input, grad_source


def put(input, index, source, accumulate=False):
    input = tensor_argument("put", "input", 1, input)
    index = tensor_argument("put", "index", 2, index)
    source = tensor_argument("put", "source", 3, source)
    # (the kernel's checks, after its node saves what it needs: packed_on_error.py)
    flat = checked(_put_checks, (input, source), lambda: (
        index, source if source.requires_grad else None), input, index, source)
    return PutBackward0.apply(input, source, index, flat, bool(accumulate))

