"""Attention's softmax (PyTorch's ``_safe_softmax``): a query whose every key is masked gets
zeros, not NaN, also when another head holds a NaN; rows with a key left are plain softmax."""
import numpy as np

import hookgrad as torch

F = torch.nn.functional


def _inputs(seed=0):
    rng = np.random.default_rng(seed)
    return rng.standard_normal((2, 3, 4, 8)).astype(np.float32)


def _softmax_attention(q, keep):
    """Reference attention of rows with at least one key kept (others come out NaN)."""
    scores = q @ np.swapaxes(q, -1, -2) / np.sqrt(np.float32(q.shape[-1]))
    scores = np.where(keep, scores, -np.inf)
    with np.errstate(invalid="ignore"):  # the fully masked rows: -inf - -inf
        scores = np.exp(scores - scores.max(-1, keepdims=True))
    return (scores / scores.sum(-1, keepdims=True)) @ q


def test_fully_masked_query_gets_zeros_and_finite_gradients():
    q = _inputs()
    keep = np.ones((4, 4), bool)
    keep[1] = False  # query 1 sees no key
    x = torch.from_numpy(q.copy()).requires_grad_()
    out = F.scaled_dot_product_attention(x, x, x, attn_mask=torch.from_numpy(keep))
    out.sum().backward()
    values = out.detach().numpy()
    assert np.array_equal(values[:, :, 1], np.zeros((2, 3, 8), np.float32))
    assert not np.signbit(values[:, :, 1]).any()
    expected = _softmax_attention(q, keep)
    rows = [0, 2, 3]
    np.testing.assert_allclose(values[:, :, rows], expected[:, :, rows], rtol=1e-5, atol=1e-6)
    assert np.isfinite(x.grad.numpy()).all()


def test_rows_with_a_key_are_softmax_and_a_nan_elsewhere_stays_nan():
    q = _inputs(1)
    keep = np.ones((4, 4), bool)
    keep[2] = False
    q_nan = q.copy()
    q_nan[0, 0, 3, 0] = np.nan  # query and key 3 of the first head: NaN scores there
    with torch.no_grad():
        out = F.scaled_dot_product_attention(*(torch.from_numpy(q_nan),) * 3,
                                             attn_mask=torch.from_numpy(keep)).numpy()
    # a NaN key reaches every query of its head, the masked one too (its scores are -inf +
    # NaN), as in PyTorch; the other heads' masked query gets zeros
    assert np.isnan(out[0, 0]).all()
    assert np.array_equal(out[0, 1:, 2], np.zeros((2, 8), np.float32))
    assert np.array_equal(out[1, :, 2], np.zeros((3, 8), np.float32))
    expected = _softmax_attention(q[1], keep)  # no NaN in the second batch element
    rows = [0, 1, 3]
    np.testing.assert_allclose(out[1][:, rows], expected[:, rows], rtol=1e-5, atol=1e-6)
