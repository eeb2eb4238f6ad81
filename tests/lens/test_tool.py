"""The one lens lifecycle: hooks live inside ``with`` (or open() to close()), gone after,
even on error; constructing hooks nothing; a closed tool opens again and keeps recording."""
import pytest

import hookgrad as torch
from hookgrad import lens, nn
from hookgrad.autograd import graph as op_module
from hookgrad.lens._tool import HandleList, Tool
from hookgrad.nn.modules import _global_hooks

GLOBAL_HOOK_DICTS = ("_global_forward_pre_hooks", "_global_forward_hooks",
                     "_global_forward_hooks_always_called", "_global_backward_hooks",
                     "_global_backward_pre_hooks")


def live_hooks(model):
    """Every hook a lens tool could have left: on modules, parameters, the globals, ops."""
    count = len(op_module._op_hooks)
    count += sum(len(getattr(_global_hooks, name)) for name in GLOBAL_HOOK_DICTS)
    for module in model.modules():
        count += sum(len(d) for d in (module._forward_pre_hooks, module._forward_hooks,
                                      module._backward_pre_hooks, module._backward_hooks))
    for param in model.parameters():
        count += len(param._backward_hooks or ()) + len(param._post_accumulate_grad_hooks or ())
    return count


def make_model():
    torch.manual_seed(0)
    return nn.Sequential(nn.Linear(3, 4), nn.Tanh(), nn.Linear(4, 2))


def step(tool, model):
    """One forward and backward, through the tool itself when it is a module."""
    x = torch.randn(5, 3)
    if isinstance(tool, lens.FeatureExtractor):
        tool(x)["2"].sum().backward()
    else:
        model(x).sum().backward()


TOOLS = {
    "capture": lambda m: lens.capture(m, "*", grads=True, inputs=True),
    "FeatureExtractor": lambda m: lens.FeatureExtractor(m, ["0", "2"]),
    "hooks": lambda m: lens.hooks(m, forward=[("1", lambda t, name: t * 2)],
                                  backward=[("0", lambda g, name: g * 0.5)]),
    "Trace": lambda m: lens.Trace(m),
    "clip_gradients": lambda m: lens.clip_gradients(m, max_value=1.0, max_norm=1.0),
    "GradientStats": lambda m: lens.GradientStats(m),
    "detect_nonfinite": lambda m: lens.detect_nonfinite(m),
}
tools = pytest.mark.parametrize("make_tool", TOOLS.values(), ids=TOOLS.keys())


@tools
def test_constructing_hooks_nothing(make_tool):
    model = make_model()
    tool = make_tool(model)
    assert live_hooks(model) == 0 and not tool.is_open


@tools
def test_with_block_attaches_and_removes_every_hook(make_tool):
    model = make_model()
    tool = make_tool(model)
    with tool as entered:
        assert entered is tool and tool.is_open
        assert live_hooks(model) > 0
        step(tool, model)
    assert live_hooks(model) == 0 and not tool.is_open


@tools
def test_hooks_are_removed_when_the_block_raises(make_tool):
    model = make_model()
    tool = make_tool(model)
    with pytest.raises(ZeroDivisionError), tool:
        model(torch.randn(2, 3))    # a forward whose backward never runs: hooks on its graph
        raise ZeroDivisionError
    assert live_hooks(model) == 0 and not tool.is_open


@tools
def test_open_and_close_without_with(make_tool):
    model = make_model()
    tool = make_tool(model)
    assert tool.open() is tool and tool.is_open
    step(tool, model)
    assert live_hooks(model) > 0
    tool.close()
    assert live_hooks(model) == 0 and not tool.is_open
    tool.close()  # closing twice does nothing
    assert live_hooks(model) == 0


@tools
def test_a_closed_tool_opens_again(make_tool):
    model = make_model()
    tool = make_tool(model)
    for _ in range(2):
        with tool:
            step(tool, model)
            assert live_hooks(model) > 0
        assert live_hooks(model) == 0


@tools
def test_opening_an_open_tool_raises_and_keeps_the_first_opening(make_tool):
    model = make_model()
    tool = make_tool(model)
    with tool:
        hooked = live_hooks(model)
        with pytest.raises(RuntimeError, match="already open"):
            tool.open()
        assert tool.is_open and live_hooks(model) == hooked
    assert live_hooks(model) == 0


def test_records_grow_across_openings_and_stay_after_close():
    model = make_model()
    stats, trace, cache = lens.GradientStats(model), lens.Trace(model), lens.capture(model, "2")
    for _ in range(2):
        with stats, trace, cache:
            step(None, model)
    step(None, model)                            # closed: recorded by none of them
    assert stats.steps == 2 and len(stats.history["0.weight"]) == 2
    assert trace.sites.count("2/addmm#0") == 1 and trace.sites.count("2/addmm#1") == 1
    assert cache["2"].shape == (5, 2)


def test_a_failed_opening_leaves_nothing_attached():
    model = make_model()

    class FailsHalfway(Tool):
        def _attach(self):
            self._handles.add(model[0].register_forward_hook(lambda *args: None))
            self._handles.add(model[2].register_forward_hook(lambda *args: None))
            raise MemoryError("registration failed")

    tool = FailsHalfway()
    with pytest.raises(MemoryError):
        tool.open()
    assert live_hooks(model) == 0 and not tool.is_open
    with pytest.raises(MemoryError), FailsHalfway():
        pass
    assert live_hooks(model) == 0


def test_a_real_tool_whose_registration_fails_leaves_nothing(monkeypatch):
    model = make_model()

    def refuse(*args, **kwargs):
        raise RuntimeError("no hooks on this one")

    monkeypatch.setattr(model[2], "register_forward_hook", refuse)
    cache = lens.capture(model, "*")
    with pytest.raises(RuntimeError, match="no hooks on this one"):
        cache.open()
    assert live_hooks(model) == 0 and not cache.is_open


def test_handle_list_drops_handles_of_freed_graphs():
    handles = HandleList()
    for _ in range(500):
        temporary = torch.ones(2, requires_grad=True) * 2
        handles.add(temporary.register_hook(lambda grad: None))
    assert len(handles) <= 2 * HandleList._MIN_PRUNE_AT + 1
    keeper = nn.Linear(2, 2)
    kept = handles.add(keeper.register_forward_hook(lambda *args: None))
    assert kept in list(handles)
    handles.remove_all()
    assert len(handles) == 0 and not keeper._forward_hooks


def test_gradient_hooks_of_a_closed_tool_do_not_fire():
    model = make_model()
    with lens.capture(model, "0", grads=True) as cache:
        output = model(torch.randn(2, 3))
    output.sum().backward()                      # after close: the tensor hook was removed
    assert cache.grads("0") == [None]


def test_backward_after_close_reaches_no_tool():
    """Hooks on a forward's graph (tensor and node hooks) go at close, not with the graph."""
    model = make_model()
    seen = []
    stats = lens.GradientStats(model)
    interventions = lens.hooks(model, backward=[("*", lambda g, name: seen.append(name))])
    detector = lens.detect_nonfinite()
    zero = torch.zeros(1, requires_grad=True)
    with stats, interventions, detector:
        output = model(torch.randn(2, 3))
        root = zero.sqrt()                       # finite forward, infinite gradient
    output.sum().backward()
    root.backward()                              # the detector would raise NonFiniteError
    assert stats.steps == 0 and seen == []
    with detector, pytest.raises(lens.NonFiniteError, match="sqrt"):
        zero.sqrt().backward()                   # (as it does while open)
