"""complex_fma: NumPy's complex multiply as a fused multiply-add, against fused.fma."""
import numpy as np
import pytest

from hookgrad._ops.complex_fma import (
    complex_fma_exact,
    fused_real_,
    interleaved,
    running_fma_rows,
)
from hookgrad._ops.fused import fma


@pytest.mark.parametrize("kind", [np.float32])
@pytest.mark.parametrize("shape, factor_shape", [((300, 37), (300, 1)), ((64, 128), (64, 1)),
                                                 ((5000,), (5000,)), ((2,), (2,))])
def test_fused_real_matches_fma(kind, shape, factor_shape):
    if not complex_fma_exact(np.dtype(kind), int(np.prod(shape))):
        pytest.skip("NumPy's complex loop is not fused here")
    rng = np.random.default_rng(3)
    x, addend = (rng.standard_normal(shape).astype(kind) for _ in range(2))
    factor = rng.standard_normal(factor_shape).astype(kind)
    buffer = interleaved(x)
    buffer.imag = addend
    got = fused_real_(buffer, factor)
    want = np.asarray(fma(factor, x, addend), kind)
    assert np.array_equal(np.ascontiguousarray(got).view(np.uint8), want.view(np.uint8))


def test_one_element_and_other_dtypes_are_refused():
    assert not complex_fma_exact(np.dtype(np.float32), 1)
    assert not complex_fma_exact(np.dtype(np.float16), 100)
    assert not complex_fma_exact(np.dtype(np.float64), 100)  # (see complex_fma._COMPLEX)


def test_running_fma_rows_matches_a_loop():
    rng = np.random.default_rng(5)
    a, b = (rng.standard_normal((50, 33)).astype(np.float32) for _ in range(2))
    got = running_fma_rows(a, b)
    if got is None:
        pytest.skip("NumPy's complex loop is not fused here")
    want = np.zeros(33, np.float32)
    for row_a, row_b in zip(a, b):
        want = np.asarray(fma(row_a, row_b, want), np.float32)
    assert np.array_equal(got.view(np.uint32), want.view(np.uint32))
