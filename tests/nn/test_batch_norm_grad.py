"""Batch norm's training gradients of small contiguous inputs: float32 ones bit for bit
PyTorch's (its kernel's summation order and fused multiply-adds, see
hookgrad/_ops/batch_norm_grad.py), float64 ones to rounding (tests/recorded/
batch_norm_grad.json, written by tools/record/batch_norm_grad.py). The instance-norm cases
follow with ``acos``, whose slope near 1 turns one ulp of the normalised value into a
visible gradient difference (fuzz program 7:12358)."""
import warnings

import numpy as np
import pytest
from _recorded import load

import hookgrad as torch

from .batch_norm_grad_cases import cases

RECORDED = load("batch_norm_grad")
RESULTS = cases(torch)


@pytest.mark.parametrize("key", sorted(RECORDED))
def test_gradients_as_pytorch(key):
    expected = RECORDED[key]
    got = RESULTS[key]
    expected = expected if isinstance(expected, list) else [expected]
    got = got if isinstance(got, list) else [got]
    for want, have in zip(expected, got, strict=True):
        have = have.numpy()
        if have.dtype == np.float32:
            np.testing.assert_array_equal(have, want)
        else:
            np.testing.assert_allclose(have, want, rtol=1e-9, atol=1e-12)


@pytest.mark.parametrize("training", [False, True])
def test_a_gradient_with_an_odd_size1_stride_is_read_by_its_strides(training):
    # (2, 2, 3, 1) transposed back from (2, 1, 3, 2): strides (6, 1, 2, 6), channels-last to
    # PyTorch's check (it skips size-1 dims). PyTorch 2.13 reads such a gradient in the wrong
    # order (fuzz 48:13245, counted as its bug by the fuzzer); the gradient must equal the
    # one of the same values laid out contiguously
    F = torch.nn.functional
    x = torch.arange(12, dtype=torch.float64).reshape(2, 2, 3, 1).requires_grad_()
    weight = torch.tensor([1.5, -0.5], dtype=torch.float64)
    grad = (torch.arange(12, dtype=torch.float64).reshape(2, 1, 3, 2) * 0.5 - 2).transpose(1, 3)
    assert grad.stride() == (6, 1, 2, 6)

    def input_grad(g):
        mean, var = torch.tensor([-0.25, -0.5], dtype=torch.float64), torch.ones(2) * 0.75
        out = F.batch_norm(x, mean, var.double(), weight, training=training)
        return torch.autograd.grad(out, x, g)[0]

    expected = input_grad(grad.contiguous())  # (training: its sums, in another order)
    np.testing.assert_allclose(input_grad(grad).numpy(), expected.numpy(), rtol=1e-12)
    if not training:  # (eval mode: grad * weight / sqrt(var + eps), element by element)
        scale = (weight / torch.sqrt(torch.ones(2, dtype=torch.float64) * 0.75 + 1e-5))
        np.testing.assert_allclose(expected.numpy(), (grad * scale.view(1, 2, 1, 1)).numpy())


@pytest.mark.parametrize("create_graph", [False, True])
def test_infinite_gradients_meet_without_a_numpy_warning(create_graph):
    """95:4145: +inf and -inf in one channel's gradient make that channel's input gradient NaN
    (as PyTorch's), on the plain and the create_graph path alike, and no NumPy warning."""
    norm = torch.nn.BatchNorm1d(2)
    x = torch.tensor([[-0.5, 0.25], [-1.25, 0.75], [1.0, 0.75]], requires_grad=True)
    g = torch.tensor([[float("-inf"), 1.25], [float("inf"), 2.0], [-1.75, -1.0]])
    layer = torch.nn.LayerNorm(2)
    with warnings.catch_warnings():
        warnings.simplefilter("error", RuntimeWarning)
        (gx,) = torch.autograd.grad(norm(x), x, g, create_graph=create_graph)
        (gl,) = torch.autograd.grad(layer(x), x, g, create_graph=create_graph)
    assert gx[:, 0].isnan().all() and gx[:, 1].isfinite().all()
    assert gl[:2].isnan().all() and gl[2].isfinite().all()
