"""hookgrad.safetensors: reads the safetensors package's files, writes the bytes it writes,
checks files as it does (its error texts, recorded), and round-trips with it when it is
installed (its NumPy API needs no PyTorch)."""
import os
import re
import warnings

import numpy as np
import pytest

import hookgrad as torch
import hookgrad.safetensors as st
from hookgrad import nn
from hookgrad._dtype import has_bfloat16
from tests import _recorded
from tests.serialization import _craft

FIXTURES = os.path.join(os.path.dirname(__file__), "fixtures")
MODELS = _recorded.load("serialization_models")
ERRORS = _recorded.load("serialization_errors")
DTYPES = (torch.float32, torch.float64, torch.float16, torch.int64, torch.int32, torch.int16,
          torch.int8, torch.uint8, torch.bool)


def fixture(name):
    return os.path.join(FIXTURES, name)


def every_dtype():
    values = {}
    for i, dtype in enumerate(DTYPES):
        values[str(dtype)] = (torch.arange(6).reshape(2, 3) * (i + 1) - 4).to(dtype)
    values.update({"scalar": torch.tensor(1.5), "empty": torch.zeros(0, 3),
                   "transposed": torch.arange(6.0).reshape(2, 3).t(),
                   "column": torch.arange(12.0).reshape(3, 4)[:, 1]})
    return values


def test_a_file_the_package_wrote_gives_pytorchs_outputs():
    state = st.load_file(fixture("mlp.safetensors"))
    model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 4)).eval()
    model.load_state_dict(state)
    with torch.no_grad():
        output = model(torch.tensor(MODELS["mlp"]["input"]))
    np.testing.assert_allclose(output.numpy(), MODELS["mlp"]["output"], rtol=1e-5, atol=1e-5)
    with st.safe_open(fixture("mlp.safetensors"), framework="pt") as f:
        assert f.metadata() == {"format": "pt", "note": "written by safetensors"}
        assert f.keys() == sorted(state)
        np.testing.assert_array_equal(f.get_tensor("0.bias").numpy(), state["0.bias"].numpy())


def test_every_dtype_the_package_wrote_loads():
    recorded = {key[1:-1]: item for key, item in MODELS["every_dtype"]["items"]}
    widened = "" if has_bfloat16() else "1 bfloat16 tensor as float32, "  # (ml_dtypes: bf16)
    with pytest.warns(UserWarning, match=widened + "1 uint16 tensor as int32, 1 uint32 tensor "
                      "as int64"):
        loaded = st.load_file(fixture("every_dtype.safetensors"))
    assert loaded["bfloat16"].dtype == (torch.bfloat16 if has_bfloat16() else torch.float32)
    for name, tensor in loaded.items():
        expected = recorded[name]
        assert list(tensor.shape) == expected["shape"], name
        np.testing.assert_array_equal(tensor._data.astype(expected["values"].dtype),
                                      expected["values"], err_msg=name)


def test_round_trip_keeps_every_dtype_0d_empty_and_non_contiguous_tensors(tmp_path):
    values = every_dtype()
    st.save_file(values, tmp_path / "all.safetensors")
    for loaded in (st.load(st.save(values)), st.load_file(tmp_path / "all.safetensors")):
        assert list(loaded) == sorted(values)
        for name, value in values.items():
            assert loaded[name].dtype == value.dtype and loaded[name].shape == value.shape
            np.testing.assert_array_equal(loaded[name].numpy(), value.numpy(), err_msg=name)
            assert loaded[name].is_contiguous()


def test_loaded_tensors_are_writable_and_independent(tmp_path):
    path = tmp_path / "t.safetensors"
    st.save_file({"a": torch.ones(3), "b": torch.zeros(2)}, path)
    loaded = st.load_file(path)
    loaded["a"].add_(1.0)
    assert loaded["b"].numpy().base is not loaded["a"].numpy().base
    assert st.load_file(path)["a"].numpy().tolist() == [1.0, 1.0, 1.0]
    st.save_file({"a": torch.zeros(1)}, path)  # rewriting the file does not disturb them
    assert loaded["a"].numpy().tolist() == [2.0, 2.0, 2.0]


def test_metadata_round_trips_and_must_be_strings(tmp_path):
    path = tmp_path / "m.safetensors"
    st.save_file({"w": torch.ones(1)}, path, metadata={"format": "pt", "epoch": "3"})
    with st.safe_open(path, framework="np") as f:
        assert f.metadata() == {"format": "pt", "epoch": "3"}
        assert isinstance(f.get_tensor("w"), np.ndarray)
    with pytest.raises(TypeError) as error:
        st.save({"a": torch.ones(4)}, metadata={"k": 1})
    assert str(error.value) == ERRORS["st_save_metadata_not_str"]["message"]


def _sorted_sets(text):
    return re.sub(r"\{[^{}]*\}", lambda m: str(sorted(m.group(0)[1:-1].split(", "))), text)


def test_shared_tensors_are_refused_as_the_package_refuses_them():
    shared = torch.ones(4)
    for tensors in ({"a": shared, "b": shared[:2]}, {"a": shared, "b": shared}):
        with pytest.raises(RuntimeError) as error:
            st.save(tensors)
        assert _sorted_sets(str(error.value)) == \
            _sorted_sets(ERRORS["st_save_shared"]["message"])
    halves = st.load(st.save({"a": shared[:2], "b": shared[2:]}))  # disjoint parts are fine
    assert halves["a"].shape == halves["b"].shape == (2,)


@pytest.mark.parametrize("name, argument", [("st_save_not_a_dict", [torch.ones(1)]),
                                            ("st_save_not_a_tensor", {"a": 1})])
def test_wrong_arguments_raise_the_packages_errors(name, argument):
    with pytest.raises(ValueError) as error:
        st.save(argument)
    assert str(error.value) == ERRORS[name]["message"]


@pytest.mark.parametrize("name", list(_craft.safetensors_cases()))
def test_malformed_files_raise_the_packages_errors(name):
    recorded = ERRORS[name]["message"]
    with pytest.raises(st.SafetensorError) as error:
        st.load(_craft.safetensors_cases()[name])
    if "invalid JSON in header" in recorded:  # the rest is serde's wording
        assert str(error.value).startswith("Error while deserializing: invalid JSON in header")
    else:
        assert str(error.value) == recorded


def test_save_model_and_load_model_handle_tied_weights(tmp_path):
    model = nn.Sequential(nn.Linear(4, 4), nn.Linear(4, 4))
    model[1].weight = model[0].weight  # tied
    path = tmp_path / "tied.safetensors"
    with pytest.raises(RuntimeError, match="Some tensors share memory"):
        st.save_file(model.state_dict(), path)
    st.save_model(model, path)
    with st.safe_open(path, framework="pt") as f:
        assert f.keys() == ["0.bias", "0.weight", "1.bias"]
        assert f.metadata() == {"1.weight": "0.weight"}
    fresh = nn.Sequential(nn.Linear(4, 4), nn.Linear(4, 4))
    fresh[1].weight = fresh[0].weight
    assert st.load_model(fresh, path) == (set(), [])
    np.testing.assert_array_equal(fresh[1].weight.detach().numpy(),
                                  model[0].weight.detach().numpy())


def test_unsupported_dtypes_and_devices_are_refused():
    data = _craft.safetensors_file({"a": {"dtype": "U64", "shape": [1],
                                          "data_offsets": [0, 8]}}, b"\x00" * 8)
    with pytest.raises(RuntimeError, match="safetensors dtype U64"):
        st.load(data)
    with pytest.raises(AssertionError, match="Torch not compiled with CUDA enabled"):
        st.load_file(fixture("mlp.safetensors"), device="cuda")


def test_bytes_equal_the_packages():
    package = pytest.importorskip("safetensors.numpy")
    values = every_dtype()
    arrays = {k: v.numpy().copy(order="C") for k, v in values.items()}
    assert st.save(values) == package.save(arrays)


def test_round_trip_with_the_package(tmp_path):
    package = pytest.importorskip("safetensors.numpy")
    values = every_dtype()
    st.save_file(values, tmp_path / "h.safetensors", metadata={"by": "hookgrad"})
    theirs = package.load_file(str(tmp_path / "h.safetensors"))
    package.save_file({k: v.numpy().copy() for k, v in values.items()},
                      str(tmp_path / "p.safetensors"))
    mine = st.load_file(tmp_path / "p.safetensors")
    for name, value in values.items():
        np.testing.assert_array_equal(theirs[name], value.numpy(), err_msg=name)
        np.testing.assert_array_equal(mine[name].numpy(), value.numpy(), err_msg=name)


def test_round_trip_with_pytorch(tmp_path):
    real_torch = pytest.importorskip("torch")
    package = pytest.importorskip("safetensors.torch")
    st.save_file(every_dtype(), tmp_path / "h.safetensors")
    loaded = package.load_file(str(tmp_path / "h.safetensors"))
    assert loaded["transposed"].is_contiguous() and loaded["scalar"].shape == ()
    package.save_file({"bf": real_torch.tensor([1.5, -2.0], dtype=real_torch.bfloat16)},
                      str(tmp_path / "b.safetensors"))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert st.load_file(tmp_path / "b.safetensors")["bf"].tolist() == [1.5, -2.0]
