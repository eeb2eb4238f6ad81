"""The tall-buffer convolution kernels (hookgrad/_ops/conv_kernels.py) against a direct
per-tap convolution in float64: forward, input and weight gradients, for stride 1 and
strided (phase) layouts, odd sizes, several chunks, one and two threads."""
import itertools

import numpy as np
import pytest

from hookgrad import _blas, _parallel
from hookgrad._ops import conv_kernels as K


def reference(x, w, gy, stride, padding):
    """``(y, grad_input, grad_weight)`` by direct loops over the kernel taps, in float64."""
    x, w = x.astype(np.float64), w.astype(np.float64)
    (sh, sw), (ph, pw) = stride, padding
    n, c, h, wid = x.shape
    o, _, kh, kw = w.shape
    ho, wo = (h + 2 * ph - kh) // sh + 1, (wid + 2 * pw - kw) // sw + 1
    xp = np.pad(x, ((0, 0), (0, 0), (ph, ph), (pw, pw)))
    y = np.zeros((n, o, ho, wo))
    gxp = np.zeros_like(xp)
    gw = np.zeros_like(w)
    g = None if gy is None else gy.astype(np.float64)
    for i, j in itertools.product(range(kh), range(kw)):
        window = (slice(None), slice(None), slice(i, i + (ho - 1) * sh + 1, sh),
                  slice(j, j + (wo - 1) * sw + 1, sw))
        y += np.einsum("nchw,oc->nohw", xp[window], w[:, :, i, j])
        if g is not None:
            gxp[window] += np.einsum("nohw,oc->nchw", g, w[:, :, i, j])
            gw[:, :, i, j] = np.einsum("nohw,nchw->oc", g, xp[window])
    return y, gxp[:, :, ph:ph + h, pw:pw + wid], gw


CASES = [  # x shape, w shape, stride, padding
    ((4, 16, 32, 32), (16, 16, 3, 3), (1, 1), (1, 1)),   # ResNet 3x3 "same"
    ((4, 16, 32, 32), (32, 16, 3, 3), (2, 2), (1, 1)),   # strided: four phases
    ((4, 16, 32, 32), (32, 16, 1, 1), (2, 2), (0, 0)),   # 1x1 shortcut: one phase, one tap
    ((6, 1, 28, 28), (6, 1, 5, 5), (1, 1), (0, 0)),      # LeNet's first layer
    ((5, 3, 11, 9), (4, 3, 5, 3), (1, 1), (0, 1)),       # odd sizes, uneven padding
    ((5, 3, 11, 9), (4, 3, 3, 3), (3, 2), (1, 2)),       # stride 3 by 2
    ((3, 2, 9, 10), (3, 2, 2, 3), (2, 3), (0, 1)),       # taps miss some input phases
    ((2, 3, 7, 7), (4, 3, 7, 7), (1, 1), (3, 3)),        # kernel as large as the plane
    ((3, 2, 10, 10), (3, 2, 4, 4), (2, 2), (1, 1)),      # even kernel, strided
    ((3, 8, 10, 10), (8, 8, 3, 3), (2, 2), (1, 1)),      # a GEMM per tap, on phases
]


def test_the_cases_cover_both_kinds_of_product():
    plans = [K.Plan(*case) for case in CASES]
    for kind in ("forward_taps", "weight_taps", "input_taps"):
        assert {getattr(p, kind) for p in plans} == {True, False}, kind


@pytest.fixture(params=[1, 2], ids=["1 thread", "2 threads"])
def threads(request, monkeypatch):
    before, blas_before = _parallel.get_num_threads(), _blas.get_threads()
    _parallel.set_num_threads(request.param)
    monkeypatch.setattr(K, "MAX_WASTE", 100.0)      # every layout, not only the cheap ones
    monkeypatch.setattr(K, "CHUNK_BYTES", 1 << 14)  # several chunks per call
    monkeypatch.setattr(K, "TAPS_CHUNK_BYTES", 1 << 14)
    monkeypatch.setattr(K, "SINGLE_TAP_BYTES", 1 << 14)
    monkeypatch.setattr(_parallel, "REGION_BYTES", 0)  # on the pool however small
    monkeypatch.setattr(K, "_plans", {})
    yield request.param
    _parallel.set_num_threads(before)
    if blas_before is not None:
        _blas.set_threads(blas_before)


@pytest.mark.parametrize("x_shape, w_shape, stride, padding", CASES)
def test_against_direct_convolution(threads, x_shape, w_shape, stride, padding):
    rng = np.random.default_rng(sum(x_shape) + sum(w_shape))
    x = rng.standard_normal(x_shape).astype(np.float32)
    w = rng.standard_normal(w_shape).astype(np.float32)
    bias = rng.standard_normal(w_shape[0]).astype(np.float32)
    p = K.plan(x_shape, w_shape, stride, padding)
    y = K.conv2d(p, x, w, bias)
    gy = rng.standard_normal(y.shape).astype(np.float32)
    ref_y, ref_gx, ref_gw = reference(x, w, gy, stride, padding)
    np.testing.assert_allclose(y, ref_y + bias.reshape(1, -1, 1, 1), rtol=1e-4, atol=1e-4)
    gx, gw = K.conv2d_backward(p, x, w, gy, True, True)
    np.testing.assert_allclose(gx, ref_gx, rtol=1e-4, atol=1e-4)
    np.testing.assert_allclose(gw, ref_gw, rtol=1e-4, atol=1e-3)
    only_input, none = K.conv2d_backward(p, None, w, gy, True, False)
    assert none is None and np.array_equal(only_input, gx)
    none, only_weight = K.conv2d_backward(p, x, w, gy, False, True)
    assert none is None and np.array_equal(only_weight, gw)


def test_results_do_not_depend_on_the_thread_count(monkeypatch):
    monkeypatch.setattr(K, "CHUNK_BYTES", 1 << 15)
    monkeypatch.setattr(_parallel, "REGION_BYTES", 0)
    monkeypatch.setattr(K, "_plans", {})
    rng = np.random.default_rng(0)
    x = rng.standard_normal((8, 16, 32, 32)).astype(np.float32)
    w = rng.standard_normal((16, 16, 3, 3)).astype(np.float32)
    gy = rng.standard_normal((8, 16, 32, 32)).astype(np.float32)
    p = K.plan(x.shape, w.shape, (1, 1), (1, 1))
    assert len(p.bounds) > 1
    before = _parallel.get_num_threads()
    results = []
    try:
        for n in (1, 2, 3):
            _parallel.set_num_threads(n)
            results.append((K.conv2d(p, x, w), *K.conv2d_backward(p, x, w, gy, True, True)))
    finally:
        _parallel.set_num_threads(before)
    for other in results[1:]:
        for a, b in zip(results[0], other):
            np.testing.assert_array_equal(a, b)  # chunks fixed by the shape: bit for bit


@pytest.mark.parametrize("n, bytes_per_image, work", [
    (32, 627 << 10, 0), (32, 1 << 20, 0), (32, 93 << 10, 3 << 20), (7, 1 << 20, 0),
    (1, 1 << 30, 1 << 30), (256, 78 << 10, 9 << 20)])
def test_chunks_cover_the_batch_in_an_even_count_of_near_equal_sizes(n, bytes_per_image,
                                                                      work):
    bounds = K._chunk_bounds(n, bytes_per_image, work)
    assert bounds[0][0] == 0 and bounds[-1][1] == n
    assert all(a[1] == b[0] for a, b in zip(bounds, bounds[1:]))
    sizes = [stop - start for start, stop in bounds]
    assert max(sizes) - min(sizes) <= 1 and min(sizes) >= 1
    assert len(bounds) == 1 or len(bounds) % 2 == 0 or len(bounds) == n
    if work >= _parallel.REGION_BYTES and n > 1:
        assert len(bounds) >= 2  # worth two threads


def test_float64_stays_float64(threads):
    rng = np.random.default_rng(1)
    x, w = rng.standard_normal((2, 3, 8, 8)), rng.standard_normal((4, 3, 3, 3))
    p = K.plan(x.shape, w.shape, (1, 1), (1, 1))
    y = K.conv2d(p, x, w)
    gx, gw = K.conv2d_backward(p, x, w, np.ones_like(y), True, True)
    assert y.dtype == gx.dtype == gw.dtype == np.float64
    np.testing.assert_allclose(y, reference(x, w, None, (1, 1), (1, 1))[0], rtol=1e-12)


def test_no_plan_where_the_layout_does_not_apply():
    assert K.plan((2, 4, 8, 8), (4, 2, 3, 3), (1, 1), (1, 1), groups=2) is None
    assert K.plan((2, 4, 8, 8), (4, 4, 3, 3), (1, 1), (1, 1), dilation=(2, 2)) is None
    # LeNet's second layer: 5x5 without padding on 12x12 computes 144 outputs for 64
    assert K.plan((2, 6, 12, 12), (16, 6, 5, 5), (1, 1), (0, 0)) is None
    assert K.plan((2, 16, 32, 32), (16, 16, 3, 3), (1, 1), (1, 1)) is not None
    # LeNet's first layer wastes 36%: worth it for a forward alone only
    assert K.plan((2, 1, 28, 28), (6, 1, 5, 5), (1, 1), (0, 0)) is None
    assert K.plan((2, 1, 28, 28), (6, 1, 5, 5), (1, 1), (0, 0),
                  max_waste=K.MAX_WASTE_FORWARD, uses="forward") is not None
    # LeNet's second layer's input gradient (a "full" correlation) wastes nothing
    assert K.plan((2, 6, 12, 12), (16, 6, 5, 5), (1, 1), (0, 0), uses="backward") is not None


# --------------------------------------------------------------------------- through the ops

import hookgrad as torch  # noqa: E402
import hookgrad.nn.functional as F  # noqa: E402


def _conv_results(call, tensors):
    leaves = [t.clone().requires_grad_() for t in tensors]
    out = call(*leaves)
    probe = torch.from_numpy(np.random.default_rng(9).standard_normal(tuple(out.shape))
                             .astype(np.float32))
    (out * probe).sum().backward()
    return [out.detach().numpy()] + [t.grad.numpy() for t in leaves]


OP_CASES = [  # (call, input shapes): every one takes a kernel Plan
    (lambda x, w, b: F.conv2d(x, w, b, padding=1), ((4, 16, 16, 16), (8, 16, 3, 3), (8,))),
    (lambda x, w, b: F.conv2d(x, w, b, stride=2, padding=1), ((4, 8, 32, 32), (16, 8, 3, 3),
                                                              (16,))),
    (lambda x, w, b: F.conv1d(x, w, b, padding=2), ((4, 6, 40), (5, 6, 5), (5,))),
    (lambda x, w, b: F.conv_transpose2d(x, w, b, stride=2, padding=1, output_padding=1),
     ((3, 8, 16, 16), (8, 4, 3, 3), (4,))),
]


@pytest.mark.parametrize("call, shapes", OP_CASES)
def test_ops_on_the_kernels_match_the_im2col_path(monkeypatch, call, shapes):
    rng = np.random.default_rng(len(shapes[0]))
    tensors = [torch.from_numpy(rng.standard_normal(s).astype(np.float32)) for s in shapes]
    plans = []
    real_plan = K.plan

    def recording_plan(*args, **kwargs):
        plans.append(real_plan(*args, **kwargs))
        return plans[-1]
    monkeypatch.setattr(K, "plan", recording_plan)
    kernels = _conv_results(call, tensors)
    assert plans and all(p is not None for p in plans)
    monkeypatch.setattr(K, "plan", lambda *a, **k: None)
    im2col = _conv_results(call, tensors)
    for a, b in zip(kernels, im2col):
        np.testing.assert_allclose(a, b, rtol=1e-4, atol=1e-4)


def test_ops_on_the_kernels_pass_gradcheck_and_double_backward(monkeypatch):
    monkeypatch.setattr(K, "MAX_WASTE", 2.0)  # 6x6 planes waste 36%: take the kernels anyway
    rng = np.random.default_rng(3)
    x = torch.from_numpy(rng.standard_normal((2, 3, 6, 6))).requires_grad_()
    w = torch.from_numpy(rng.standard_normal((4, 3, 3, 3))).requires_grad_()
    assert K.plan((2, 3, 6, 6), (4, 3, 3, 3), (1, 1), (1, 1)) is not None
    assert torch.autograd.gradcheck(lambda a, b: F.conv2d(a, b, padding=1), (x, w))
    assert torch.autograd.gradgradcheck(lambda a, b: F.conv2d(a, b, padding=1), (x, w))
