"""safetensors files, with the names of ``safetensors.torch``.

``from safetensors.torch import load_file`` ports as ``from hookgrad.safetensors import
load_file``. The format is an 8-byte little-endian header length, a JSON header (tensor
name -> dtype, shape, byte range; optional ``__metadata__`` of strings) padded with spaces
to a multiple of 8, then the tensors' bytes, little-endian, C order, back to back. This is
hookgrad's own reader and writer (no dependency); it checks a file as the safetensors
package does, with its error texts, and writes the bytes the package writes (tensors
ordered by dtype then name).

Differences from ``safetensors.torch``: a non-contiguous tensor is written in C order
(the package raises ValueError; hookgrad's array layouts need not match PyTorch's, so a
tensor contiguous in PyTorch may not be here); bfloat16, uint16 and uint32 load widened to
float32, int32 and int64 with a warning; F8, F4/F6 and U64 are refused (C64 is complex64;
complex128 has no name in the format: KeyError on saving, as the package)."""
import json
import os
import struct
import sys
import warnings
from collections import Counter, defaultdict
from typing import Dict, List, Optional, Set, Tuple, Union

import numpy as np
from numpy.lib.array_utils import byte_bounds

from . import device as _device
from ._tensor import Tensor, _make
from .serialization._elements import BY_NAME, FOR_HOOKGRAD_DTYPE, convert, unsupported
from .serialization._pickler import memory_block

__all__ = ["save", "save_file", "load", "load_file", "save_model", "load_model", "safe_open",
           "SafetensorError"]

MAX_HEADER_SIZE = 100_000_000
# safetensors' dtype names in the order of its Dtype enum (the writer sorts by it, largest
# first) -> PyTorch element name (None: a type hookgrad has no counterpart for)
_FORMAT_DTYPES = {
    "BOOL": "bool", "F4": None, "F6_E2M3": None, "F6_E3M2": None, "U8": "uint8", "I8": "int8",
    "F8_E5M2": None, "F8_E4M3": None, "F8_E8M0": None, "F8_E4M3FNUZ": None,
    "F8_E5M2FNUZ": None, "I16": "int16", "U16": "uint16", "F16": "float16",
    "BF16": "bfloat16", "I32": "int32", "U32": "uint32", "F32": "float32", "C64": "complex64",
    "F64": "float64", "I64": "int64", "U64": None,
}
_RANK = {name: rank for rank, name in enumerate(_FORMAT_DTYPES)}
_BITS = {"F4": 4, "F6_E2M3": 6, "F6_E3M2": 6, "C64": 64, "U64": 64}
_NAME_OF_ELEMENT = {element: name for name, element in _FORMAT_DTYPES.items() if element}


class SafetensorError(Exception):
    """A malformed safetensors file (the package's ``SafetensorError``)."""


def _bad(reason):
    return SafetensorError(f"Error while deserializing: {reason}")


def _bits(dtype_name):
    if dtype_name in _BITS:
        return _BITS[dtype_name]
    element = _FORMAT_DTYPES[dtype_name]
    return 8 * (BY_NAME[element].itemsize if element else 1)


# ---------------------------------------------------------------- reading
def _parse_header(header_bytes, data_length):
    """[(name, dtype name, shape, start, end)] in byte order, and the metadata, checked as
    the safetensors package checks them."""
    try:
        header = json.loads(header_bytes.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as exc:
        raise _bad(f"invalid JSON in header: {exc}") from None
    if not isinstance(header, dict):
        raise _bad(f"invalid JSON in header: invalid type: {type(header).__name__}, expected "
                   "struct HashMetadata")
    metadata = header.pop("__metadata__", None)
    if metadata is not None and not (isinstance(metadata, dict) and all(
            isinstance(k, str) and isinstance(v, str) for k, v in metadata.items())):
        raise _bad("invalid JSON in header: __metadata__ must map strings to strings")
    entries = []
    for name, info in header.items():
        if not isinstance(info, dict):
            raise _bad(f"invalid JSON in header: tensor `{name}` must be an object")
        for field in ("dtype", "shape", "data_offsets"):
            if field not in info:
                raise _bad(f"invalid JSON in header: missing field `{field}`")
        dtype_name, shape, offsets = info["dtype"], info["shape"], info["data_offsets"]
        if dtype_name not in _FORMAT_DTYPES:
            raise _bad(f"invalid JSON in header: unknown variant `{dtype_name}`, expected one "
                       f"of {', '.join(f'`{d}`' for d in _FORMAT_DTYPES)}")
        if not _naturals(shape) or not _naturals(offsets) or len(offsets) != 2:
            raise _bad(f"invalid JSON in header: tensor `{name}` needs a shape and two data "
                       "offsets of non-negative integers")
        entries.append((name, dtype_name, tuple(shape), offsets[0], offsets[1]))
    entries.sort(key=lambda entry: (entry[3], entry[4]))
    position = 0
    for name, dtype_name, shape, start, end in entries:
        if start != position or end < start:
            raise _bad(f"invalid offset for tensor `{name}`")
        count = 1
        for extent in shape:
            count *= extent
        nbits = count * _bits(dtype_name)
        if count >= 2 ** 64 or nbits >= 2 ** 64:
            raise _bad("overflow computing buffer size from shape and/or element type")
        if nbits % 8 or end - start != nbits // 8:
            raise _bad("invalid shape, data type, or offset for tensor")
        position = end
    if position != data_length:
        raise _bad("incomplete metadata, file not fully covered")
    return entries, metadata


def _naturals(values):
    return isinstance(values, list) and all(
        isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in values)


def _split_header(head, total_length):
    """(header bytes length, data start) from the first 8 bytes."""
    if len(head) < 8:
        raise _bad("header too small")
    length = struct.unpack("<Q", head[:8])[0]
    if length > MAX_HEADER_SIZE:
        raise _bad("header too large")
    if 8 + length > total_length:
        raise _bad("invalid header length")
    return length, 8 + length


def _tensor(raw, dtype_name, shape, conversions):
    """A hookgrad tensor from a tensor's stored bytes (a fresh writable uint8 array)."""
    element_name = _FORMAT_DTYPES[dtype_name]
    if element_name is None:
        raise RuntimeError(f"hookgrad cannot load safetensors dtype {dtype_name}: hookgrad "
                           "has no such dtype and no exact conversion to one it has")
    element = BY_NAME[element_name]
    if not element.supported:
        raise unsupported(element)
    values = raw.view(element.disk)
    if sys.byteorder != "little":
        values.byteswap(inplace=True)
    if element.widens():
        conversions[element.name] += 1
    return _make(convert(values, element).reshape(shape))


def _check_device(device):
    if isinstance(device, int) or str(device).split(":")[0] == "cuda":
        raise AssertionError("Torch not compiled with CUDA enabled")
    _device(device)  # anything else that is not the CPU is refused there


def _warn_conversions(conversions):
    if conversions:
        widened = {"bfloat16": "float32", "uint16": "int32", "uint32": "int64"}
        parts = [f"{n} {name} tensor{'s' if n > 1 else ''} as {widened[name]}"
                 for name, n in sorted(conversions.items())]
        warnings.warn("hookgrad has no uint16 or uint32 dtype (nor bfloat16 without the "
                      "ml_dtypes package: pip install 'hookgrad[bfloat16]'); these tensors were "
                      f"loaded exactly, widened: {', '.join(parts)}. Saving writes the "
                      "widened dtype.", UserWarning, stacklevel=3)


class safe_open:  # noqa: N801  (the package's name)
    """Read a safetensors file tensor by tensor: ``keys()``, ``get_tensor(name)``,
    ``metadata()``; a context manager, as in the safetensors package."""

    def __init__(self, filename, framework="pt", device="cpu"):
        if framework not in ("pt", "torch", "np", "numpy"):
            raise ValueError(f"framework {framework!r} is not supported here: use 'pt' "
                             "(hookgrad tensors) or 'np' (NumPy arrays)")
        _check_device(device)
        self._numpy = framework in ("np", "numpy")
        self._file = open(filename, "rb")
        try:
            total = os.fstat(self._file.fileno()).st_size
            length, self._data_start = _split_header(self._file.read(8), total)
            entries, self._metadata = _parse_header(self._file.read(length),
                                                    total - self._data_start)
        except BaseException:
            self._file.close()
            raise
        self._entries = {entry[0]: entry for entry in entries}
        self._conversions = Counter()

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc_value, traceback):
        self._file.close()

    def keys(self):
        return sorted(self._entries)

    def offset_keys(self):
        return [name for name, *_ in sorted(self._entries.values(), key=lambda e: e[3])]

    def metadata(self):
        return self._metadata

    def get_tensor(self, name):
        if name not in self._entries:
            raise SafetensorError(f"File does not contain tensor {name}")
        _, dtype_name, shape, start, end = self._entries[name]
        raw = np.empty(end - start, np.uint8)
        self._file.seek(self._data_start + start)
        if self._file.readinto(memoryview(raw)) != raw.size:
            raise _bad("the file ends inside tensor data")
        tensor = _tensor(raw, dtype_name, shape, self._conversions)
        return tensor.numpy() if self._numpy else tensor

    def get_tensors(self):
        tensors = {name: self.get_tensor(name) for name in self.keys()}
        _warn_conversions(self._conversions)
        self._conversions.clear()
        return tensors


def load_file(filename: Union[str, os.PathLike], device: Union[str, int] = "cpu"
              ) -> Dict[str, Tensor]:
    """The tensors of a safetensors file, by name (each in memory of its own)."""
    with safe_open(filename, framework="pt", device=device) as opened:
        return opened.get_tensors()


def load(data: bytes) -> Dict[str, Tensor]:
    """The tensors of a safetensors file held in ``data`` (bytes)."""
    data = memoryview(data).cast("B")
    length, start = _split_header(data[:8].tobytes(), len(data))
    entries, _ = _parse_header(data[8:start].tobytes(), len(data) - start)
    conversions = Counter()
    tensors = {}
    for name, dtype_name, shape, begin, end in sorted(entries):
        raw = np.frombuffer(data[start + begin:start + end], np.uint8).copy()
        tensors[name] = _tensor(raw, dtype_name, shape, conversions)
    _warn_conversions(conversions)
    return tensors


# ---------------------------------------------------------------- writing
def _check_tensors(tensors):
    if not isinstance(tensors, dict):
        raise ValueError(f"Expected a dict of [str, torch.Tensor] but received "
                         f"{type(tensors)}")
    for name, value in tensors.items():
        if not isinstance(name, str):
            raise TypeError(f"argument 'tensor_dict': '{type(name).__name__}' object is not "
                            "an instance of 'str'")
        if not isinstance(value, Tensor):
            raise ValueError(f"Key `{name}` is invalid, expected torch.Tensor but received "
                             f"{type(value)}")
    failing = [names for names in _find_shared_tensors(tensors) if len(names) > 1]
    if failing:
        raise RuntimeError(f"""
            Some tensors share memory, this will lead to duplicate memory on disk and potential differences when loading them again: {failing}.
            A potential way to correctly save your model is to use `save_model`.
            More information at https://huggingface.co/docs/safetensors/torch_shared_tensors
            """)  # noqa: E501  (the package's text, whole)


def _format_name(tensor):
    """The file's name of a tensor's dtype ("F32"); the package's KeyError for a dtype the
    format has no name for (complex128)."""
    name = _NAME_OF_ELEMENT.get(FOR_HOOKGRAD_DTYPE[tensor.dtype].name)
    if name is None:
        raise KeyError(tensor.dtype)
    return name


def _serialize(tensors, metadata):
    """(header bytes, [the bytes of each tensor, in file order, as uint8 arrays])."""
    _check_tensors(tensors)
    if metadata is not None:
        if not isinstance(metadata, dict):
            raise TypeError(f"argument 'metadata': '{type(metadata).__name__}' object cannot "
                            "be converted to 'PyDict'")
        for key, value in metadata.items():
            for item in (key, value):
                if not isinstance(item, str):
                    raise TypeError(f"argument 'metadata': '{type(item).__name__}' object is "
                                    "not an instance of 'str'")
    order = sorted(tensors, key=lambda name: (-_RANK[_format_name(tensors[name])], name))
    header = {} if metadata is None else {"__metadata__": dict(metadata)}
    arrays, position = [], 0
    for name in order:
        array = tensors[name]._data
        if not array.flags.c_contiguous:
            array = array.copy(order="C")  # (np.ascontiguousarray would make 0-d arrays 1-d)
        if sys.byteorder != "little" and array.itemsize > 1:
            array = array.byteswap()
        header[name] = {"dtype": _format_name(tensors[name]),
                        "shape": list(array.shape),
                        "data_offsets": [position, position + array.nbytes]}
        position += array.nbytes
        arrays.append(array.reshape(-1).view(np.uint8))
    text = json.dumps(header, separators=(",", ":"), ensure_ascii=False).encode()
    text += b" " * (-len(text) % 8)
    return struct.pack("<Q", len(text)) + text, arrays


def save(tensors: Dict[str, Tensor], metadata: Optional[Dict[str, str]] = None) -> bytes:
    """The safetensors bytes of a dict of tensors."""
    header, arrays = _serialize(tensors, metadata)
    return b"".join([header] + arrays)


def save_file(tensors: Dict[str, Tensor], filename: Union[str, os.PathLike],
              metadata: Optional[Dict[str, str]] = None) -> None:
    """Write a dict of tensors to ``filename`` in safetensors format."""
    header, arrays = _serialize(tensors, metadata)
    with open(filename, "wb") as f:
        f.write(header)
        for array in arrays:
            f.write(array)


# ---------------------------------------------------------------- shared tensors
def _find_shared_tensors(tensors):
    """Groups of names whose tensors overlap in memory, as safetensors.torch finds them."""
    by_block = defaultdict(set)
    for name, tensor in tensors.items():
        owner, memory = memory_block(tensor._data)
        if tensor._data.size and owner is not None and memory.size:
            by_block[id(owner)].add(name)
    groups = []
    for names in sorted(by_block.values(), key=sorted):
        if len(names) < 2:
            groups.append(names)
            continue
        areas = sorted(byte_bounds(tensors[name]._data) + (name,) for name in names)
        _, last_stop, last_name = areas[0]
        groups.append({last_name})
        for start, stop, name in areas[1:]:
            if start >= last_stop:
                groups.append({name})
            else:
                groups[-1].add(name)
            last_stop = stop
    return groups


def _is_complete(tensor):
    _, memory = memory_block(tensor._data)
    return (memory is not None and tensor._data.ctypes.data == memory.ctypes.data
            and tensor._data.nbytes == memory.size)


def _remove_duplicate_names(state_dict, *, preferred_names=None, discard_names=None):
    preferred_names = set(preferred_names or [])
    discard_names = set(discard_names or [])
    to_remove = defaultdict(list)
    for shared in _find_shared_tensors(state_dict):
        complete = {name for name in shared if _is_complete(state_dict[name])}
        if not complete:
            raise RuntimeError(
                "Error while trying to find names to remove to save state dict, but found no "
                f"suitable name to keep for saving amongst: {shared}. None is covering the "
                "entire storage.Refusing to save/load the model since you could be storing "
                "much more memory than needed. Please refer to "
                "https://huggingface.co/docs/safetensors/torch_shared_tensors for more "
                "information. Or open an issue.")
        keep = sorted(complete)[0]
        preferred = complete - discard_names
        if preferred:
            keep = sorted(preferred)[0]
        if preferred_names & complete:
            keep = sorted(preferred_names & complete)[0]
        for name in sorted(shared):
            if name != keep:
                to_remove[keep].append(name)
    return to_remove


def save_model(model, filename: Union[str, os.PathLike],
               metadata: Optional[Dict[str, str]] = None, force_contiguous: bool = True) -> None:
    """Save ``model.state_dict()``, writing tensors shared under several names once (the
    dropped names are recorded in the metadata)."""
    state_dict = model.state_dict()
    for kept, removed in _remove_duplicate_names(state_dict).items():
        for name in removed:
            if metadata is None:
                metadata = {}
            metadata.setdefault(name, kept)
            del state_dict[name]
    if force_contiguous:
        state_dict = {k: v.contiguous() for k, v in state_dict.items()}
    save_file(state_dict, filename, metadata=metadata)


def load_model(model, filename: Union[str, os.PathLike], strict: bool = True,
               device: Union[str, int] = "cpu") -> Tuple[Set[str], List[str]]:
    """Load a file written by ``save_model`` into ``model``; returns (missing, unexpected)."""
    state_dict = load_file(filename, device=device)
    to_removes = _remove_duplicate_names(model.state_dict(),
                                         preferred_names=state_dict.keys())
    missing, unexpected = model.load_state_dict(state_dict, strict=False)
    missing = set(missing)
    for group in to_removes.values():
        for name in group:
            if name not in missing:
                unexpected.append(name)
            else:
                missing.remove(name)
    if strict and (missing or unexpected):
        error = f"Error(s) in loading state_dict for {model.__class__.__name__}:"
        if missing:
            keys = ", ".join(f'"{k}"' for k in sorted(missing))
            error += f"\n    Missing key(s) in state_dict: {keys}"
        if unexpected:
            keys = ", ".join(f'"{k}"' for k in sorted(unexpected))
            error += f"\n    Unexpected key(s) in state_dict: {keys}"
        raise RuntimeError(error)
    return missing, unexpected
