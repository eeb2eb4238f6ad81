"""flash_kernel.py (PyTorch's CPU flash attention, bit for bit: tests/parity/s45d_flash_kernel_*
and s49e_flash_float64_bits check it against PyTorch) against the NumPy form that larger
attention takes: equal within rounding (float32 and float64), forward and gradients, over
blocks, tails, masks and the causal triangle; and its placement of operands (MKL rounds by
their alignment) and per-thread scratch."""
import numpy as np
import pytest

import hookgrad as torch
from hookgrad._ops import flash_attention, flash_kernel

F = torch.nn.functional
needs_kernel = pytest.mark.skipif(
    not flash_kernel.applies(np.zeros((1, 1, 1, 1), np.float32),
                             np.zeros((1, 1, 1, 1), np.float32),
                             np.zeros((1, 1, 1, 1), np.float32)),
    reason="the kernel's model needs PyTorch's MKL, glibc and an AVX2 build")

CASES = [((2, 2, 5, 3, 4), None, False), ((1, 3, 40, 13, 9), None, True),
         ((2, 1, 7, 21, 6), (7, 21), False), ((1, 2, 6, 600, 3), None, False),
         ((2, 2, 9, 16, 8), (2, 1, 9, 16), True), ((1, 2, 4, 17, 2), (4, 1), False)]


def _run(shape, mask_shape, causal, exact_scores, monkeypatch, dtype=np.float32):
    monkeypatch.setattr(flash_attention, "EXACT_SCORES", exact_scores)
    rs = np.random.RandomState(7)
    b, h, lq, lk, e = shape
    q, k, v = (torch.tensor(rs.randn(*s).astype(dtype), requires_grad=True)
               for s in ((b, h, lq, e), (b, h, lk, e), (b, h, lk, e)))
    mask = None
    if mask_shape is not None:
        values = rs.randn(*mask_shape).astype(dtype)
        values[rs.rand(*mask_shape) < 0.2] = -np.inf
        mask = torch.tensor(values)
    out = F.scaled_dot_product_attention(q, k, v, attn_mask=mask, is_causal=causal)
    assert out.grad_fn.name() == "ScaledDotProductFlashAttentionForCpuBackward0"
    (out * torch.tensor(rs.randn(*out.shape).astype(dtype))).sum().backward()
    return [x.detach().numpy().copy() for x in (out, q.grad, k.grad, v.grad)]


TOLERANCES = {np.float32: (2e-5, 2e-6), np.float64: (1e-12, 1e-13)}


@needs_kernel
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("shape, mask_shape, causal", CASES)
def test_kernel_agrees_with_numpy_form(shape, mask_shape, causal, dtype, monkeypatch):
    exact = _run(shape, mask_shape, causal, 1 << 30, monkeypatch, dtype)
    composed = _run(shape, mask_shape, causal, 0, monkeypatch, dtype)
    rtol, atol = TOLERANCES[dtype]
    for a, b in zip(exact, composed):
        assert a.dtype == dtype
        np.testing.assert_allclose(a, b, rtol=rtol, atol=atol)


@needs_kernel
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_kernel_rounds_otherwise_than_numpy_form(dtype, monkeypatch):
    # (the two forms are different computations: some bits differ, else the kernel's
    # model would not be exercised)
    exact = _run((2, 2, 9, 16, 8), None, False, 1 << 30, monkeypatch, dtype)
    composed = _run((2, 2, 9, 16, 8), None, False, 0, monkeypatch, dtype)
    assert any((a != b).any() for a, b in zip(exact, composed))


@pytest.mark.parametrize("offset", [0, 4, 12, 36, 60])
def test_placed_sits_at_offset_with_values(offset):
    base = np.arange(2 * 5 * 3 * 4, dtype=np.float32).reshape(2, 5, 3, 4)
    for x in (base, base.transpose(0, 2, 1, 3), base[:, ::-1], base[1:, 1:]):
        placed = flash_kernel._placed(x, offset)
        assert placed.ctypes.data % 64 == offset % 64
        assert placed.strides == x.strides
        np.testing.assert_array_equal(placed, x)


def test_placed_keeps_root_offset():
    raw = np.zeros(100, np.float32)
    view = raw[3:43].reshape(2, 20)  # (12 bytes into its allocation: PyTorch's offset)
    assert flash_kernel._placed(view).ctypes.data % 64 == 12


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_scratch_offsets_and_round_trip(dtype):
    dtype = np.dtype(dtype)
    per_line = 64 // dtype.itemsize
    offsets = np.array([0, 0, 5, 5, 21])
    scratch = flash_kernel._Scratch(5, 7, offsets, dtype)
    assert scratch.view is None
    assert [int(p) % 64 for p in scratch.pointers] == [
        int(o) % per_line * dtype.itemsize for o in offsets]
    values = np.arange(35, dtype=dtype).reshape(5, 7)
    scratch.store(values)
    np.testing.assert_array_equal(scratch.load(), values)
    uniform = flash_kernel._Scratch(3, 4, [9, 9, 9], dtype)
    assert uniform.view is not None
    assert uniform.view.ctypes.data % 64 == 9 % per_line * dtype.itemsize


def test_threads_of_chunks():
    assert flash_kernel._threads_of(1).tolist() == [0]
    before = torch.get_num_threads()
    try:
        torch.set_num_threads(2)
        assert flash_kernel._threads_of(5).tolist() == [0, 0, 0, 1, 1]
    finally:
        torch.set_num_threads(before)
