"""``x[key]`` and ``x[key] = value``: the key's basic part (ints, slices, None, Ellipsis) as
views, its advanced part (integer and boolean tensors) as IndexBackward0 / index_put_, and
PyTorch's ``set_item`` rules for what a write records."""
import operator
import warnings

import numpy as np

from .._dtype import from_numpy_dtype
from .._tensor_base import TensorBase, _make
from . import index_checks as checks
from . import index_keys as keys
from .complex_support import refuse_complex_number
from .index import (
    AliasBackward0,
    IndexBackward0,
    SelectBackward0,
    SliceBackward0,
    UnsqueezeBackward0,
)
from .inplace import (
    INDEX_PUT_ON_EXPANDED,
    MASKED_FILL_ON_EXPANDED,
    apply_inplace,
    records_inplace,
    refuse_recorded_write,
)
from .op import shares_elements
from .put import IndexPutBackward0


def _dims_consumed(k):
    """How many input dims an index component uses up."""
    if isinstance(k, TensorBase) and not k._data.ndim:
        k = keys.scalar_index(k)
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


def _whole(k, size):
    """Whether slice ``k`` keeps a dim of ``size`` whole, by PyTorch's test (start 0, step 1,
    stop at or past the end: ``x[-9:]`` still makes a slice)."""
    return ((k.start is None or operator.index(k.start) == 0)
            and (k.step is None or operator.index(k.step) == 1)
            and (k.stop is None or operator.index(k.stop) >= size))


def _check_ellipses_walk(shape, key, used):
    """PyTorch lets every ``...`` of a key skip the dims the other components leave, so after
    a second one the next component's dim may be past the end. For a slice or an int PyTorch
    then reads past its sizes array (it may return the tensor itself for a slice from 0 with
    step 1, by chance): hookgrad refuses the dim as out of range. An index tensor is only
    recorded at its dim (one per tensor, a mask too), so the list of index tensors grows past
    the dims and indexing refuses it, PyTorch's "too many indices" (after the whole walk).
    An int out of its dim's bounds before that is refused at its turn, as PyTorch refuses it."""
    ndim = len(shape)
    sizes = list(shape)  # (the sizes of the partly indexed tensor, for an int's bounds)
    dim, current = 0, ndim
    indices = 0  # the length of PyTorch's list of index tensors
    for position, k in enumerate(key):
        if k is Ellipsis:
            dim += ndim - used
        elif k is None or isinstance(k, bool):
            if dim > current:  # (unsqueeze's range: one past the last dim)
                raise IndexError(f"Dimension out of range (expected to be in range of "
                                 f"[{-current - 1}, {current}], but got {dim})")
            sizes.insert(dim, 1)
            dim, current = dim + 1, current + 1
            if isinstance(k, bool):
                indices = dim
        else:
            selects = isinstance(k, (int, np.integer)) or (
                isinstance(k, TensorBase) and not k._data.ndim and k._data.dtype.kind in "iu")
            if isinstance(k, (TensorBase, list, np.ndarray)) and not selects:
                dim += 1
                indices = dim
                continue
            if dim >= current:
                raise IndexError(f"Dimension out of range (expected to be in range of "
                                 f"[{-current}, {current - 1}], but got {dim})")
            if selects:
                size, value = sizes.pop(dim), int(k)
                if not -size <= value < size:
                    raise IndexError(f"index {value} is out of bounds for dimension "
                                     f"{position} with size {size}")
                current -= 1
            else:
                dim += 1
    if indices > current:
        raise IndexError(f"too many indices for tensor of dimension {current} (got {indices})")


def _basic_indexing(a, key, bare_slice):
    """Apply the basic components of ``key`` (a tuple) to ``a``: ints select, slices slice,
    None unsqueezes; each a view. Returns the result (``a`` itself if nothing changed), the
    advanced-indexing key left to apply to it (None if there is none), and whether anything
    changed. ``bare_slice``: the key was one slice (``x[:]``), which always makes a slice.
    The advanced key comes with the user's index tensors, one for each of its arrays (None for
    an array made from something else): the node saves them, so an in-place change to one before
    backward is refused at backward, as PyTorch refuses it."""
    ndim = a._data.ndim
    used = sum(_dims_consumed(k) for k in key)
    if used > ndim:
        raise IndexError(f"too many indices for tensor of dimension {ndim}")
    if sum(k is Ellipsis for k in key) > 1:
        if used < ndim:
            _check_ellipses_walk(a._data.shape, key, used)
        # nothing follows the second ``...`` (else refused above) or each stands for no dim:
        # the first takes every dim the others leave, later ones none
        first = key.index(Ellipsis)
        positions = [i for i, k in enumerate(key) if k is not Ellipsis or i == first]
        key = tuple(key[i] for i in positions)
    else:
        positions = range(len(key))
    out = a
    dim = 0
    advanced = []
    tensors = []  # (the user's index tensor behind each array of advanced, else None)
    changed = False
    for position, k in zip(positions, key):
        if isinstance(k, TensorBase) and not k._data.ndim:
            k = keys.scalar_index(k)
        if k is Ellipsis:
            dim += ndim - used
            advanced.append(Ellipsis)
        elif k is None:
            out = UnsqueezeBackward0.apply(out, dim)
            advanced.append(slice(None))
            dim += 1
            changed = True
        elif isinstance(k, (int, np.integer)) and not isinstance(k, bool):
            size = out._data.shape[dim]
            if not -size <= k < size:  # (PyTorch names the index's place in the key)
                raise IndexError(f"index {k} is out of bounds for dimension {position} with "
                                 f"size {size}")
            out = SelectBackward0.apply(out, dim, int(k))
            changed = True
        elif isinstance(k, slice):
            if bare_slice or not _whole(k, out._data.shape[dim]):
                out = SliceBackward0.apply(out, dim, k)
                changed = True
            advanced.append(slice(None))
            dim += 1
        elif isinstance(k, bool):  # as PyTorch: a new dim, indexed by a mask of one element
            out = UnsqueezeBackward0.apply(out, dim)
            advanced.append(np.array([k]))
            tensors.append(None)
            dim += 1
        elif isinstance(k, (TensorBase, list, np.ndarray)):
            idx = _to_index(k)
            advanced.append(idx)
            tensors.append(k if isinstance(k, TensorBase) else None)
            dim += max(idx.ndim, 1) if idx.dtype == np.bool_ else 1
        else:
            raise IndexError("only integers, slices (`:`), ellipsis (`...`), None and long or "
                             "byte Variables are valid indices (got "
                             f"{type(k).__name__})")
    if any(isinstance(k, np.ndarray) for k in advanced):
        return out, (tuple(advanced), tuple(tensors)), changed
    return out, None, changed


def getitem(a, key):
    kind = type(key)
    if (kind is slice or kind is int) and a._data.ndim:
        # x[a:b] and x[i], the common keys: what _basic_indexing makes of them, without its
        # generality (a bare slice always makes a slice)
        return (SliceBackward0.apply(a, 0, key) if kind is slice
                else SelectBackward0.apply(a, 0, key))
    bare_slice = isinstance(key, slice)
    out, advanced, changed = _basic_indexing(a, key if type(key) is tuple else (key,),
                                             bare_slice)
    if advanced is not None:
        return IndexBackward0.apply(out, *advanced)
    if not changed:
        return AliasBackward0.apply(out)
    return out


def setitem(a, key, value):
    """``a[key] = value`` as PyTorch's ``set_item``: the basic part of the key selects a view
    (or ``a`` itself), which ``value`` is copied into (``copy_``, or ``fill_`` for a 0-d
    value); an advanced part is an ``index_put_`` on it. A number is a 0-d tensor of ``a``'s
    dtype first, so each write records PyTorch's nodes."""
    kind = type(key)
    if (kind is slice or kind is int) and a._data.ndim:
        # x[a:b] = v and x[i] = v, the common keys: as below, without the generality
        value = _setitem_value(a, value)
        if kind is int:
            target = SelectBackward0.apply(a, 0, key)
        else:
            target = a if _whole(key, a._data.shape[0]) else SliceBackward0.apply(a, 0, key)
        _copy_to(target, value)
        return
    key = keys.setitem_key(key if kind is tuple else (key,))
    if key is None:  # (``x[False] = v`` selects nothing)
        _setitem_value(a, value)
        return
    # an index tensor's write refuses a value of another dtype, unless PyTorch casts it
    same_dtype = isinstance(value, TensorBase) and not checks.put_casts_value(key, value)
    value = _setitem_value(a, value)
    out, advanced, _ = _basic_indexing(a, key, False)
    if advanced is None:
        _copy_to(out, value)
        return
    advanced, index_tensors = advanced
    shape = value._data.shape
    stripped = keys.without_leading_ones(shape)
    if stripped != shape:
        value = value.view(stripped)
    put_args = (value, advanced, False, same_dtype, index_tensors)
    if shares_elements(out._data) and _is_mask(advanced) and value._data.size == 1:
        # (PyTorch's index_put_ of one value at a mask is a masked_fill_, which warns too,
        # after autograd's checks of the write)
        if records_inplace(out, put_args, {}):
            refuse_recorded_write(out)
        warnings.warn(INDEX_PUT_ON_EXPANDED, UserWarning, stacklevel=2)
        apply_inplace(out, IndexPutBackward0.apply, put_args, {}, MASKED_FILL_ON_EXPANDED)
        return
    apply_inplace(out, IndexPutBackward0.apply, put_args, {}, INDEX_PUT_ON_EXPANDED)


def _is_mask(key):
    """Whether an advanced key is one boolean mask (with slices)."""
    arrays = [k for k in key if isinstance(k, np.ndarray)]
    return len(arrays) == 1 and arrays[0].dtype == np.bool_


def _setitem_value(a, value):
    if isinstance(value, TensorBase):
        return value
    if isinstance(value, (bool, int, float)):
        return _make(np.array(value).astype(a._data.dtype))
    if type(value) is complex:
        if a._data.dtype.kind not in "cb":  # (PyTorch converts through double here)
            refuse_complex_number(a._data.dtype, "double")
        return _make(np.array(value if a._data.dtype.kind == "c" else bool(value)).astype(
            a._data.dtype))
    kind = type(value)
    name = kind.__name__ if kind.__module__ == "builtins" else f"{kind.__module__}.{kind.__name__}"
    raise TypeError(f"can't assign a {name} to a torch."
                    f"{from_numpy_dtype(a._data.dtype).legacy_name}")


def _copy_to(target, value):
    """PyTorch's ``copy_to``: the same shape is a ``copy_``; a 0-d value a ``fill_``; else
    the value without its leading size-1 dims (a view), expanded to the target's shape."""
    shape = target._data.shape
    if value._data.shape == shape:
        target.copy_(value)
    elif not value._data.ndim:
        target.fill_(value)
    else:
        value = value.view(keys.without_leading_ones(value._data.shape))
        if value._data.shape != shape:
            value = value.expand(shape)
        target.copy_(value)
