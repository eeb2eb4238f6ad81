"""Checkpoints written by PyTorch 2.13 (tests/serialization/fixtures, made by
tools/make_checkpoints.py) load into hookgrad and give PyTorch's recorded outputs."""
import io
import os
import pickle
import shutil
import warnings
import zipfile

import numpy as np
import pytest

import hookgrad as torch
from hookgrad import nn
from hookgrad._dtype import has_bfloat16
from tests import _recorded
from tests.serialization import _craft
from tests.serialization._describe import assert_same, describe

# loading every_dtype.pt widens its bfloat16/uint16/uint32 tensors with a warning (one test
# checks it)
pytestmark = pytest.mark.filterwarnings("ignore:hookgrad has no uint16")
FIXTURES = os.path.join(os.path.dirname(__file__), "fixtures")
MODELS = _recorded.load("serialization_models")
ERRORS = _recorded.load("serialization_errors")


def fixture(*parts):
    return os.path.join(FIXTURES, *parts)


def read(*parts):
    with open(fixture(*parts), "rb") as f:
        return f.read()


def mlp():
    return nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 4))


def cnn():
    return nn.Sequential(nn.Conv2d(1, 4, 3, padding=1), nn.BatchNorm2d(4), nn.ReLU(),
                         nn.MaxPool2d(2), nn.Conv2d(4, 8, 3), nn.BatchNorm2d(8), nn.ReLU(),
                         nn.Flatten(), nn.Linear(32, 3))


def transformer():
    layer = nn.TransformerEncoderLayer(16, 2, dim_feedforward=32, dropout=0.0,
                                       batch_first=True)
    return nn.TransformerEncoder(layer, 2, enable_nested_tensor=False)


@pytest.mark.parametrize("name, make", [("mlp", mlp), ("cnn_batchnorm", cnn),
                                        ("transformer", transformer)])
@pytest.mark.parametrize("mmap", [False, True])
def test_model_state_dict_gives_pytorchs_outputs(name, make, mmap):
    state = torch.load(fixture(f"{name}.pt"), mmap=mmap)
    model = make().eval()
    assert list(state) == list(model.state_dict())  # PyTorch's keys, in PyTorch's order
    assert state._metadata == model.state_dict()._metadata
    model.load_state_dict(state)
    with torch.no_grad():
        output = model(torch.tensor(MODELS[name]["input"]))
    np.testing.assert_allclose(output.numpy(), MODELS[name]["output"], rtol=1e-5, atol=1e-5)


def test_batchnorm_buffers_and_their_dtypes_load():
    state = torch.load(fixture("cnn_batchnorm.pt"))
    assert state["1.num_batches_tracked"].dtype == torch.int64
    assert state["1.num_batches_tracked"].item() == 3
    assert state["1.running_var"].dtype == torch.float32
    assert not np.allclose(state["1.running_mean"].numpy(), 0)  # trained statistics


@pytest.mark.parametrize("file", ["training_bundle.pt", "training_bundle_legacy.pt"])
def test_training_resumes_from_a_pytorch_bundle_as_in_pytorch(file):
    """Adam and StepLR state from PyTorch: one more step gives PyTorch's parameters."""
    bundle = torch.load(fixture(file))
    recorded = MODELS["training_bundle"]
    assert bundle["epoch"] == 3 and bundle["loss"] == recorded["loss"]
    model = mlp()
    model.load_state_dict(bundle["model"])
    optimizer = torch.optim.Adam(model.parameters(), lr=0.01)
    optimizer.load_state_dict(bundle["optimizer"])
    scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=2, gamma=0.5)
    scheduler.load_state_dict(bundle["scheduler"])
    optimizer.zero_grad()
    loss = nn.functional.mse_loss(model(torch.tensor(recorded["x"])),
                                  torch.tensor(recorded["y"]))
    loss.backward()
    optimizer.step()
    scheduler.step()
    assert loss.item() == pytest.approx(recorded["next_loss"], rel=1e-6)
    assert optimizer.param_groups[0]["lr"] == pytest.approx(recorded["next_lr"])
    for key, value in model.state_dict().items():
        np.testing.assert_allclose(value.numpy(), recorded["next_state_dict"][key],
                                   rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("file", ["every_dtype.pt", "every_dtype_legacy.pt"])
def test_every_dtype_layout_and_sharing_loads_as_pytorch_loads_it(file):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        loaded = torch.load(fixture(file))
    assert_same(describe(loaded, {}), MODELS["every_dtype"])
    messages = [str(w.message) for w in caught]
    assert len(messages) == 1 and "uint16 storage as int32" in messages[0]
    assert "uint32" in messages[0]  # (bfloat16 is widened too only without ml_dtypes)
    assert ("bfloat16 storage as float32" in messages[0]) == (not has_bfloat16())
    assert loaded["bfloat16"].dtype == (torch.bfloat16 if has_bfloat16() else torch.float32)


def test_shared_storages_stay_shared_and_loaded_tensors_are_writable():
    loaded = torch.load(fixture("every_dtype.pt"))
    loaded["base"][2, 3] = 100.0  # an in-place write through one view ...
    assert loaded["row"][3].item() == 100.0  # ... is seen through the others
    assert loaded["column"][2].item() == 100.0
    assert loaded["transposed"][3, 2].item() == 100.0
    assert loaded["bfloat16_view"]._data.base is not None  # bfloat16 views share too
    loaded["bfloat16"][1, 0] = 7.0
    assert loaded["bfloat16_view"][0].item() == 7.0


def test_parameters_come_back_as_parameters_with_requires_grad():
    loaded = torch.load(fixture("every_dtype.pt"))
    assert type(loaded["parameter"]) is nn.Parameter and loaded["parameter"].requires_grad
    assert type(loaded["frozen_parameter"]) is nn.Parameter
    assert not loaded["frozen_parameter"].requires_grad
    assert type(loaded["requires_grad"]) is torch.Tensor and loaded["requires_grad"].requires_grad
    assert loaded["requires_grad"].is_leaf
    (loaded["parameter"] * 2).sum().backward()
    np.testing.assert_array_equal(loaded["parameter"].grad.numpy(), np.full((2, 2), 2.0))


def test_mmap_maps_copy_on_write(tmp_path):
    path = tmp_path / "mlp.pt"
    shutil.copy(fixture("mlp.pt"), path)
    before = path.read_bytes()
    state = torch.load(path, mmap=True)
    state["0.weight"].fill_(3.0)  # writable, and the file does not change (as PyTorch)
    assert state["0.weight"][0, 0].item() == 3.0
    assert path.read_bytes() == before
    assert torch.load(path)["0.weight"][0, 0].item() != 3.0


def test_mmap_errors_are_pytorchs(tmp_path):
    with pytest.raises(ValueError) as error:
        torch.load(io.BytesIO(read("mlp.pt")), mmap=True)
    assert str(error.value) == ERRORS["mmap_of_buffer"]["message"]
    legacy = tmp_path / "legacy.pt"
    shutil.copy(fixture("training_bundle_legacy.pt"), legacy)
    with pytest.raises(RuntimeError) as error:
        torch.load(str(legacy), mmap=True)
    assert str(error.value).replace(str(legacy), "<path>") == \
        ERRORS["mmap_of_legacy_file"]["message"]


def test_deflated_records_are_decompressed_not_read_raw(tmp_path):
    deflated = _craft.rezip(read("mlp.pt"), compression=zipfile.ZIP_DEFLATED)
    assert_same(describe(torch.load(io.BytesIO(deflated)), {}),
                ERRORS["deflated_records"]["loaded"])
    path = tmp_path / "deflated.pt"
    path.write_bytes(deflated)
    with pytest.raises(RuntimeError, match="stored deflated"):
        torch.load(path, mmap=True)


def _big_endian(data, itemsize):
    """A zip checkpoint rewritten as a big-endian machine writes it (every storage record
    holds elements of ``itemsize`` bytes)."""
    source = zipfile.ZipFile(io.BytesIO(data))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        for info in source.infolist():
            payload = source.read(info.filename)
            if "/data/" in info.filename:
                payload = np.frombuffer(payload, f"<u{itemsize}").byteswap().tobytes()
            if info.filename.endswith("/byteorder"):
                payload = b"big"
            archive.writestr(info.filename, payload)
    return out.getvalue()


def test_big_endian_checkpoints_are_byteswapped():
    expected = torch.load(fixture("mlp.pt"))
    loaded = torch.load(io.BytesIO(_big_endian(read("mlp.pt"), 4)))
    for key, value in expected.items():
        np.testing.assert_array_equal(loaded[key].numpy(), value.numpy())
    longs = _craft.checkpoint_with_tensor(record=np.arange(4, dtype="<i8").tobytes(),
                                          storage_type="LongStorage")
    loaded = torch.load(io.BytesIO(_big_endian(longs, 8)))
    np.testing.assert_array_equal(loaded.numpy(), np.arange(4))


@pytest.mark.parametrize("location", ["cpu", b"cpu", torch.device("cpu"), {"cpu": "cpu"},
                                      {"cuda:0": "cpu"}])
def test_map_location_for_the_cpu(location):
    state = torch.load(fixture("mlp.pt"), map_location=location)
    assert state["0.weight"].shape == (16, 8)


def test_map_location_callable_gets_each_storage_and_its_location():
    seen = []
    state = torch.load(fixture("mlp.pt"),
                       map_location=lambda storage, location: seen.append(
                           (storage.nbytes(), location)))
    assert seen[0] == (16 * 8 * 4, "cpu") and len(seen) == 4
    state = torch.load(fixture("mlp.pt"), map_location=lambda storage, location: storage)
    assert state["2.bias"].shape == (4,)
    with pytest.raises(AssertionError, match="Torch not compiled with CUDA enabled"):
        torch.load(fixture("mlp.pt"), map_location=lambda storage, location: storage.cuda())


@pytest.mark.parametrize("location", ["cuda", "cuda:1", "xla:0", "bogus", "dict_to_cuda"])
def test_map_location_elsewhere_raises_pytorchs_error(location):
    recorded = ERRORS[f"map_location_{location}"]
    argument = {"cpu": "cuda:0"} if location == "dict_to_cuda" else location
    with pytest.raises(RuntimeError) as error:
        torch.load(fixture("mlp.pt"), map_location=argument)
    assert str(error.value) == recorded["message"]


def test_whole_pickled_module_is_refused_under_weights_only_without_running_it():
    with pytest.raises(pickle.UnpicklingError) as error:
        torch.load(fixture("whole_module.pt"))
    assert "GLOBAL torch.nn.modules.container.Sequential was not an allowed global" in str(
        error.value)
    assert str(error.value).startswith("Weights only load failed.")


def test_unsafe_globals_are_listed_without_unpickling():
    assert torch.serialization.get_unsafe_globals_in_checkpoint(
        fixture("whole_module.pt")) == ERRORS["unsafe_globals_of_whole_module"]
    assert torch.serialization.get_unsafe_globals_in_checkpoint(fixture("mlp.pt")) == []


def test_whole_pickled_module_loads_into_hookgrad_modules_with_weights_only_false():
    model = torch.load(fixture("whole_module.pt"), weights_only=False)
    assert type(model) is nn.Sequential and type(model[0]) is nn.Linear
    captured = []
    model[1].register_forward_hook(lambda module, args, output: captured.append(output))
    with torch.no_grad():
        output = model(torch.tensor(MODELS["mlp"]["input"]))
    np.testing.assert_allclose(output.numpy(), MODELS["mlp"]["output"], rtol=1e-5, atol=1e-5)
    assert captured[0].shape == (5, 16)


def test_complex64_written_by_make_checkpoints_now_loads():  # (it was refused before)
    loaded = torch.load(fixture("unsupported", "complex64.pt"))["tensor"]
    assert loaded.dtype is torch.complex64 and loaded.tolist() == [1 + 0j, 1 + 0j]


@pytest.mark.parametrize("dtype", ["uint64", "float8_e4m3fn"])
def test_dtypes_hookgrad_has_no_counterpart_for_are_refused_by_name(dtype):
    with pytest.raises(RuntimeError, match=f"dtype torch.{dtype}"):
        torch.load(fixture("unsupported", f"{dtype}.pt"))


def test_safetensors_path_loads_as_pytorch_213_does():
    state = torch.load(fixture("mlp.safetensors"))
    model = mlp().eval()
    model.load_state_dict(state)
    with torch.no_grad():
        output = model(torch.tensor(MODELS["mlp"]["input"]))
    np.testing.assert_allclose(output.numpy(), MODELS["mlp"]["output"], rtol=1e-5, atol=1e-5)
    for kind, argument in (("dict", {}), ("callable", print)):
        with pytest.raises(RuntimeError) as error:
            torch.load(fixture("mlp.safetensors"), map_location=argument)
        assert str(error.value) == \
            ERRORS[f"safetensors_{kind}_map_location"]["message"]


def test_pickle_protocol_other_than_2_warns_as_pytorch():
    data = _craft.zip_checkpoint({"data.pkl": b"\x80\x03N."})
    with pytest.warns(UserWarning) as caught:
        assert torch.load(io.BytesIO(data)) is None
    assert [str(w.message) for w in caught] == ERRORS["pickle_protocol_3"]["warnings"]


def test_archive_prefix_is_whatever_the_file_was_called():
    renamed = _craft.rezip(read("mlp.pt"), rename={
        n: "some name.with.dots/" + n.split("/", 1)[1]
        for n in zipfile.ZipFile(io.BytesIO(read("mlp.pt"))).namelist()})
    assert list(torch.load(io.BytesIO(renamed))) == list(torch.load(fixture("mlp.pt")))


def test_empty_file_is_an_eof_error():
    with pytest.raises(EOFError):
        torch.load(io.BytesIO(b""))


def test_non_seekable_file_is_refused_with_pytorchs_hint():
    class Pipe(io.RawIOBase):
        def readable(self):
            return True

    with pytest.raises(io.UnsupportedOperation, match="You can only torch.load from a file "
                       "that is seekable"):
        torch.load(Pipe())


def test_explicit_pickle_module_means_weights_only_false_unless_asked():
    with pytest.raises(RuntimeError, match="Can not safely load weights when explicit "
                       "pickle_module is specified"):
        torch.load(fixture("mlp.pt"), pickle_module=pickle, weights_only=True)
    # as in PyTorch, naming a pickle module turns the weights-only default off
    assert type(torch.load(fixture("whole_module.pt"), pickle_module=pickle)) is nn.Sequential


def test_storages_saved_on_a_gpu_load_with_map_location_cpu():
    saved_on_gpu = _craft.checkpoint_with_tensor(location="cuda:0")
    with pytest.raises(RuntimeError) as error:
        torch.load(io.BytesIO(saved_on_gpu))
    assert str(error.value) == ERRORS["map_location_cuda"]["message"]
    for location in ("cpu", {"cuda:0": "cpu"}, lambda storage, tag: storage):
        tensor = torch.load(io.BytesIO(saved_on_gpu), map_location=location)
        assert tensor.numpy().tolist() == [0.0, 1.0, 2.0, 3.0]


def test_map_location_callable_sees_each_storage_once_in_both_formats():
    calls = {}
    for file in ("every_dtype.pt", "every_dtype_legacy.pt"):
        seen = calls[file] = []
        torch.load(fixture(file), map_location=lambda storage, tag, seen=seen: seen.append(tag))
    zip_file = zipfile.ZipFile(fixture("every_dtype.pt"))
    storages = [n for n in zip_file.namelist() if "/data/" in n]
    assert len(calls["every_dtype.pt"]) == len(storages)
    assert len(calls["every_dtype_legacy.pt"]) == len(storages)


def test_dtypes_hookgrad_lacks_stay_printable_copyable_values():
    import copy
    nested = torch.load(fixture("every_dtype.pt"))["nested"]
    assert repr(nested["dtype"]) == "torch.bfloat16"
    assert copy.deepcopy(nested)["dtype"] is nested["dtype"]
    assert pickle.loads(pickle.dumps(nested["dtype"])) is nested["dtype"]
    resaved = torch.load(io.BytesIO(_saved(nested)))
    assert resaved["dtype"] is nested["dtype"] and resaved["size"] == (3, 4)


def _saved(obj):
    buffer = io.BytesIO()
    torch.save(obj, buffer)
    return buffer.getvalue()
