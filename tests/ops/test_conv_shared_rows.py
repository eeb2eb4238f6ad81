"""conv.py's ``_rows``: a convolution's input and weight gradients take the output
gradient's GEMM rows from one transposing copy, and give the bits they gave each making
its own."""
import numpy as np

import hookgrad as torch
import hookgrad.nn.functional as F
from hookgrad._ops import conv


def _grads(x, w, b, g):
    xt, wt, bt = (torch.tensor(a, requires_grad=True) for a in (x, w, b))
    F.conv2d(xt, wt, bt).backward(torch.tensor(g))
    return [t.grad.numpy().view(np.uint32) for t in (xt, wt, bt)]


def test_rows_made_once_with_the_same_bits(monkeypatch):
    rng = np.random.default_rng(0)  # (W4's second layer: batch-last rows for both)
    x = rng.standard_normal((64, 6, 12, 12)).astype(np.float32)
    w = rng.standard_normal((16, 6, 5, 5)).astype(np.float32)
    b = rng.standard_normal(16).astype(np.float32)
    g = rng.standard_normal((64, 16, 8, 8)).astype(np.float32)
    made = []
    grouped_rows = conv._grouped_rows
    monkeypatch.setattr(conv, "_grouped_rows", lambda *a: made.append(a[1:]) or grouped_rows(*a))
    shared = _grads(x, w, b, g)
    assert len(made) == 1
    monkeypatch.setattr(conv, "_rows", lambda gy, groups, batch_last, memo: grouped_rows(
        gy, groups, batch_last))
    for ours, theirs in zip(shared, _grads(x, w, b, g)):
        np.testing.assert_array_equal(ours, theirs)
