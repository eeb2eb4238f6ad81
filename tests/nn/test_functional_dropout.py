"""The dropout functions in training mode: masks, scaling, whole channels, alpha dropout's
moments, and their edge cases."""
import numpy as np

import hookgrad as torch
import hookgrad.nn.functional as F


def test_dropout_training():
    torch.manual_seed(0)
    x = torch.ones(200, 100, requires_grad=True)
    y = F.dropout(x, 0.3)
    assert y.grad_fn.name() == "MulBackward0"
    assert y.grad_fn.next_functions[1] == (None, 0)
    values = y.detach().numpy()
    assert set(np.unique(values)) <= {0.0, np.float32(1 / 0.7)}
    assert abs((values == 0).mean() - 0.3) < 0.02
    assert y.dtype == torch.float32
    y.sum().backward()
    assert np.array_equal(x.grad.numpy(), values)  # the gradient is the scaled mask
    torch.manual_seed(0)
    assert np.array_equal(F.dropout(x, 0.3).detach().numpy(), values)


def test_dropout_edge_cases():
    x = torch.randn(4, 5, requires_grad=True)
    assert F.dropout(x, 0.0) is x
    assert F.dropout(x, 0.9, training=False) is x
    zeros = F.dropout(x, 1.0)
    assert zeros.grad_fn.name() == "MulBackward0" and not zeros.detach().numpy().any()
    y = x * 1
    out = F.dropout(y, 0.5, inplace=True)
    assert out is y and y._version == 1


def test_feature_dropout_zeroes_whole_channels():
    torch.manual_seed(1)
    x = torch.ones(8, 6, 3, 3)
    y = F.dropout2d(x, 0.5).numpy().reshape(8, 6, 9)
    assert np.all((y == 0).all(-1) | (y == 2).all(-1))
    assert 0 < (y == 0).mean() < 1
    y = F.dropout1d(torch.ones(6, 5), 0.5).numpy()  # unbatched (C, L)
    assert np.all((y == 0).all(-1) | (y == 2).all(-1))


def test_alpha_dropout_keeps_mean_and_variance():
    torch.manual_seed(2)
    x = torch.randn(200000)
    y = F.alpha_dropout(x, 0.2, training=True).numpy()
    assert abs(y.mean()) < 0.02 and abs(y.std() - 1) < 0.02
    assert F.alpha_dropout(x, 0.2) is x  # training defaults to False, as in PyTorch
