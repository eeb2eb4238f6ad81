"""``hookgrad.load``: what ``torch.load`` reads, with its arguments and its errors.

The zip format (any top folder name, stored or deflated records, either byte order), the
legacy format, and ``.safetensors`` paths (as PyTorch 2.13 hands those to safetensors).
``weights_only=True``, the default, unpickles with hookgrad's own opcode loop
(``_weights_only_unpickler``); ``weights_only=False`` with Python's unpickler, running what
the file says, as PyTorch does (PyTorch 2.13 gives no warning for an explicit
``weights_only=False``, so neither does hookgrad)."""
import collections
import io
import os
import pickle
import warnings
from typing import Any, Optional

from . import _allowed, _zip_reader
from ._full_unpickler import FullUnpickler
from ._legacy import load_legacy
from ._messages import UNSAFE_MESSAGE, weights_only_message
from ._persistent import ZipStorages
from ._save import FileLike
from ._weights_only_unpickler import WeightsOnlyUnpickler, globals_in_pickle

_TRUE_VALUES = ("1", "y", "yes", "true")
_WIDENED_TO = {"bfloat16": "float32", "uint16": "int32", "uint32": "int64"}


def _is_path(f):
    return isinstance(f, (str, os.PathLike))


def _check_seekable(f):
    try:
        f.seek(f.tell())
    except (io.UnsupportedOperation, AttributeError) as exc:
        if "seek" in str(exc) or "tell" in str(exc):
            raise type(exc)(str(exc) + ". You can only torch.load from a file that is "
                            "seekable. Please pre-load the data into a buffer like io.BytesIO "
                            "and try to load from it instead.") from None
        raise


def _is_zipfile(f):
    start = f.tell()
    magic = f.read(4)
    f.seek(start)
    return magic == b"PK\x03\x04"


def _resolve_weights_only(weights_only, pickle_module):
    not_set = weights_only is None
    if not_set:
        weights_only = pickle_module is None
    force = os.getenv("TORCH_FORCE_WEIGHTS_ONLY_LOAD", "0").lower() in _TRUE_VALUES
    force_not = os.getenv("TORCH_FORCE_NO_WEIGHTS_ONLY_LOAD", "0").lower() in _TRUE_VALUES
    if force and force_not:
        raise RuntimeError("Only one of `TORCH_FORCE_WEIGHTS_ONLY_LOAD` or "
                           "`TORCH_FORCE_NO_WEIGHTS_ONLY_LOAD` should be set, but both were "
                           "set.")
    if force:
        return True
    if force_not and not_set:
        warnings.warn("Environment variable TORCH_FORCE_NO_WEIGHTS_ONLY_LOAD detected, since "
                      "the`weights_only` argument was not explicitly passed to `torch.load`, "
                      "forcing weights_only=False.", UserWarning, stacklevel=3)
        return False
    return weights_only


def load(f: FileLike, map_location: Any = None, pickle_module: Any = None, *,
         weights_only: Optional[bool] = None, mmap: Optional[bool] = None,
         **pickle_load_args: Any) -> Any:
    """Load an object saved by ``torch.save`` or ``hookgrad.save`` from a path or a seekable
    binary file."""
    weights_only = _resolve_weights_only(weights_only, pickle_module)
    if weights_only:
        if pickle_module is not None:
            raise RuntimeError("Can not safely load weights when explicit pickle_module is "
                               "specified")
    elif pickle_module is not None and pickle_module is not pickle:
        raise NotImplementedError("hookgrad.load unpickles with the standard pickle module "
                                  "only; pickle_module must be pickle")
    if pickle_load_args and weights_only:
        warnings.warn("pickle_load_args only works if `weights_only=False`.", stacklevel=2)
    mmap = bool(mmap)
    pickle_load_args.setdefault("encoding", "utf-8")
    if _is_path(f) and os.fspath(f).endswith(".safetensors"):
        return _load_safetensors(os.fspath(f), map_location)
    conversions = collections.Counter()
    if _is_path(f):
        with open(f, "rb") as opened:
            result = _load_opened(opened, f, map_location, weights_only, mmap,
                                  pickle_load_args, conversions)
    else:
        _check_seekable(f)
        result = _load_opened(f, f, map_location, weights_only, mmap, pickle_load_args,
                              conversions)
    _warn_conversions(conversions)
    return result


def _load_opened(opened, f, map_location, weights_only, mmap, pickle_load_args,
                 conversions):
    if _is_zipfile(opened):
        mapped_path = os.fspath(f) if mmap and _is_path(f) else None
        archive = _zip_reader.ZipCheckpoint(opened, mapped_path)
        if archive.has_record("constants.pkl"):
            if weights_only:
                raise RuntimeError("Cannot use ``weights_only=True`` with TorchScript archives "
                                   "passed to ``torch.load``. " + UNSAFE_MESSAGE)
            raise RuntimeError("this is a TorchScript archive (torch.jit.save); hookgrad has "
                               "no TorchScript and cannot load it")
        _zip_reader.check_version(archive)
        if mmap and mapped_path is None:
            raise ValueError("f must be a file path in order to use the mmap argument")
        storages = ZipStorages(archive, map_location, mmap, _zip_reader.byteorder(archive),
                               conversions)
        data = io.BytesIO(archive.get_record("data.pkl"))
        return _unpickle(data, storages.persistent_load, weights_only, pickle_load_args)
    if mmap:
        f_name = f"{f}, " if isinstance(f, str) else ""
        raise RuntimeError("mmap can only be used with files saved with "
                           f"`torch.save({f_name}_use_new_zipfile_serialization=True), please "
                           "torch.save your checkpoint with this option in order to use mmap.")
    try:
        return load_legacy(opened, map_location, weights_only, pickle_load_args, conversions)
    except pickle.UnpicklingError as exc:
        if weights_only:
            raise pickle.UnpicklingError(weights_only_message(str(exc))) from None
        raise


def _unpickle(data, persistent_load, weights_only, pickle_load_args):
    if not weights_only:
        return FullUnpickler(data, persistent_load, **pickle_load_args).load()
    try:
        return WeightsOnlyUnpickler(data, persistent_load,
                                    pickle_load_args.get("encoding", "utf-8")).load()
    except pickle.UnpicklingError as exc:
        raise pickle.UnpicklingError(weights_only_message(str(exc))) from None


def _load_safetensors(path, map_location):
    """PyTorch 2.13 loads a ``.safetensors`` path with ``safetensors.torch.load_file``,
    ignoring ``weights_only`` and ``mmap``; hookgrad uses its own reader."""
    from .. import device as _device
    from .. import safetensors
    device = "cpu"
    if map_location is not None:
        if isinstance(map_location, (str, bytes, _device)):
            device = (map_location.decode() if isinstance(map_location, bytes)
                      else str(map_location))
        elif isinstance(map_location, dict):
            raise RuntimeError("Loading safetensors file with dict map_location is not "
                               "supported. Use a device string or torch.device instead.")
        elif callable(map_location):
            raise RuntimeError("Loading safetensors file with callable map_location is not "
                               "supported. Use a device string or torch.device instead.")
    return safetensors.load_file(path, device=device)


def get_unsafe_globals_in_checkpoint(f: FileLike) -> list:
    """The GLOBALs of a checkpoint's pickle that a weights-only load would refuse (not on
    PyTorch's allow-list or the user's), found without unpickling anything."""
    allowed = set(_allowed.ALLOWED) | set(_allowed.user_allowed())
    opened = open(f, "rb") if _is_path(f) else f
    try:
        if not _is_zipfile(opened):
            raise ValueError("Expected input to be a checkpoint returned by torch.save")
        archive = _zip_reader.ZipCheckpoint(opened)
        if archive.has_record("constants.pkl"):
            raise ValueError("Expected input to be a checkpoint returned by torch.save but got "
                             "a torchscript checkpoint")
        return sorted(globals_in_pickle(archive.get_record("data.pkl")) - allowed)
    finally:
        if opened is not f:
            opened.close()


def _warn_conversions(conversions):
    if not conversions:
        return
    parts = [f"{count} {name} storage{'s' if count > 1 else ''} as {_WIDENED_TO[name]}"
             for name, count in sorted(conversions.items())]
    warnings.warn(
        "hookgrad has no uint16 or uint32 dtype (nor bfloat16 without the ml_dtypes package: "
        "pip install 'hookgrad[bfloat16]'); this checkpoint's values of those "
        f"types were loaded exactly, widened: {', '.join(parts)}. Saving writes the widened "
        "dtype.", UserWarning, stacklevel=3)
