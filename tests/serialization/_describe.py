"""What a loaded object holds, in the form tools/make_checkpoints.py records PyTorch's
loads in (tensors: class, dtype, geometry, values, and which storage they share, numbered in
order of appearance), so hookgrad's loads can be compared with PyTorch's."""
import numpy as np

import hookgrad
from hookgrad._dtype import has_bfloat16
from hookgrad.serialization._pickler import memory_block

# hookgrad loads these PyTorch dtypes widened, exactly (bfloat16 only without ml_dtypes)
WIDENED = {"torch.uint16": "torch.int32", "torch.uint32": "torch.int64"}
if not has_bfloat16():
    WIDENED["torch.bfloat16"] = "torch.float32"


def describe(obj, storages):
    if isinstance(obj, hookgrad.Tensor):
        data = obj._data
        storage = offset = None
        if data.size:
            owner, memory = memory_block(data)
            storage = storages.setdefault(id(owner), len(storages))
            offset = (data.ctypes.data - memory.ctypes.data) // data.itemsize
        return {"class": type(obj).__name__, "dtype": str(obj.dtype), "shape": list(obj.shape),
                "stride": list(obj.stride()), "offset": offset if data.size else 0,
                "requires_grad": obj.requires_grad, "storage": storage, "values": data}
    if isinstance(obj, dict):
        described = {"class": type(obj).__name__,
                     "items": [[repr(k), describe(v, storages)] for k, v in obj.items()]}
        if hasattr(obj, "_metadata"):
            described["_metadata"] = repr(obj._metadata)
        return described
    if isinstance(obj, (list, tuple)) and type(obj) in (list, tuple):
        return {"class": type(obj).__name__, "items": [describe(v, storages) for v in obj]}
    return {"class": type(obj).__name__, "repr": repr(obj)}


def describe_torch(obj, storages, torch):
    """The same for what PyTorch loads (``torch`` is the real PyTorch module)."""
    if isinstance(obj, torch.Tensor) and obj.is_meta:
        return {"class": "Tensor", "device": "meta", "dtype": str(obj.dtype)}
    if isinstance(obj, torch.Tensor):
        data = obj.detach()
        storage = (storages.setdefault(data.untyped_storage().data_ptr(), len(storages))
                   if data.numel() else None)  # empty tensors have no memory to share
        values = data.resolve_neg()
        values = values.float() if obj.dtype == torch.bfloat16 else values
        return {"class": "Parameter" if type(obj).__name__ == "Parameter" else "Tensor",
                "dtype": str(obj.dtype), "shape": list(obj.shape), "stride": list(obj.stride()),
                "offset": obj.storage_offset(), "requires_grad": obj.requires_grad,
                "storage": storage, "values": values.numpy()}
    if isinstance(obj, dict):
        described = {"class": type(obj).__name__,
                     "items": [[repr(k), describe_torch(v, storages, torch)]
                               for k, v in obj.items()]}
        if hasattr(obj, "_metadata"):
            described["_metadata"] = repr(obj._metadata)
        return described
    if isinstance(obj, (list, tuple)) and type(obj) in (list, tuple):
        return {"class": type(obj).__name__,
                "items": [describe_torch(v, storages, torch) for v in obj]}
    return {"class": type(obj).__name__, "repr": repr(obj)}


def assert_same(loaded, recorded, path="object"):
    """``loaded`` (hookgrad's describe) holds what ``recorded`` (PyTorch's) holds."""
    if "values" in recorded:
        expected_dtype = WIDENED.get(recorded["dtype"], recorded["dtype"])
        assert loaded["dtype"] == expected_dtype, path
        for key in ("class", "shape", "stride", "offset", "requires_grad", "storage"):
            assert loaded[key] == recorded[key], f"{path}: {key}"
        expected = np.asarray(recorded["values"])
        assert np.array_equal(loaded["values"].astype(expected.dtype), expected), path
        return
    if "repr" in recorded:
        assert loaded["repr"] == recorded["repr"], path
        return
    assert loaded["class"] == recorded["class"], path
    assert loaded.get("_metadata") == recorded.get("_metadata"), path
    assert len(loaded["items"]) == len(recorded["items"]), path
    for i, (mine, theirs) in enumerate(zip(loaded["items"], recorded["items"])):
        if isinstance(theirs, list):  # a dict item: [repr(key), value]
            assert mine[0] == theirs[0], path
            assert_same(mine[1], theirs[1], f"{path}[{theirs[0]}]")
        else:
            assert_same(mine, theirs, f"{path}[{i}]")
