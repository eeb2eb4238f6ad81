"""Writing by index or mask as ops: ``x[key] = values`` (IndexPutBackward0), index_put,
index_fill, masked_scatter (and masked_select, whose gradient it is); and take_along_dim
(gather with broadcasting), with PyTorch's checks and node names."""
import numpy as np

from .._tensor_base import TensorBase, _make, _wrap_dim, tensor_argument
from . import index_checks as checks
from .elementwise_layout import empty_like_layout
from .index import (
    IndexAddGrad,
    IndexBackward0,
    IndexFillBackward0,
    dim_key,
    gather,
)
from .index_keys import saved_indices
from .op import Op, broadcast_error, refuse_out, type_name
from .packed_on_error import checked
from .views import expand


def _index_key(input, indices):
    """The NumPy key of ``index_put``'s indices (Tensors; None keeps a whole dim), checked
    against the input's sizes as PyTorch checks them."""
    key, dim = [], 0
    shape = input._data.shape
    for index in indices:
        if index is None:
            key.append(slice(None))
            dim += 1
            continue
        idx = tensor_argument("index_put", "indices", 1, index)._data
        if idx.dtype.kind not in "biu":
            raise IndexError("tensors used as indices must be long, int, byte or bool tensors")
        if idx.dtype == np.bool_:
            key.append(idx)
            dim += max(idx.ndim, 1)
            continue
        size = shape[dim] if dim < len(shape) else 0
        bad = idx[(idx < -size) | (idx >= size)]
        if bad.size:
            raise IndexError(f"index {int(bad.reshape(-1)[0])} is out of bounds for dimension "
                             f"{dim} with size {size}")
        key.append(idx)
        dim += 1
    if dim > len(shape):
        raise IndexError(f"too many indices for tensor of dimension {len(shape)} (got {dim})")
    return tuple(key)


class IndexPutBackward0(Op):
    """``x[key] = values`` with an advanced key, as an out-of-place op."""

    supports_complex = True  # (moves elements; so does its backward)

    arity = 2

    def forward(self, a, values, key, accumulate=False, same_dtype=False, index_tensors=()):
        """``same_dtype``: refuse a values tensor of another dtype (after checking the key, as
        PyTorch orders its checks). ``index_tensors``: as for ``saved_indices``."""
        self.key, self.accumulate = key, accumulate
        out = empty_like_layout(a._data.copy(), a._data)  # (PyTorch's clone(preserve_format))
        v = values._data if isinstance(values, TensorBase) else values
        # (complex values into a real tensor: the dtype check after the key's refuses them; the
        # real parts written before it, without NumPy's warning)
        written = v.real if same_dtype and isinstance(v, np.ndarray) and \
            v.dtype.kind == "c" != out.dtype.kind else v
        try:
            if accumulate:
                np.add.at(out, key, written)
            else:
                out[key] = written
                if not out.size or not np.size(v):  # (NumPy writes nothing, checks nothing,
                    # not even an empty mask against a dim of another size)
                    key_error = checks.advanced_index_error(out.shape, key)
                    if key_error is not None:
                        raise key_error
                    np.broadcast_to(written, out[key].shape)
        except IndexError as error:
            raise checks.advanced_index_error(out.shape, key) or error from None
        except (ValueError, TypeError) as error:  # the values do not broadcast to the
            # indexed shape (or NumPy met them before a bad key, or refused to cast them)
            checks.refuse_put(out, key, v, same_dtype, error)
        if same_dtype:
            checks.index_put_dtype(out, v)
        self.values_shape = np.shape(v)
        self.save(*saved_indices(key, index_tensors))
        return out

    def backward(self, grad):
        self.saved()  # (unpacked as PyTorch's node does: raises once a pass freed them)
        keep = grad
        if not self.accumulate and grad._requires_grad:  # PyTorch's, recorded
            keep = IndexPutBackward0.apply(grad, _make(np.zeros(self.values_shape,
                                                                grad._data.dtype)), self.key)
        elif not self.accumulate:  # (accumulated values leave the input's own gradient whole)
            keep = grad.clone()
            keep._data[self.key] = 0
        grad_values = IndexBackward0.apply(grad, self.key) if self.needs(1) else None
        return keep, grad_values


def index_put(input, indices, values, accumulate=False):
    tensor_argument("index_put", "values", 2, values)
    # (the dtype check after the key's and the values' shape, as PyTorch's)
    indices = tuple(indices)
    saved = tuple(i for i in indices if i is not None)
    # (the kernel's checks, after its node saves the indices: packed_on_error.py)
    key = checked(_index_key, (input, values), lambda: saved, input, indices)
    return IndexPutBackward0.apply(input, values, key, bool(accumulate), True, saved)


class MaskedScatterBackward0(Op):
    """``source``'s leading elements written, in order, where the (broadcast) mask is set."""

    supports_complex = True  # (moves elements; so does its backward)

    arity = 2
    saved_names = ("mask",)

    def forward(self, a, source, mask):
        self.saves_mask = isinstance(mask, TensorBase)
        if self.saves_mask:  # the user's mask: saved, as PyTorch's node (so a second pass
            self.save(mask)  # through a freed graph raises here first)
            mask = mask._data
        shape = np.broadcast_shapes(a._data.shape, mask.shape)
        x = np.broadcast_to(a._data, shape)
        self.mask = np.broadcast_to(mask, shape)
        self.source_shape = source._data.shape
        out = x.copy()
        out[self.mask] = source._data.reshape(-1)[:int(self.mask.sum())]
        return out

    def backward(self, grad):
        if self.saves_mask:
            self.saved()  # (unpacked as PyTorch's node does: raises once a pass freed it)
        mask = self.mask  # (not np.ascontiguousarray: it makes a 0-d mask 1-d)
        mask = _make(mask if mask.flags.c_contiguous else mask.copy())
        return (grad.masked_fill(mask, 0) if self.needs(0) else None,
                MaskedScatterBackwardBackward0.apply(grad, self.mask, self.source_shape)
                if self.needs(1) else None)


class MaskedScatterBackwardBackward0(Op):
    """PyTorch's ``masked_scatter_backward``: the gradient where the mask is set, in order,
    shaped like the source (source elements beyond the mask's count get zeros)."""

    supports_complex = True  # (moves elements; so does its backward)

    def forward(self, grad, mask, source_shape):
        self.mask = mask
        picked = grad._data[mask]
        out = np.zeros(int(np.prod(source_shape)), grad._data.dtype)
        out[:picked.size] = picked
        return out.reshape(source_shape)

    def backward(self, grad):
        # PyTorch's formula: zeros_like(grad_output).masked_scatter(mask, grad)
        zeros = _make(np.zeros(self.mask.shape, grad._data.dtype))
        return MaskedScatterBackward0.apply(zeros, grad, self.mask)


class PutBackward0(Op):
    """``input.put(index, source, accumulate)``: the source's elements written (or added) at
    flat positions ``index`` (an int64 array, counted from the start) of the input; here
    PyTorch's gradient of ``take`` under create_graph."""

    supports_complex = True  # (moves elements; so does its backward)

    arity = 2

    def forward(self, a, source, index, accumulate):
        self.index, self.accumulate = index, accumulate
        self.source_shape = source._data.shape
        out = a._data.copy()
        flat = out.reshape(-1)  # (a view: ``out`` is a fresh contiguous copy)
        if accumulate:
            np.add.at(flat, index.reshape(-1), source._data.reshape(-1))
        else:
            flat[index.reshape(-1)] = source._data.reshape(-1)
        return empty_like_layout(out, a._data)  # (PyTorch's clone(preserve_format))

    def backward(self, grad):
        grad_self = None
        if self.needs(0):  # PyTorch's: grad, or grad.put(index, zeros_like(source))
            grad_self = grad if self.accumulate else PutBackward0.apply(
                grad, _make(np.zeros(self.source_shape, grad._data.dtype)), self.index, False)
        return grad_self, (grad.take(_make(self.index)).reshape(self.source_shape)
                           if self.needs(1) else None)


def masked_scatter(input, mask, source):
    tensor_argument("masked_scatter", "source", 2, source)
    # (the kernel's checks, after its node saves the mask: packed_on_error.py)
    checked(_masked_scatter_checks, (input, source), lambda: (mask,), input, mask, source)
    return MaskedScatterBackward0.apply(input, source, mask)


def _masked_scatter_checks(input, mask, source):
    m = mask._data
    if m.dtype != np.bool_:
        raise RuntimeError("masked_scatter_ only supports boolean masks, but got mask with "
                           f"dtype {type_name(m)}")
    if input._data.dtype != source._data.dtype:
        raise RuntimeError("masked_scatter: expected self and source to have same dtypes but "
                           f"got{type_name(input._data)} and {type_name(source._data)}")
    try:
        shape = np.broadcast_shapes(input._data.shape, m.shape)
    except ValueError:  # (PyTorch's message names the mask first)
        raise broadcast_error([m.shape, input._data.shape]) from None
    needed = int(np.broadcast_to(m, shape).sum())
    if source._data.size < needed:
        raise RuntimeError("Number of elements of source < number of ones in mask")


class MaskedSelectBackward0(Op):
    """The elements where a (broadcast) boolean mask is set, as a 1-d copy."""

    supports_complex = True  # (moves elements; so does its backward)

    def forward(self, a, mask):
        self.save(mask, a)  # (as PyTorch's node, before its kernel's checks: see mm's)
        m = mask._data
        if m.dtype != np.bool_:
            raise RuntimeError("masked_select: expected BoolTensor for mask")
        x = a._data
        try:
            shape = np.broadcast_shapes(x.shape, m.shape)
        except ValueError:  # (PyTorch's message names the mask first)
            raise broadcast_error([m.shape, x.shape]) from None
        self.key = np.broadcast_to(m, shape)
        return np.broadcast_to(x, shape)[self.key]

    def backward(self, grad):
        self.saved()  # (unpacked as PyTorch's node does: raises once a pass freed them)
        # into the broadcast shape; the engine sums it back to the input's
        if grad._requires_grad:  # PyTorch's zeros.masked_scatter_(mask, grad), recorded
            zeros = _make(np.zeros(self.key.shape, grad._data.dtype))
            return MaskedScatterBackward0.apply(zeros, grad, self.key)
        return IndexAddGrad.apply(grad, self.key.shape, self.key)


def masked_select(input, mask, *, out=None):
    return MaskedSelectBackward0.apply(input, mask) if out is None else refuse_out("masked_select")


def take_along_dim(input, indices, dim=None, *, out=None):
    if out is not None:
        refuse_out("take_along_dim")
    idx = indices._data
    if dim is None:  # (gather's own checks only, as PyTorch's)
        return gather(input.reshape(-1), 0, indices.reshape(-1))
    x = input._data
    if idx.ndim != x.ndim:  # (PyTorch's order: dimensions, dtype, then the dim's range)
        raise RuntimeError("torch.take_along_dim(): input and indices should have the same "
                           f"number of dimensions, but got {x.ndim} dimensions for input, and "
                           f"{idx.ndim} dimensions for indices")
    if idx.dtype != np.int64:
        raise RuntimeError("torch.take_along_dim(): dtype of indices should be Long but got "
                           f"{type_name(idx)}")
    dim = _wrap_dim(dim, x.ndim)
    try:
        shape = list(np.broadcast_shapes(tuple(n for d, n in enumerate(x.shape) if d != dim),
                                         tuple(n for d, n in enumerate(idx.shape) if d != dim)))
    except ValueError:  # PyTorch's error: the input's sizes (dim's from indices) vs indices'
        sizes = list(x.shape)
        sizes[dim] = idx.shape[dim]
        raise broadcast_error([tuple(sizes), idx.shape]) from None
    input_shape, index_shape = list(shape), list(shape)
    input_shape.insert(dim, x.shape[dim])
    index_shape.insert(dim, idx.shape[dim])
    input = expand(input, tuple(input_shape))  # (always: PyTorch records the expand)
    # (always a new index, as PyTorch's gather gets: writing the user's in place later
    # neither changes the gradient nor fails a version check)
    return gather(input, dim, _make(np.broadcast_to(idx, index_shape).copy()))



class IndexFillBackward1(Op):
    """``input.index_fill(dim, index, value)`` with a 0-d tensor ``value``: PyTorch's formula
    gives the value the gradient summed over the filled positions, each counted once (its
    ``index_select`` of the unique indices), whatever the index repeats."""

    supports_complex = True  # (moves elements; so does its backward)

    arity = 2

    def forward(self, a, value, dim, idx, index):
        if value._data.ndim:
            raise RuntimeError("index_fill_ only supports a 0-dimensional value tensor, but got "
                               f"tensor with {value._data.ndim} dimension(s).")
        self.dim, self.key = dim, _fill_key(dim, idx, a._data.ndim)
        self.index = np.asarray(index._data if isinstance(index, TensorBase) else index)
        self.save(index)  # (as PyTorch's node)
        out = a._data.copy()
        out[self.key] = value._data
        return empty_like_layout(out, a._data)  # (PyTorch fills a clone(preserve_format))

    def backward(self, grad):
        self.saved()  # (unpacked as PyTorch's node does: raises once a pass freed them)
        kept = IndexFillBackward0.apply(grad, self.key, 0) if self.needs(0) else None
        picked = None
        if self.needs(1):
            # (of the index as given: PyTorch's index_select then refuses a negative one)
            rows = _make(np.unique(self.index)) if grad._data.ndim else None
            picked = (grad.index_select(self.dim, rows) if rows is not None else grad).sum()
        return kept, picked


def _fill_key(dim, idx, ndim):
    """The positions ``index_fill`` fills: along ``dim``; all of a 0-d input (its one element,
    which PyTorch treats as a dim of size 1) unless the index is empty."""
    return dim_key(dim, idx) if ndim else np.bool_(idx.size > 0)


def _fill_index(input, dim, index):
    return checks.index_fill_index(input._data, _wrap_dim(dim, input._data.ndim), index,
                                   input.stride())


def index_fill(input, dim, index, value):
    if input._data.dtype.kind != "c" and index._data.dtype == np.int64 and (
            type(value) is complex or isinstance(value, TensorBase) and not value._data.ndim
            and value._data.dtype.kind == "c"):  # (PyTorch's, after the index's dtype)
        raise RuntimeError("index_fill_(): Converting complex Scalar to non-complex type is not "
                           "supported")
    idx = checked(_fill_index, (input, value), lambda: (index,), input, dim, index)
    dim = _wrap_dim(dim, input._data.ndim)
    if isinstance(value, TensorBase):
        return IndexFillBackward1.apply(input, value, dim, idx, index)
    return IndexFillBackward0.apply(input, _fill_key(dim, idx, input._data.ndim), value, index)
