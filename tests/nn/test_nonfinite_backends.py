"""gelu of infinities and convolutions with a non-finite weight give what PyTorch's CPU gives,
backend rule included (see nonfinite_backend_cases.py): values with NaN where PyTorch has NaN,
and for gelu the sign bit of each NaN (oneDNN's gelu(+inf) is a negative NaN)."""
import numpy as np
import pytest
from _recorded import load

import hookgrad as torch
from hookgrad._ops.onednn_isa import AVX512_CORE, onednn_isa
from nn.nonfinite_backend_cases import CASES, run

RECORDED = load("nonfinite_backends")
# Recorded on an AVX-512 CPU, where oneDNN's gelu makes NaN of +inf; on an AVX2 CPU its other
# kernel keeps inf (pinned bit for bit there by the parity case s31_gelu_onednn_bits).
ONEDNN_GELU = {"gelu_float32_contiguous", "gelu_float32_matrix"}
AVX512 = onednn_isa() == AVX512_CORE


@pytest.mark.parametrize("name", sorted(CASES))
def test_matches_pytorch(name):
    if name in ONEDNN_GELU and not AVX512:
        pytest.skip("recorded where oneDNN runs its AVX-512 gelu; this CPU has no AVX-512")
    expected, got = RECORDED[name], run(torch, name)
    want, have = expected["values"], got["values"]
    assert have.dtype == want.dtype and have.shape == want.shape
    assert np.array_equal(np.isnan(have), np.isnan(want)), "NaN where PyTorch has none or not"
    finite = ~np.isnan(want)
    np.testing.assert_allclose(have[finite], want[finite], rtol=1e-6, atol=1e-6)
    if name.startswith("gelu"):
        assert got["signbit"] == expected["signbit"]


def test_mkldnn_off_gives_the_native_kernels_results():
    # torch.backends.mkldnn.enabled = False sends PyTorch to its own kernels
    x = torch.tensor([float("inf"), 1.0])
    w = torch.tensor([[[1.0, float("inf")]]])
    torch.backends.mkldnn.enabled = False
    try:
        assert torch.nn.functional.gelu(x)[0].item() == float("inf")
        out = torch.nn.functional.conv1d(x.expand(2, 1, 2), w, padding=1)
    finally:
        torch.backends.mkldnn.enabled = True
    assert np.isnan(out.numpy()[:, 0, -1]).all()  # inf tap times the end padding
    # oneDNN's gelu of +inf: NaN from its AVX-512 kernel, inf from its AVX2 one
    assert np.isnan(torch.nn.functional.gelu(x)[0].item()) == AVX512
    out = torch.nn.functional.conv1d(x.expand(2, 1, 2), w, padding=1)
    assert out.numpy()[0, 0, -1] == 1.0  # oneDNN leaves the padding out
