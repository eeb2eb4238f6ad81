"""Complex tensors against values recorded from PyTorch (tests/ops/complex_cases.py; record
with tools/record/complex_tensors.py)."""
import pytest
from _recorded import load

import hookgrad as torch
from tests.ops.complex_cases import CASES, run

RECORDED = load("complex_tensors")


@pytest.mark.parametrize("name", sorted(CASES))
def test_matches_pytorch(name):
    assert run(torch, name) == RECORDED[name]
