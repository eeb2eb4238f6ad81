"""pooling.whole_input_indices (the max-pool backward's scatter positions from the winning
taps and cached window starts) against flat_indices plus each plane's offset, over
geometries, unbatched inputs and more shapes than its cache holds."""
import numpy as np
import pytest

import hookgrad as torch
import hookgrad.nn.functional as F
from hookgrad._ops import pooling


def _plane_offsets(pool, window_count):
    index = pool.flat_indices().reshape(-1, window_count)
    plane = pool.in_shape[-2] * pool.in_shape[-1]
    return (index + np.arange(0, index.shape[0] * plane, plane)[:, None]).ravel()


@pytest.mark.parametrize("kernel,stride,padding,dilation,ceil_mode", [
    (2, 2, 0, 1, False), (3, 1, 1, 1, False), ((3, 2), (2, 1), (1, 0), (2, 1), True),
    (2, 3, 1, 1, True), (1, 1, 0, 1, False)])
@pytest.mark.parametrize("batched", [True, False])
def test_whole_input_indices(kernel, stride, padding, dilation, ceil_mode, batched):
    rng = np.random.default_rng(0)
    for size in range(5, 5 + pooling._WINDOW_STARTS_CACHE_SIZE + 3):  # (past the cache)
        shape = (2, 3, size, size + 1) if batched else (3, size, size + 1)
        x = torch.tensor(rng.standard_normal(shape).astype(np.float32), requires_grad=True)
        y = F.max_pool2d(x, kernel, stride, padding, dilation, ceil_mode)
        pool = y.grad_fn
        windows = y.shape[-2] * y.shape[-1]
        got = pooling.whole_input_indices(pool, windows)
        pool.indices = None
        np.testing.assert_array_equal(got, _plane_offsets(pool, windows))
        # (once the flat indices exist, they are used)
        np.testing.assert_array_equal(pooling.whole_input_indices(pool, windows), got)


def test_whole_input_indices_uncached_beyond_the_size_limit(monkeypatch):
    monkeypatch.setattr(pooling, "_WINDOW_STARTS_MAX_BYTES", 0)
    monkeypatch.setattr(pooling, "_window_starts", {})
    x = torch.tensor(np.random.default_rng(0).standard_normal((2, 3, 8, 8)).astype(np.float32),
                     requires_grad=True)
    pool = F.max_pool2d(x, 2).grad_fn
    got = pooling.whole_input_indices(pool, 16)
    assert not pooling._window_starts
    pool.indices = None
    np.testing.assert_array_equal(got, _plane_offsets(pool, 16))
