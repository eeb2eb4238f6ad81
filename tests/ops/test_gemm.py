"""Matrix products (mm, matmul's dispatch forms, F.linear, addmm, bmm, mv, dot), forward and
gradients: with PyTorch's MKL release installed (hookgrad/_ops/gemm.py), bit for bit
PyTorch's results at 1 and 2 threads (tests/recorded/gemm.json, written by
tools/record/gemm.py): float32 at the thread count, float64 one thread's (PyTorch's float64
two-thread results differ in 5 of its 140 cases);
with another MKL or none, NumPy's, equal to float64 products to float32 rounding."""
import numpy as np
import pytest
from _recorded import load

import hookgrad as torch
from hookgrad._ops import gemm, vml

from .gemm_cases import THREADS, case_names, digest, run_case

RECORDED = load("gemm")
needs_gemm = pytest.mark.skipif(
    not gemm.available(),
    reason="PyTorch's MKL build (2024.2) not installed (pip install 'mkl==2024.2.0', or "
           "HOOKGRAD_MKL=/path/to/its/libmkl_rt.so.2)")


@pytest.fixture
def threads():
    before = torch.get_num_threads()
    yield torch.set_num_threads
    torch.set_num_threads(before)


@needs_gemm
@pytest.mark.parametrize("count", THREADS)
@pytest.mark.parametrize("key", case_names())
def test_bit_for_bit_pytorch_with_its_mkl(key, count, threads):
    """PyTorch's bits at that count for float32 (MKL one thread per call, large products in
    row or batch blocks on the pool, narrow ones in MKL's two-thread pieces: gemm.py), one
    thread's for float64; with HOOKGRAD_MKL_OPENMP=1 (MKL threads each product as PyTorch's
    does) PyTorch's bits at that count for both."""
    threads(count)
    got = [digest(r) for r in run_case(torch, key)]
    at_count = vml.threaded() or "/float32" in key
    assert got == RECORDED[f"{count if at_count else 1}/{key}"]


def _float32_keys():
    return [k for k in case_names() if "/float32" in k and "large" not in k]


@pytest.mark.parametrize("key", _float32_keys())
def test_float32_products_equal_float64_ones_to_rounding(key, monkeypatch):
    """Through NumPy (as without MKL) and through MKL where it is PyTorch's: the float64
    results of the same operands (the float32 ones are theirs rounded) agree."""
    for numpy_path in (True, False):
        if numpy_path:
            monkeypatch.setattr(gemm, "_functions", {})
        else:
            monkeypatch.undo()
        single = run_case(torch, key)
        double = run_case(torch, key.replace("float32", "float64"))
        for got, want in zip(single, double):
            assert got.dtype == np.float32 and got.shape == want.shape
            np.testing.assert_allclose(got, want, rtol=1e-4, atol=2e-4)


@needs_gemm
def test_sign_of_zero_follows_pytorch():
    """MKL's GEMM keeps a -0 product (-0.637 * 0 in a depth-1 product; NumPy's gives +0);
    PyTorch's bmm, by its small loop or MKL's batched GEMM, adds products to +0 (fuzz
    program 12:3593)."""
    a = torch.tensor([[-0.637], [1.0]])
    b = torch.tensor([[0.0, 2.0]])
    assert np.signbit(torch.mm(a, b).numpy()).tolist() == [[True, True], [False, False]]
    big = torch.bmm(torch.full((2, 40, 1), -1.0), torch.zeros(2, 1, 40))
    small = torch.bmm(torch.full((2, 5, 1), -1.0), torch.zeros(2, 1, 5))
    assert not np.signbit(big.numpy()).any() and not np.signbit(small.numpy()).any()
    assert torch.mm(torch.full((40, 1), -1.0), torch.zeros(1, 40)).numpy().tobytes() == \
        np.full((40, 40), -0.0, np.float32).tobytes()
