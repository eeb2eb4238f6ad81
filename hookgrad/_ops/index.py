"""Indexing: getitem (views for basic keys, IndexBackward0 for advanced), setitem, gather,
scatter, masked_fill, masked_select, index_select / index_add / index_fill / index_copy,
take."""
import numpy as np

from .._dtype import from_numpy_dtype
from .._tensor_base import TensorBase, _make, _wrap_dim
from .inplace import apply_inplace
from .op import Op, ViewOp, refuse_out


class _Placed(ViewOp):
    """A view of one index or a slice along a dim: its gradient lands in that place of a zero
    gradient shaped like the input."""

    def backward(self, grad):
        dim, key = self.params
        return _place(grad.new_zeros(self.shape), grad, (slice(None),) * dim + (key,))


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
        return np.expand_dims(x, dim)

    def backward(self, grad):
        return grad.squeeze(self.params[0])


class IndexBackward0(Op):
    """Advanced indexing (integer arrays, lists, boolean masks): a copy, not a view."""

    def forward(self, a, key):
        self.shape, self.key = a._data.shape, key
        return a._data[key]

    def backward(self, grad):
        return IndexAddGrad.apply(grad, self.shape, self.key)


class IndexAddGrad(Op):
    """Scatter-add a gradient back into the indexed positions (differentiable again)."""

    def forward(self, grad, shape, key):
        self.key = key
        out = np.zeros(shape, grad._data.dtype)
        np.add.at(out, key, grad._data)
        return out

    def backward(self, grad):
        return grad[self.key] if not isinstance(self.key, tuple) else IndexBackward0.apply(
            grad, self.key)


class IndexPutBackward0(Op):
    """``x[key] = values`` with an advanced key, as an out-of-place op."""

    arity = 2

    def forward(self, a, values, key, accumulate=False):
        self.key = key
        out = a._data.copy()
        v = values._data if isinstance(values, TensorBase) else values
        if accumulate:
            np.add.at(out, key, v)
        else:
            out[key] = v
        self.values_shape = np.shape(v)
        return out

    def backward(self, grad):
        keep = grad.clone()
        keep._data[self.key] = 0
        grad_values = IndexBackward0.apply(grad, self.key) if self.needs(1) else None
        return keep, grad_values


def _place(out, grad, key):
    out._data[key] = grad._data
    return out if not grad._requires_grad else _PlaceGrad.apply(grad, out._data.shape, key)


class _PlaceGrad(Op):
    """``zeros(shape)[key] = grad`` kept differentiable for double backward."""

    def forward(self, grad, shape, key):
        self.key = key
        out = np.zeros(shape, grad._data.dtype)
        out[key] = grad._data
        return out

    def backward(self, grad):
        return _make(np.array(grad._data[self.key])) if not grad._requires_grad else \
            IndexBackward0.apply(grad, self.key)

    node_name = "SliceBackward0"


def _dims_consumed(k):
    """How many input dims an index component uses up."""
    if k is None or k is Ellipsis or isinstance(k, bool):
        return 0
    if isinstance(k, (TensorBase, list, np.ndarray)):
        idx = _to_index(k)
        return idx.ndim if idx.dtype == np.bool_ else 1
    return 1


def _to_index(k):
    if isinstance(k, TensorBase):
        if k._data.dtype.kind not in "biu":
            raise IndexError("tensors used as indices must be long, int, byte or bool tensors")
        return k._data
    return np.asarray(k)


def getitem(a, key):
    if not isinstance(key, tuple):
        key = (key,)
    ndim = a._data.ndim
    used = sum(_dims_consumed(k) for k in key)
    if sum(k is Ellipsis for k in key) > 1:
        raise IndexError("an index can only have a single ellipsis ('...')")
    if used > ndim:
        raise IndexError(f"too many indices for tensor of dimension {ndim}")
    out = a
    dim = 0
    advanced = []
    changed = False
    for k in key:
        if k is Ellipsis:
            dim += ndim - used
            advanced.append(Ellipsis)
        elif k is None:
            out = UnsqueezeBackward0.apply(out, dim)
            advanced.append(slice(None))
            dim += 1
            changed = True
        elif isinstance(k, (int, np.integer)) and not isinstance(k, bool):
            out = SelectBackward0.apply(out, dim, int(k))
            changed = True
        elif isinstance(k, slice):
            size = out._data.shape[dim]
            if k != slice(None) and k.indices(size) != (0, size, 1):
                out = SliceBackward0.apply(out, dim, k)
                changed = True
            advanced.append(slice(None))
            dim += 1
        elif isinstance(k, (TensorBase, list, np.ndarray, bool)):
            idx = _to_index(k)
            advanced.append(idx)
            dim += max(idx.ndim, 1) if idx.dtype == np.bool_ else 1
        else:
            raise IndexError("only integers, slices (`:`), ellipsis (`...`), None and long or "
                             "byte Variables are valid indices (got "
                             f"{type(k).__name__})")
    if any(isinstance(k, np.ndarray) for k in advanced):
        return IndexBackward0.apply(out, tuple(advanced))
    if not changed:
        return AliasBackward0.apply(out)
    return out


def setitem(a, key, value):
    if not isinstance(key, tuple):
        key = (key,)
    if any(isinstance(k, (TensorBase, list, np.ndarray)) or isinstance(k, bool) for k in key):
        akey = tuple(_to_index(k) if isinstance(k, (TensorBase, list, np.ndarray, bool)) else k
                     for k in key)
        apply_inplace(a, IndexPutBackward0.apply, (value, akey), {})
        return
    target = getitem(a, key)
    if not isinstance(value, TensorBase):
        target.fill_(value)
    else:
        target.copy_(value)


class GatherBackward0(Op):
    def forward(self, a, dim, index):
        idx = index._data
        if idx.ndim != a._data.ndim:
            raise RuntimeError("Index tensor must have the same number of dimensions as input "
                               "tensor")
        x = a._data
        for d, (i, s) in enumerate(zip(idx.shape, x.shape)):
            if d != dim and i > s:
                raise RuntimeError(f"Size does not match at dimension {d} expected index "
                                   f"{list(idx.shape)} to be no larger than self "
                                   f"{list(x.shape)} apart from dimension {dim}")
        self.shape, self.dim, self.index = x.shape, dim, idx
        # the index may be smaller than the input outside ``dim``: gather from that corner
        corner = tuple(slice(None) if d == dim else slice(0, i) for d, i in enumerate(idx.shape))
        return np.take_along_axis(x[corner], idx, axis=dim)

    def backward(self, grad):
        return ScatterAddGrad.apply(grad, self.shape, self.dim, self.index)


def positions_along(dim, index):
    """The advanced-indexing key of the positions an index array names along ``dim`` (what
    gather reads and scatter writes)."""
    grids = list(np.indices(index.shape, sparse=True))
    grids[dim] = index
    return tuple(grids)


def dim_key(dim, index):
    """The key selecting positions ``index`` (a 1-d int array) along ``dim``."""
    return (slice(None),) * dim + (index,)


class ScatterAddGrad(Op):
    """Adjoint of gather: scatter-add into zeros (differentiable again through gather)."""

    def forward(self, grad, shape, dim, index):
        self.dim, self.index = dim, index
        out = np.zeros(shape, grad._data.dtype)
        np.add.at(out, positions_along(dim, index), grad._data)
        return out

    def backward(self, grad):
        return GatherBackward0.apply(grad, self.dim, _make(self.index))

    node_name = "ScatterAddBackward0"


class MaskedFillBackward0(Op):
    def forward(self, a, mask, value):
        m = mask._data
        if m.dtype != np.bool_:
            raise RuntimeError("masked_fill_ only supports boolean masks, but got mask with "
                               f"dtype {mask.dtype}")
        self.mask = mask
        v = value.item() if isinstance(value, TensorBase) else value
        return np.where(m, np.asarray(v, dtype=a._data.dtype), a._data)

    def backward(self, grad):
        return grad.masked_fill(self.mask, 0)


class MaskedFillBackward1(MaskedFillBackward0):
    """``masked_fill`` with a 0-d tensor value: the value gets the masked gradient sum."""

    arity = 2

    def forward(self, a, value, mask):
        if value._data.ndim:
            raise RuntimeError("masked_fill_ only supports a 0-dimensional value tensor, but got "
                               f"tensor with {value._data.ndim} dimension(s).")
        return super().forward(a, mask, value)

    def backward(self, grad):
        return (grad.masked_fill(self.mask, 0) if self.needs(0) else None,
                grad.masked_fill(self.mask.logical_not(), 0).sum() if self.needs(1) else None)


class IndexSelectBackward0(Op):
    def forward(self, a, dim, index):
        self.shape, self.dim, self.index = a._data.shape, dim, index._data
        return np.take(a._data, index._data, axis=dim)

    def backward(self, grad):
        return IndexAddGrad.apply(grad, self.shape, dim_key(self.dim, self.index))


# --------------------------------------------------------------------------- scatter

def _scatter_positions(name, a, dim, index):
    """The advanced-indexing key of the positions ``index`` names along ``dim``."""
    idx = index._data
    if idx.dtype.kind not in "iu":
        raise RuntimeError(f"{name}(): Expected dtype int32/int64 for index")
    if idx.ndim != a._data.ndim:
        raise RuntimeError("Index tensor must have the same number of dimensions as self tensor")
    return positions_along(dim, idx)


def _corner(shape):
    return tuple(slice(0, n) for n in shape)


class ScatterBackward0(Op):
    """``input.scatter(dim, index, src)``: ``src``'s values written where ``index`` says (a
    ``src`` larger than ``index`` contributes its leading corner)."""

    arity = 2

    def forward(self, a, src, positions, index_shape):
        self.positions = positions
        out = a._data.copy()
        out[positions] = src._data[_corner(index_shape)]
        return out

    def backward(self, grad):
        return (ScatterBackward1.apply(grad, self.positions, 0) if self.needs(0) else None,
                self._src_grad(grad) if self.needs(1) else None)

    def _src_grad(self, grad):
        # index-shaped, as PyTorch's: for a src larger than index, the engine's shape check
        # then raises PyTorch's "returned an invalid gradient" error
        return IndexBackward0.apply(grad, self.positions)


class ScatterBackward1(Op):
    """``input.scatter(dim, index, value)`` with a number."""

    def forward(self, a, positions, value):
        self.positions = positions
        out = a._data.copy()
        out[positions] = value
        return out

    def backward(self, grad):
        return type(self).apply(grad, self.positions, 0)


class ScatterAddBackward0(ScatterBackward0):
    """``input.scatter_add(dim, index, src)``: repeated positions add up."""

    def forward(self, a, src, positions, index_shape):
        self.positions = positions
        out = a._data.copy()
        np.add.at(out, positions, src._data[_corner(index_shape)])
        return out

    def backward(self, grad):
        return (grad if self.needs(0) else None, self._src_grad(grad) if self.needs(1) else None)


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
    dim = _wrap_dim(dim, input._data.ndim)
    positions = _scatter_positions("scatter", input, dim, index)
    if not isinstance(src, TensorBase):
        return ScatterBackward1.apply(input, positions, src)
    _check_same_dtype(input, src)
    return ScatterBackward0.apply(input, src, positions, index._data.shape)


def scatter_add(input, dim, index, src, *, out=None):
    if out is not None:
        refuse_out("scatter_add")
    dim = _wrap_dim(dim, input._data.ndim)
    positions = _scatter_positions("scatter_add", input, dim, index)
    _check_same_dtype(input, src)
    return ScatterAddBackward0.apply(input, src, positions, index._data.shape)


def _check_same_dtype(a, src):
    if a._data.dtype != src._data.dtype:  # (scatter_add's message names scatter too)
        raise RuntimeError("scatter(): Expected self.dtype to be equal to src.dtype")


class MaskedSelectBackward0(Op):
    """The elements where a (broadcast) boolean mask is set, as a 1-d copy."""

    def forward(self, a, mask):
        m = mask._data
        if m.dtype != np.bool_:
            raise RuntimeError("masked_select: expected BoolTensor for mask")
        x = a._data
        shape = np.broadcast_shapes(x.shape, m.shape)
        self.key = np.broadcast_to(m, shape)
        return np.broadcast_to(x, shape)[self.key]

    def backward(self, grad):
        # into the broadcast shape; the engine sums it back to the input's
        return IndexAddGrad.apply(grad, self.key.shape, self.key)


def masked_select(input, mask, *, out=None):
    return MaskedSelectBackward0.apply(input, mask) if out is None else refuse_out("masked_select")


# --------------------------------------------------------------------------- along one dim

def _check_index_source(name, a, dim, index, source=None):
    idx = index._data
    if idx.dtype.kind not in "iu":
        raise RuntimeError(f"{name}(): Expected dtype int32/int64 for index but got: "
                           f"{from_numpy_dtype(idx.dtype).legacy_name[:-6]}")
    idx = idx.reshape(-1)
    if source is not None and source._data.ndim and idx.size != source._data.shape[dim]:
        raise RuntimeError(f"{name}(): Number of indices ({idx.size}) should be equal to "
                           f"source.size(dim): ({source._data.shape[dim]}), for dim: {dim}")
    return idx


class IndexAddBackward0(Op):
    """``input.index_add(dim, index, source, alpha)``: rows of ``source`` added at ``index``
    (repeats add up)."""

    arity = 2

    def forward(self, a, source, dim, index, alpha):
        self.key, self.alpha = dim_key(dim, index), alpha
        out = a._data.copy()
        np.add.at(out, self.key, source._data * alpha if alpha != 1 else source._data)
        return out

    def backward(self, grad):
        picked = IndexBackward0.apply(grad, self.key) if self.needs(1) else None
        return (grad if self.needs(0) else None,
                None if picked is None else picked * self.alpha if self.alpha != 1 else picked)


class IndexCopyBackward0(Op):
    """``input.index_copy(dim, index, source)``: rows of ``source`` written at ``index``."""

    arity = 2

    def forward(self, a, source, dim, index):
        self.key = dim_key(dim, index)
        out = a._data.copy()
        out[self.key] = source._data
        return out

    def backward(self, grad):
        return (IndexFillBackward0.apply(grad, self.key, 0) if self.needs(0) else None,
                IndexBackward0.apply(grad, self.key) if self.needs(1) else None)


class IndexFillBackward0(ScatterBackward1):
    """``input.index_fill(dim, index, value)`` with a number: positions are a dim key."""


class TakeBackward0(Op):
    """``input.take(index)``: elements of the flattened input, in ``index``'s shape."""

    def forward(self, a, index):
        x = a._data
        self.shape, self.flat = x.shape, np.unravel_index(index, x.shape)
        return x.reshape(-1)[index]

    def backward(self, grad):
        return IndexAddGrad.apply(grad, self.shape, self.flat)


def index_add(input, dim, index, source, *, alpha=1, out=None):
    if out is not None:
        refuse_out("index_add")
    dim = _wrap_dim(dim, input._data.ndim)
    idx = _check_index_source("index_add_", input, dim, index, source)
    return IndexAddBackward0.apply(input, source, dim, idx, alpha)


def index_copy(input, dim, index, source, *, out=None):
    if out is not None:
        refuse_out("index_copy")
    dim = _wrap_dim(dim, input._data.ndim)
    idx = _check_index_source("index_copy_", input, dim, index, source)
    return IndexCopyBackward0.apply(input, source, dim, idx)


def index_fill(input, dim, index, value):
    dim = _wrap_dim(dim, input._data.ndim)
    idx = _check_index_source("index_fill_", input, dim, index)
    value = value.item() if isinstance(value, TensorBase) else value
    return IndexFillBackward0.apply(input, dim_key(dim, idx), value)


def take(input, index, *, out=None):
    return TakeBackward0.apply(input, index._data) if out is None else refuse_out("take")


def gather(input, dim, index, *, sparse_grad=False, out=None):
    if out is not None:
        refuse_out("gather")
    if sparse_grad:
        raise NotImplementedError("hookgrad has no sparse tensors: gather(sparse_grad=True) is "
                                  "not supported")
    return GatherBackward0.apply(input, _wrap_dim(dim, input._data.ndim), index)


def masked_fill(input, mask, value):
    if isinstance(value, TensorBase):
        return MaskedFillBackward1.apply(input, value, mask)
    return MaskedFillBackward0.apply(input, mask, value)


def index_select(input, dim, index, *, out=None):
    if out is not None:
        refuse_out("index_select")
    return IndexSelectBackward0.apply(input, _wrap_dim(dim, input._data.ndim), index)


def nonzero(input, *, out=None, as_tuple=False):
    if out is not None:
        refuse_out("nonzero")
    idx = np.nonzero(input._data)
    if as_tuple:
        return tuple(_make(i.astype(np.int64)) for i in idx)
    return _make(np.stack(idx, axis=1).astype(np.int64))


def argwhere(input):
    return nonzero(input)
