"""torch.utils.checkpoint beyond what tests/parity/ckpt_*.py pins against PyTorch: that
intermediates are really dropped, nesting, early stop, debug reports, multiple outputs."""
import gc
import weakref

import numpy as np
import pytest

import hookgrad as torch
from hookgrad import nn
from hookgrad.utils.checkpoint import (
    CheckpointError,
    checkpoint,
    set_checkpoint_debug_enabled,
    set_checkpoint_early_stop,
)


def _grads(fn, *inputs):
    for t in inputs:
        t.grad = None
    fn(*inputs).sum().backward()
    return [t.grad.clone() for t in inputs]


@pytest.mark.parametrize("use_reentrant", [True, False])
def test_intermediates_are_not_kept_alive(use_reentrant):
    x = torch.randn(4, 4, requires_grad=True)
    seen = []

    def fn(t):
        hidden = t.exp()
        seen.append(weakref.ref(hidden))
        return hidden.sin()

    out = checkpoint(fn, x, use_reentrant=use_reentrant)
    gc.collect()
    assert seen[0]() is None  # the graph holds no reference to the intermediate
    out.sum().backward()
    # the same ops without checkpointing (hookgrad's float32 exp is not NumPy's: near a zero
    # of cos, one ulp of exp is more than rtol=1e-5 of the gradient)
    np.testing.assert_array_equal(x.grad.numpy(), _grads(lambda t: t.exp().sin(), x)[0].numpy())


def test_non_reentrant_saves_holders_not_tensors():
    x = torch.randn(3, requires_grad=True)
    out = checkpoint(lambda t: (t * t).exp(), x, use_reentrant=False)
    saved = out.grad_fn._for_backward
    assert saved and all(not isinstance(s.packed, torch.Tensor) for s in saved)


@pytest.mark.parametrize("use_reentrant", [True, False])
def test_multiple_and_non_tensor_outputs(use_reentrant):
    a = torch.tensor([1.0, 2.0], requires_grad=True)
    b = torch.tensor([3.0, -1.0], requires_grad=True)

    def fn(u, v, scale):
        return u * v * scale, "label", (u - v).sin()

    first, label, second = checkpoint(fn, a, b, 2.0, use_reentrant=use_reentrant)
    (first.sum() + second.sum()).backward()
    assert label == "label"
    expected_a = 2 * b.detach().numpy() + np.cos((a - b).detach().numpy())
    np.testing.assert_allclose(a.grad.numpy(), expected_a, rtol=1e-6)


def test_nested_non_reentrant_checkpoints_give_plain_gradients():
    x = torch.linspace(-1, 1, 6).requires_grad_()

    def inner(t):
        return t.tanh() * t

    def outer(t):
        return checkpoint(inner, t.exp(), use_reentrant=False).sin()

    nested = _grads(lambda t: checkpoint(outer, t, use_reentrant=False), x)
    plain = _grads(lambda t: (t.exp().tanh() * t.exp()).sin(), x)
    np.testing.assert_allclose(nested[0].numpy(), plain[0].numpy(), rtol=1e-6)


def test_non_reentrant_supports_double_backward():
    """(PyTorch 2.13 gives the first derivative a graph here but then reports x unused.)"""
    x = torch.tensor([0.5, 1.5], requires_grad=True)
    out = checkpoint(lambda t: t.pow(3).sum(), x, use_reentrant=False)
    (grad,) = torch.autograd.grad(out, x, create_graph=True)
    (second,) = torch.autograd.grad(grad.sum(), x)
    assert grad.tolist() == [0.75, 6.75] and second.tolist() == [3.0, 9.0]


def test_early_stop_cuts_the_recomputation_short():
    calls = []
    layer = nn.Linear(3, 3)
    layer.register_forward_hook(lambda m, a, o: calls.append("linear"))

    def fn(t):
        hidden = layer(t).relu()  # the last tensor saved for backward is relu's output
        calls.append("after relu")
        return hidden + 1  # saves nothing

    x = torch.randn(2, 3, requires_grad=True)
    checkpoint(fn, x, use_reentrant=False).sum().backward()
    assert calls == ["linear", "after relu", "linear"]
    calls.clear()
    with set_checkpoint_early_stop(False):
        out = checkpoint(fn, x, use_reentrant=False)
    out.sum().backward()
    assert calls == ["linear", "after relu", "linear", "after relu"]


def test_debug_report_lists_the_ops_of_both_runs():
    runs = []

    def unstable(t):
        runs.append(1)
        return t.exp() if len(runs) == 1 else t.reshape(1, 3).exp()

    x = torch.ones(3, requires_grad=True)
    with set_checkpoint_debug_enabled(True):
        out = checkpoint(unstable, x, use_reentrant=False, early_stop=False)
    with pytest.raises(CheckpointError) as info:
        out.sum().backward()
    report = str(info.value)
    assert "Operators that ran in the original forward" in report
    assert "exp(float32[3])   (1 of 1 in original)" in report
    assert "view(float32[3])   (1 of 2 in recompute)" in report
    assert "exp(float32[1, 3])   (2 of 2 in recompute)" in report
    assert "test_checkpoint.py" in report and "different metadata" in report


def test_reentrant_input_modified_in_place_is_detected():
    x = torch.ones(3, requires_grad=True)
    y = x * 1
    out = checkpoint(lambda t: t.exp(), y, use_reentrant=True)
    with torch.no_grad():
        y.add_(1)
    with pytest.raises(RuntimeError, match="modified by an inplace operation"):
        out.sum().backward()
