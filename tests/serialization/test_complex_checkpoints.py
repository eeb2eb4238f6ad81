"""complex64 / complex128 tensors in checkpoints: files PyTorch wrote (tools/record/
complex_checkpoints.py) load as complex tensors, and hookgrad writes them as PyTorch does
(ComplexFloatStorage / ComplexDoubleStorage; safetensors C64)."""
import io
import math
import zipfile
from pathlib import Path

import pytest

import hookgrad as torch
import hookgrad.safetensors as st

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "complex"


def _check(loaded):
    c64, c128 = loaded["c64"], loaded["c128"]
    assert c64.dtype is torch.complex64 and c128.dtype is torch.complex128
    assert c64[:2].tolist() == [1 + 2j, -0.5j]
    assert math.isnan(c64[2].item().real) and c64[2].item().imag == math.inf
    assert c128.tolist() == [[1e10 + 1j], [2 - 3j]]
    assert loaded["real"].dtype is torch.float32


@pytest.mark.parametrize("name", ["tensors.pt", "tensors_legacy.pt"])
def test_pytorch_files_load_as_complex_tensors_sharing_storage(name):
    loaded = torch.load(FIXTURES / name)
    _check(loaded)
    assert loaded["dtype"] is torch.complex128
    loaded["shared"][2] = 5j
    assert loaded["tail"].tolist() == [2 + 2j, 5j]
    with pytest.raises(NotImplementedError, match="max_all"):  # (ops still refuse complex)
        loaded["c64"].max()


def test_pytorch_safetensors_c64_loads():
    loaded = st.load_file(FIXTURES / "tensors.safetensors")
    assert loaded["c64"].dtype is torch.complex64
    assert loaded["c64"][:2].tolist() == [1 + 2j, -0.5j]


@pytest.mark.parametrize("legacy", [False, True])
def test_save_writes_pytorchs_complex_storage_names_and_round_trips(legacy):
    values = torch.load(FIXTURES / "tensors.pt")
    buffer = io.BytesIO()
    torch.save(values, buffer, _use_new_zipfile_serialization=not legacy)
    data = buffer.getvalue()
    if not legacy:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            data = archive.read(next(n for n in archive.namelist() if n.endswith("data.pkl")))
    assert b"ComplexFloatStorage" in data and b"ComplexDoubleStorage" in data
    _check(torch.load(io.BytesIO(buffer.getvalue())))


def test_safetensors_writes_pytorchs_bytes_and_refuses_complex128(tmp_path):
    loaded = st.load_file(FIXTURES / "tensors.safetensors")
    path = tmp_path / "out.safetensors"
    st.save_file(loaded, path)
    assert path.read_bytes() == (FIXTURES / "tensors.safetensors").read_bytes()
    with pytest.raises(KeyError):  # (the package has no name for complex128 either)
        st.save_file({"x": torch.zeros(1, dtype=torch.complex128)}, tmp_path / "x.safetensors")
