"""Batch norm's training gradients of small contiguous inputs: float32 ones bit for bit
PyTorch's (its kernel's summation order and fused multiply-adds, see
hookgrad/_ops/batch_norm_grad.py), float64 ones to rounding (tests/recorded/
batch_norm_grad.json, written by tools/record/batch_norm_grad.py). The instance-norm cases
follow with ``acos``, whose slope near 1 turns one ulp of the normalised value into a
visible gradient difference (fuzz program 7:12358)."""
import numpy as np
import pytest
from _recorded import load

import hookgrad as torch

from .batch_norm_grad_cases import cases

RECORDED = load("batch_norm_grad")
RESULTS = cases(torch)


@pytest.mark.parametrize("key", sorted(RECORDED))
def test_gradients_as_pytorch(key):
    expected = RECORDED[key]
    got = RESULTS[key]
    expected = expected if isinstance(expected, list) else [expected]
    got = got if isinstance(got, list) else [got]
    for want, have in zip(expected, got, strict=True):
        have = have.numpy()
        if have.dtype == np.float32:
            np.testing.assert_array_equal(have, want)
        else:
            np.testing.assert_allclose(have, want, rtol=1e-9, atol=1e-12)
