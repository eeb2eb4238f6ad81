"""``hookgrad.save``: PyTorch's checkpoint format, zip (the default) or legacy.

The object is pickled in memory first and the file is opened only once that has worked, so
an object that cannot be pickled leaves an existing file untouched (torch.save truncates it
first)."""
import io
import os
import pickle
import sys
import zlib
from typing import IO, Any, Union

import numpy as np

from ._pickler import CheckpointPickler, StorageTable
from ._zip_writer import CheckpointZipWriter

DEFAULT_PROTOCOL = 2
FileLike = Union[str, os.PathLike, IO[bytes]]
LEGACY_MAGIC_NUMBER = 0x1950a86a20f9469cfc6c
LEGACY_PROTOCOL_VERSION = 1001
FORMAT_VERSION = "3\n"  # the "version" record PyTorch 2.13 writes


def _pickled(obj, protocol, legacy):
    storages = StorageTable()
    buffer = io.BytesIO()
    CheckpointPickler(buffer, protocol, storages, legacy).dump(obj)
    return buffer.getvalue(), storages.refs


def _archive_name(f):
    """The top folder of the archive: the file's name without its extension, as PyTorch
    names it ("archive" for buffers)."""
    if not isinstance(f, (str, os.PathLike)):
        return "archive"
    base = os.path.basename(os.fspath(f))
    stem = base[:base.rfind(".")] if "." in base else base
    return stem or "archive"


def save(obj: object, f: FileLike, pickle_module: Any = pickle,
         pickle_protocol: int = DEFAULT_PROTOCOL, _use_new_zipfile_serialization: bool = True,
         _disable_byteorder_record: bool = False) -> None:
    """Save ``obj`` to ``f`` (a path or a writable file object) in PyTorch's format."""
    if pickle_module is not pickle:
        raise NotImplementedError("hookgrad.save pickles with the standard pickle module "
                                  "only; pickle_module must be pickle")
    if not isinstance(f, (str, os.PathLike)) and not hasattr(f, "write"):
        raise AttributeError("expected 'f' to be string, path, or a file-like object with a "
                             "'write' attribute")
    legacy = not _use_new_zipfile_serialization
    data, refs = _pickled(obj, pickle_protocol, legacy)
    if isinstance(f, (str, os.PathLike)):
        with open(f, "wb") as opened:
            _write(opened, data, refs, legacy, pickle_protocol, _archive_name(f),
                   _disable_byteorder_record)
    else:
        _write(f, data, refs, legacy, pickle_protocol, "archive", _disable_byteorder_record)
        if hasattr(f, "flush"):
            f.flush()


def _write(f, data, refs, legacy, protocol, archive_name, disable_byteorder):
    if legacy:
        _write_legacy(f, data, refs, protocol)
        return
    writer = CheckpointZipWriter(f, archive_name)
    summary = []
    for name, payload in _records(data, refs, disable_byteorder):
        crc = writer.write_record(name, payload)
        summary.append(f"{name}:{crc}:{memoryview(payload).nbytes}")
    # PyTorch writes a 40-digit id here; hookgrad derives it from the records' names, sizes
    # and CRC-32s, so saving the same object twice gives the same bytes
    text = ";".join(summary).encode()
    serialization_id = "".join(f"{zlib.crc32(text, seed):010d}" for seed in (1, 2, 3, 4))
    writer.write_record(".data/serialization_id", serialization_id.encode())
    writer.close()


def _records(data, refs, disable_byteorder):
    yield "data.pkl", data
    yield ".format_version", b"1"
    yield ".storage_alignment", b"64"
    if not disable_byteorder:
        yield "byteorder", sys.byteorder.encode()
    for ref in refs:
        yield f"data/{ref.key}", ref.data
    yield "version", FORMAT_VERSION.encode()


def _write_legacy(f, data, refs, protocol):
    sys_info = {"protocol_version": LEGACY_PROTOCOL_VERSION,
                "little_endian": sys.byteorder == "little",
                "type_sizes": {"short": 2, "int": 4, "long": 4}}
    for value in (LEGACY_MAGIC_NUMBER, LEGACY_PROTOCOL_VERSION, sys_info):
        pickle.dump(value, f, protocol=protocol)
    f.write(data)
    keys = sorted(ref.key for ref in refs)
    pickle.dump(keys, f, protocol=protocol)
    by_key = {ref.key: ref for ref in refs}
    for key in keys:
        ref = by_key[key]
        payload = ref.data
        if sys.byteorder != "little" and ref.element.itemsize > 1:
            payload = payload.view(ref.element.disk).byteswap().view(np.uint8)
        f.write(np.int64(ref.numel).astype("<i8").tobytes())
        f.write(memoryview(payload).cast("B"))
