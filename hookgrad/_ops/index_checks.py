"""PyTorch's refusals of bad indices, checked before NumPy sees them: NumPy wraps negative
indices that PyTorch refuses, and words its errors in its own terms (``axis``, ``arrays``).
Each op keeps PyTorch's order of checks and its exception type, which differ from op to op."""
import numpy as np

from .._tensor_base import TensorBase, _wrap_dim
from .op import type_name

INT32_OR_64 = (np.dtype(np.int32), np.dtype(np.int64))


def first_outside(idx, low, high):
    """The first element of ``idx`` (in C order) outside ``[low, high)``, or None."""
    if not idx.size:
        return None
    bad = (idx < low) | (idx >= high)
    if not bad.any():
        return None
    return int(idx.reshape(-1)[np.argmax(bad.reshape(-1))])


def _bounds_message(value, dim, size):
    return f"index {value} is out of bounds for dimension {dim} with size {size}"


def index_select_index(x, dim, index):
    """``index_select``'s index array, with PyTorch's checks (its CPU kernel reports a bad
    index one way along dim 1 of a tensor of 2 or more dims, another way elsewhere)."""
    idx = index._data
    if idx.ndim > 1:
        raise IndexError("index_select(): Index is supposed to be a vector")
    if x.ndim == 0 and idx.size != 1:
        raise RuntimeError("index_select(): Index to scalar can have only 1 value, got "
                           f"{idx.size} value(s)")
    if idx.dtype not in INT32_OR_64:
        raise RuntimeError("index_select(): Expected dtype int32 or int64 for index")
    if not idx.size:
        return idx
    size = x.shape[dim] if x.ndim else 1
    kernel_dim1 = x.ndim > 1 and (dim == 1 or x.size == 0)
    if x.ndim > 1 and x.size == 0 and size == 0:
        raise RuntimeError("index_select(): self indexing axis dim should be positive")
    bad = first_outside(idx, 0, size)
    if bad is not None:
        if kernel_dim1:
            raise RuntimeError(f"INDICES element is out of DATA bounds, id={bad} axis_dim={size}")
        raise IndexError("index out of range in self")
    return idx


def check_along_dim(idx, x, dim):
    """gather / scatter / scatter_add: every index within ``[0, size)`` of ``dim``."""
    size = x.shape[dim] if x.ndim else 1
    bad = first_outside(idx, 0, size)
    if bad is not None:
        raise RuntimeError(_bounds_message(bad, dim, size))


def index_add_index(x, dim, index, source, alpha=1):
    """``index_add``'s dim (wrapped) and index array (flattened), checked as PyTorch checks
    them."""
    idx, dim = index._data, _wrap_dim(dim, x.ndim)
    if idx.ndim > 1:
        raise IndexError("index_add_(): Index is supposed to be a vector, but got dim: "
                         f"{idx.ndim} with type: {type_name(idx)} and size: {list(idx.shape)}")
    if idx.dtype not in INT32_OR_64:
        raise RuntimeError("index_add_(): Expected dtype int32/int64 for index but got: "
                           f"{type_name(idx)}")
    if x.dtype != source._data.dtype:
        raise RuntimeError(f"index_add_(): self ({type_name(x)}) and source "
                           f"({type_name(source._data)}) must have the same scalar type")
    idx = idx.reshape(-1)
    if source._data.ndim and idx.size != source._data.shape[dim]:
        raise RuntimeError(f"index_add_(): Number of indices ({idx.size}) should be equal to "
                           f"source.size(dim): ({source._data.shape[dim]}), for dim: {dim}")
    shape = source._data.shape
    if len(shape) != x.ndim or any(n != m for d, (n, m) in enumerate(zip(shape, x.shape))
                                   if d != dim):
        raise RuntimeError("source tensor shape must match self tensor shape, excluding the "
                           f"specified dimension. Got self.shape = {list(x.shape)} "
                           f"source.shape = {list(shape)}")
    size = x.shape[dim] if x.ndim else 1
    bad = first_outside(idx, 0, size)
    if bad is not None:
        if x.ndim == 0 or alpha != 1:  # (PyTorch's kernel with a factor: index_select's)
            raise IndexError("index out of range in self")
        raise RuntimeError(_bounds_message(bad, dim, size))
    return dim, idx


def index_copy_index(x, dim, index, source):
    """``index_copy``'s dim (wrapped) and index array (flattened), checked as PyTorch checks
    them."""
    idx, dim = index._data, _wrap_dim(dim, x.ndim)
    if idx.ndim > 1:
        raise IndexError(f"index_copy_(): Index should have dimension 1 or 0 (got {idx.ndim})")
    if idx.dtype != np.int64:
        raise RuntimeError(f"index_copy_(): Expected a long tensor for index, but got "
                           f"{type_name(idx)}")
    if x.dtype != source._data.dtype:
        raise RuntimeError("index_copy_(): self and source expected to have the same dtype, "
                           f"but got (self) {type_name(x)} and (source) "
                           f"{type_name(source._data)}")
    idx = idx.reshape(-1)
    if source._data.ndim and idx.size != source._data.shape[dim]:
        raise IndexError(f"index_copy_(): Number of indices ({idx.size}) should be equal to "
                         f"source.size(dim) ({source._data.shape[dim]})")
    size = x.shape[dim] if x.ndim else 1
    bad = first_outside(idx, 0, size)
    if bad is not None:
        raise IndexError("index_copy_(): " + _bounds_message(bad, dim, size))
    return dim, idx


def index_fill_index(x, dim, index, strides):
    """``index_fill``'s index array (flattened; negative indices count from the end).
    ``strides``: the input's, in elements (PyTorch's ``stride()``)."""
    idx = index._data
    if idx.dtype != np.int64:
        raise IndexError("index_fill_(): Expected dtype int64 for index.")
    if idx.ndim > 1:
        raise RuntimeError("Index has to be a vector/scalar")
    idx = idx.reshape(-1)
    if not x.size and idx.size and x.ndim:
        _refuse_restride_of_nothing(x, dim, idx.size, strides)
    size = x.shape[dim] if x.ndim else 1
    bad = first_outside(idx, -size, size)
    if bad is not None:
        raise IndexError(_bounds_message(bad, dim, size))
    return idx


def _refuse_restride_of_nothing(x, dim, count, strides):
    """PyTorch's kernel first views its (cloned, so storage-less) empty input with ``dim``'s
    size set to the index count and stride 0; where that view has elements it cannot lie in
    no storage, and PyTorch's ``setStorage`` error comes before any index check."""
    sizes = list(x.shape)
    sizes[dim] = count
    steps = list(strides)
    steps[dim] = 0
    if 0 in sizes:
        return
    needed = (sum((n - 1) * st for n, st in zip(sizes, steps)) + 1) * x.itemsize
    raise RuntimeError(f"setStorage: sizes [{', '.join(map(str, sizes))}], strides "
                       f"[{', '.join(map(str, steps))}], storage offset 0, and itemsize "
                       f"{x.itemsize} requiring a storage size of {needed} are out of bounds "
                       "for storage of size 0")


def take_index(x, index):
    """``take``'s index array: int64, within ``[-numel, numel)``."""
    idx = index._data
    if idx.dtype != np.int64:
        raise RuntimeError(f"take(): Expected a long tensor for index, but got {type_name(idx)}")
    if idx.size and not x.size:
        raise IndexError("take(): tried to take from an empty tensor")
    bad = first_outside(idx, -x.size, x.size)
    if bad is not None:
        raise IndexError(f"out of range: tried to access index {bad} on a tensor of {x.size} "
                         "elements.")
    if idx.size and idx.min() < 0:  # counted from the end
        idx = np.where(idx < 0, idx + x.size, idx)
    return idx


def advanced_index_error(shape, key):
    """PyTorch's IndexError for an advanced-indexing ``key`` (NumPy arrays, slices, Ellipsis)
    on an array of ``shape`` that NumPy refused, or None when the key's problem is another
    (NumPy's error is then re-raised). Positions are counted over the key's index arrays."""
    arrays = [k for k in key if isinstance(k, np.ndarray)]
    dim = 0
    n_before = sum(0 if k is Ellipsis else k.ndim if isinstance(k, np.ndarray) and
                   k.dtype == np.bool_ else 1 for k in key)
    for position, k in enumerate(key):
        if k is Ellipsis:
            dim += len(shape) - n_before
            continue
        if isinstance(k, np.ndarray) and k.dtype == np.bool_:
            sizes = shape[dim:dim + k.ndim]
            if tuple(sizes) != k.shape:
                return IndexError(f"The shape of the mask {list(k.shape)} at index "
                                  f"{_first_mismatch(k.shape, sizes)} does not match the shape "
                                  f"of the indexed tensor {list(shape)} at index "
                                  f"{dim + _first_mismatch(k.shape, sizes)}")
            dim += k.ndim
            continue
        if isinstance(k, np.ndarray):
            bad = first_outside(k, -shape[dim], shape[dim])
            if bad is not None:
                number = sum(1 for a in key[:position] if isinstance(a, np.ndarray))
                return IndexError(_bounds_message(bad, number, shape[dim]))
        dim += 1
    # a mask indexes with the positions of its True elements: one index array per mask dim
    shapes = [s for a in arrays
              for s in ([(int(a.sum()),)] * max(a.ndim, 1) if a.dtype == np.bool_ else [a.shape])]
    try:
        np.broadcast_shapes(*shapes)
    except ValueError:
        return IndexError("shape mismatch: indexing tensors could not be broadcast together "
                          "with shapes " + ", ".join(str(list(s)) for s in shapes))
    return None


def _first_mismatch(mask_shape, sizes):
    for i, (m, s) in enumerate(zip(mask_shape, sizes)):
        if m != s:
            return i
    return min(len(mask_shape), len(sizes))


def put_casts_value(key, value):
    """Whether ``x[key] = value`` (advanced ``key``, tensor ``value``) casts the value rather
    than refusing another dtype: a bool key (``x[True] = v`` copies into a view), or one mask
    among the key's index tensors and a value of one element (``index_put_`` then is
    ``masked_fill_``)."""
    if any(isinstance(k, bool) for k in key):
        return True
    arrays = [k for k in key if isinstance(k, (TensorBase, list, np.ndarray))]
    if len(arrays) != 1 or value._data.size != 1:
        return False
    index = arrays[0]
    return (index._data if isinstance(index, TensorBase) else np.asarray(index)).dtype == np.bool_


def index_put_dtype(x, value):
    """``x[key] = value`` with an advanced key and a tensor value: no casting, as PyTorch."""
    if value.dtype != x.dtype:
        raise RuntimeError("Index put requires the source and destination dtypes match, got "
                           f"{type_name(x)} for the destination and {type_name(value)} for the "
                           "source.")


def value_shape_error(value_shape, result_shape):
    return RuntimeError(f"shape mismatch: value tensor of shape {list(value_shape)} cannot be "
                        f"broadcast to indexing result of shape {list(result_shape)}")


def refuse_put(out, key, values, same_dtype, error):
    """PyTorch's refusal of ``out[key] = values`` after NumPy's ``error``, in PyTorch's order:
    the key, then the values' shape, then their dtype."""
    key_error = advanced_index_error(out.shape, key)  # (NumPy lets an empty mask pass)
    if key_error is not None:
        raise key_error from None
    indexed_shape = out[key].shape
    try:
        fits = np.broadcast_shapes(np.shape(values), indexed_shape) == indexed_shape
    except ValueError:
        fits = False
    if not fits:
        raise value_shape_error(np.shape(values), indexed_shape) from None
    if same_dtype:
        index_put_dtype(out, values)
    raise error


def _size_or_raise(shape, d):
    """PyTorch's ``ensure_nonempty_size``: 1 for a 0-d tensor, else ``size(d)``, whose
    IndexError a dim past the tensor's raises."""
    if not shape:
        return 1
    if d >= len(shape):
        raise IndexError(f"Dimension out of range (expected to be in range of [{-len(shape)}, "
                         f"{len(shape) - 1}], but got {d})")
    return shape[d]


def scatter_shape_check(x, dim, idx, src):
    """PyTorch's scatter_shape_check, in its order: the index's rank against self's; its
    sizes against self's outside ``dim``, then against src's (reading a dim src lacks raises
    there); src's rank; then the size error."""
    dims = max(x.ndim, 1)
    if max(idx.ndim, 1) != dims:
        raise RuntimeError("Index tensor must have the same number of dimensions as self tensor")
    index_size = [_size_or_raise(idx.shape, d) for d in range(dims)]
    wrong = any(d != dim and index_size[d] > _size_or_raise(x.shape, d) for d in range(dims))
    if not wrong and src is not None:
        for d in range(dims):
            if index_size[d] > _size_or_raise(src.shape, d):
                wrong = True
                break
    if src is not None and max(src.ndim, 1) != dims:
        raise RuntimeError("Index tensor must have the same number of dimensions as src tensor")
    if wrong:
        message = (f"Expected index [{', '.join(map(str, idx.shape))}] to be no larger than "
                   f"self [{', '.join(map(str, x.shape))}] apart from dimension {dim}")
        if src is not None:
            message += f" and to be no larger size than src [{', '.join(map(str, src.shape))}]"
        raise RuntimeError(message)
