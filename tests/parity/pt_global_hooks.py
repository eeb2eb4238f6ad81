"""Behaviours of test/nn/test_module_hooks.py, class TestModuleGlobalHooks: the
register_module_* hooks (forward, legacy backward, kwargs), their return values, removal
inside a hook, and their order relative to a module's own hooks."""
import math

from _hook_cases import case, nn, raises, run, torch

mm = nn.modules.module


@case
def test_module_global_hooks():
    modules = [nn.Sigmoid() for _ in range(3)]
    x = torch.ones(5, 5, requires_grad=True)
    counts = {"forwards": 0, "backwards": 0, "checks": []}
    expected_out = 1 / (1 + 1 / math.e)

    def fwd(inc, module, inputs, output):
        counts["checks"].append((isinstance(inputs, tuple), isinstance(module, nn.Sigmoid),
                                 bool((inputs[0] == 1).all()),
                                 bool(((output - expected_out).abs() < 1e-6).all())))
        counts["forwards"] += inc

    def bwd(inc, module, grad_input, grad_output):
        counts["checks"].append((isinstance(grad_input, tuple), isinstance(grad_output, tuple),
                                 bool((grad_output[0] == 2).all())))
        counts["backwards"] += inc

    def tally(label):
        print(label, counts["forwards"], counts["backwards"], all(all(c) for c in counts["checks"]))

    f1 = mm.register_module_forward_hook(lambda *a: fwd(1, *a))
    for m in modules:
        m(x)
    tally("one forward hook")
    b1 = mm.register_module_backward_hook(lambda *a: bwd(1, *a))
    outs = [m(x) for m in modules]
    tally("after three calls")
    outs[0].backward(torch.ones(5, 5) * 2, retain_graph=True)
    outs[1].backward(torch.ones(5, 5) * 2)
    outs[2].backward(torch.ones(5, 5) * 2)
    tally("three backwards")
    outs[0].backward(torch.ones(5, 5) * 2, retain_graph=True)
    tally("retained graph again")
    f2 = mm.register_module_forward_hook(lambda *a: fwd(2, *a))
    for m in modules:
        m(x)
    tally("two forward hooks")
    b2 = mm.register_module_backward_hook(lambda *a: bwd(2, *a))
    modules[0](x).backward(torch.ones(5, 5) * 2)
    tally("two backward hooks")
    b2.remove()
    modules[1](x).backward(torch.ones(5, 5) * 2)
    tally("one backward hook")
    f2.remove()
    modules[2](x).backward(torch.ones(5, 5) * 2)
    tally("one of each")
    f1.remove()
    b1.remove()


@case
def test_module_global_hook_invalid_outputs():
    m = nn.Sigmoid()
    x = torch.ones(5, 5, requires_grad=True)
    with mm.register_module_backward_hook(lambda mod, gi, go: gi[:-1]):
        print(raises(lambda: m(x).sum().backward()))
    with mm.register_module_backward_hook(lambda mod, gi, go: gi + (torch.ones(2, 2),)):
        print(raises(lambda: m(x).sum().backward()))


@case
def test_module_backward_global_hook_writeable():
    m = nn.Sigmoid()
    x = torch.tensor([[0.5, -1.0], [2.0, 0.0]], requires_grad=True)
    s = torch.sigmoid(x)

    def doubler(module, grad_input, grad_output):
        print([isinstance(g, torch.Tensor) for g in grad_input + grad_output])
        return tuple(g * 2 for g in grad_input)

    mm.register_module_backward_hook(doubler)
    m(x).backward(torch.ones(2, 2))
    print(bool(((x.grad - s * (1 - s) * 2).abs() < 1e-6).all()))


@case
def test_module_global_forward_preforward_hook_writeable():
    m = nn.Sigmoid()
    x = torch.tensor([[0.5, -1.0], [2.0, 0.0]], requires_grad=True)
    s = torch.sigmoid(x)
    mm.register_module_forward_pre_hook(lambda mod, inputs: torch.nn.functional.relu(inputs[0]))
    mm.register_module_forward_hook(lambda mod, inputs, out: -out)
    out = m(x)
    print(bool(((out + torch.sigmoid(torch.relu(x))).abs() < 1e-6).all()))
    out.backward(torch.ones(2, 2) * 2, retain_graph=True)
    print(bool(((x.grad + s * (1 - s) * 2 * (x > 0)).abs() < 1e-6).all()))


def removal_case(kind):
    m = nn.Sigmoid()
    register = m.register_forward_pre_hook if kind == "pre" else m.register_forward_hook
    handles = {}

    def first(*args):
        handles["first"].remove()
        return args[-1]

    def second(*args):
        handles["second"].remove()
        return args[-1]

    handles["first"] = register(first)
    handles["second"] = register(second)
    print(len(handles["first"].hooks_dict_ref()), len(handles["second"].hooks_dict_ref()))
    x = torch.tensor([[0.5, -1.0]])
    print(bool((m(x) == torch.sigmoid(x)).all()))
    print(handles["first"].id in handles["first"].hooks_dict_ref(),
          len(handles["first"].hooks_dict_ref()), len(handles["second"].hooks_dict_ref()))


@case
def test_module_forward_preforward_hook_removable():
    removal_case("pre")


@case
def test_module_forward_forward_hook_removable():
    removal_case("post")


@case
def test_global_and_local_hooks_order():
    m = nn.Sigmoid()
    order = []

    def make(tag):
        def hook(*args):
            order.append(tag)
            return args[-1] if tag.endswith("forward") else (args[1] if "backward" in tag
                                                             else args[1])
        return hook

    x = torch.ones(2, 2, requires_grad=True)
    mm.register_module_forward_pre_hook(make("global pre"))
    m.register_forward_pre_hook(make("local pre"))
    mm.register_module_forward_hook(make("global forward"))
    m.register_forward_hook(make("local forward"))
    mm.register_module_backward_hook(make("global backward"))
    m.register_backward_hook(make("local backward"))
    out = m(x)
    print(order)
    out.backward(torch.ones(2, 2), retain_graph=True)
    print(order)


class BiasModel(nn.Module):
    def forward(self, x, bias=None):
        return x if bias is None else x + bias


@case
def test_module_global_hooks_with_kwargs():
    mm.register_module_forward_hook(lambda mod, args, kwargs, out: out + kwargs["bias"],
                                    with_kwargs=True)
    x, bias = torch.ones(2, 3), torch.full((2, 3), 0.5)
    print(BiasModel()(x, bias=bias).tolist())


run()
