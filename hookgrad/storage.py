"""torch.storage: the memory a tensor views, as far as code inspects it.

A tensor's storage is the NumPy array that owns its memory (the end of its ``.base``
chain). As in PyTorch, all views of one array report the same storage object while it is
alive, so ``a.untyped_storage().data_ptr() == b.untyped_storage().data_ptr()`` tells
whether two tensors share memory. Storages cannot be resized or moved here."""
import warnings
import weakref

import numpy as np

from . import _device, _dtype
from ._empty_layout import empty_view_layout

__all__ = ["UntypedStorage", "TypedStorage"]

_live = weakref.WeakValueDictionary()  # id(owning array) -> its UntypedStorage
_warned_typed_storage = [False]

TYPED_STORAGE_WARNING = (
    "TypedStorage is deprecated. It will be removed in the future and UntypedStorage will be "
    "the only storage class. This should only matter to you if you are using storages "
    "directly.  To access UntypedStorage directly, use tensor.untyped_storage() instead of "
    "tensor.storage()")


def _owner(array):
    """The outermost NumPy array of ``array``'s base chain: the one whose memory it views.
    (NumPy's stride tricks put a small holder object between a view and its array.)"""
    while True:
        base = array.base
        if not isinstance(base, np.ndarray):
            base = getattr(base, "base", None)
            if not isinstance(base, np.ndarray):
                return array
        array = base


def _address(array):
    return array.__array_interface__["data"][0]


class UntypedStorage:
    """Bytes of memory: ``data_ptr()``, ``nbytes()``, ``size()``, indexing by byte."""

    __module__ = "hookgrad.storage"
    is_cuda = False
    is_sparse = False

    def __init__(self, size=0, *, device=None):
        _device.check(device)
        self._array = np.zeros(int(size), np.uint8)

    @classmethod
    def _of(cls, array):
        owner = _owner(array)
        storage = _live.get(id(owner))
        if storage is None or storage._array is not owner:
            storage = object.__new__(cls)
            storage._array = owner
            _live[id(owner)] = storage
        return storage

    def _bytes(self):
        array = self._array
        if array.flags.c_contiguous or array.flags.f_contiguous:
            return array.reshape(-1, order="A").view(np.uint8)
        return np.frombuffer(array.tobytes(order="A"), np.uint8)

    def data_ptr(self):
        return _address(self._array)

    def nbytes(self):
        return self._array.nbytes

    def size(self):
        return self._array.nbytes

    __len__ = size

    def element_size(self):
        return 1

    @property
    def device(self):
        return _device.CPU

    def cpu(self):
        return self

    def is_shared(self):
        return False

    def is_pinned(self, device="cuda"):
        return False

    def tolist(self):
        return self._bytes().tolist()

    def __getitem__(self, index):
        return self._bytes()[index].tolist()

    def __iter__(self):
        return iter(self.tolist())

    def __repr__(self):
        body = "".join(f" {v}\n" for v in self.tolist())
        return f"{body}[hookgrad.storage.UntypedStorage(device=cpu) of size {self.size()}]"

    __str__ = __repr__


class TypedStorage:
    """The deprecated ``tensor.storage()``: an UntypedStorage read as elements of a dtype."""

    __module__ = "hookgrad.storage"
    is_cuda = False
    is_sparse = False

    def __init__(self, untyped, dtype):
        self._untyped_storage = untyped
        self.dtype = dtype

    def _elements(self):
        return self._untyped_storage._bytes().view(self.dtype.np_dtype)

    def untyped(self):
        return self._untyped_storage

    def data_ptr(self):
        return self._untyped_storage.data_ptr()

    def nbytes(self):
        return self._untyped_storage.nbytes()

    def size(self):
        return self._untyped_storage.nbytes() // self.dtype.itemsize

    __len__ = size

    def element_size(self):
        return self.dtype.itemsize

    @property
    def device(self):
        return self._untyped_storage.device

    def cpu(self):
        return self

    def is_shared(self):
        return False

    def is_pinned(self, device="cuda"):
        return False

    def tolist(self):
        return self._elements().tolist()

    def __getitem__(self, index):
        return self._elements()[index].tolist()

    def __iter__(self):
        return iter(self.tolist())

    def __repr__(self):
        body = "".join(f" {v}\n" for v in self.tolist())
        return (f"{body}[hookgrad.storage.TypedStorage(dtype={self.dtype!r}, device=cpu) of "
                f"size {self.size()}]")

    __str__ = __repr__


def untyped_storage(tensor):
    """``Tensor.untyped_storage()``."""
    return UntypedStorage._of(tensor._data)


def typed_storage(tensor):
    """``Tensor.storage()``, with PyTorch's once-per-process deprecation warning."""
    if not _warned_typed_storage[0]:
        _warned_typed_storage[0] = True
        warnings.warn(TYPED_STORAGE_WARNING, UserWarning, stacklevel=2)
    return TypedStorage(UntypedStorage._of(tensor._data), _dtype.from_numpy_dtype(
        tensor._data.dtype))


def storage_offset(tensor):
    """How many elements from the start of its storage this tensor's first element is."""
    data = tensor._data
    if not data.size and (tensor._view_chain or tensor._empty_layout):  # (NumPy keeps no
        layout = tensor._empty_layout or empty_view_layout(tensor)  # offset for an empty view)
        if layout is not None:
            return layout[1]
    return (_address(data) - _address(_owner(data))) // data.itemsize
