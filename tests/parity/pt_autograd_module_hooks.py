"""Behaviours of the module-hook tests in test/test_autograd.py: a full backward hook's
place among node and tensor hooks, full backward hooks with create_graph (the warning once,
no reference cycle) and double backward, "any" multi-grad hooks registered in a module's
forward, and saved-tensor hooks around a DataParallel call."""
import gc
import warnings
import weakref
from functools import partial

from _hook_cases import case, nn, run, torch


class Wrapper(nn.Module):
    def __init__(self):
        super().__init__()
        self.linear = nn.Linear(3, 3)

    def forward(self, x):
        return self.linear(x)


@case
def test_backward_hook_relative_ordering():
    order = []
    x = torch.ones(2, 3, requires_grad=True)
    module = Wrapper()
    module.register_full_backward_hook(lambda *a: order.append("module full backward hook"))
    count = [0]

    def hook_all(nodes):
        for node, _ in nodes:
            if node is None:
                continue
            count[0] += 1
            tag = f"{node.name()}_{count[0]}"
            node.register_prehook(lambda g, tag=tag: order.append(f"pre {tag}"))
            node.register_hook(lambda gi, go, tag=tag: order.append(f"post {tag}"))
            hook_all(node.next_functions)

    loss = module(x).sum()
    hook_all(((loss.grad_fn, None),))
    for name, t in (("x", x), ("weight", module.linear.weight), ("bias", module.linear.bias)):
        t.register_hook(lambda g, name=name: order.append(f"tensor {name}"))
        t.register_post_accumulate_grad_hook(lambda p, name=name: order.append(f"acc {name}"))
    loss.backward()
    for entry in order:
        print(entry)


def full_hook_cycle(input_requires_grad, nb_hooks):
    class Sentinel:
        pass

    t = torch.ones(4, requires_grad=input_requires_grad)
    a = torch.tensor(1.0, requires_grad=True)

    class Square(nn.Module):
        def forward(self, x):
            return x ** 2 * a ** 2

    mod = Square()
    for _ in range(nb_hooks):
        mod.register_full_backward_hook(lambda *args: None)
    tmp = mod(t)
    sentinel = Sentinel()
    ref = weakref.ref(sentinel)
    tmp.grad_fn.metadata["a"] = sentinel
    previous = torch.is_warn_always_enabled()
    torch.set_warn_always(True)
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            tmp.exp().sum().backward(create_graph=True)
    finally:
        torch.set_warn_always(previous)
    found = sum("Using backward() with create_graph=True" in str(w.message) for w in caught)
    a.grad = None
    t.grad = None
    return found, ref


@case
def test_create_graph_and_full_backward_hook_cycle():
    for nb_hooks in (1, 2, 3):
        for input_requires_grad in (True, False):
            found, ref = full_hook_cycle(input_requires_grad, nb_hooks)
            gc.collect()
            print(nb_hooks, input_requires_grad, "warnings", found, "freed", ref() is None)


@case
def test_full_backward_hook_double_backward():
    x = torch.tensor([0.5], requires_grad=True)
    y = torch.tensor([0.25])
    loss = nn.MSELoss()
    calls = []
    loss.register_full_backward_hook(lambda m, gi, go: calls.append(len(gi)))
    f = loss(x, y)
    (grad_x,) = torch.autograd.grad(f, x, create_graph=True)
    print(calls, grad_x.tolist())
    (grad2,) = torch.autograd.grad(grad_x, x)
    print(calls, grad2.tolist())


@case
def test_multi_grad_any_hooks():
    handles = []
    order = []
    counter = [0]

    def hook(tag, *unused):
        order.append(tag)

    class TwoOutputs(nn.Module):
        def __init__(self):
            super().__init__()
            self.lin = nn.Linear(3, 3)

        def forward(self, x):
            z = self.lin(x)
            out = torch.sin(z), torch.cos(z)
            z.register_hook(partial(hook, counter[0]))
            counter[0] += 1
            handles.append(torch.autograd.graph.register_multi_grad_hook(
                out, partial(hook, counter[0]), mode="any"))
            counter[0] += 1
            return out

    class Model(nn.Module):
        def __init__(self):
            super().__init__()
            self.first, self.second = TwoOutputs(), TwoOutputs()

        def forward(self, x):
            y = self.first(x)
            return self.second(y[0] + y[1])

    model = Model()
    inp = torch.ones(2, 3)
    out = model(inp)
    (out[0] + out[1]).sum().backward()
    print(len(handles), order)
    counter[0] = 0
    order.clear()
    handles.clear()
    out = model(inp)
    for handle in handles:
        handle.remove()
    (out[0] + out[1]).sum().backward()
    print(order)


@case
def test_dataparallel_saved_tensors_hooks():
    packed = []

    class Square(nn.Module):
        def forward(self, x):
            before = len(packed)
            y = x * x
            print("packed inside the wrapped module", len(packed) - before)
            return y

    x = torch.ones(2, 2, requires_grad=True)
    model = nn.DataParallel(Square())
    with torch.autograd.graph.saved_tensors_hooks(lambda t: packed.append(1) or t, lambda t: t):
        model(x)
        before = len(packed)
        x * x
        print("packed outside", len(packed) - before)


run()
