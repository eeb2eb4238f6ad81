"""A convolution's bias gradient against straightforward loops in each of the orders PyTorch
adds it in (tests/parity/s48_conv_bias_grad_order.py checks which order PyTorch takes when),
and the pairwise sum taken past ORDERED_POSITIONS."""
import numpy as np
import pytest

import hookgrad as torch
import hookgrad.nn.functional as F
from hookgrad._ops import conv_bias_grad
from hookgrad._ops.conv_bias_grad import ORDERED_POSITIONS


@pytest.fixture(autouse=True)
def one_thread():
    before = torch.get_num_threads()
    torch.set_num_threads(1)
    yield
    torch.set_num_threads(before)


def grad_of(shape, seed):
    # (large terms of both signs: a sum whose last bits depend on the order)
    return (np.random.default_rng(seed).standard_normal(shape) * 100).astype(np.float32)


def one_at_a_time(values):
    total = np.float32(0)
    for v in values:
        total = np.float32(total + v)
    return total


def test_in_order_adds_sample_by_sample_row_by_row():
    g = grad_of((3, 4, 5, 6), 0)
    want = [one_at_a_time(g[:, c].reshape(-1)) for c in range(4)]
    assert conv_bias_grad._in_order(g).tolist() == want


def test_by_sample_adds_each_samples_sum_in_turn():
    g = grad_of((3, 4, 5, 6), 1)
    want = [one_at_a_time([one_at_a_time(g[m, c].reshape(-1)) for m in range(3)])
            for c in range(4)]
    assert conv_bias_grad._by_sample(g).tolist() == want


def test_by_row_adds_each_rows_sum_in_turn():
    g = grad_of((3, 4, 5, 6), 2)
    want = [one_at_a_time([one_at_a_time(g[m, c, r]) for m in range(3) for r in range(5)])
            for c in range(4)]
    assert conv_bias_grad._by_row(g).tolist() == want


def test_zero_gradients_give_positive_zeros():
    # (oneDNN's accumulators start at 0: a sum of -0.0 is 0.0, as PyTorch's)
    x = torch.ones(4, 2, 5, 5)
    b = torch.zeros(3, requires_grad=True)
    y = F.conv2d(x, torch.ones(3, 2, 3, 3), b)
    y.backward(torch.full(y.shape, -0.0))
    assert [np.copysign(1, v) for v in b.grad.tolist()] == [1, 1, 1]


def test_past_the_ordered_positions_the_pairwise_sum_is_taken():
    # one channel, a batch of 32 on oneDNN: more positions than are added one at a time
    side = int((ORDERED_POSITIONS // 32) ** 0.5) + 4
    x = torch.tensor(grad_of((32, 1, side, side), 3))
    b = torch.zeros(2, requires_grad=True)
    y = F.conv2d(x, torch.ones(2, 1, 3, 3), b)
    assert y[:, 0].numel() > ORDERED_POSITIONS
    g = grad_of(tuple(y.shape), 4)
    y.backward(torch.tensor(g))
    pairwise = np.add.reduce(np.add.reduce(g, axis=0), axis=(1, 2))
    assert b.grad.numpy().tolist() == pairwise.tolist()
    exact = g.astype(np.float64).sum(axis=(0, 2, 3))
    np.testing.assert_allclose(b.grad.numpy(), exact, rtol=1e-5)


def test_native_grouped_sums_each_groups_copy():
    # (float64: PyTorch's native kernels, group by group)
    x = torch.tensor(np.random.default_rng(5).standard_normal((3, 4, 6, 6)))
    b = torch.zeros(6, dtype=torch.float64, requires_grad=True)
    y = F.conv2d(x, torch.ones(6, 2, 3, 3, dtype=torch.float64), b, groups=2)
    g = np.random.default_rng(6).standard_normal(tuple(y.shape)) * 100
    y.backward(torch.tensor(g))
    want = np.concatenate([torch.tensor(np.ascontiguousarray(g[:, k * 3:(k + 1) * 3])).sum(
        (0, 2, 3)).numpy() for k in range(2)])
    assert b.grad.numpy().tolist() == want.tolist()
