"""lens.clip_gradients (equal to the nn.utils utilities after backward) and GradientStats."""
import copy
import math

import numpy as np
import pytest

import hookgrad as torch
from hookgrad import nn
from hookgrad.lens.gradients import GradientStats, clip_gradients
from hookgrad.nn.utils import clip_grad_norm_, clip_grad_value_


def make_model(seed=0):
    torch.manual_seed(seed)
    return nn.Sequential(nn.Linear(4, 8), nn.Tanh(), nn.Linear(8, 3))


def batches(n, seed=1):
    torch.manual_seed(seed)
    return [torch.randn(6, 4) * 5 for _ in range(n)]


def loss_of(model, x):
    return (model(x) ** 2).sum()


def grads(model):
    return [p.grad.numpy().copy() for p in model.parameters()]


def assert_same_grads(a, b):
    for ga, gb in zip(grads(a), grads(b)):
        np.testing.assert_array_equal(ga, gb)


def assert_no_param_hooks(model):
    for p in model.parameters():
        assert not p._post_accumulate_grad_hooks and not p._backward_hooks
    for module in model.modules():
        assert not module._forward_hooks


@pytest.mark.parametrize("n_backward", [1, 3])
def test_clip_value_equals_clip_grad_value(n_backward):
    model, reference = make_model(), make_model()
    with clip_gradients(model, max_value=0.05):
        for x in batches(n_backward):
            loss_of(model, x).backward()
    for x in batches(n_backward):   # gradient accumulation: clip after every backward
        loss_of(reference, x).backward()
        clip_grad_value_(reference.parameters(), 0.05)
    assert_same_grads(model, reference)
    assert max(np.abs(g).max() for g in grads(model)) <= 0.05
    assert_no_param_hooks(model)


@pytest.mark.parametrize("n_backward", [1, 3])
def test_clip_norm_equals_clip_grad_norm(n_backward):
    model, reference = make_model(), make_model()
    with clip_gradients(model, max_norm=1.0) as clipper:
        for x in batches(n_backward):
            loss_of(model, x).backward()
    norms = []
    for x in batches(n_backward):
        loss_of(reference, x).backward()
        norms.append(float(clip_grad_norm_(reference.parameters(), 1.0)))
    assert_same_grads(model, reference)
    assert clipper.total_norms == norms and norms[0] > 1.0
    total = math.sqrt(sum(float((g.astype(np.float64) ** 2).sum()) for g in grads(model)))
    assert total == pytest.approx(1.0, rel=1e-4)
    assert_no_param_hooks(model)


def test_clip_both_limits_and_other_norm_types():
    model, reference = make_model(), make_model()
    with clip_gradients(model, max_value=0.5, max_norm=0.3, norm_type=float("inf")):
        for x in batches(2):
            loss_of(model, x).backward()
    for x in batches(2):
        loss_of(reference, x).backward()
        clip_grad_value_(reference.parameters(), 0.5)
        clip_grad_norm_(reference.parameters(), 0.3, norm_type=float("inf"))
    assert_same_grads(model, reference)


def test_clip_norm_when_a_backward_reaches_only_some_parameters():
    class TwoHeads(nn.Module):
        def __init__(self):
            super().__init__()
            self.body = nn.Linear(4, 4)
            self.a = nn.Linear(4, 1)
            self.b = nn.Linear(4, 1)

        def forward(self, x, head):
            return getattr(self, head)(torch.tanh(self.body(x))).sum() * 10

    model = TwoHeads()
    reference = copy.deepcopy(model)
    x1, x2, x3 = batches(3)
    with clip_gradients(model, max_norm=0.5):
        model(x1, "a").backward()
        model(x2, "b").backward()        # head a keeps its stale .grad, counted in the norm
        model(x3, "a").backward(inputs=list(model.a.parameters()))
    reference(x1, "a").backward()
    clip_grad_norm_(reference.parameters(), 0.5)
    reference(x2, "b").backward()
    clip_grad_norm_(reference.parameters(), 0.5)
    reference(x3, "a").backward(inputs=list(reference.a.parameters()))
    clip_grad_norm_(reference.parameters(), 0.5)
    assert_same_grads(model, reference)


def test_clip_ignores_autograd_grad_and_frozen_parameters():
    model = make_model()
    model[0].weight.requires_grad_(False)
    x = batches(1)[0]
    with clip_gradients(model, max_norm=1e-3) as clipper:
        grad = torch.autograd.grad(loss_of(model, x), model[2].weight)[0]
        loss_of(model, x).backward()
    unclipped = torch.autograd.grad(loss_of(model, x), model[2].weight)[0]
    np.testing.assert_array_equal(grad.numpy(), unclipped.numpy())
    assert len(clipper.total_norms) == 1
    assert model[0].weight.grad is None


def test_clip_hooks_removed_after_exception():
    model = make_model()
    with pytest.raises(ValueError), clip_gradients(model, max_value=1e-3):
        raise ValueError("boom")
    assert_no_param_hooks(model)
    loss_of(model, batches(1)[0]).backward()       # no longer clipped
    assert max(np.abs(g).max() for g in grads(model)) > 1e-3


def test_clip_argument_errors():
    with pytest.raises(ValueError, match="max_value"):
        clip_gradients(make_model())
    with pytest.raises(ValueError, match="max_norm"):
        clip_gradients(make_model(), max_norm=-1)
    with pytest.raises(TypeError, match="nn.Module"):
        clip_gradients([torch.ones(1)], max_norm=1)


def norm(t):
    return float(np.linalg.norm(t.detach().numpy().astype(np.float64)))


def test_gradient_stats_history_matches_gradients():
    model = make_model()
    outputs = {}

    def keep(name):
        def hook(module, args, output):
            output.retain_grad()
            outputs[name] = output
        return hook

    handles = [model[i].register_forward_hook(keep(str(i))) for i in range(3)]
    expected = []
    with GradientStats(model) as stats:
        for x in batches(3):
            model.zero_grad()
            loss_of(model, x).backward()
            step = {name: norm(p.grad) for name, p in model.named_parameters()}
            step.update({name: norm(out.grad) for name, out in outputs.items()})
            expected.append(step)
    for handle in handles:
        handle.remove()
    assert stats.steps == 3
    assert stats.names == ["0.weight", "0.bias", "2.weight", "2.bias", "0", "1", "2"]
    for name in stats.names:
        assert stats.history[name] == pytest.approx([s[name] for s in expected], rel=1e-6)
    assert_no_param_hooks(model)
    loss_of(model, batches(1)[0]).backward()
    assert stats.steps == 3                           # closed: nothing more recorded


def test_gradient_stats_selection_repeated_calls_and_missing_gradients():
    class Shared(nn.Module):
        def __init__(self):
            super().__init__()
            self.fc = nn.Linear(3, 3)
            self.out = nn.Linear(3, 1)

        def forward(self, x, twice=True):
            h = self.fc(x)
            if twice:
                h = self.fc(torch.tanh(h))
            return self.out(h).sum()

    model = Shared()
    stats = GradientStats(model, names="fc").open()
    assert stats.names == ["fc.weight", "fc.bias", "fc"]
    x = torch.randn(2, 3)
    first = model.fc(x)
    first.retain_grad()
    second = model.fc(torch.tanh(first))
    second.retain_grad()
    model.out(second).sum().backward()
    combined = math.hypot(norm(first.grad), norm(second.grad))
    assert stats.history["fc"] == [pytest.approx(combined, rel=1e-6)]
    model.zero_grad()
    model.out.weight.sum().backward()               # a backward that misses "fc"
    model(x, twice=False).backward()
    stats.close()
    assert stats.steps == 2
    assert stats.history["fc.weight"][1] == pytest.approx(norm(model.fc.weight.grad), rel=1e-6)
    with pytest.raises(KeyError):
        GradientStats(model, names="nope")


@pytest.mark.filterwarnings("ignore::RuntimeWarning")
def test_gradient_stats_flags_vanishing_exploding_and_nonfinite():
    model = nn.Sequential(nn.Linear(2, 2), nn.Linear(2, 2))
    with torch.no_grad():
        model[0].weight.fill_(0.0)
        model[0].bias.fill_(0.0)        # layer 0 outputs zeros: layer 1's weight gets none
        model[1].weight.mul_(1e6)       # and layer 0 gets huge gradients
    with GradientStats(model) as stats:
        assert stats.flagged() == {}
        model(torch.ones(1, 2)).sum().backward()
        assert stats.flagged(vanish=1e-7, explode=1e3) == {
            "0.weight": "exploding", "0.bias": "exploding", "1.weight": "vanishing",
            "0": "exploding"}
        assert stats.latest()["1"] == pytest.approx(math.sqrt(2))
        assert "<- vanishing" in stats.summary()
        assert repr(stats.summary()) == str(stats.summary())  # a table at the prompt too
        (model(torch.ones(1, 2)) * float("inf")).sum().backward()
        assert stats.flagged()["1"] == "non-finite"
    assert stats.steps == 2
