"""The functions a checkpoint's pickle calls to rebuild tensors, under PyTorch's names.

``torch._utils._rebuild_tensor_v2`` and its relatives, as hookgrad functions: each checks
the offset, sizes and strides it is given against the bytes of the storage, the way
PyTorch's ``set_`` does and with its messages, before any NumPy view is made (NumPy's
``ndarray(buffer=...)`` and ``as_strided`` trust what they are told), then returns a
hookgrad tensor viewing the storage's typed array."""
from collections import OrderedDict

import numpy as np

from .._tensor import Tensor, _make
from ..nn import Parameter
from ._elements import element_of_dtype
from ._storage import TypedStorage

_INT64_MAX = 2 ** 63 - 1
_UINT64 = 2 ** 64


def _as_int(value, what):
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{what} must be an int, got {type(value).__name__}")
    if not -2 ** 63 <= value <= _INT64_MAX:
        raise RuntimeError("Overflow when unpacking long")
    return value


def _as_ints(values, what):
    if not isinstance(values, (tuple, list)):
        raise TypeError(f"{what} must be a tuple of ints, got {type(values).__name__}")
    return tuple(_as_int(v, what) for v in values)


def _format(values):
    return "[" + ", ".join(str(v) for v in values) + "]"


def check_geometry(offset, size, stride, itemsize, storage_bytes):
    """The number of elements of a tensor with this geometry, after PyTorch's checks (with
    its messages) that it lies inside a storage of ``storage_bytes`` bytes."""
    offset = _as_int(offset, "storage_offset")
    size = _as_ints(size, "size")
    stride = _as_ints(stride, "stride")
    if len(size) != len(stride):
        raise RuntimeError(f"unequal size length ({len(size)}) and stride length "
                           f"({len(stride)})")
    if offset < 0:
        raise RuntimeError(f"Tensor: invalid storage offset {offset}")
    numel = 1
    for extent in size:
        if extent < 0:
            raise RuntimeError("numel: integer multiplication overflow")
        numel *= extent
    if numel > _INT64_MAX:
        raise RuntimeError("numel: integer multiplication overflow")
    if numel == 0:
        return 0
    # computeStorageNbytes, in the unsigned 64-bit arithmetic PyTorch uses (a negative stride
    # wraps around and overflows unless its dimension has one element)
    last = offset + 1
    overflowed = False
    for extent, step in zip(size, stride):
        span = (step % _UINT64) * (extent - 1)
        overflowed |= span >= _UINT64
        last += span
        overflowed |= last >= _UINT64
    needed = last * itemsize
    if overflowed or needed > _INT64_MAX:
        raise RuntimeError(f"Storage size calculation overflowed with sizes={_format(size)} "
                           f"and strides={_format(stride)}")
    if needed > storage_bytes:
        raise RuntimeError("Trying to resize storage that is not resizable")
    if numel * itemsize > _INT64_MAX:
        raise RuntimeError(f"a tensor of sizes {_format(size)} has too many bytes to view")
    return numel


def _checked_storage(typed_storage):
    if not isinstance(typed_storage, TypedStorage):
        raise TypeError(f"expected a storage, got {type(typed_storage).__name__}")
    return typed_storage


def _view(typed_storage, element, offset, size, stride):
    """A NumPy view of ``typed_storage`` with PyTorch's geometry, checked first."""
    storage = _checked_storage(typed_storage).storage
    numel = check_geometry(offset, size, stride, element.itemsize, storage.nbytes())
    array = storage.typed(element)
    scale = array.itemsize  # elements may have been widened (bfloat16 -> float32)
    strides = tuple(s * scale for s in stride)
    if numel == 0:  # no memory to view; keep the saved strides (NumPy's own are zeros)
        return np.ndarray(tuple(size), array.dtype, buffer=np.empty(0, array.dtype),
                          strides=strides)
    return np.ndarray(tuple(size), array.dtype, buffer=array, offset=offset * scale,
                      strides=strides)


def _tensor(array, requires_grad):
    if requires_grad not in (True, False):
        raise TypeError(f"requires_grad must be a bool, got {type(requires_grad).__name__}")
    tensor = _make(array)
    if requires_grad:
        tensor.requires_grad_(True)
    return tensor


def _apply_metadata(array, metadata, storage):
    """PyTorch saves a lazily negated view (``torch._neg_view``) as its stored values plus
    ``{'neg': True}``; hookgrad has no lazy negation, so the tensor gets negated values (a
    copy, no longer sharing the storage)."""
    if metadata is None:
        return array
    if not isinstance(metadata, dict):
        raise TypeError(f"tensor metadata must be a dict, got {type(metadata).__name__}")
    flags = sorted(str(k) for k, v in metadata.items() if v and k != "neg")
    if flags:
        raise RuntimeError(f"hookgrad cannot apply the tensor metadata {flags}")
    return storage.storage.derive(np.negative, array) if metadata.get("neg") else array


def rebuild_tensor(storage, storage_offset, size, stride):
    element = _checked_storage(storage).element
    return _tensor(_view(storage, element, storage_offset, size, stride), False)


def rebuild_tensor_v2(storage, storage_offset, size, stride, requires_grad, backward_hooks,
                      metadata=None):
    # backward_hooks: torch.save always writes an empty OrderedDict (hooks are not saved)
    element = _checked_storage(storage).element
    array = _view(storage, element, storage_offset, size, stride)
    return _tensor(_apply_metadata(array, metadata, storage), requires_grad)


def rebuild_tensor_v3(storage, storage_offset, size, stride, requires_grad, backward_hooks,
                      dtype, metadata=None):
    array = _view(storage, element_of_dtype(dtype), storage_offset, size, stride)
    return _tensor(_apply_metadata(array, metadata, storage), requires_grad)


def rebuild_parameter(data, requires_grad, backward_hooks):
    if not isinstance(data, Tensor):
        raise TypeError(f"expected a tensor for the parameter, got {type(data).__name__}")
    if requires_grad not in (True, False):
        raise TypeError(f"requires_grad must be a bool, got {type(requires_grad).__name__}")
    return Parameter(data, bool(requires_grad))


def rebuild_parameter_with_state(data, requires_grad, backward_hooks, state):
    param = rebuild_parameter(data, requires_grad, backward_hooks)
    set_state(param, state)
    return param


REBUILD_FUNCTIONS = (rebuild_tensor, rebuild_tensor_v2, rebuild_tensor_v3, rebuild_parameter,
                     rebuild_parameter_with_state)


def rebuild_from_type_v2(func, new_type, args, state):
    """A tensor rebuilt by ``func(*args)``, of class ``new_type``, with Python attributes."""
    if func not in REBUILD_FUNCTIONS:
        raise TypeError(f"_rebuild_from_type_v2 can only call a tensor rebuild function, "
                        f"got {func!r}")
    if new_type is not Tensor and new_type is not Parameter:
        raise TypeError(f"hookgrad rebuilds torch.Tensor and nn.Parameter, not {new_type!r}")
    if not isinstance(args, tuple):
        raise TypeError(f"_rebuild_from_type_v2 arguments must be a tuple, got "
                        f"{type(args).__name__}")
    result = func(*args)
    if new_type is Parameter and type(result) is not Parameter:
        result = Parameter(result, result.requires_grad)
    set_state(result, state)
    return result


def set_state(tensor, state):
    """Set the Python attributes a tensor was saved with (``t.name = ...``). Names the class
    defines (hookgrad's own fields and methods) are refused, so a checkpoint cannot replace a
    tensor's data, gradient or hooks this way."""
    slots = None
    if isinstance(state, tuple) and len(state) == 2:
        state, slots = state
    for part in (state, slots):
        if part is None:
            continue
        if not isinstance(part, dict):
            raise TypeError(f"tensor state must be a dict, got {type(part).__name__}")
        for name, value in part.items():
            if (not isinstance(name, str) or not name.isidentifier()
                    or hasattr(type(tensor), name)):
                raise RuntimeError(f"a checkpoint may not set the attribute {name!r} of a "
                                   "tensor")
            tensor.__dict__[name] = value


def set_tensor_storage(tensor, state):
    """BUILD on a bare ``torch.Tensor()``: the pre-0.4 way of pickling a tensor
    (``set_(storage, storage_offset, size, stride)``), or a Variable's flags."""
    if isinstance(state, tuple) and len(state) == 4:
        storage, offset, size, stride = state
        tensor._data = _view(storage, _checked_storage(storage).element, offset, size, stride)
        return
    if isinstance(state, tuple) and len(state) == 3 and isinstance(state[1], (OrderedDict,
                                                                               type(None))):
        tensor.requires_grad_(bool(state[0]))
        return
    raise TypeError("a tensor's pickled state must be (storage, storage_offset, size, stride)")


def unsupported_rebuild(what):
    def refuse(*args):
        raise RuntimeError(f"hookgrad cannot load {what}: it has none")
    refuse.__name__ = f"refuse_{what.replace(' ', '_')}"
    return refuse
