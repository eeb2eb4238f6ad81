"""Persistent ids: how a checkpoint's pickle refers to its storages, checked and resolved.

In the zip format an id is ``('storage', storage_type, key, location, numel)`` and the bytes
are the record ``data/<key>``; in the legacy format it carries a sixth field (a view of
another storage, or None) and the bytes follow the pickles. Every field is checked before it
is used: the key must be a plain name (it becomes part of a record name), the size must match
the record's exact length, and a legacy storage may not claim more bytes than the file has
left."""
import re
import sys
from pickle import UnpicklingError

import numpy as np

from ._storage import LoadedStorage, TypedStorage, restore_location, storage_element

_KEY = re.compile(r"[A-Za-z0-9_]{1,64}")


def _text(value, what):
    if isinstance(value, bytes):
        value = value.decode("ascii", "replace")
    if not isinstance(value, str):
        raise UnpicklingError(f"the storage {what} must be a string, got {type(value).__name__}")
    return value


def parse_storage_id(saved_id, fields):
    """(element, key, location, numel, extra fields) of a storage's persistent id."""
    if not isinstance(saved_id, tuple):
        raise UnpicklingError(f"a persistent id must be a tuple, got {type(saved_id).__name__}")
    if len(saved_id) != fields or _text(saved_id[0], "tag") != "storage":
        raise UnpicklingError(f"a storage's persistent id has {fields} fields starting with "
                              f"'storage', got {len(saved_id)} fields")
    element = storage_element(saved_id[1])
    key = _text(saved_id[2], "key")
    if not _KEY.fullmatch(key):
        raise UnpicklingError(f"the storage key {key!r} is not a plain record name (letters, "
                              "digits and underscores)")
    location = _text(saved_id[3], "location")
    numel = saved_id[4]
    if isinstance(numel, bool) or not isinstance(numel, int) or numel < 0:
        raise UnpicklingError(f"the storage size must be a non-negative int, got {numel!r}")
    return element, key, location, numel, saved_id[5:]


class ZipStorages:
    """Resolves the persistent ids of a zip checkpoint to its ``data/<key>`` records."""

    def __init__(self, archive, map_location, mmap, byteorder, conversions):
        self._archive = archive
        self._map_location = map_location
        self._mmap = mmap
        self._swap = byteorder != sys.byteorder
        self._conversions = conversions
        self._loaded = {}

    def persistent_load(self, saved_id):
        element, key, location, numel, _ = parse_storage_id(saved_id, 5)
        typed = self._loaded.get(key)
        if typed is None:
            name = f"data/{key}"
            nbytes = numel * element.itemsize
            size = self._archive.record_size(name)
            if size != nbytes:
                raise RuntimeError(
                    f"record size ({size} bytes) does not match expected size ({nbytes} bytes "
                    f"= {nbytes} elements * 1 bytes/element) for dtype Byte")
            raw = (self._archive.map_bytes(name) if self._mmap
                   else self._archive.read_bytes(name))
            if self._swap and element.itemsize > 1 and element.disk is not None:
                raw.view(element.disk).byteswap(inplace=True)
            storage = restore_location(LoadedStorage(raw, self._conversions), location,
                                       self._map_location)
            typed = self._loaded[key] = TypedStorage(storage, element)
        return typed


class LegacyStorages:
    """Resolves the persistent ids of a legacy (pre-1.6) checkpoint. Its storages' bytes
    come after the pickle, so they are allocated here and filled by ``fill``."""

    def __init__(self, map_location, bytes_left, conversions):
        self._map_location = map_location
        self._bytes_left = bytes_left  # no storage can be larger than the rest of the file
        self._conversions = conversions
        self._roots = {}  # key -> (LoadedStorage, as map_location placed it, element, numel)
        self._views = {}

    def persistent_load(self, saved_id):
        element, key, location, numel, (view,) = parse_storage_id(saved_id, 6)
        nbytes = numel * element.itemsize
        if key not in self._roots:
            if nbytes > self._bytes_left:
                raise RuntimeError(f"the checkpoint's storage {key} claims {nbytes} bytes, "
                                   f"more than the {self._bytes_left} left in the file")
            loaded = LoadedStorage(np.zeros(nbytes, np.uint8), self._conversions)
            # placed once per storage, as PyTorch does (a map_location callable sees each
            # storage once); the bytes are filled in later, in place
            placed = restore_location(loaded, location, self._map_location)
            self._roots[key] = (loaded, placed, element, numel)
        loaded, placed, root_element, _ = self._roots[key]
        if view is None:
            return TypedStorage(placed, root_element)
        return self._view(loaded, root_element, view, location)

    def _view(self, root, element, view, location):
        if (not isinstance(view, tuple) or len(view) != 3
                or not all(isinstance(v, int) and not isinstance(v, bool) for v in view[1:])):
            raise UnpicklingError("a storage view must be (key, offset, size)")
        view_key, offset, size = _text(view[0], "view key"), view[1], view[2]
        if view_key not in self._views:
            start, stop = offset * element.itemsize, (offset + size) * element.itemsize
            if offset < 0 or size < 0 or stop > root.nbytes():
                raise RuntimeError(f"the storage view {view_key} lies outside its storage")
            part = LoadedStorage(root._bytes[start:stop], self._conversions)
            self._views[view_key] = restore_location(part, location, self._map_location)
            root.add_part(part)
        return TypedStorage(self._views[view_key], element)

    def fill(self, keys, f):
        """Read each storage's bytes, in the order of ``keys``, from ``f``."""
        if not isinstance(keys, list):
            raise RuntimeError("the legacy checkpoint's storage key list is damaged")
        for key in keys:
            key = _text(key, "key")
            if key not in self._roots:
                raise RuntimeError(f"storage key {key!r} not found in deserialized_objects")
            storage, _, element, numel = self._roots[key]
            header = f.read(8)
            if len(header) != 8:
                raise RuntimeError("the legacy checkpoint ends before its storage data")
            stored = int(np.frombuffer(header, "<i8")[0])
            if stored != numel:
                raise RuntimeError(f"storage has wrong byte size: expected "
                                   f"{numel * element.itemsize} got "
                                   f"{stored * element.itemsize}")
            raw = storage._bytes
            view = memoryview(raw)
            got = f.readinto(view) if hasattr(f, "readinto") else _read_all(f, view)
            if got != raw.size:
                raise RuntimeError("the legacy checkpoint ends before its storage data")
            if sys.byteorder != "little" and element.itemsize > 1 and element.disk is not None:
                raw.view(element.disk).byteswap(inplace=True)
            storage.refresh()


def _read_all(f, view):
    data = f.read(len(view))
    view[:len(data)] = data
    return len(data)
