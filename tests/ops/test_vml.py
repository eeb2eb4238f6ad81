"""exp, log, sqrt, tanh, sin, cos, tan, asin, acos, atan, log2, log10, erf, erfc and erfinv of
float32 / float64 tensors: with MKL installed, bit for bit PyTorch's (tests/recorded/vml.json,
written by tools/record/vml.py), NaN sign bits included; without it (or with HOOKGRAD_VML=0),
NumPy's, a few ulp away at most."""
import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from _recorded import load

import hookgrad as torch
from hookgrad._ops import vml

from .vml_cases import DTYPES, FUNCTIONS, bits, composite_cases, inputs

RECORDED = load("vml")
ROOT = Path(__file__).resolve().parents[2]
needs_mkl = pytest.mark.skipif(not vml.available(),
                               reason="MKL not installed (pip install 'hookgrad[mkl]')")
CASES = [(f, d) for f in FUNCTIONS for d in DTYPES]


@needs_mkl
@pytest.mark.parametrize("function,dtype", CASES)
def test_bit_for_bit_pytorch_with_mkl(function, dtype):
    x = torch.from_numpy(inputs(function, dtype))
    expected = RECORDED[f"{function}/{dtype}"]
    np.testing.assert_array_equal(bits(getattr(torch, function)(x).numpy()), expected)
    np.testing.assert_array_equal(bits(getattr(x, function)().numpy()), expected)
    inplace = x.clone()
    getattr(inplace, function + "_")()
    np.testing.assert_array_equal(bits(inplace.numpy()), expected)


@needs_mkl
def test_composites_bit_for_bit_with_mkl():
    for key, got in composite_cases(torch).items():
        np.testing.assert_array_equal(got, RECORDED[key], err_msg=key)


_FALLBACK_SCRIPT = """
import json, sys
sys.path[:0] = [{root!r}, {tests!r}]
import hookgrad as torch
from hookgrad._ops import vml
from ops.vml_cases import DTYPES, FUNCTIONS, bits, inputs
out = {{"available": vml.available()}}
for f in FUNCTIONS:
    for d in DTYPES:
        out[f + "/" + d] = bits(getattr(torch, f)(torch.from_numpy(inputs(f, d))).numpy()).tolist()
print(json.dumps(out))
"""


# NumPy's functions are within 2 ulp of PyTorch's; hookgrad's own float64 erfc (a rational
# form times exp(-x^2)) and erfinv (Newton steps) are less exact in their tails
_FALLBACK_ULPS = {"erfc/float64": 32, "erfinv/float64": 8}


def _ulps(a_bits, b_bits, dtype):
    """Distance in units in the last place between float bit patterns (same sign)."""
    signed = np.int32 if dtype == "float32" else np.int64
    a, b = a_bits.view(signed).astype(np.int64), b_bits.view(signed).astype(np.int64)
    return np.abs(a - b)


def test_numpy_fallback_without_mkl():
    env = dict(os.environ, HOOKGRAD_VML="0")
    script = _FALLBACK_SCRIPT.format(root=str(ROOT), tests=str(ROOT / "tests"))
    run = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True,
                         text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-2000:]
    got = json.loads(run.stdout)
    assert got.pop("available") is False
    for key, values in got.items():
        dtype = key.split("/")[1]
        expected = RECORDED[key]
        mine = np.array(values, expected.dtype)
        floats = expected.view(dtype)
        nan = np.isnan(floats)
        np.testing.assert_array_equal(np.isnan(mine.view(dtype)), nan, err_msg=key)
        # the sign bits of NaNs made from numbers as PyTorch's (sqrt / log of negatives give a
        # NaN without sign); a NaN input's sign NumPy does not always pass on
        made = nan & ~np.isnan(inputs(key.split("/")[0], dtype))
        shift = 31 if dtype == "float32" else 63
        np.testing.assert_array_equal(mine[made] >> shift, expected[made] >> shift, err_msg=key)
        close = _ulps(mine[~nan], expected[~nan], dtype)
        assert close.max() <= _FALLBACK_ULPS.get(key, 2), (key, int(close.max()))


@needs_mkl
def test_layouts_keep_the_input_layout_and_the_values():
    base = torch.from_numpy(inputs("exp", "float32")[:510].reshape(30, 17))
    dense = torch.exp(base.contiguous()).numpy()
    transposed = torch.exp(base.t())
    assert transposed.stride() == (1, 17)  # as NumPy's ufuncs and PyTorch: the input's layout
    np.testing.assert_array_equal(bits(transposed.numpy()), bits(dense.T))
    strided = torch.exp(base[:, ::2])
    assert strided.is_contiguous()
    np.testing.assert_array_equal(bits(strided.numpy()), bits(dense[:, ::2]))
    zero_d = torch.exp(base[3, 4])
    assert zero_d.shape == () and bits(zero_d.numpy()) == bits(dense[3, 4])
    assert torch.exp(base[:0]).shape == (0, 17)


@needs_mkl
def test_chunks_on_the_pool_give_one_threads_values():
    x = torch.from_numpy(np.random.default_rng(0).standard_normal(1 << 19).astype(np.float32))
    threads = torch.get_num_threads()
    try:
        torch.set_num_threads(1)
        one = torch.tanh(x).numpy()
        torch.set_num_threads(2)
        two = torch.tanh(x).numpy()
    finally:
        torch.set_num_threads(threads)
    np.testing.assert_array_equal(bits(one), bits(two))


def test_byte_swapped_and_scalar_inputs():
    exp = vml.vml("Exp", np.exp)
    swapped = np.array([0.3, 1.7, -2.5], ">f4")
    np.testing.assert_array_equal(exp(swapped), np.exp(swapped))  # (NumPy's: not VML's order)
    assert exp(np.float64(2.0)).shape == ()
    np.testing.assert_allclose(exp(np.float64(2.0)), np.exp(2.0), rtol=1e-15)


def test_other_dtypes_take_numpy():
    half = torch.tensor([0.5, 1.0, -2.0], dtype=torch.float16)
    assert torch.exp(half).dtype == torch.float16
    assert torch.exp(torch.tensor([1, 2])).dtype == torch.float32
    z = torch.exp(torch.tensor([1 + 1j], dtype=torch.complex64))
    np.testing.assert_allclose(z.numpy(), np.exp(np.complex64(1 + 1j)), rtol=1e-6)
