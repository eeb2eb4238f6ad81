"""Reading the legacy (pre-1.6, non-zip) format ``torch.save(...,
_use_new_zipfile_serialization=False)`` still writes: four pickles one after another (a
magic number, the protocol version 1001, a dict about the writing machine, the object), a
pickled list of storage keys, then each storage as an int64 element count and its bytes,
little-endian. The older ``.tar`` format of PyTorch 0.1-0.3 is recognised and refused."""
from pickle import UnpicklingError

from ._full_unpickler import FullUnpickler
from ._messages import UNSAFE_MESSAGE
from ._persistent import LegacyStorages
from ._save import LEGACY_MAGIC_NUMBER, LEGACY_PROTOCOL_VERSION
from ._weights_only_unpickler import WeightsOnlyUnpickler


def _no_storages(saved_id):
    raise UnpicklingError("this part of a legacy checkpoint cannot refer to storages")


def _unpickle(f, persistent_load, weights_only, pickle_load_args):
    if weights_only:
        encoding = pickle_load_args.get("encoding", "utf-8")
        return WeightsOnlyUnpickler(f, persistent_load, encoding).load()
    return FullUnpickler(f, persistent_load, **pickle_load_args).load()


def is_tar(head):
    return len(head) >= 262 and head[257:262] == b"ustar"


def load_legacy(f, map_location, weights_only, pickle_load_args, conversions):
    start = f.tell()
    end = f.seek(0, 2)
    f.seek(start)
    head = f.read(512)
    f.seek(start)
    if is_tar(head):
        if weights_only:
            raise RuntimeError("Cannot use ``weights_only=True`` with files saved in the "
                               "legacy .tar format. " + UNSAFE_MESSAGE)
        raise RuntimeError("hookgrad cannot read the .tar checkpoint format of PyTorch "
                           "0.1-0.3: load the file in PyTorch and save it again")
    if _unpickle(f, _no_storages, weights_only, pickle_load_args) != LEGACY_MAGIC_NUMBER:
        raise RuntimeError("Invalid magic number; corrupt file?")
    protocol_version = _unpickle(f, _no_storages, weights_only, pickle_load_args)
    if protocol_version != LEGACY_PROTOCOL_VERSION:
        raise RuntimeError(f"Invalid protocol version: {protocol_version}")
    _unpickle(f, _no_storages, weights_only, pickle_load_args)  # the writer's sys_info
    storages = LegacyStorages(map_location, end - f.tell(), conversions)
    result = _unpickle(f, storages.persistent_load, weights_only, pickle_load_args)
    keys = _unpickle(f, _no_storages, weights_only, pickle_load_args)
    storages.fill(keys, f)
    return result
