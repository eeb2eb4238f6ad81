"""BLAS's axpy as the fused multiply-add of ``add_(alpha=)``, SGD's step and ``lerp_``
(``hookgrad._blas.axpy``): used only where its kernel rounds once, equal to the emulated fma
where both apply, and never where it would skip or misread the work. (Its bits against
PyTorch's: tests/parity/s49_axpy_add_bits.py.)"""
import ctypes

import numpy as np
import pytest

from hookgrad import _blas
from hookgrad._ops import fused

DTYPES = [np.dtype(np.float32), np.dtype(np.float64)]


def _loaded(dtype):
    if _blas._axpy_function(dtype) is None:
        pytest.skip("NumPy's BLAS has no fused axpy here")


@pytest.fixture
def emulated(monkeypatch):
    """Run with axpy unavailable, as without OpenBLAS."""
    for dtype in DTYPES:
        monkeypatch.setitem(_blas._axpy, dtype, None)


def _unfused_kernel(dtype):
    """A ctypes-shaped axpy that rounds the product first: what a kernel without FMA does."""
    pointer = ctypes.POINTER(ctypes.c_float if dtype == np.float32 else ctypes.c_double)

    def kernel(n, alpha, x, incx, y, incy):
        xs = np.ctypeslib.as_array(ctypes.cast(x, pointer), (n,))
        ys = np.ctypeslib.as_array(ctypes.cast(y, pointer), (n,))
        ys += (dtype.type(alpha) * xs).astype(dtype)
    return kernel


@pytest.mark.parametrize("dtype", DTYPES)
def test_a_kernel_that_rounds_twice_is_not_used(dtype, monkeypatch):
    _loaded(dtype)
    assert _blas._fuses(dtype)
    monkeypatch.setitem(_blas._axpy, dtype, _unfused_kernel(dtype))
    assert not _blas._fuses(dtype)


@pytest.mark.parametrize("dtype", DTYPES)
def test_axpy_is_the_emulated_fma_on_ordinary_values(dtype, monkeypatch):
    _loaded(dtype)
    rng = np.random.default_rng(5)
    for n in (1, 2, 7, 16, 17, 63, 1000, 4099):
        x = (rng.standard_normal(n) * 10.0 ** rng.integers(-6, 6, n)).astype(dtype)
        y = rng.standard_normal(n).astype(dtype)
        for alpha in (dtype.type(-0.01), dtype.type(3.75), dtype.type(1e-7)):
            got = y.copy()
            assert _blas.axpy(alpha, x, got)
            with monkeypatch.context() as m:
                m.setitem(_blas._axpy, dtype, None)
                want = fused.fma(alpha, x, y)
            assert got.tobytes() == want.tobytes()


# fma(alpha, [inf, 1, -2], [1, -0, 5]) by IEEE arithmetic, as float32 bit patterns
_ZERO_AND_NON_FINITE = [(0.0, [0xFFC00000, 0x00000000, 0x40A00000]),
                        (-0.0, [0xFFC00000, 0x80000000, 0x40A00000]),
                        (np.inf, [0x7F800000, 0x7F800000, 0xFF800000])]


@pytest.mark.parametrize("alpha, want", _ZERO_AND_NON_FINITE)
def test_zero_and_non_finite_factors_are_left_to_the_caller(alpha, want):
    _loaded(DTYPES[0])
    x = np.array([np.inf, 1.0, -2.0], np.float32)
    y = np.array([1.0, -0.0, 5.0], np.float32)
    assert not _blas.axpy(np.float32(alpha), x, y)
    assert y.tobytes() == np.array([1.0, -0.0, 5.0], np.float32).tobytes()
    with np.errstate(all="ignore"):
        fused.add_product_(y, np.float32(alpha), x)  # (OpenBLAS would skip a zero's NaN)
    assert y.view(np.uint32).tolist() == want


def test_an_operand_that_is_the_result_reads_each_element_before_writing_it():
    _loaded(DTYPES[0])
    x = np.arange(1, 40, dtype=np.float32) / 7
    want = fused.fma(np.float32(0.3), x.copy(), x.copy())
    fused.add_product_(x, np.float32(0.3), x)
    assert x.tobytes() == want.tobytes()


@pytest.mark.parametrize("dtype", DTYPES)
def test_the_optimizer_step_is_the_same_with_and_without_axpy(dtype, emulated):
    rng = np.random.default_rng(7)
    p, g = (rng.standard_normal(300).astype(dtype) for _ in range(2))
    stepped = p.copy()
    fused.add_scaled_(stepped, g, -0.01)
    _blas._axpy.clear()  # (the fixture's None entries gone: the next call loads axpy)
    if _blas._axpy_function(dtype) is None:
        pytest.skip("NumPy's BLAS has no fused axpy here")
    again = p.copy()
    fused.add_scaled_(again, g, -0.01)
    assert again.tobytes() == stepped.tobytes()
