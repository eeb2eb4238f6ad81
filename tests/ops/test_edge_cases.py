"""The edge cases of edge_cases.py against PyTorch 2.13 (tests/recorded/edge_cases.json):
the same value, dtype, requires_grad, exception and warnings.

The cases run in a fresh interpreter with every warning shown (``-W always``), as a user's
script runs after ``import hookgrad``: pytest replaces the warnings filters that import
installs, so warnings are only meaningful outside it. Re-record with
``python tools/record/edge_cases.py`` (needs torch)."""
import json
import subprocess
import sys
from pathlib import Path

import pytest
from _recorded import _decode, load

from .edge_cases import CASES
from .edge_record import mismatch

RECORDED = load("edge_cases")
ROOT = Path(__file__).resolve().parents[2]

_RUN_ALL = """
import json, sys
sys.path[:0] = [{root!r}, {tests!r}]
import hookgrad as torch
import hookgrad.nn.functional as F
from _recorded import _encode
from ops.edge_cases import CASES
from ops.edge_record import record
print(json.dumps(_encode({{name: record(torch, F, case) for name, case in CASES.items()}})))
"""


@pytest.fixture(scope="module")
def hookgrad_records():
    code = _RUN_ALL.format(root=str(ROOT), tests=str(ROOT / "tests"))
    done = subprocess.run([sys.executable, "-W", "always", "-c", code], capture_output=True,
                          text=True, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    return _decode(json.loads(done.stdout))


def test_every_case_is_recorded():
    assert sorted(RECORDED) == sorted(CASES)


@pytest.mark.parametrize("name", sorted(CASES))
def test_case_as_pytorch(name, hookgrad_records):
    got, expected = hookgrad_records[name], RECORDED[name]
    if "raises" in expected:
        assert got.get("raises") == expected["raises"], got.get("value", got.get("raises"))
    else:
        assert "raises" not in got, got["raises"]
        found = mismatch(got["value"], expected["value"])
        assert found is None, found
    assert got["warnings"] == expected["warnings"]
