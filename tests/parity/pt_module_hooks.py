"""Behaviours of test/nn/test_module_hooks.py, class TestModuleHooks: hook order with prepend,
namedtuple outputs, kwargs hooks, removal, always_call hooks, the non-tensor-output warning."""
import warnings
from collections import namedtuple
from functools import partial

from _hook_cases import case, nn, r, run, torch  # noqa: F401

Wrapped = namedtuple("Wrapped", "value")


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.first = nn.Sequential(nn.Linear(3, 3), nn.Linear(3, 3))
        self.second = nn.Sequential(nn.Linear(3, 3), nn.Linear(3, 3))

    def forward(self, x):
        return self.second(self.first(x))


class Model(nn.Module):
    def __init__(self, as_namedtuple):
        super().__init__()
        self.a, self.b = Block(), Block()
        self.as_namedtuple = as_namedtuple

    def forward(self, x):
        y = self.b(self.a(x))
        return Wrapped(y) if self.as_namedtuple else (y,)


def recorder(log, owner, tag, *args):
    module = args[0]
    log.append((tag, module is owner, len(args[1])))


def order_case(kind, as_namedtuple):
    log = []
    model = Model(as_namedtuple)
    target = model.a.second if kind.startswith("forward") else model.a
    register = {"forward": target.register_forward_hook,
                "forward_pre": target.register_forward_pre_hook,
                "backward": target.register_full_backward_hook,
                "backward_pre": target.register_full_backward_pre_hook}[kind]
    for tag, prepend in ((0, False), (1, True), (2, False), (3, True), (4, False)):
        register(partial(recorder, log, target, tag), prepend=prepend)
    out = model(torch.ones(2, 3))
    print("after forward", log, type(out).__name__)
    out[0].sum().backward()
    print("after backward", log)
    model(torch.ones(2, 3))[0].sum().backward()
    print("second pass", [entry[0] for entry in log])


for kind in ("forward", "forward_pre", "backward", "backward_pre"):
    for as_namedtuple in (True, False):
        def _case(kind=kind, as_namedtuple=as_namedtuple):
            order_case(kind, as_namedtuple)
        _case.__name__ = f"test_{'full_' if 'backward' in kind else ''}{kind}_hooks" \
                         f"_named_tuple_{as_namedtuple}"
        case(_case)


@case
def test_full_backward_pre_hooks_change_gradients():
    for input_grad in (True, False):
        lin = nn.Linear(2, 2)
        lin.register_full_backward_pre_hook(lambda m, go: (go[0] * 0,))
        a = torch.ones(2, requires_grad=input_grad)
        lin(a).sum().backward()
        print(input_grad, r(lin.weight.grad), r(lin.bias.grad), r(a.grad))


@case
def test_mixed_hooks():
    for as_namedtuple in (True, False):
        log = []
        model = Model(as_namedtuple)
        model.register_forward_pre_hook(lambda m, i: log.append(("pre", len(i))))
        model.register_forward_hook(lambda m, i, o: log.append(("fwd", len(i))))
        model.register_full_backward_pre_hook(lambda m, go: log.append(("bpre", len(go))))
        model.register_full_backward_hook(
            lambda m, gi, go: log.append(("bwd", len(gi), len(go))))
        out = model(torch.ones(2, 3))
        print(log)
        out[0].sum().backward()
        model(torch.ones(2, 3))[0].sum().backward()
        print(log)


class BiasModel(nn.Module):
    def forward(self, x, bias=None):
        return x if bias is None else x + bias

    def add_bias_after(self, module, args, kwargs, out):
        return out + kwargs["bias"]


def double_bias(log, module, args, kwargs):
    log.append(("pre", len(args), sorted(kwargs)))
    kwargs["bias"] = kwargs["bias"] * 2
    return args, kwargs


def add_bias(log, module, args, kwargs, out):
    log.append(("fwd", len(args), sorted(kwargs)))
    return out + kwargs["bias"]


@case
def test_kwarg_hooks():
    x, bias = torch.ones(2, 2), torch.ones(2, 2)
    log = []
    m = BiasModel()
    m.register_forward_pre_hook(partial(double_bias, log), with_kwargs=True)
    print("pre only", r(m(x, bias=bias)), log)
    log = []
    m = BiasModel()
    m.register_forward_hook(partial(add_bias, log), with_kwargs=True)
    m.register_forward_pre_hook(partial(double_bias, log), with_kwargs=True)
    print("pre and post", r(m(x, bias=bias)), log)
    m = BiasModel()
    m.register_forward_hook(m.add_bias_after, with_kwargs=True)
    print("bound method", r(m(x, bias=bias)))


@case
def test_remove_kwarg_hooks():
    x, bias = torch.ones(2, 2), torch.ones(2, 2)
    log = []
    m = BiasModel()
    post = m.register_forward_hook(partial(add_bias, log), with_kwargs=True)
    pre = m.register_forward_pre_hook(partial(double_bias, log), with_kwargs=True)
    print(r(m(x, bias=bias)))
    post.remove()
    print(r(m(x, bias=bias)), post.id in m._forward_hooks_with_kwargs)
    pre.remove()
    print(r(m(x, bias=bias)), pre.id in m._forward_pre_hooks_with_kwargs, log)


class Failing(nn.Module):
    def __init__(self):
        super().__init__()
        self.inner = Block()

    def forward(self, x, fail=True):
        if fail:
            raise RuntimeError("failing in forward")
        return self.inner(x)


@case
def test_always_called_forward_hooks():
    stack = []
    model = Failing()
    x = torch.ones(2, 3)

    def enter(m, i):
        stack.append("enter")

    def enter_then_fail(m, i):
        stack.append("enter")
        raise RuntimeError("failing in setup")

    def leave(m, i, o):
        stack.append("leave")

    def leave_then_fail(m, i, o):
        stack.append("leave")
        raise RuntimeError("failing in leave")

    def throw(m, i, o):
        raise RuntimeError("failing in throw")

    def attempt(label, **kwargs):
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            try:
                model(x, **kwargs)
                outcome = "ok"
            except RuntimeError as e:
                outcome = str(e)
        print(label, outcome, stack, [str(w.message)[:60] for w in caught])

    pre = model.register_forward_pre_hook(enter)
    post = model.register_forward_hook(leave, always_call=True)
    print("always called", len(model._forward_hooks_always_called))
    attempt("forward raises")
    attempt("no error", fail=False)
    pre.remove()
    model.register_forward_pre_hook(enter_then_fail)
    attempt("pre-hook raises", fail=False)
    post2 = model.register_forward_hook(throw, prepend=True, always_call=True)
    attempt("an always_call hook raises too", fail=False)
    post.remove()
    post2.remove()
    print("always called", len(model._forward_hooks_always_called))
    post3 = model.register_forward_hook(leave_then_fail, always_call=True)
    attempt("always_call hook fails while running", fail=False)
    post3.remove()
    handle = nn.modules.module.register_module_forward_hook(leave, always_call=True)
    print("global always called", len(nn.modules.module._global_forward_hooks_always_called))
    attempt("global hook", fail=False)
    handle.remove()
    print("global always called", len(nn.modules.module._global_forward_hooks_always_called))
    attempt("after removal")


class DictOut(nn.Module):
    def forward(self, inputs):
        return {"x": torch.nn.functional.softmax(inputs["x"], dim=0)}


@case
def test_bw_hook_warning_for_non_tensor_or_tuple():
    counts = {"forward": 0, "backward": 0}
    model = DictOut()
    model.register_forward_pre_hook(lambda m, i: counts.__setitem__("forward",
                                                                     counts["forward"] + 1))
    model.register_forward_hook(lambda m, i, o: counts.__setitem__("forward",
                                                                   counts["forward"] + 1))

    def bwd(*args):
        counts["backward"] += 1

    model.register_full_backward_pre_hook(bwd)
    model.register_full_backward_hook(bwd)
    x = torch.ones(2, requires_grad=True)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        model({"x": x})["x"].sum().backward()
    print(counts, [(w.category.__name__, str(w.message)) for w in caught])


run()
