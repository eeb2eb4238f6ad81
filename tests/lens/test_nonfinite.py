"""lens.detect_nonfinite: the first op that makes NaN/Inf out of finite values, by site."""
import numpy as np
import pytest

import hookgrad as torch
from hookgrad import nn
from hookgrad._ops.op import Op
from hookgrad.autograd import graph as op_module
from hookgrad.lens.nonfinite import NonFiniteError, detect_nonfinite
from hookgrad.lens.trace import trace
from hookgrad.nn.modules import _global_hooks

pytestmark = pytest.mark.filterwarnings("ignore::RuntimeWarning")  # NumPy's log(-1) etc.


def assert_no_hooks():
    for name in ("_global_forward_pre_hooks", "_global_forward_hooks",
                 "_global_forward_hooks_always_called"):
        assert not getattr(_global_hooks, name), name
    assert not op_module._op_hooks


class LogHead(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 1)

    def forward(self, x):
        return torch.log(self.fc(x))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(4, 4)
        self.fc2 = LogHead()

    def forward(self, x):
        return self.fc2(torch.relu(self.fc1(x))).exp()


def negative_net():
    model = Net()
    with torch.no_grad():
        model.fc2.fc.bias.fill_(-100.0)   # log of a negative number: NaN
    return model


def test_forward_log_of_negative_names_the_site():
    model = negative_net()
    with pytest.raises(NonFiniteError) as info, detect_nonfinite(model):
        model(torch.randn(3, 4))
    error = info.value
    assert isinstance(error, RuntimeError)
    assert (error.site, error.op, error.module, error.phase) == (
        "fc2/log#0", "log", "fc2", "forward")
    message = str(error)
    assert "fc2/log#0" in message and "forward" in message and "NaN" in message
    assert "[3, 1]" in message
    assert_no_hooks()


def test_sites_restart_at_every_call_of_the_model():
    model = Net()
    with pytest.raises(NonFiniteError) as info, detect_nonfinite(model):
        for step in range(3):
            if step == 2:
                with torch.no_grad():
                    model.fc2.fc.bias.fill_(-100.0)
            model(torch.randn(3, 4)).sum().backward()
    assert info.value.site == "fc2/log#0"


def test_site_names_match_trace():
    model = negative_net()
    sites = trace(model, torch.randn(2, 4)).sites
    with pytest.raises(NonFiniteError) as info, detect_nonfinite(model):
        model(torch.randn(2, 4))
    assert info.value.site in sites


def test_without_a_model_sites_are_op_names():
    with pytest.raises(NonFiniteError) as info, detect_nonfinite():
        x = torch.tensor([1.0, 2.0]) * 3
        torch.log(x - 10)
    assert (info.value.site, info.value.module, info.value.op) == ("log#0", "", "log")


def test_inf_from_division_by_zero():
    with pytest.raises(NonFiniteError, match="Inf") as info, detect_nonfinite():
        torch.ones(3) / torch.zeros(3)
    assert info.value.site == "div#0"


def test_nonfinite_inputs_are_not_blamed():
    x = torch.tensor([float("nan"), 1.0])
    with detect_nonfinite():
        y = (x * 2 + 1).exp()   # NaN flows through but no op created it
    assert np.isnan(y.numpy()[0])


def test_backward_sqrt_at_zero():
    class Root(nn.Module):
        def forward(self, x):
            return torch.sqrt(x)

    class Model(nn.Module):
        def __init__(self):
            super().__init__()
            self.fc = nn.Linear(3, 3)
            self.root = Root()

        def forward(self, x):
            return self.root(torch.relu(self.fc(x)) * 0)

    model = Model()
    with pytest.raises(NonFiniteError) as info, detect_nonfinite(model):
        out = model(torch.randn(2, 3))     # forward is finite: sqrt(0) = 0
        assert np.isfinite(out.detach().numpy()).all()
        out.sum().backward()
    error = info.value
    assert (error.site, error.phase, error.op, error.module) == (
        "root/sqrt#0", "backward", "sqrt", "root")
    assert "backward" in str(error) and "Inf" in str(error)
    assert model.fc.weight.grad is None       # stopped before reaching the parameters
    assert_no_hooks()


class NanGradBackward0(Op):
    """Identity forward, NaN gradient: a custom op that breaks only in backward."""

    def forward(self, x):
        return x._data.copy()

    def backward(self, grad):
        return grad * float("nan")


def test_backward_custom_op():
    w = torch.ones(3, requires_grad=True)
    with pytest.raises(NonFiniteError) as info, detect_nonfinite():
        y = NanGradBackward0.apply(w * 2)
        (y * 3).sum().backward()
    assert (info.value.site, info.value.phase, info.value.op) == ("nangrad#0", "backward",
                                                                 "nangrad")
    assert "NaN" in str(info.value)


def test_backward_blames_the_first_node_only():
    # The NaN appears at nangrad; mul#0 below it then only propagates it.
    w = torch.ones(3, requires_grad=True)
    with pytest.raises(NonFiniteError) as info, detect_nonfinite():
        y = NanGradBackward0.apply(torch.exp(w))
        y.sum().backward()
    assert info.value.site == "nangrad#0"


def test_node_hooks_are_removed_on_exit():
    w = torch.ones(3, requires_grad=True)
    with detect_nonfinite():
        y = NanGradBackward0.apply(w * 2).sum()
    y.backward()                                 # graph built inside, backward outside
    assert np.isnan(w.grad.numpy()).all()
    assert y.grad_fn._hooks is None or not y.grad_fn._hooks.post_hooks
    assert_no_hooks()


def test_finite_training_step_passes_and_leaves_no_hooks():
    model = nn.Sequential(nn.Linear(4, 8), nn.Tanh(), nn.Linear(8, 1))
    with detect_nonfinite(model):
        for _ in range(3):
            loss = ((model(torch.randn(5, 4)) - 1) ** 2).mean()
            loss.backward()
    assert_no_hooks()
    for module in model.modules():
        assert not module._forward_hooks and not module._forward_pre_hooks


def test_rejects_non_module_and_double_entry():
    with pytest.raises(TypeError, match="nn.Module"):
        detect_nonfinite(lambda x: x)
    detector = detect_nonfinite()
    with detector, pytest.raises(RuntimeError, match="already"):
        detector.__enter__()
    assert_no_hooks()
