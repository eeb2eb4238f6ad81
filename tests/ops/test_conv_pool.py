"""Max pooling and convolution against straightforward loops, on the code paths picked by shape:
non-overlapping and overlapping windows, the NaN rule, indices built on request; batch-first
and batch-last im2col columns."""
import itertools

import numpy as np
import pytest

import hookgrad as torch
import hookgrad.nn.functional as F
from hookgrad._ops.conv import KEEP_COLUMNS_BYTES, _batch_last, conv_forward, conv_weight_grad


def reference_max_pool2d(x, kernel, stride, padding, dilation, ceil_mode):
    """PyTorch's CPU loop: ``(values, flat indices)`` of a ``(N, C, H, W)`` array."""
    n, c, h, w = x.shape
    size = []
    for length, k, s, p, d in zip((h, w), kernel, stride, padding, dilation):
        span = length + 2 * p - d * (k - 1) - 1
        out = (span + (s - 1 if ceil_mode else 0)) // s + 1
        if ceil_mode and (out - 1) * s >= length + p:
            out -= 1
        size.append(out)
    values = np.empty((n, c, *size), x.dtype)
    indices = np.empty((n, c, *size), np.int64)
    (kh, kw), (sh, sw), (ph, pw), (dh, dw) = kernel, stride, padding, dilation
    for b, ch, oh, ow in itertools.product(range(n), range(c), *map(range, size)):
        h0, w0 = oh * sh - ph, ow * sw - pw
        h1, w1 = min(h0 + (kh - 1) * dh + 1, h), min(w0 + (kw - 1) * dw + 1, w)
        while h0 < 0:
            h0 += dh
        while w0 < 0:
            w0 += dw
        best, where = None, h0 * w + w0
        for i in range(h0, h1, dh):
            for j in range(w0, w1, dw):
                value = x[b, ch, i, j]
                if best is None or value > best or np.isnan(value):
                    best, where = value, i * w + j
        values[b, ch, oh, ow], indices[b, ch, oh, ow] = x.flat[(b * c + ch) * h * w + where], where
    return values, indices


def scatter_reference(grad, indices, shape):
    out = np.zeros(shape, grad.dtype).reshape(-1, shape[-2] * shape[-1])
    for plane, (g, index) in enumerate(zip(grad.reshape(len(out), -1),
                                           indices.reshape(len(out), -1))):
        np.add.at(out[plane], index, g)
    return out.reshape(shape)


def pool_inputs():
    rng = np.random.default_rng(0)
    shape = (2, 3, 7, 8)
    ties = rng.integers(-1, 2, shape).astype(np.float64)
    nan = ties.copy()
    nan[rng.random(shape) < 0.3] = np.nan  # several NaNs per window: the last one wins
    neg_inf = np.full(shape, -np.inf)
    neg_inf[rng.random(shape) < 0.2] = 1.0  # whole windows of -inf next to padding
    return {"randn": rng.standard_normal(shape), "ties": ties, "nan": nan, "-inf": neg_inf}


POOL_ARGS = [  # kernel, stride, padding, dilation, ceil_mode
    ((2, 2), (2, 2), (0, 0), (1, 1), False),   # non-overlapping
    ((2, 3), (2, 3), (1, 1), (1, 1), True),    # non-overlapping, padded, ceil
    ((3, 3), (3, 3), (1, 0), (1, 1), False),
    ((3, 3), (1, 1), (1, 1), (1, 1), False),   # overlapping
    ((3, 2), (2, 1), (1, 0), (1, 2), True),    # overlapping, dilated
    ((2, 2), (3, 3), (0, 1), (2, 2), True),    # gaps between dilated windows
]


@pytest.mark.parametrize("args", POOL_ARGS)
@pytest.mark.parametrize("kind", ["randn", "ties", "nan", "-inf"])
def test_max_pool2d_against_loop(kind, args):
    data = pool_inputs()[kind]
    values, indices = reference_max_pool2d(data, *args)
    x = torch.from_numpy(data.copy()).requires_grad_()
    out, index = F.max_pool2d(x, *args[:4], ceil_mode=args[4], return_indices=True)
    np.testing.assert_array_equal(out.detach().numpy(), values)
    np.testing.assert_array_equal(index.numpy(), indices)
    plain = F.max_pool2d(x, *args[:4], ceil_mode=args[4])
    np.testing.assert_array_equal(plain.detach().numpy(), values)
    with torch.no_grad():  # no backward: the maxima alone, without the winning taps
        np.testing.assert_array_equal(F.max_pool2d(x, *args[:4], ceil_mode=args[4]).numpy(),
                                      values)

    # gradient: scattered (and summed where windows share a maximum); double backward: gathered
    probe = torch.from_numpy(np.random.default_rng(1).standard_normal(values.shape))
    probe.requires_grad_()
    (grad,) = torch.autograd.grad(plain, x, probe, create_graph=True)
    np.testing.assert_allclose(grad.detach().numpy(),
                               scatter_reference(probe.detach().numpy(), indices, data.shape))
    weights = np.random.default_rng(2).standard_normal(data.shape)
    (grad_probe,) = torch.autograd.grad((grad * torch.from_numpy(weights)).sum(), probe)
    expected = np.take_along_axis(weights.reshape(6, -1), indices.reshape(6, -1), 1)
    np.testing.assert_array_equal(grad_probe.numpy(), expected.reshape(values.shape))


@pytest.mark.parametrize("dtype", [np.int64, np.int32, np.float32])
def test_max_pool2d_dtypes_and_unbatched(dtype):
    data = np.random.default_rng(3).integers(-5, 5, (3, 6, 5)).astype(dtype)
    values, indices = reference_max_pool2d(data[None], (2, 2), (2, 1), (1, 0), (1, 1), True)
    out, index = F.max_pool2d(torch.from_numpy(data), 2, (2, 1), (1, 0), ceil_mode=True,
                              return_indices=True)
    assert out.numpy().dtype == dtype
    np.testing.assert_array_equal(out.numpy(), values[0])
    np.testing.assert_array_equal(index.numpy(), indices[0])


def test_max_pool1d_indices_on_request():
    data = np.random.default_rng(4).standard_normal((2, 3, 9))
    x = torch.from_numpy(data)
    out, index = F.max_pool1d(x, 3, 2, 1, return_indices=True)
    values, indices = reference_max_pool2d(data[:, :, None], (1, 3), (1, 2), (0, 1), (1, 1),
                                           False)
    np.testing.assert_array_equal(out.numpy(), values[:, :, 0])
    np.testing.assert_array_equal(index.numpy(), indices[:, :, 0])
    np.testing.assert_array_equal(F.max_pool1d(x, 3, 2, 1).numpy(), values[:, :, 0])


def reference_conv2d(x, w, stride, padding, dilation):
    n, _, h, wid = x.shape
    o, _, kh, kw = w.shape
    (sh, sw), (ph, pw), (dh, dw) = stride, padding, dilation
    xp = np.pad(x, ((0, 0), (0, 0), (ph, ph), (pw, pw)))
    ho = (h + 2 * ph - dh * (kh - 1) - 1) // sh + 1
    wo = (wid + 2 * pw - dw * (kw - 1) - 1) // sw + 1
    out = np.zeros((n, o, ho, wo))
    for i, j in itertools.product(range(kh), range(kw)):
        tap = xp[:, :, i * dh:i * dh + (ho - 1) * sh + 1:sh, j * dw:j * dw + (wo - 1) * sw + 1:sw]
        out += np.einsum("nchw,oc->nohw", tap, w[:, :, i, j])
    return out


@pytest.mark.parametrize("x_shape, w_shape, stride, padding, dilation, batch_last", [
    ((3, 1, 9, 10), (6, 1, 2, 2), (1, 1), (0, 0), (1, 1), False),
    ((2, 2, 8, 9), (4, 2, 1, 2), (2, 1), (1, 2), (1, 2), False),
    ((3, 4, 6, 7), (5, 4, 3, 3), (1, 1), (0, 0), (1, 1), True),
    ((2, 3, 8, 9), (2, 3, 3, 2), (2, 3), (1, 0), (2, 1), True),
])
def test_conv_columns_layouts(x_shape, w_shape, stride, padding, dilation, batch_last):
    rng = np.random.default_rng(5)
    x, w = rng.standard_normal(x_shape), rng.standard_normal(w_shape)
    expected = reference_conv2d(x, w, stride, padding, dilation)
    o, c, kh, kw = w_shape
    assert _batch_last(c, kh * kw, o, expected.shape[3]) == batch_last
    out, cols = conv_forward(x, w, stride, padding, dilation, 1)
    np.testing.assert_allclose(out, expected)
    # the weight gradient of sum(out * gy) is linear in gy: check it against one-hot weights
    gy = rng.standard_normal(expected.shape)
    grad_w = conv_weight_grad(x, gy, w_shape, stride, padding, dilation, 1)
    # from the forward's columns (as a recorded convolution's backward does) it is the same
    np.testing.assert_array_equal(
        conv_weight_grad(x, gy, w_shape, stride, padding, dilation, 1, cols), grad_w)
    for index in np.ndindex(*w_shape):
        one_hot = np.zeros(w_shape)
        one_hot[index] = 1
        np.testing.assert_allclose(
            grad_w[index], (reference_conv2d(x, one_hot, stride, padding, dilation) * gy).sum())


def test_conv_keeps_small_columns_until_backward_only():
    """The im2col columns a convolution keeps for its weight gradient are dropped by a
    backward that frees the graph, and are not kept at all beyond KEEP_COLUMNS_BYTES."""
    w = torch.randn(4, 2, 3, 3, requires_grad=True)
    out = torch.nn.functional.conv2d(torch.randn(2, 2, 8, 8), w)
    node = out.grad_fn
    assert node.columns is not None
    out.sum().backward(retain_graph=True)
    assert node.columns is not None  # a second backward may still use them
    out.sum().backward()
    assert node.columns is None
    side = int((KEEP_COLUMNS_BYTES / 4 / 9) ** 0.5) + 3  # columns just over the limit
    big = torch.nn.functional.conv2d(torch.randn(1, 1, side, side), w[:, :1])
    assert big.grad_fn.columns is None
