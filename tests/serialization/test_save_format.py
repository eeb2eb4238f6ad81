"""hookgrad.save writes PyTorch's format: the bytes torch.save writes, files PyTorch's
weights-only loader read (recorded by tools/make_checkpoints.py, and checked again here
when PyTorch is installed), and round trips of every dtype and layout."""
import io
import os
import pickle
import zipfile

import numpy as np
import pytest

import hookgrad as torch
from hookgrad import nn
from hookgrad.serialization import _zip_writer
from tests import _recorded
from tests.serialization import _objects
from tests.serialization._describe import assert_same, describe, describe_torch

FIXTURES = os.path.join(os.path.dirname(__file__), "fixtures")
IN_TORCH = _recorded.load("serialization_hookgrad_in_torch")
ID_RECORD = b"/.data/serialization_id"


def saved(obj, **kwargs):
    buffer = io.BytesIO()
    torch.save(obj, buffer, **kwargs)
    return buffer.getvalue()


def read(*parts):
    with open(os.path.join(FIXTURES, *parts), "rb") as f:
        return f.read()


def before_id_record(data):
    """Everything before the last record, whose 40 digits PyTorch makes at random."""
    info = zipfile.ZipFile(io.BytesIO(data)).getinfo("archive/.data/serialization_id")
    return data[:info.header_offset]


@pytest.mark.parametrize("name", list(_objects.OBJECTS))
def test_hookgrad_writes_the_bytes_torch_save_writes(name):
    mine = saved(_objects.OBJECTS[name](torch))
    theirs = read("torch_written", f"{name}.pt")
    assert len(mine) == len(theirs)
    assert before_id_record(mine) == before_id_record(theirs)
    assert zipfile.ZipFile(io.BytesIO(mine)).namelist() == \
        zipfile.ZipFile(io.BytesIO(theirs)).namelist()


@pytest.mark.parametrize("file", list(IN_TORCH))
def test_files_pytorch_read_are_still_what_hookgrad_writes(file):
    """tools/make_checkpoints.py had PyTorch load these hookgrad-written files (weights_only,
    and mmap for the zip format): hookgrad still writes exactly them, and reads back what
    PyTorch read from them."""
    name = file[:-3].removesuffix("_legacy")
    legacy = file.endswith("_legacy.pt")
    data = saved(_objects.OBJECTS[name](torch), _use_new_zipfile_serialization=not legacy)
    assert data == read("hookgrad_written", file)
    loaded = describe(torch.load(io.BytesIO(data)), {})
    for recorded in IN_TORCH[file].values():
        assert_same(loaded, recorded)


@pytest.mark.parametrize("name", list(_objects.OBJECTS))
@pytest.mark.parametrize("legacy", [False, True])
def test_pytorch_loads_hookgrad_files(name, legacy, tmp_path):
    real_torch = pytest.importorskip("torch")
    path = tmp_path / "saved.pt"
    torch.save(_objects.OBJECTS[name](torch), path, _use_new_zipfile_serialization=not legacy)
    recorded = IN_TORCH[f"{name}{'_legacy' if legacy else ''}.pt"]
    assert_same(describe_torch(real_torch.load(path, weights_only=True), {}, real_torch),
                recorded["weights_only"])
    if not legacy:
        assert_same(describe_torch(real_torch.load(path, weights_only=True, mmap=True), {},
                                   real_torch), recorded["mmap"])


def test_views_share_storage_after_a_round_trip():
    base = torch.arange(24.0).reshape(4, 6)
    loaded = torch.load(io.BytesIO(saved({"base": base, "row": base[1], "t": base.t(),
                                          "block": base[1:3, 2:4]})))
    loaded["base"][1, 3] = -1.0
    assert loaded["row"][3].item() == -1.0 and loaded["t"][3, 1].item() == -1.0
    assert loaded["block"][0, 1].item() == -1.0
    assert loaded["t"].stride() == (1, 6) and loaded["block"].stride() == (6, 1)


@pytest.mark.parametrize("legacy", [False, True])
def test_every_dtype_and_layout_round_trips(legacy):
    values = {}
    for dtype in (torch.float32, torch.float64, torch.float16, torch.int64, torch.int32,
                  torch.int16, torch.int8, torch.uint8, torch.bool):
        full = torch.arange(12).reshape(3, 4).to(dtype)
        values.update({f"{dtype}": full, f"{dtype} t": full.t(), f"{dtype} 0-d": full[1, 2],
                       f"{dtype} empty": full[:0], f"{dtype} column": full[:, 1],
                       f"{dtype} expanded": full[:1].expand(3, 4)})
    loaded = torch.load(io.BytesIO(saved(values, _use_new_zipfile_serialization=not legacy)))
    for key, value in values.items():
        assert loaded[key].dtype == value.dtype and loaded[key].shape == value.shape, key
        np.testing.assert_array_equal(loaded[key].numpy(), value.numpy(), err_msg=key)
        if value.numel():
            assert loaded[key].stride() == value.stride(), key


def test_a_view_of_a_larger_array_saves_the_whole_block_as_pytorch_does():
    big = torch.zeros(1000)
    data = saved({"slice": big[10:12]})
    assert zipfile.ZipFile(io.BytesIO(data)).getinfo("archive/data/0").file_size == 4000
    loaded = torch.load(io.BytesIO(data))["slice"]
    assert loaded.shape == (2,) and loaded.stride() == (1,)
    assert loaded.clone().numpy().tolist() == [0.0, 0.0]


def test_parameters_and_tensor_attributes_round_trip():
    parameter = nn.Parameter(torch.ones(2))
    parameter.tag = "encoder"
    frozen = nn.Parameter(torch.ones(1), requires_grad=False)
    tensor = torch.ones(3)
    tensor.note = [1, 2]
    loaded = torch.load(io.BytesIO(saved([parameter, frozen, tensor])))
    assert type(loaded[0]) is nn.Parameter and loaded[0].requires_grad
    assert loaded[0].tag == "encoder"
    assert type(loaded[1]) is nn.Parameter and not loaded[1].requires_grad
    assert type(loaded[2]) is torch.Tensor and loaded[2].note == [1, 2]


def test_saving_a_tensor_with_hooks_warns_as_pytorch():
    tensor = torch.ones(2, requires_grad=True)
    tensor.register_hook(lambda grad: grad)
    with pytest.warns(UserWarning, match="on tensor will not be serialized"):
        saved(tensor)


def test_a_failed_save_leaves_the_file_untouched(tmp_path):
    path = tmp_path / "model.pt"
    path.write_bytes(b"previous contents")
    with pytest.raises((pickle.PicklingError, AttributeError, TypeError)):
        torch.save({"weights": torch.ones(2), "callback": lambda: None}, path)
    assert path.read_bytes() == b"previous contents"


def test_paths_file_objects_and_the_archive_name(tmp_path):
    for target, prefix in ((tmp_path / "run.v2.pt", "run.v2"), (str(tmp_path / "ckpt"), "ckpt")):
        torch.save({"a": torch.ones(1)}, target)
        assert zipfile.ZipFile(target).namelist()[0] == f"{prefix}/data.pkl"
        assert torch.load(target)["a"].item() == 1.0
    with open(tmp_path / "f.pt", "wb") as f:
        torch.save(torch.ones(1), f)
    assert zipfile.ZipFile(tmp_path / "f.pt").namelist()[0] == "archive/data.pkl"
    with pytest.raises(AttributeError, match="expected 'f' to be string, path, or a file-like"):
        torch.save(torch.ones(1), 3)


def test_saving_is_deterministic():
    state = nn.Linear(3, 2).state_dict()
    assert saved(state) == saved(state)


def test_zip64_fields_are_read_back(monkeypatch, tmp_path):
    """Records past 4 GiB need ZIP64 fields; with the limit lowered every record gets them,
    and Python's zipfile, hookgrad (and PyTorch when installed) still read the file."""
    monkeypatch.setattr(_zip_writer, "ZIP64_LIMIT", 64)
    values = {"big": torch.arange(100.0), "small": torch.ones(3, dtype=torch.int64)}
    path = tmp_path / "zip64.pt"
    torch.save(values, path)
    archive = zipfile.ZipFile(path)
    assert archive.testzip() is None
    assert np.frombuffer(archive.read("zip64/data/0"), np.float32).tolist() == \
        list(range(100))
    loaded = torch.load(path)
    assert loaded["big"].numpy().tolist() == list(range(100))
    try:
        import torch as real_torch
    except ImportError:
        return
    assert real_torch.load(path, weights_only=True)["big"].tolist() == list(range(100))


def test_whole_hookgrad_modules_need_weights_only_false():
    model = nn.Sequential(nn.Linear(2, 3), nn.ReLU())
    data = saved(model)
    with pytest.raises(pickle.UnpicklingError,
                       match="GLOBAL hookgrad.nn.modules.container.Sequential was not an "
                       "allowed global"):
        torch.load(io.BytesIO(data))
    loaded = torch.load(io.BytesIO(data), weights_only=False)
    assert type(loaded) is nn.Sequential
    np.testing.assert_array_equal(loaded[0].weight.detach().numpy(),
                                  model[0].weight.detach().numpy())


class Config:
    def __init__(self, depth):
        self.depth = depth


def test_add_safe_globals_allows_a_users_class():
    data = saved({"config": Config(3), "w": torch.ones(1)})
    with pytest.raises(pickle.UnpicklingError) as error:
        torch.load(io.BytesIO(data))
    name = f"{__name__}.Config"
    assert f"Please use `torch.serialization.add_safe_globals([{name}])`" in str(error.value)
    with torch.serialization.safe_globals([Config]):
        assert torch.serialization.get_safe_globals() == [Config]
        assert torch.load(io.BytesIO(data))["config"].depth == 3
    assert torch.serialization.get_safe_globals() == []
    torch.serialization.add_safe_globals([(Config, name)])
    try:
        assert torch.load(io.BytesIO(data))["config"].depth == 3
    finally:
        torch.serialization.clear_safe_globals()
    with pytest.raises(pickle.UnpicklingError):
        torch.load(io.BytesIO(data))
