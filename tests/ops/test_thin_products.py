"""Products with a thin result (2 to 7 rows or columns) run in blocks (hookgrad/_ops/split.py
``thin_mm``), equal to one call to rounding (OpenBLAS' own blocking and edge kernels already
differ by shape); other products are left to one call."""
import numpy as np
import pytest

from hookgrad._ops import gemm, split


def _operands(rows, depth, cols, seed=0):
    rng = np.random.default_rng(seed)
    return (rng.standard_normal((rows, depth)).astype(np.float32),
            rng.standard_normal((depth, cols)).astype(np.float32))


def _exact(a, b):
    return a.astype(np.float64) @ b.astype(np.float64)


def test_column_blocks_equal_one_call_to_rounding():
    a, b = _operands(6, 25, 36864)  # W4's first convolution
    out = split.thin_mm(a, b)
    assert out is not None and out.shape == (6, 36864) and out.dtype == np.float32
    np.testing.assert_allclose(out, _exact(a, b), rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("rows, cols", [(25, 6), (6, 25), (3, 64)])
def test_depth_blocks_equal_one_call_to_rounding(rows, cols):
    a, b = _operands(rows, 36864, cols)
    out = split.thin_mm(a, b)
    assert out is not None and out.shape == (rows, cols) and out.dtype == np.float32
    np.testing.assert_allclose(out, _exact(a, b), rtol=1e-4, atol=1e-3)


@pytest.mark.parametrize("rows, depth, cols", [
    (1, 25, 36864),    # a row vector: one call is faster
    (8, 25, 36864),    # from 8 rows on, blocks do not pay
    (6, 25, 1000),     # small operands
    (64, 4096, 64),
])
def test_other_products_stay_one_call(rows, depth, cols):
    a, b = _operands(rows, depth, cols)
    assert split.thin_mm(a, b) is None
    np.testing.assert_array_equal(split.mm(a, b), a @ b)
    # (PyTorch's products go through its MKL where it is installed: gemm.py)
    np.testing.assert_array_equal(split.blas_mm(a, b),
                                  gemm.product(a, b) if gemm.available() else a @ b)


def test_float64_and_integer_products():
    a, b = _operands(4, 25, 36864)
    a64, b64 = a.astype(np.float64), b.astype(np.float64)
    np.testing.assert_allclose(split.thin_mm(a64, b64), a64 @ b64, rtol=1e-12, atol=1e-12)
    ai, bi = a.astype(np.int64), b.astype(np.int64)
    assert split.thin_mm(ai, bi) is None
