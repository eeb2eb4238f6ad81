"""Default parameter initialisation of the layers, and nn.init: the distributions PyTorch
uses, checked statistically."""
import math

import numpy as np
import pytest

import hookgrad
from hookgrad import nn


def _values(t):
    return np.asarray(t.detach().tolist(), dtype=np.float64)


def _assert_uniform(t, bound):
    """Values in [-bound, bound] with the mean and spread of U(-bound, bound)."""
    v = _values(t).reshape(-1)
    slack = 5 / math.sqrt(v.size)  # five standard errors, relative
    assert np.abs(v).max() <= bound * (1 + 1e-6)
    assert np.abs(v).max() > bound * (1 - 6 / v.size)
    assert abs(v.mean()) < slack * bound / math.sqrt(3)
    assert abs(v.std() / (bound / math.sqrt(3)) - 1) < slack


def _assert_normal(t, std, mean=0.0):
    v = _values(t).reshape(-1)
    slack = 5 / math.sqrt(v.size)
    assert abs(v.mean() - mean) < slack * std
    assert abs(v.std() / std - 1) < slack


def test_default_initialisation():
    hookgrad.manual_seed(0)
    linear = nn.Linear(300, 200)
    _assert_uniform(linear.weight, 1 / math.sqrt(300))
    _assert_uniform(linear.bias, 1 / math.sqrt(300))
    conv = nn.Conv2d(8, 64, (3, 2), groups=2)  # fan_in = 4 * 3 * 2
    _assert_uniform(conv.weight, 1 / math.sqrt(24))
    _assert_uniform(conv.bias, 1 / math.sqrt(24))
    transposed = nn.ConvTranspose2d(64, 40, 3, groups=4)  # weight (64, 10, 3, 3): fan_in = 90
    _assert_uniform(transposed.weight, 1 / math.sqrt(90))
    _assert_uniform(transposed.bias, 1 / math.sqrt(90))
    bilinear = nn.Bilinear(20, 10, 30)
    _assert_uniform(bilinear.weight, 1 / math.sqrt(20))
    embedding = nn.Embedding(1000, 20, padding_idx=3)
    assert _values(embedding.weight)[3].tolist() == [0.0] * 20
    _assert_normal(embedding.weight[4:], 1.0)
    mha = nn.MultiheadAttention(64, 4)
    _assert_uniform(mha.in_proj_weight, math.sqrt(6 / (64 + 3 * 64)))
    assert not _values(mha.in_proj_bias).any() and not _values(mha.out_proj.bias).any()
    _assert_uniform(mha.out_proj.weight, 1 / math.sqrt(64))
    for norm in (nn.BatchNorm2d(5), nn.LayerNorm(5), nn.GroupNorm(1, 5)):
        assert _values(norm.weight).tolist() == [1.0] * 5
        assert _values(norm.bias).tolist() == [0.0] * 5
    bn = nn.BatchNorm1d(3)
    assert _values(bn.running_mean).tolist() == [0.0] * 3
    assert _values(bn.running_var).tolist() == [1.0] * 3
    assert bn.num_batches_tracked.dtype == hookgrad.int64 and bn.num_batches_tracked.item() == 0
    assert all(p.requires_grad and p.is_leaf for p in linear.parameters())


def test_init_functions():
    init = nn.init
    assert [init.calculate_gain(n) for n in ("linear", "conv2d", "sigmoid", "tanh", "relu",
                                             "leaky_relu", "selu")] == [
        1, 1, 1, 1.6666666666666667, 1.4142135623730951, 1.4141428569978354, 0.75]
    assert init.calculate_gain("leaky_relu", 0.2) == 1.3867504905630728
    assert init._calculate_fan_in_and_fan_out(hookgrad.zeros(6, 4, 3, 2)) == (24, 36)
    w = nn.Parameter(hookgrad.zeros(400, 300))
    version = w._version
    assert init.kaiming_uniform_(w) is w and w.is_leaf and w.grad_fn is None
    assert w._version > version
    _assert_uniform(w, math.sqrt(3) * init.calculate_gain("leaky_relu", 0) / math.sqrt(300))
    _assert_uniform(init.kaiming_uniform_(w, mode="fan_out", nonlinearity="relu"),
                    math.sqrt(6 / 400))
    _assert_normal(init.kaiming_normal_(w, a=0.1), math.sqrt(2 / 1.01) / math.sqrt(300))
    _assert_uniform(init.xavier_uniform_(w, gain=2.0), 2 * math.sqrt(6 / 700))
    _assert_normal(init.xavier_normal_(w), math.sqrt(2 / 700))
    _assert_uniform(init.uniform_(w, -3, 3), 3)
    _assert_normal(init.normal_(w, 2.0, 0.5), 0.5, mean=2.0)
    values = _values(init.trunc_normal_(w, mean=0.5, std=1.0, a=-1.0, b=1.5))
    assert values.min() >= -1.0 and values.max() <= 1.5 and abs(values.mean() - 0.35481) < 0.01
    with pytest.warns(UserWarning, match="mean is more than 2 std from"):  # far tail
        values = _values(init.trunc_normal_(w, std=0.01, a=0.05, b=0.06))
    assert values.min() >= 0.05 and values.max() <= 0.06
    assert _values(init.constant_(w, 0.25)).max() == 0.25
    assert not _values(init.zeros_(w)).any() and _values(init.ones_(w)).min() == 1.0
    assert _values(init.eye_(hookgrad.empty(2, 3))).tolist() == [[1, 0, 0], [0, 1, 0]]
    q = _values(init.orthogonal_(hookgrad.empty(3, 5)))
    np.testing.assert_allclose(q @ q.T, np.eye(3), atol=1e-5)
    with pytest.raises(ValueError, match="Fan in and fan out can not be computed for tensor "
                                         "with fewer than 2 dimensions"):
        init.xavier_uniform_(hookgrad.zeros(3))
    with pytest.raises(ValueError, match=r"Mode fan_avg not supported, please use one of "
                                         r"\['fan_in', 'fan_out'\]"):
        init.kaiming_uniform_(w, mode="fan_avg")
    with pytest.raises(ValueError, match="Unsupported nonlinearity softmax"):
        init.calculate_gain("softmax")
    with pytest.raises(ValueError, match="negative_slope True not a valid number"):
        init.calculate_gain("leaky_relu", True)
    with pytest.warns(UserWarning, match="Initializing zero-element tensors is a no-op"):
        init.kaiming_uniform_(hookgrad.zeros(0, 3))
