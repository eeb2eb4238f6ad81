"""float32 / float64 sums and means in PyTorch's summation order, against its recording
(tests/recorded/sum_order.json, written by tools/record/sum_order.py): compared bit for
bit, the sign of a zero included."""
import numpy as np
import pytest
from _recorded import load

import hookgrad as torch

from .sum_order_cases import THREADS, cases

RECORDED = load("sum_order")


@pytest.fixture(scope="module")
def computed():
    threads = torch.get_num_threads()
    torch.set_num_threads(THREADS)
    try:
        return cases(torch)
    finally:
        torch.set_num_threads(threads)


@pytest.mark.parametrize("name", sorted(RECORDED))
def test_bit_for_bit(computed, name):
    got = computed[name].detach().numpy()
    want = RECORDED[name]
    assert got.dtype == want.dtype and got.shape == want.shape
    bits = f"u{want.dtype.itemsize}"
    mismatched = np.flatnonzero(got.reshape(-1).view(bits) != want.reshape(-1).view(bits))
    assert not mismatched.size, (mismatched[:5], got.reshape(-1)[mismatched[:5]],
                                 want.reshape(-1)[mismatched[:5]])


def test_every_case_recorded(computed):
    assert sorted(computed) == sorted(RECORDED)
