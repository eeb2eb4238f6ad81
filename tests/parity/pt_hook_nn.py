"""Behaviours of test/nn/test_module_hooks.py, class TestModuleHookNN: forward and backward
hooks counted over repeated calls, hook argument counts, invalid return lengths,
requires_grad propagation, modules whose inputs need no grad, non-tensor inputs, the
legacy-hook warnings, and the registration hooks. (test_hook_inplace, where hookgrad differs
by design, is in tools/hook_tests/module_differences.py.)"""
import math
import warnings

from _hook_cases import case, nn, raises, run, torch

mm = nn.modules.module


def counted_hooks(register_name):
    m = nn.Sigmoid()
    x = torch.ones(5, 5, requires_grad=True)
    counts = {"fwd": 0, "bwd": 0, "ok": True}
    expected = 1 / (1 + 1 / math.e)

    def fwd(inc, module, inputs, out):
        counts["ok"] &= module is m and bool(((out - expected).abs() < 1e-6).all())
        counts["fwd"] += inc

    def bwd(inc, module, *grads):
        counts["ok"] &= module is m and bool((grads[-1][0] == 2).all())
        counts["bwd"] += inc

    def show(label):
        print(register_name, label, counts)

    h1 = m.register_forward_hook(lambda *a: fwd(1, *a))
    m(x)
    m(x)
    show("two calls")
    b1 = getattr(m, register_name)(lambda *a: bwd(1, *a))
    out = m(x)
    show("third call")
    out.backward(torch.ones(5, 5) * 2, retain_graph=True)
    out.backward(torch.ones(5, 5) * 2, retain_graph=True)
    show("two backwards")
    h2 = m.register_forward_hook(lambda *a: fwd(2, *a))
    m(x)
    b2 = getattr(m, register_name)(lambda *a: bwd(2, *a))
    m(x).backward(torch.ones(5, 5) * 2)
    show("second hooks")
    b2.remove()
    m(x).backward(torch.ones(5, 5) * 2)
    h2.remove()
    m(x).backward(torch.ones(5, 5) * 2)
    show("after removals")
    h1.remove()
    b1.remove()


@case
def test_hooks():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for name in ("register_backward_hook", "register_full_backward_hook",
                     "register_full_backward_pre_hook"):
            counted_hooks(name)


@case
def test_hook_cpp():
    bn = nn.BatchNorm1d(5)
    seen = []
    bn.register_full_backward_hook(lambda m, gi, go: seen.append((len(gi), len(go), m is bn)))
    bn(torch.arange(25.0).reshape(5, 5).requires_grad_()).sum().backward()
    print(seen)


@case
def test_backward_hooks_interaction():
    m = nn.Sigmoid()
    seen = []

    def pre(mod, grad_output):
        seen.append("pre")
        return (grad_output[0] * 0.5,)

    def full(mod, grad_input, grad_output):
        seen.append(("full", grad_output[0].tolist()))
        return grad_output

    m.register_full_backward_pre_hook(pre)
    m.register_full_backward_hook(full)
    t = torch.ones(1, 2, requires_grad=True)
    m(t).sum().backward()
    print(seen, t.grad.tolist())


@case
def test_hook_invalid_outputs():
    m = nn.Sigmoid()
    x = torch.ones(5, 5, requires_grad=True)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with m.register_backward_hook(lambda mod, gi, go: gi[:-1]):
            print(raises(lambda: m(x).sum().backward()))
        with m.register_backward_hook(lambda mod, gi, go: gi + (torch.ones(2, 2),)):
            print(raises(lambda: m(x).sum().backward()))
    with m.register_full_backward_pre_hook(lambda mod, go: ()):
        print(raises(lambda: m(x).sum().backward()))
    with m.register_full_backward_pre_hook(lambda mod, go: go + (torch.ones(2, 2),)):
        print(raises(lambda: m(x).sum().backward()))


class ThreeArgs(nn.Module):
    def forward(self, a, b, c):
        print("requires_grad inside forward", a.requires_grad, b.requires_grad, c.requires_grad)
        return a.sum() + b.sum() + c.sum()


@case
def test_hook_requires_grad():
    inp = torch.ones(2, requires_grad=True)
    mod = ThreeArgs()
    mod(inp, inp.detach(), inp)
    mod.register_full_backward_hook(lambda m, gi, go: None)
    mod(inp, inp.detach(), inp)


@case
def test_hook_no_requires_grad():
    mod = nn.Linear(2, 3)
    inp = torch.ones(1, 2)
    state = {"return": "None", "calls": 0}

    def hook(m, grad_input, grad_output):
        state["calls"] += 1
        print("grad_input", grad_input, "grad_output shapes", [tuple(g.shape) for g in grad_output])
        return {"None": None, "grad_input": grad_input, "invalid": inp}[state["return"]]

    mod.register_full_backward_hook(hook)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        mod(inp).sum().backward()
    print(state["calls"], [str(w.message)[:80] for w in caught])
    state["return"] = "grad_input"
    mod(inp).sum().backward()
    print(state["calls"])
    state["return"] = "invalid"
    print(raises(lambda: mod(inp).sum().backward()))


@case
def test_hook_last_arg_requires_grad():
    mod = nn.L1Loss()
    inp = torch.ones(1, requires_grad=True)
    mod.register_full_backward_hook(lambda m, gi, go: None)
    print(raises(lambda: mod(inp.detach(), inp)))


class NonTensorFirst(nn.Module):
    def forward(self, flag, tensor):
        return tensor.clone(), flag


@case
def test_hook_extra_input():
    mod = NonTensorFirst()
    seen = []
    mod.register_full_backward_hook(
        lambda m, gi, go: seen.append((gi[0] is None, isinstance(gi[1], torch.Tensor),
                                       isinstance(go[0], torch.Tensor), go[1] is None)))
    out, _ = mod(True, torch.ones(2, requires_grad=True))
    out.sum().backward()
    print(seen)


@case
def test_hook_non_full_warning():
    a = torch.ones(2, requires_grad=True)
    b = torch.ones(2, requires_grad=True)

    class ListInput(nn.Module):
        def forward(self, items):
            return items[0].clone(), items[1].clone()

    class ListOutput(nn.Module):
        def forward(self, x, y):
            return [x.clone(), y.clone()]

    class TwoNodes(nn.Module):
        def forward(self, x, y):
            return x.clone(), y.clone()

    class Chain(nn.Module):
        def forward(self, x):
            return x.clone().clone()

    for cls, args in ((ListInput, ([a, b],)), (ListOutput, (a, b)), (TwoNodes, (a, b)),
                      (Chain, (a,))):
        m = cls()
        m.register_backward_hook(lambda *args: None)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            m(*args)
        print(cls.__name__, [(w.category.__name__, str(w.message)[:70]) for w in caught])


class Sizes(nn.Module):
    def forward(self, a, b):
        tmp = a.sum() * b
        tmp = tmp + b.sum() * a.sum()
        return tmp.sum().view(1).expand(8).contiguous()


@case
def test_hook_backward_size():
    m = Sizes()
    seen = []
    with m.register_full_backward_hook(
            lambda mod, gi, go: seen.append(([tuple(g.shape) for g in gi],
                                             [tuple(g.shape) for g in go]))):
        m(torch.ones(5, 5, requires_grad=True), torch.ones(10, 10, requires_grad=True)).sum(
        ).backward()
    print(seen)


@case
def test_hook_backward_writeable():
    m = nn.Sigmoid()
    x = torch.tensor([[0.5, -1.0], [2.0, 0.0]], requires_grad=True)
    s = torch.sigmoid(x)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        m.register_backward_hook(lambda mod, gi, go: tuple(g * 2 for g in gi))
    m(x).backward(torch.ones(2, 2))
    print(bool(((x.grad - s * (1 - s) * 2).abs() < 1e-6).all()))


@case
def test_hook_forward_preforward_writable():
    m = nn.Sigmoid()
    x = torch.tensor([[0.5, -1.0], [2.0, 0.0]], requires_grad=True)
    s = torch.sigmoid(x)
    m.register_forward_pre_hook(lambda mod, inputs: torch.nn.functional.relu(inputs[0]))
    m.register_forward_hook(lambda mod, inputs, out: -out)
    out = m(x)
    print(bool(((out + torch.sigmoid(torch.relu(x))).abs() < 1e-6).all()))
    out.backward(torch.ones(2, 2) * 2, retain_graph=True)
    print(bool(((x.grad + s * (1 - s) * 2 * (x > 0)).abs() < 1e-6).all()))


def basic_net():
    class Inner(nn.Module):
        def __init__(self):
            super().__init__()
            self.lin = nn.Linear(2, 2)
            self.register_buffer("steps", torch.zeros(1))

    class Outer(nn.Module):
        def __init__(self):
            super().__init__()
            self.inner = Inner()
            self.extra = nn.Parameter(torch.ones(1))
            self.register_buffer("scale", torch.ones(1))

    return Outer()


def registration_case(kind):
    register = {"buffer": mm.register_module_buffer_registration_hook,
                "module": mm.register_module_module_registration_hook,
                "parameter": mm.register_module_parameter_registration_hook}[kind]
    for return_it in (True, False):
        def hook(owner, name, value):
            value.registered = True
            if kind == "module":
                owner.registered = True
            return value if return_it else None

        handle = register(hook)
        try:
            net = basic_net()
            items = {"buffer": net.buffers, "module": net.modules,
                     "parameter": net.parameters}[kind]()
            print(return_it, [getattr(v, "registered", False) for v in items])
        finally:
            handle.remove()


@case
def test_hook_buffer_registration():
    registration_case("buffer")


@case
def test_hook_submodule_registration():
    registration_case("module")


@case
def test_hook_parameter_registration():
    registration_case("parameter")


run()
