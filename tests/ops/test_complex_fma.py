"""NumPy's complex multiply as a float64 fused multiply-add (``hookgrad._ops.complex_fma``,
fused.fma64's route for arrays): one rounding, on every layout and size, equal to the
emulation wherever the emulation is exact."""
from fractions import Fraction

import numpy as np
import pytest

from hookgrad._ops import complex_fma, fused


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
            m.setitem(complex_fma._works, np.dtype(np.float64), False)
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
    monkeypatch.setattr(complex_fma, "_works", {})
    monkeypatch.setattr(complex_fma, "_product_real",
                        lambda a, b, c, dtype: np.asarray(a * b + c, dtype))
    assert complex_fma.fma(np.ones(3), 2.0, np.ones(3), np.float64) is None
