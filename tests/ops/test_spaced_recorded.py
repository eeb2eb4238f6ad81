"""arange / linspace / logspace give PyTorch's values bit for bit (its kernels' fused
multiply-adds, vector blocks and thread ranges), and its errors, over seeded random calls
recorded from PyTorch 2.13 (tools/record/spaced.py)."""
import math

import numpy as np
import pytest
from _recorded import load

import hookgrad as torch
from hookgrad._ops.fused import fma32, fma64
from ops.spaced_cases import calls, run

RECORDED = load("spaced")
CALLS = calls()


@pytest.mark.parametrize("label, kind, args, dtype_name, threads", CALLS,
                         ids=[c[0] for c in CALLS])
def test_matches_pytorch(label, kind, args, dtype_name, threads):
    if dtype_name == "bfloat16" and not torch._dtype.has_bfloat16():
        pytest.skip("bfloat16 needs ml_dtypes")
    assert run(torch, kind, args, dtype_name, threads) == RECORDED[label]


def test_default_linspace_values_users_see():
    # the second half counts back from ``end``: 0.3 + 3 * step would round lower
    values = torch.linspace(0.3, 7.1, 10)
    assert values[3].item() == np.float32(2.566666603088379)
    assert torch.arange(0, 1, 0.1)[3].item() == np.float32(0.30000001192092896)


@pytest.mark.parametrize("call, error, message", [
    (lambda: torch.arange(5, 0), RuntimeError,
     "upper bound and lower bound inconsistent with step sign"),
    (lambda: torch.arange(0, math.inf), RuntimeError, "unsupported range: 0 -> inf"),
    (lambda: torch.arange(0, 5, 0.5, dtype=torch.int64), ValueError, "step must be nonzero"),
    (lambda: torch.arange(0, 5, dtype=torch.bool), NotImplementedError,
     "\"arange_cpu\" not implemented for 'Bool'"),
    (lambda: torch.arange(1e20), RuntimeError, "invalid size, possible overflow?"),
    (lambda: torch.linspace(0, 1, -1), RuntimeError, "number of steps must be non-negative"),
    (lambda: torch.linspace(torch.tensor([0.5, 1.0]), 2, 3), RuntimeError,
     "linspace only supports 0-dimensional start and end tensors, but got start with "
     "1 dimension(s)."),
    (lambda: torch.logspace(0, 1, 3, dtype=torch.bool), NotImplementedError,
     "\"logspace_cpu\" not implemented for 'Bool'"),
])
def test_refusals(call, error, message):
    with pytest.raises(error) as caught:
        call()
    assert str(caught.value) == message


def test_linspace_steps_must_be_an_int():
    with pytest.raises(TypeError, match=r"linspace\(\) received an invalid combination of "
                                        r"arguments - got \(int, int, float\)"):
        torch.linspace(0, 1, 2.5)


def test_fma_rounds_once():
    # 1 + 2**-11 + 2**-24 is halfway between two float32 values; c tips it up. Rounding the
    # float64 sum first would land exactly on the halfway point and round to even (down).
    a = np.float32(1 + 2 ** -12)
    assert fma32(a, a, np.float32(2 ** -80)) == np.float32(1 + 2 ** -11 + 2 ** -23)
    # a double product whose low part decides: (1 + 2**-30)**2 - 1 keeps the 2**-60 term
    x = 1 + 2 ** -30
    assert fma64(x, x, -1.0) == 2 ** -29 + 2 ** -60
    assert math.isnan(fma64(math.inf, 0.0, 1.0)) and fma64(1e308, 10.0, 0.0) == math.inf
