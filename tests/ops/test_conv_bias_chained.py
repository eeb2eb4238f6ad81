"""conv_bias_grad._chained_sums (each channel's in-order sum as BLAS chains of fused
multiply-adds by 1) against NumPy's in-order reduction, across the chain's depth limit,
for zeros of both signs, and its refusals (non-finite sums, one channel, float64)."""
import numpy as np
import pytest

from hookgrad._ops import conv_bias_grad
from hookgrad._ops.conv_onednn_order import GEMM_DEPTH, gemm_chains
from hookgrad._ops.sum_order import _sequential

pytestmark = pytest.mark.skipif(not gemm_chains(), reason="this BLAS does not chain")


def _reference(g4):
    rows = np.ascontiguousarray(g4.transpose(0, 2, 3, 1)).reshape(-1, g4.shape[1])
    return _sequential(rows) + 0.0


@pytest.mark.parametrize("positions", [1, GEMM_DEPTH - 1, GEMM_DEPTH, GEMM_DEPTH + 1,
                                       2 * GEMM_DEPTH - 2, 2 * GEMM_DEPTH - 1, 4096, 16384])
@pytest.mark.parametrize("channels", [2, 16, 17])
def test_chained_sums_match_in_order(positions, channels):
    rng = np.random.default_rng(positions + channels)
    g = rng.standard_normal((positions, channels, 1, 1)).astype(np.float32)
    g *= np.float32(1e3) ** rng.integers(-1, 2, g.shape)  # (roundings that depend on order)
    g[rng.random(g.shape) < 0.2] = -0.0
    got = conv_bias_grad._chained_sums(g)
    np.testing.assert_array_equal(got.view(np.uint32), _reference(g).view(np.uint32))


def test_chained_sums_of_negative_zeros_are_zero():
    g = np.full((4, 3, 5, 7), -0.0, np.float32)
    assert (conv_bias_grad._chained_sums(g).view(np.uint32) == 0).all()


def test_chained_sums_refuse():
    g = np.ones((2, 3, 4, 4), np.float32)
    g[1, 2, 0, 0] = np.inf
    assert conv_bias_grad._chained_sums(g) is None  # (non-finite: the reduction's NaNs)
    assert conv_bias_grad._chained_sums(np.ones((2, 1, 4, 4), np.float32)) is None
    assert conv_bias_grad._chained_sums(np.ones((2, 3, 4, 4))) is None


def test_chained_sums_leave_the_gradient_as_it_was():
    # (one image: its channel-major transpose is contiguous, a view without the copy)
    g = np.random.default_rng(1).standard_normal((1, 3, 40, 40)).astype(np.float32)
    before = g.copy()
    np.testing.assert_array_equal(conv_bias_grad._chained_sums(g).view(np.uint32),
                                  _reference(g).view(np.uint32))
    np.testing.assert_array_equal(g, before)
