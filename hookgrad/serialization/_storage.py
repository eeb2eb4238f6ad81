"""Storages as a checkpoint holds them: raw bytes with a location tag, typed on demand.

A ``LoadedStorage`` is one ``data/<key>`` record (or one storage of a legacy file); every
tensor the pickle rebuilds from it is a NumPy view of the same typed array, so tensors that
shared a storage in PyTorch share memory here. ``map_location`` is applied to each storage as
PyTorch applies it."""
from pickle import UnpicklingError

import numpy as np

from .._device import device as _device
from ._elements import UNTYPED, convert, unsupported

_CUDA_UNAVAILABLE = (
    "Attempting to deserialize object on a CUDA device but torch.cuda.is_available() is "
    "False. If you are running on a CPU-only machine, please use torch.load with "
    "map_location=torch.device('cpu') to map your storages to the CPU.")


class StorageType:
    """A storage class named in a checkpoint (``torch.FloatStorage``); never constructed."""

    __slots__ = ("element", "qualified_name")

    def __init__(self, element, qualified_name):
        self.element = element
        self.qualified_name = qualified_name

    def __repr__(self):
        return f"StorageType(dtype=torch.{self.element.name})"


class LoadedStorage:
    """The bytes of one storage in a checkpoint, as torch.load passes them to a
    ``map_location`` callable (PyTorch passes an ``UntypedStorage``)."""

    __slots__ = ("_bytes", "_typed", "_conversions", "_derived", "_parts")

    def __init__(self, raw_bytes, conversions):
        self._bytes = raw_bytes          # 1-D uint8 array, native byte order
        self._typed = {}                 # element name -> (element, its typed array)
        self._conversions = conversions  # Counter of widened element names, for one warning
        self._derived = []               # (copy, view of this storage, ufunc making it)
        self._parts = []                 # storages viewing part of this one (legacy views)

    def nbytes(self):
        return int(self._bytes.size)

    size = nbytes

    def __len__(self):
        return self.nbytes()

    @property
    def device(self):
        return _device("cpu")

    is_cuda = False

    def cpu(self):
        return self

    def cuda(self, device=None, non_blocking=False):
        raise AssertionError("Torch not compiled with CUDA enabled")

    def __repr__(self):
        return f"torch.storage.UntypedStorage(nbytes={self.nbytes()}, device='cpu')"

    def typed(self, element):
        """This storage's bytes as ``element`` values, one array per element type."""
        entry = self._typed.get(element.name)
        if entry is None:
            if not element.supported:
                raise unsupported(element)
            if self._bytes.size % element.itemsize:
                raise RuntimeError(
                    f"a storage of {self._bytes.size} bytes cannot hold whole "
                    f"torch.{element.name} elements ({element.itemsize} bytes each)")
            array = convert(self._bytes.view(element.disk), element)
            if element.widens():
                self._conversions[element.name] += 1
            entry = self._typed[element.name] = (element, array)
        return entry[1]

    def derive(self, function, view):
        """``function(view)``, a new array, kept up to date by ``refresh``."""
        result = function(view)
        self._derived.append((result, view, function))
        return result

    def add_part(self, part):
        self._parts.append(part)

    def refresh(self):
        """Redo the typed and derived arrays in place after the bytes were filled in (legacy
        files store the bytes after the pickle that made the tensors)."""
        for element, array in self._typed.values():
            converted = convert(self._bytes.view(element.disk), element)
            if not np.shares_memory(converted, array):
                array[...] = converted
        for result, view, function in self._derived:
            function(view, out=result)
        for part in self._parts:
            part.refresh()


class TypedStorage:
    """What a storage's persistent id unpickles to: its bytes and the element type the
    checkpoint says they hold (a tensor rebuilt from it may name another, in v3)."""

    __slots__ = ("storage", "element")

    def __init__(self, storage, element):
        self.storage = storage
        self.element = element

    def nbytes(self):
        return self.storage.nbytes()

    def __repr__(self):
        return f"TypedStorage(dtype=torch.{self.element.name}, nbytes={self.nbytes()})"


def storage_element(storage_type):
    """The element type of a storage class found in a persistent id."""
    if not isinstance(storage_type, StorageType):
        raise UnpicklingError(f"expected a storage type such as torch.FloatStorage in the "
                              f"persistent id, got {type(storage_type).__name__}")
    return storage_type.element if storage_type.element is not None else UNTYPED


def restore_location(storage, location, map_location):
    """Place ``storage`` (saved with ``location``) as ``map_location`` says, as PyTorch's
    ``_get_restore_location`` does; only the CPU exists here."""
    if map_location is None:
        return _default_restore(storage, location)
    if isinstance(map_location, dict):
        return _default_restore(storage, map_location.get(location, location))
    if isinstance(map_location, (str, bytes)):
        if isinstance(map_location, bytes):
            map_location = map_location.decode("ascii")
        return _default_restore(storage, map_location)
    if isinstance(map_location, _device):
        return _default_restore(storage, str(map_location))
    result = map_location(storage, location)
    if result is None:
        return _default_restore(storage, location)
    if not isinstance(result, LoadedStorage):
        raise TypeError(f"map_location returned a {type(result).__name__}; it must return "
                        "the storage it was given (or None)")
    return result


def _default_restore(storage, location):
    if not isinstance(location, str):
        location = str(location)
    kind = location.split(":", 1)[0]
    if kind == "cpu":
        return storage
    if kind == "cuda":
        raise RuntimeError(_CUDA_UNAVAILABLE)
    if kind == "meta":
        raise RuntimeError("hookgrad has no meta tensors: load with map_location='cpu'")
    raise RuntimeError("don't know how to restore data location of "
                       f"torch.storage.UntypedStorage (tagged with {location})")
