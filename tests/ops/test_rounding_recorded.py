"""Float results PyTorch pins to the last bit, against its recording (tests/recorded/
rounding.json, written by tools/record/rounding.py): compared bit for bit, NaN equal NaN."""
import numpy as np
import pytest
from _recorded import load

import hookgrad as torch
import hookgrad.nn.functional as F

from .rounding_cases import cases

RECORDED = load("rounding")
COMPUTED = cases(torch, F)


@pytest.mark.parametrize("name", sorted(RECORDED))
def test_bit_for_bit(name):
    got = COMPUTED[name].detach().numpy()
    want = RECORDED[name]
    assert got.dtype == want.dtype and got.shape == want.shape
    assert np.array_equal(got, want, equal_nan=True), (got, want)
