"""The pickler behind ``hookgrad.save``: hookgrad objects written under PyTorch's names.

A hookgrad tensor is written exactly as torch.save writes a tensor: a call of
``torch._utils._rebuild_tensor_v2`` on a persistent id ``('storage', torch.FloatStorage,
key, 'cpu', numel)`` with its storage offset, sizes and strides in elements. ``Parameter``,
``Size``, ``device`` and dtypes get PyTorch's globals too, so PyTorch's weights-only loader
reads the file. Everything else is pickled as pickle pickles it (PyTorch does the same).

Tensors that share memory share a storage: the storage is the whole memory block their
arrays view (as PyTorch writes a tensor's whole storage), and each tensor is an offset and
strides into it. An array that cannot be described that way (negative strides, an element
offset that is not a whole number of elements, memory NumPy cannot expose) is written as a
contiguous copy of its own."""
import pickle
from collections import OrderedDict

import numpy as np

from .._device import device as _device
from .._dtype import bfloat16 as _bfloat16
from .._dtype import complex64 as _complex64
from .._dtype import dtype as _hookgrad_dtype
from .._dtype import from_numpy_dtype
from .._size import Size
from .._tensor import Tensor, _make
from .._zero_tensor import NOT_SERIALIZABLE
from ..nn import Parameter
from ..utils.hooks import warn_if_has_hooks
from ._elements import FOR_HOOKGRAD_DTYPE, ForeignDtype


class TorchName:
    """A PyTorch global, written as ``GLOBAL module\\nname\\n`` (one object per name, so the
    pickle memoizes it as PyTorch's does)."""

    __slots__ = ("module", "name")
    _instances = {}

    def __new__(cls, module, name):
        key = (module, name)
        instance = cls._instances.get(key)
        if instance is None:
            instance = object.__new__(cls)
            instance.module, instance.name = module, name
            cls._instances[key] = instance
        return instance

    def __call__(self, *args):  # pickle's save_reduce insists on a callable
        raise TypeError(f"{self.module}.{self.name} is a PyTorch name written into "
                        "checkpoints; it cannot be called")


REBUILD_TENSOR_V2 = TorchName("torch._utils", "_rebuild_tensor_v2")
REBUILD_PARAMETER = TorchName("torch._utils", "_rebuild_parameter")
REBUILD_PARAMETER_WITH_STATE = TorchName("torch._utils", "_rebuild_parameter_with_state")
REBUILD_FROM_TYPE_V2 = TorchName("torch._tensor", "_rebuild_from_type_v2")
TORCH_TENSOR = TorchName("torch", "Tensor")
TORCH_SIZE = TorchName("torch", "Size")
TORCH_DEVICE = TorchName("torch", "device")


class StorageRef:
    """One storage of the file: its key, element type and the bytes to write."""

    __slots__ = ("key", "element", "numel", "data")

    def __init__(self, key, element, data):
        self.key, self.element, self.data = key, element, data
        self.numel = data.size // element.itemsize


def memory_block(array):
    """(owner, uint8 view of all of the owner's memory) for the memory block ``array``
    views, or (None, None) when NumPy cannot expose it as one contiguous buffer."""
    owner = array
    while getattr(owner, "base", None) is not None:
        owner = owner.base
    if isinstance(owner, np.ndarray):
        if not (owner.flags.c_contiguous or owner.flags.f_contiguous):
            return None, None
        return owner, owner.ravel(order="A").view(np.uint8)
    try:
        return owner, np.frombuffer(owner, np.uint8)
    except (TypeError, ValueError, BufferError):
        return None, None


class StorageTable:
    """The storages of one save, keyed "0", "1", ... in the order tensors are pickled."""

    def __init__(self):
        self.refs = []
        self._by_owner = {}  # id(owner) -> (owner, its bytes, ref or None per element)

    def _new_ref(self, element, data):
        ref = StorageRef(str(len(self.refs)), element, data)
        self.refs.append(ref)
        return ref

    def _own_copy(self, array, element):
        copy = array.copy(order="C")
        strides = tuple(s // copy.itemsize for s in copy.strides)
        if copy.size == 0:
            strides = _contiguous_strides(copy.shape)
        return self._new_ref(element, copy.reshape(-1).view(np.uint8)), 0, strides

    def locate(self, array):
        """(storage ref, offset in elements, strides in elements) of a tensor's array."""
        element = FOR_HOOKGRAD_DTYPE[from_numpy_dtype(array.dtype)]
        itemsize = array.itemsize
        if array.size == 0 or any(s < 0 or s % itemsize for s in array.strides):
            return self._own_copy(array, element)
        owner, memory = memory_block(array)
        if owner is None:
            return self._own_copy(array, element)
        base = memory.ctypes.data
        start = array.ctypes.data - base
        usable = memory.size - memory.size % itemsize
        end = start + itemsize + sum(s * (n - 1) for s, n in zip(array.strides, array.shape))
        if start < 0 or start % itemsize or end > usable:
            return self._own_copy(array, element)
        entry = self._by_owner.get(id(owner))
        if entry is None:
            entry = self._by_owner[id(owner)] = (owner, memory, {})
        refs = entry[2]
        ref = refs.get(element.name)
        if ref is None:
            if refs:
                # PyTorch refuses tensors viewing one storage as two dtypes; hookgrad users
                # cannot make such views, so this is NumPy aliasing: write a copy.
                return self._own_copy(array, element)
            ref = refs[element.name] = self._new_ref(element, memory[:usable])
        return ref, start // itemsize, tuple(s // itemsize for s in array.strides)


def _contiguous_strides(shape):
    strides, step = [], 1
    for extent in reversed(shape):
        strides.append(step)
        step *= max(extent, 1)
    return tuple(reversed(strides))


def _public_state(tensor):
    """The Python attributes a user set on a tensor (hookgrad keeps its own rarely-used
    fields, all underscored, in the same ``__dict__``)."""
    return {k: v for k, v in tensor.__dict__.items() if not k.startswith("_")}


class CheckpointPickler(pickle._Pickler):
    """Pickles for ``torch.save``'s format; ``legacy`` gives the pre-1.6 persistent ids."""

    dispatch = dict(pickle._Pickler.dispatch)

    def __init__(self, file, protocol, storages, legacy=False):
        super().__init__(file, protocol)
        self._storages = storages
        self._legacy = legacy

    def persistent_id(self, obj):
        if type(obj) is not StorageRef:
            return None
        storage_type = TorchName("torch", obj.element.storage_name)
        if self._legacy:
            return ("storage", storage_type, obj.key, "cpu", obj.numel, None)
        return ("storage", storage_type, obj.key, "cpu", obj.numel)

    def reducer_override(self, obj):
        if isinstance(obj, Tensor):
            return self._reduce_tensor(obj)
        kind = type(obj)
        if kind is Size:
            return (TORCH_SIZE, (tuple(obj),))
        if kind is _device:
            # a new string: PyTorch's pickle does not share it with the storages' 'cpu' tags
            return (TORCH_DEVICE, (str(obj).encode().decode(),))
        return NotImplemented

    def _tensor_args(self, tensor):
        ref, offset, strides = self._storages.locate(tensor._data)
        return (ref, offset, tuple(tensor._data.shape), strides, tensor.requires_grad,
                OrderedDict())

    def _reduce_tensor(self, tensor):
        if tensor._zero_tensor:  # (sgn's gradient: PyTorch's ZeroTensor has no storage)
            raise RuntimeError(NOT_SERIALIZABLE)
        warn_if_has_hooks(tensor)
        state = _public_state(tensor)
        if type(tensor) is Parameter:
            data = _make(tensor._data)
            if state:
                return (REBUILD_PARAMETER_WITH_STATE,
                        (data, tensor.requires_grad, OrderedDict(), state))
            return (REBUILD_PARAMETER, (data, tensor.requires_grad, OrderedDict()))
        args = self._tensor_args(tensor)
        if type(tensor) is Tensor and not state:
            return (REBUILD_TENSOR_V2, args)
        new_type = TORCH_TENSOR if type(tensor) is Tensor else type(tensor)
        return (REBUILD_FROM_TYPE_V2, (REBUILD_TENSOR_V2, new_type, args, state))

    def _write_global(self, obj, module, name):
        self.write(pickle.GLOBAL + f"{module}\n{name}\n".encode())
        self.memoize(obj)

    def save_torch_name(self, obj):
        self._write_global(obj, obj.module, obj.name)

    def save_dtype(self, obj):
        self._write_global(obj, "torch", obj.name)

    dispatch[TorchName] = save_torch_name
    dispatch[_hookgrad_dtype] = save_dtype
    dispatch[type(_bfloat16)] = save_dtype  # (its own class: its NumPy type is optional)
    dispatch[type(_complex64)] = save_dtype  # (its own class too)
    dispatch[ForeignDtype] = save_dtype
