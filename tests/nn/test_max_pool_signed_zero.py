"""max_pool2d picks the first maximum of a window, as PyTorch's loop does (it replaces only on
a strictly greater value): between -0.0 and 0.0 the earlier one is the result, with and
without autograd. (Values checked against PyTorch 2.13: the window [-0, 0, 0, 0] pools to
-0.0 at index 0, [0, -0, -0, -0] to 0.0 at index 0, [-1, -0, 0, -0] to -0.0 at index 1.)"""
import numpy as np
import pytest

import hookgrad as torch

F = torch.nn.functional

WINDOWS = np.array([[-0.0, 0.0, 0.0, 0.0], [0.0, -0.0, -0.0, -0.0], [-1.0, -0.0, 0.0, -0.0]],
                   np.float32)
EXPECTED_SIGN = [True, False, True]  # signbit of each window's maximum
EXPECTED_INDEX = [0, 0, 1]


def _input():
    """One 2x2 window per entry of WINDOWS, side by side: shape (1, 1, 2, 6)."""
    x = np.empty((1, 1, 2, 2 * len(WINDOWS)), np.float32)
    for k, window in enumerate(WINDOWS):
        x[0, 0, :, 2 * k:2 * k + 2] = window.reshape(2, 2)
    return x


@pytest.mark.parametrize("mode", ["no_grad", "grad", "indices"])
def test_first_maximum_of_the_window_wins(mode):
    x = torch.from_numpy(_input())
    if mode == "no_grad":
        with torch.no_grad():
            out = F.max_pool2d(x, 2)
    elif mode == "grad":
        out = F.max_pool2d(x.requires_grad_(), 2)
    else:
        out, indices = F.max_pool2d(x, 2, return_indices=True)
        rows, cols = np.divmod(indices.numpy().ravel(), 2 * len(WINDOWS))
        assert (rows * 2 + cols % 2).tolist() == EXPECTED_INDEX
    values = out.detach().numpy().ravel()
    assert np.array_equal(values, np.zeros(3, np.float32))
    assert np.signbit(values).tolist() == EXPECTED_SIGN
