"""NumPy's complex multiply as a fused multiply-add (``hookgrad._ops.complex_fma``: fused.fma64's
route for arrays, sleef_double's fmas, layer norm's backward): one rounding, on every layout
and size, equal to the emulation wherever the emulation is exact."""
from fractions import Fraction

import numpy as np
import pytest

from hookgrad._ops import complex_fma, fused
from hookgrad._ops.complex_fma import (
    complex_fma_exact,
    fused_real_,
    interleaved,
    running_fma_rows,
)
from hookgrad._ops.fused import fma


def _available(dtype):
    if complex_fma.fma(np.ones(2, dtype), 1.0, np.ones(2, dtype), dtype) is None:
        pytest.skip("NumPy's complex multiply does not round once here")


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_rounds_once_where_the_product_alone_would_round(dtype):
    _available(dtype)
    k = 12 if dtype == np.float32 else 27
    factor = dtype(1 + 2.0 ** -k)
    want = float(Fraction(float(factor)) ** 2 - 1)
    for shape in [(), (1,), (2,), (7,), (3, 5), (1000,)]:
        a = np.full(shape, factor, dtype)
        got = complex_fma.fma(a, factor, np.full(shape, -1, dtype), dtype)
        assert got.shape == shape and got.dtype == dtype and got.flags.c_contiguous
        assert np.all(got == dtype(want))
        got = complex_fma.fma(a, a, dtype(-1), dtype)  # (array factors, a number addend)
        assert np.all(got == dtype(want))


def test_float64_equals_the_emulation_on_ordinary_values(monkeypatch):
    _available(np.float64)
    rng = np.random.default_rng(9)
    shapes = [((5,), (5,), (5,)), ((1003,), (1003,), (1003,)), ((4, 1), (1, 6), (4, 6)),
              ((), (7,), ()), ((3, 1), (), (3, 8))]
    for three in shapes:
        a, b, c = (rng.standard_normal(s) * 10.0 ** rng.integers(-8, 8, s) for s in three)
        got = fused.fma64(a, b, c)
        with monkeypatch.context() as m:
            m.setitem(complex_fma._EXACT, np.dtype(np.float64), False)
            want = fused.fma64(a, b, c)
        assert got.shape == want.shape and got.tobytes() == want.tobytes()


def test_float64_rounds_once_where_the_emulation_cannot():
    """Products near the overflow limit (the emulation's splitting overflows there) and below
    the normal range (its error terms underflow): IEEE's fma, from exact rational sums."""
    _available(np.float64)
    a = np.array([1e308, -2.37, 3e-160, -7.1e-170, 1.5, 1e200])
    x = np.array([3.5e-301, 1e308, 2.1e-160, 3.3e-150, 2.0, 2e108])
    y = np.array([2.0, np.inf, 1e-310, 5e-324, -3.0, -1.7e308])
    rows = [0, 2, 3, 4, 5]
    want = [float(Fraction(p) * Fraction(q) + Fraction(r))
            for p, q, r in zip(a[rows], x[rows], y[rows])]
    got = fused.fma64(a, x, y)
    assert got[rows].tolist() == want and got[1] == np.inf


def test_zero_sums_keep_ieee_signs():
    _available(np.float64)
    zeros = np.array([0.0, -0.0])
    a, c = np.meshgrid(zeros, zeros)
    got = complex_fma.fma(a, 1.0, c, np.float64)
    assert np.signbit(got).tolist() == (np.signbit(a) & np.signbit(c)).tolist()


def test_a_numpy_that_rounds_twice_is_not_used(monkeypatch):
    monkeypatch.setattr(complex_fma, "_EXACT", {})
    monkeypatch.setattr(complex_fma, "_product_real",
                        lambda a, b, c, dtype: np.asarray(a * b + c, dtype))
    assert complex_fma.fma(np.ones(3), 2.0, np.ones(3), np.float64) is None



@pytest.mark.parametrize("kind", [np.float32, np.float64])
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
    assert not complex_fma_exact(np.dtype(np.float64), 1)
    assert not complex_fma_exact(np.dtype(np.float16), 100)


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
