"""Indexing: the nodes of ``x[key]`` (views for basic keys, IndexBackward0 for advanced);
``x[key] = value`` (subscript.py parses the keys, put.py writes); gather, scatter,
masked_fill, masked_select, index_select / index_add / index_fill / index_copy, take."""
import numpy as np
from numpy.lib.stride_tricks import as_strided

from .._tensor_base import TensorBase, _make, _wrap_dim
from . import index_checks as checks
from .complex_support import real_number, refuse_complex
from .elementwise_layout import empty_like_layout
from .index_keys import saved_indices
from .index_layout import index_layout
from .masked_fill import MaskedFillBackward0, MaskedFillBackward1, masked_fill  # noqa: F401
from .op import Op, ViewOp, plain_backward, refuse_out
from .packed_on_error import checked
from .scalar_forms import MulBackward1


class _Placed(ViewOp):
    """A view of one index or a slice along a dim: its gradient lands in that place of a zero
    gradient shaped like the input."""

    def backward(self, grad):
        dim, key = self.params
        if grad._requires_grad:  # PyTorch's slice_backward / select_backward node
            return self.grad_node.apply(grad, self.shape, dim, key)
        out = grad.new_zeros(self.shape)
        out._data[(slice(None),) * dim + (key,)] = grad._data
        return out


class SelectBackward0(_Placed):
    @staticmethod
    def view_array(x, dim, index):
        return x[(slice(None),) * dim + (index, Ellipsis)]  # Ellipsis: a 0-d view, not a scalar

    def forward(self, a, dim, index):
        size = a._data.shape[dim]
        if not -size <= index < size:
            raise IndexError(f"index {index} is out of bounds for dimension {dim} with size {size}")
        self.params = (dim, index)
        return self.view_array(a._data, dim, index)


class SliceBackward0(_Placed):
    @staticmethod
    def view_array(x, dim, sl):
        return x[(slice(None),) * dim + (sl,)]

    def forward(self, a, dim, sl):
        if sl.step is not None and sl.step <= 0:
            raise ValueError("step must be greater than zero")
        self.params = (dim, sl)
        return self.view_array(a._data, dim, sl)


class AliasBackward0(ViewOp):
    @staticmethod
    def view_array(x):
        return x[...]

    def backward(self, grad):
        return grad


class UnsqueezeBackward0(ViewOp):
    """``unsqueeze(dim)``, and ``x[None]``."""

    @staticmethod
    def view_array(x, dim):
        out = np.expand_dims(x, dim)
        # PyTorch's strides: the new dim's is the size times the stride of the dim after it
        # (1 at the end); NumPy's may differ, which stride() and a product's layout test see
        new = x.shape[dim] * x.strides[dim] if dim < x.ndim else x.itemsize
        strides = x.strides[:dim] + (new,) + x.strides[dim:]
        return out if out.strides == strides else as_strided(out, out.shape, strides)

    def backward(self, grad):
        return grad.squeeze(self.params[0])


class IndexBackward0(Op):
    """Advanced indexing (integer arrays, lists, boolean masks): a copy, not a view."""

    supports_complex = True  # (moves and sums elements)

    def forward(self, a, key, index_tensors=()):
        self.shape, self.key = a._data.shape, key
        self.save(*saved_indices(key, index_tensors))
        if not a._data.size:  # (NumPy checks no mask's shape against an empty array)
            key_error = checks.advanced_index_error(a._data.shape, key)
            if key_error is not None:
                raise key_error
        try:
            out = a._data[key]
        except IndexError as error:
            raise checks.advanced_index_error(a._data.shape, key) or error from None
        if _row_major(a._data):
            if not out.flags.c_contiguous:
                # PyTorch's index of a row-major input is row-major; NumPy puts the advanced
                # index's dims first in memory when slices come before them (so flatten() of
                # the result would copy, not view)
                out = np.asarray(out, order="C")
        elif out.ndim > 1:  # (a permuted input: PyTorch's iterator order, index_layout)
            out = index_layout(out, a._data, key)
        return out

    def backward(self, grad):
        self.saved()  # (unpacked as PyTorch's node does: raises once a pass freed them)
        if grad._requires_grad:
            zeros = _make(np.zeros(self.shape, grad._data.dtype))
            return IndexPutImplBackward0.apply(zeros, grad, self.key)
        return IndexAddGrad.apply(grad, self.shape, self.key)


def _row_major(x):
    """Whether ``x``'s dims lie in memory in their own order (C order, gaps allowed)."""
    strides = [st for st, n in zip(x.strides, x.shape) if n > 1]
    return all(a >= b for a, b in zip(strides, strides[1:]))


class IndexAddGrad(Op):
    """Scatter-add a gradient back into the indexed positions (differentiable again)."""

    supports_complex = True  # (moves and sums elements)

    def forward(self, grad, shape, key):
        self.key = key
        out = np.zeros(shape, grad._data.dtype)
        np.add.at(out, key, grad._data)
        return out

    def backward(self, grad):
        return grad[self.key] if not isinstance(self.key, tuple) else IndexBackward0.apply(
            grad, self.key)


class SliceBackwardBackward0(Op):
    """``slice_backward``: the gradient of a slice (or select) placed in zeros shaped like its
    input, recorded as PyTorch records it under create_graph; its own gradient is the slice
    again."""

    supports_complex = True  # (moves elements; so does its backward)

    def forward(self, grad, shape, dim, key):
        self.params = (dim, key)
        out = np.zeros(shape, grad._data.dtype)
        out[(slice(None),) * dim + (key,)] = grad._data
        return out

    def backward(self, grad):
        return SliceBackward0.apply(grad, *self.params)


class SelectBackwardBackward0(SliceBackwardBackward0):
    def backward(self, grad):
        return SelectBackward0.apply(grad, *self.params)


SliceBackward0.grad_node = SliceBackwardBackward0
SelectBackward0.grad_node = SelectBackwardBackward0


class IndexPutImplBackward0(Op):
    """PyTorch's ``index_backward`` under create_graph: ``_index_put_impl_(zeros, indices, grad,
    accumulate=True)``, an op of the zeros (no history) and the gradient."""

    supports_complex = True  # (moves elements; so does its backward)

    arity = 2

    def forward(self, zeros, grad, key):
        self.key = key
        out = zeros._data
        np.add.at(out, key, grad._data)
        return out

    def backward(self, grad):
        return None, (grad[self.key] if not isinstance(self.key, tuple) else
                      IndexBackward0.apply(grad, self.key))


class GatherBackward0(Op):
    supports_complex = True  # (moves elements; so does its backward)

    def forward(self, a, dim, index):
        self.save(index, a)  # (as PyTorch's node, before its kernel's checks: see mm's)
        idx, dim = index._data, _wrap_dim(dim, a._data.ndim)
        if not idx.size:  # (PyTorch checks neither the dtype nor the shape of an empty index)
            self.shape, self.dim, self.index = a._data.shape, dim, idx
            return np.empty(idx.shape, a._data.dtype)
        if idx.dtype not in checks.INT32_OR_64:
            raise RuntimeError("gather(): Expected dtype int32/int64 for index")
        if idx.ndim != a._data.ndim:
            raise RuntimeError("Index tensor must have the same number of dimensions as input "
                               "tensor")
        x = a._data
        for d, (i, s) in enumerate(zip(idx.shape, x.shape)):
            if d != dim and i > s:
                raise RuntimeError(f"Size does not match at dimension {d} expected index "
                                   f"{list(idx.shape)} to be no larger than self "
                                   f"{list(x.shape)} apart from dimension {dim}")
        checks.check_along_dim(idx, x, dim)
        self.shape, self.dim, self.index = x.shape, dim, idx
        if not x.ndim:  # a 0-d input (index 0): the one element
            return x.copy()
        # the index may be smaller than the input outside ``dim``: gather from that corner;
        # PyTorch's result is a new contiguous tensor of the index's shape (NumPy's follows
        # the index's layout)
        corner = tuple(slice(None) if d == dim else slice(0, i) for d, i in enumerate(idx.shape))
        return np.asarray(np.take_along_axis(x[corner], idx, axis=dim), order="C")

    def backward(self, grad):
        self.saved()  # (unpacked as PyTorch's node does: raises once a pass freed them)
        return ScatterAddGrad.of(grad, self.shape, self.dim, self.index)


def positions_along(dim, index):
    """The advanced-indexing key of the positions an index array names along ``dim`` (what
    gather reads and scatter writes)."""
    if not index.ndim:  # a 0-d index of a 0-d tensor (its one position)
        return ()
    grids = list(np.indices(index.shape, sparse=True))
    grids[dim] = index
    return tuple(grids)


def selected_grad(grad, shape, dim, index):
    """PyTorch's ``value_selecting_reduction_backward`` (max / min / median along a dim, sort,
    topk): zeros of ``shape`` with ``grad`` written where ``index`` points along ``dim``
    (``grad`` has ``index``'s shape; ``index`` None for a 0-d input)."""
    dtype = grad._data.dtype
    if index is None:  # a 0-d input: its one element selected (still a new tensor)
        if plain_backward():
            return _make(np.array(grad._data, copy=True))
        return ScatterBackward0.apply(_make(np.zeros((), dtype)), grad, (),
                                      _make(np.zeros((), np.int64)), 0)
    if plain_backward():
        out = np.zeros(shape, dtype)
        np.put_along_axis(out, index, grad._data, axis=dim)
        return _make(out)
    return ScatterBackward0.apply(_make(np.zeros(shape, dtype)), grad,
                                  positions_along(dim, index), _make(index), dim)


def dim_key(dim, index):
    """The key selecting positions ``index`` (a 1-d int array) along ``dim``."""
    return (slice(None),) * dim + (index,)


class ScatterAddGrad(Op):
    """Adjoint of gather: scatter-add into zeros (differentiable again through gather). As
    PyTorch's ``zeros.scatter_add_(dim, index, grad)``, an op of the zeros (no history) and
    the gradient: its first edge is empty."""

    supports_complex = True  # (moves elements; so does its backward)

    arity = 2

    @classmethod
    def of(cls, grad, shape, dim, index):
        return cls.apply(_make(np.zeros(shape, grad._data.dtype)), grad, dim, index)

    def forward(self, zeros, grad, dim, index):
        self.dim, self.index = dim, index
        out = zeros._data
        if not index.ndim:  # a 0-d input: the one element
            return out + grad._data
        if not index.size:  # (an empty index: gather's, of any shape)
            return out
        np.add.at(out, positions_along(dim, index), grad._data)
        return out

    def backward(self, grad):
        return None, GatherBackward0.apply(grad, self.dim, _make(self.index))

    node_name = "ScatterAddBackward0"


class IndexSelectBackward0(Op):
    supports_complex = True  # (moves elements; so does its backward)

    def forward(self, a, dim, index):
        self.save(index)  # (as PyTorch's node, before its kernel's checks: see mm's)
        x, dim = a._data, _wrap_dim(dim, a._data.ndim)
        idx = checks.index_select_index(x, dim, index)
        self.shape, self.dim, self.index = x.shape, dim, idx
        if not x.ndim:  # a 0-d input (index 0): a 0-d result
            return x.copy()
        return np.take(x, idx, axis=dim)

    def backward(self, grad):
        (index,) = self.saved()  # (unpacked as PyTorch's node does: raises once freed)
        if not self.shape:
            return grad
        if grad._requires_grad:  # PyTorch's zeros.index_add_(dim, index, grad), recorded
            return IndexAddBackward0.apply(_make(np.zeros(self.shape, grad._data.dtype)), grad,
                                           self.dim, self.index, 1, index)
        return IndexAddGrad.apply(grad, self.shape, dim_key(self.dim, self.index))


# --------------------------------------------------------------------------- scatter

def _scatter_positions(name, a, dim, index, src=None):
    """``dim`` wrapped, and the advanced-indexing key of the positions ``index`` names along
    it (``src``: the tensor scattered, or None for a number), after PyTorch's checks."""
    idx, dim = index._data, _wrap_dim(dim, a._data.ndim)
    if not idx.size:  # (PyTorch checks neither the dtype nor the shape of an empty index)
        if src is not None:  # (but src's dtype)
            _check_same_dtype(a, src)
        return dim, np.zeros(a._data.shape, bool)  # (a mask of no position)
    if idx.dtype.kind not in "iu":
        raise RuntimeError("scatter(): Expected dtype int32/int64 for index")  # (all of them)
    if src is not None:
        _check_same_dtype(a, src)
    checks.scatter_shape_check(a._data, dim, idx, None if src is None else src._data)
    checks.check_along_dim(idx, a._data, dim)
    return dim, positions_along(dim, idx)


def _corner(shape):
    return tuple(slice(0, n) for n in shape)


def _src_values(src, index, positions):
    """The values of ``src`` that scatter writes: the corner of ``index``'s shape (none where
    ``positions`` is the mask of no position an empty index of any shape gets)."""
    if type(positions) is np.ndarray and positions.dtype == bool:
        return np.zeros(0, src._data.dtype)
    return src._data[_corner(index._data.shape)]


class ScatterBackward0(Op):
    """``input.scatter(dim, index, src)``: ``src``'s values written where ``index`` says (a
    ``src`` larger than ``index`` contributes its leading corner)."""

    supports_complex = True  # (moves elements; so does its backward)

    arity = 2

    def forward(self, a, src, positions, index, dim=None):
        self.positions, self.dim = positions, dim
        self.save(index)  # (as PyTorch's node)
        out = a._data.copy()
        out[positions] = _src_values(src, index, positions)
        return out

    def backward(self, grad):
        (index,) = self.saved()  # (raises once a pass freed it, as PyTorch's node)
        return (ScatterBackward1.apply(grad, self.positions, 0) if self.needs(0) else None,
                self._src_grad(grad, index) if self.needs(1) else None)

    def _src_grad(self, grad, index):
        # index-shaped, as PyTorch's: for a src larger than index, the engine's shape check
        # then raises PyTorch's "returned an invalid gradient" error
        if self.dim is not None and (not plain_backward() or not index._data.size):
            # PyTorch's grad.gather(dim, index) (of index's shape, an empty one too)
            return GatherBackward0.apply(grad, self.dim, index)
        return IndexBackward0.apply(grad, self.positions)


class ScatterBackward1(Op):
    """``input.scatter(dim, index, value)`` with a number."""

    supports_complex = True  # (moves elements; so does its backward)

    def forward(self, a, positions, value, index=None):
        self.positions = positions
        self.save(index)  # (as PyTorch's node; None in a backward formula, which has none)
        out = a._data.copy()
        out[positions] = real_number(value, out.dtype)  # (a complex number into a real tensor)
        return out

    def backward(self, grad):
        self.saved()  # (unpacked as PyTorch's node does: raises once a pass freed them)
        return type(self).apply(grad, self.positions, 0)


class ScatterAddBackward0(ScatterBackward0):
    """``input.scatter_add(dim, index, src)``: repeated positions add up."""

    def forward(self, a, src, positions, index, dim=None):
        self.positions, self.dim = positions, dim
        self.save(index if self.needs(1) else None)  # (PyTorch's, for src's gradient only)
        out = a._data.copy()
        np.add.at(out, positions, _src_values(src, index, positions))
        return out

    def backward(self, grad):
        (index,) = self.saved()  # (raises once a pass freed it, as PyTorch's node)
        return (grad if self.needs(0) else None,
                self._src_grad(grad, index) if self.needs(1) else None)


def scatter(input, dim, index, src=None, *, value=None, reduce=None, out=None):
    """``src`` is a Tensor or a number (or ``value=`` a number); ``reduce`` (deprecated in
    PyTorch) is not supported."""
    if out is not None:
        refuse_out("scatter")
    if src is None:
        src = value
    if reduce is not None:
        raise NotImplementedError("scatter(reduce=...) is not supported by hookgrad: use "
                                  "scatter_add for reduce='add'")
    tensor = src if isinstance(src, TensorBase) else None
    dim, positions = checked(_scatter_positions, (input, tensor), lambda: (index,), "scatter",
                             input, dim, index, tensor)
    if tensor is None:
        return ScatterBackward1.apply(input, positions, src, index)
    return ScatterBackward0.apply(input, src, positions, index, dim)


def scatter_add(input, dim, index, src, *, out=None):
    if out is not None:
        refuse_out("scatter_add")
    dim, positions = checked(_scatter_positions, (input, src), lambda: (
        index if src.requires_grad else None,), "scatter_add", input, dim, index, src)
    return ScatterAddBackward0.apply(input, src, positions, index, dim)


def _check_same_dtype(a, src):
    if a._data.dtype != src._data.dtype:  # (scatter_add's message names scatter too)
        raise RuntimeError("scatter(): Expected self.dtype to be equal to src.dtype")


# --------------------------------------------------------------------------- along one dim

class IndexAddBackward0(Op):
    """``input.index_add(dim, index, source, alpha)``: rows of ``source`` added at ``index``
    (repeats add up)."""

    supports_complex = True  # (moves elements; so does its backward)

    arity = 2

    def forward(self, a, source, dim, index, alpha, index_tensor):
        """``index``: the checked index array; ``index_tensor``: the tensor it came from,
        saved with its version (an in-place write into it before backward is refused)."""
        self.key, self.alpha = dim_key(dim, index), alpha
        self.dim, self.index, self.source_shape = dim, index, source._data.shape
        if self.needs(1):  # (PyTorch's node saves them for source's gradient only)
            self.save(index_tensor, source)
        out = a._data.copy()
        if out.dtype.kind == "c" and alpha != 1:
            # (PyTorch's add kernel multiplies by alpha as its complex vector loop does)
            refuse_complex("index_add (with alpha)", (a,))
        alpha = real_number(alpha, out.dtype)
        np.add.at(out, self.key, source._data * alpha if alpha != 1 else source._data)
        return out

    def backward(self, grad):
        if self.needs(1):
            self.saved()  # (unpacked as PyTorch's node does: raises once a pass freed them)
        picked = None
        if self.needs(1):
            # PyTorch's grad.index_select(dim, index).expand_as(source), times alpha (a number):
            # with alpha 1 a view (an in-place edit of what autograd.grad returns is a write
            # through one: 86:15938)
            picked = _selected_rows(grad, self.dim, self.index, self.source_shape)
            if self.alpha != 1:
                picked = MulBackward1.apply(picked, self.alpha)
        return grad if self.needs(0) else None, picked


def _selected_rows(grad, dim, index, shape):
    """``grad.index_select(dim, index).expand(shape)``: a source's gradient as PyTorch's
    index_add and index_copy record it."""
    return grad.index_select(dim, _make(index)).expand(*shape)


class IndexCopyBackward0(Op):
    """``input.index_copy(dim, index, source)``: rows of ``source`` written at ``index``."""

    supports_complex = True  # (moves elements; so does its backward)

    arity = 2

    def forward(self, a, source, dim, index, index_tensor):
        """``index``: the checked index array; ``index_tensor``: the tensor it came from,
        saved with its version (an in-place write into it before backward is refused)."""
        self.key = dim_key(dim, index)
        self.dim, self.index, self.source_shape = dim, index, source._data.shape
        self.save(index_tensor, source if self.needs(1) else None)  # (as PyTorch's node)
        out = a._data.copy()
        out[self.key] = source._data
        return out

    def backward(self, grad):
        self.saved()  # (unpacked as PyTorch's node does: raises once a pass freed them)
        kept = IndexFillBackward0.apply(grad, self.key, 0) if self.needs(0) else None
        picked = None
        if self.needs(1):  # (a view, as PyTorch's: see IndexAddBackward0)
            picked = _selected_rows(grad, self.dim, self.index, self.source_shape)
        return kept, picked


class IndexFillBackward0(ScatterBackward1):
    """``input.index_fill(dim, index, value)`` with a number: positions are a dim key. The
    result is PyTorch's ``clone(preserve_format)`` filled in place: ``input``'s layout."""

    def forward(self, a, positions, value, index=None):
        return empty_like_layout(super().forward(a, positions, value, index), a._data)


class TakeBackward0(Op):
    """``input.take(index)``: elements of the flattened input, in ``index``'s shape."""

    supports_complex = True  # (moves elements; so does its backward)

    def forward(self, a, index):
        self.save(index, a)  # (as PyTorch's node, before its kernel's checks: see mm's)
        x = a._data
        idx = checks.take_index(x, index)
        self.shape, self.index = x.shape, idx
        self.flat = np.unravel_index(idx, x.shape) if x.ndim else None
        # (the gradient is laid out as zeros_like(input), PyTorch's start: kept only where
        # that is not C order)
        self.like = None if x.flags.c_contiguous else x
        return x.reshape(-1)[idx]

    def backward(self, grad):
        self.saved()  # (unpacked as PyTorch's node does: raises once a pass freed them)
        if grad._requires_grad:  # PyTorch's zeros.put_(index, grad, accumulate=True), recorded
            from .put import PutBackward0  # (put imports this module)
            zeros = np.zeros(self.shape, grad._data.dtype)
            zeros = _make(zeros if self.like is None else empty_like_layout(zeros, self.like))
            return PutBackward0.apply(zeros, grad, self.index, True)
        if self.flat is None:  # every element taken from a 0-d input is that input
            return grad.sum()
        result = IndexAddGrad.apply(grad, self.shape, self.flat)
        return result if self.like is None else _make(empty_like_layout(result._data,
                                                                        self.like))


def index_add(input, dim, index, source, *, alpha=1, out=None):
    if out is not None:
        refuse_out("index_add")
    dim, idx = checked(checks.index_add_index, (input, source), lambda: (
        (index, source) if source.requires_grad else ()), input._data, dim, index, source, alpha)
    return IndexAddBackward0.apply(input, source, dim, idx, alpha, index)


def index_copy(input, dim, index, source, *, out=None):
    if out is not None:
        refuse_out("index_copy")
    dim, idx = checked(checks.index_copy_index, (input, source), lambda: (
        index, source if source.requires_grad else None), input._data, dim, index, source)
    return IndexCopyBackward0.apply(input, source, dim, idx, index)


def take(input, index, *, out=None):
    if out is not None:
        refuse_out("take")
    return TakeBackward0.apply(input, index)


def gather(input, dim, index, *, sparse_grad=False, out=None):
    if out is not None:
        refuse_out("gather")
    if sparse_grad:
        raise NotImplementedError("hookgrad has no sparse tensors: gather(sparse_grad=True) is "
                                  "not supported")
    return GatherBackward0.apply(input, dim, index)


def index_select(input, dim, index, *, out=None):
    if out is not None:
        refuse_out("index_select")
    return IndexSelectBackward0.apply(input, dim, index)


def nonzero(input, *, out=None, as_tuple=False):
    if out is not None:
        refuse_out("nonzero")
    x = input._data
    idx = np.nonzero(x if x.ndim else x.reshape(1))  # a 0-d input counts as one element
    if as_tuple:
        return tuple(_make(i.astype(np.int64)) for i in idx)
    if not x.ndim:  # one row per non-zero, no columns
        return _make(np.zeros((idx[0].size, 0), np.int64))
    # PyTorch fills the transposed result: one row per dim, so its strides are (1, count)
    return _make(np.stack(idx).astype(np.int64).T)


def argwhere(input):
    return nonzero(input)


def argwhere_method(self, *args, **kwargs):
    """``Tensor.argwhere()``: PyTorch's method takes no keyword arguments at all."""
    if kwargs:
        raise TypeError("TensorBase.argwhere() takes no keyword arguments")
    return argwhere(self, *args)
