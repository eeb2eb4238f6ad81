"""torch.bfloat16 through the optional ml_dtypes package, against values recorded from
PyTorch 2.13 (tools/record/bfloat16.py): printing, conversions, promotion, ops computed in
float32 and rounded once, gradients in bfloat16; and the TypeError without ml_dtypes."""
import subprocess
import sys

import numpy as np
import pytest
from _recorded import load

import hookgrad as torch
from ops.bfloat16_cases import APPROXIMATE, CASES, run

pytest.importorskip("ml_dtypes", reason="bfloat16 needs the optional ml_dtypes package "
                    "(pip install 'hookgrad[bfloat16]'; the test extra installs it)")

RECORDED = load("bfloat16")


def _close(actual, expected, name):
    """Within 2 bfloat16 steps of each value, or 1 step of the largest (a formula's
    cancellation: the gradients of layer_norm and silu near zero)."""
    assert actual.shape == expected.shape, name
    expected = expected.astype(np.float64)
    scale = float(np.abs(expected[np.isfinite(expected)]).max(initial=0))
    np.testing.assert_allclose(actual.astype(np.float64), expected, rtol=2.0 ** -7,
                               atol=2.0 ** -8 * scale, err_msg=name)


@pytest.mark.parametrize("name", sorted(CASES))
def test_matches_pytorch(name):
    expected, got = RECORDED[name], run(torch, name)
    assert got.keys() == expected.keys()
    if "error" in expected:
        assert got["error"] == expected["error"]
        return
    if name not in APPROXIMATE:
        assert got["repr"] == expected["repr"]
    for key in ("dtype", "node"):
        assert got.get(key) == expected.get(key), key
    if "values" in expected:
        _close(got["values"], expected["values"], name)
    for leaf in ("x.grad", "y.grad"):
        if leaf in expected:
            assert got[leaf]["dtype"] == expected[leaf]["dtype"]
            _close(got[leaf]["values"], expected[leaf]["values"], f"{name} {leaf}")


def test_sums_accumulate_in_float32_and_round_once():
    ones = torch.ones(4096, dtype=torch.bfloat16)
    assert ones.sum().item() == 4096.0  # (a bfloat16 accumulator stops at 256)
    assert ones.cumsum(0)[-1].item() == 4096.0
    assert ones.view(64, 64).sum(0)[0].item() == 64.0
    halves = torch.ones(4096, dtype=torch.float16)  # float16 the same way
    assert halves.cumsum(0)[-1].item() == 4096.0


def test_import_does_not_load_ml_dtypes_and_without_it_the_error_says_what_to_install():
    script = (
        "import sys\n"
        "import hookgrad as torch\n"
        "assert 'ml_dtypes' not in sys.modules\n"
        "sys.modules['ml_dtypes'] = None  # (as if it were not installed)\n"
        "print(torch.bfloat16, torch.promote_types(torch.bfloat16, torch.float16))\n"
        "try:\n"
        "    torch.ones(2).to(torch.bfloat16)\n"
        "except TypeError as error:\n"
        "    print(error)\n")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         check=True).stdout.splitlines()
    assert out == ["torch.bfloat16 torch.float32",
                   "hookgrad has no torch.bfloat16 tensors without the ml_dtypes package: "
                   "pip install 'hookgrad[bfloat16]' (or pip install ml_dtypes)"]
