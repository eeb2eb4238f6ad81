"""bfloat16 tensors in checkpoints with ml_dtypes installed: saved as PyTorch saves them
(BFloat16Storage, safetensors BF16) and loaded back as bfloat16, views still sharing."""
import io
import zipfile

import pytest

import hookgrad as torch
import hookgrad.safetensors as st

pytest.importorskip("ml_dtypes", reason="bfloat16 needs the optional ml_dtypes package "
                    "(pip install 'hookgrad[bfloat16]'; the test extra installs it)")


def test_torch_save_and_load_keep_bfloat16_and_sharing():
    x = torch.tensor([[1.5, -2.25], [3.3, 4.0]], dtype=torch.bfloat16)
    buffer = io.BytesIO()
    torch.save({"x": x, "row": x[1], "dtype": torch.bfloat16}, buffer)
    with zipfile.ZipFile(io.BytesIO(buffer.getvalue())) as archive:
        pickle_bytes = archive.read(next(n for n in archive.namelist() if n.endswith("data.pkl")))
    assert b"BFloat16Storage" in pickle_bytes
    loaded = torch.load(io.BytesIO(buffer.getvalue()))
    assert loaded["x"].dtype is torch.bfloat16 and loaded["dtype"] is torch.bfloat16
    assert loaded["x"].tolist() == [[1.5, -2.25], [3.296875, 4.0]]
    loaded["x"][1, 0] = 7.0
    assert loaded["row"][0].item() == 7.0


def test_safetensors_bf16_round_trip(tmp_path):
    x = torch.tensor([1.1, -2.0, 1e30], dtype=torch.bfloat16)
    st.save_file({"x": x}, tmp_path / "b.safetensors")
    assert b'"dtype":"BF16"' in (tmp_path / "b.safetensors").read_bytes()
    loaded = st.load_file(tmp_path / "b.safetensors")["x"]
    assert loaded.dtype is torch.bfloat16 and loaded.tolist() == x.tolist()
