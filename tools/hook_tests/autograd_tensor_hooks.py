"""Behaviours of the tensor-hook tests in test/test_autograd.py: tensor hooks on leaves and
non-leaves, post-accumulate-grad hooks, hook order against retain_grad and the accumulator's
hooks, and hooks with autograd.grad and backward(inputs=). (The node hooks are in
autograd_node_hooks.py.)"""
import gc
import weakref
from copy import deepcopy

from _hook_cases import case, raises, run, torch

Function = torch.autograd.Function


@case
def test_grad_nonleaf_register_hook():
    x = torch.tensor([1.0, 2.0, 3.0, 4.0, 5.0], requires_grad=True)
    parts = x.unbind()
    seen = [None]
    parts[0].register_hook(lambda g: seen.__setitem__(0, g.tolist()))
    parts[0].backward()
    print(seen, x.grad.tolist(), parts[0].grad)
    for i in range(1, 5):
        seen[0] = None
        parts[i].backward()
        print(seen, x.grad.tolist(), parts[i].grad)


@case
def test_post_accumulate_grad_hook_on_non_leaf():
    leaf = torch.ones(3, requires_grad=True)
    print(raises(lambda: (2.0 * leaf).register_post_accumulate_grad_hook(lambda t: None)))


@case
def test_post_accumulate_grad_hook_multiple_hooks():
    t = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
    t.register_post_accumulate_grad_hook(lambda p: p.sub_(p.grad))
    t.register_post_accumulate_grad_hook(lambda p: p.mul_(4.0))
    t.sum().backward()
    print(t.tolist())


@case
def test_post_accumulate_grad_hook_multiple_tensors():
    a = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
    b = torch.tensor([5.0, 6.0], requires_grad=True)
    for t in (a, b):
        t.register_post_accumulate_grad_hook(lambda p: p.sub_(p.grad))
    a.sum().backward()
    b.sum().backward()
    print(a.tolist(), b.tolist())


@case
def test_post_accumulate_grad_hook_returns_not_None():
    t = torch.ones(2, 3, requires_grad=True)
    t.register_post_accumulate_grad_hook(lambda p: p.grad)
    print(raises(lambda: t.sum().backward()))


@case
def test_post_accumulate_grad_hook_e2e():
    torch.manual_seed(0)
    model = torch.nn.Linear(3, 2)
    inp = torch.tensor([[0.1, 0.2, 0.3], [0.4, 0.5, 0.6]])
    optims = {p: torch.optim.Adam([p]) for p in model.parameters()}

    def step(p):
        optims[p].step()
        optims[p].zero_grad()

    handles = [p.register_post_accumulate_grad_hook(step) for p in model.parameters()]
    reference = deepcopy(model)
    ref_opt = torch.optim.Adam(reference.parameters())
    for _ in range(5):
        model(inp).sum().backward()
        reference(inp).sum().backward()
        ref_opt.step()
        ref_opt.zero_grad()
    print(all(bool(((a - b).abs() < 1e-6).all())
              for a, b in zip(model.parameters(), reference.parameters())))
    frozen = [p.detach().clone() for p in model.parameters()]
    for h in handles:
        h.remove()
    for _ in range(5):
        model(inp).sum().backward()
        reference(inp).sum().backward()
        ref_opt.step()
        ref_opt.zero_grad()
    print(all(bool((a == b).all()) for a, b in zip(frozen, model.parameters())),
          any(bool((a != b).any()) for a, b in zip(reference.parameters(), model.parameters())))


@case
def test_post_accumulate_grad_hook_gets_cleaned_up():
    class Thing:
        pass

    def scope():
        thing = Thing()
        t = torch.ones(3, requires_grad=True)
        t.register_post_accumulate_grad_hook(lambda p: thing)
        t.sum().backward()
        return t, weakref.ref(thing)

    gc.disable()
    try:
        t, ref = scope()
        print(ref() is not None)
        del t
        gc.collect()
        print(ref() is None)
    finally:
        gc.enable()


@case
def test_post_accumulate_grad_hook_ordering():
    t = torch.ones(3, requires_grad=True)
    acc = t.view_as(t).grad_fn.next_functions[0][0]
    t.register_hook(lambda g: g.sub(2.0))
    acc.register_prehook(lambda go: (go[0].div(5.0),))
    t.register_post_accumulate_grad_hook(lambda p: p.grad.add_(0.5))

    def post(gi, go):
        t.grad = go[0].mul(10)

    acc.register_hook(post)
    t.sum().backward()
    print(t.grad.tolist())


@case
def test_hook_with_no_name():
    class Callable:
        def __call__(self, grad):
            return grad.clone()

    x = torch.ones(5, requires_grad=True).clone()
    x.register_hook(Callable())
    print(raises(lambda: x.sum().backward()))


@case
def test_prehook_ordering():
    log = []

    def tensor_hook(g):
        log.append("t")
        return g * 3

    def node_prehook(gs):
        log.append("n")
        return tuple(g * 2 for g in gs)

    a = torch.tensor(1.0, requires_grad=True)
    b = a.clone()
    b.grad_fn.register_prehook(node_prehook)
    b.register_hook(tensor_hook)
    b.grad_fn.register_prehook(node_prehook)
    acc = b.grad_fn.next_functions[0][0]
    a.register_hook(tensor_hook)
    acc.register_prehook(node_prehook)
    a.register_hook(tensor_hook)
    b.sum().backward(retain_graph=True)
    print(log, a.grad.item())
    log.clear()
    torch.autograd.grad(b.sum(), inputs=(a,), retain_graph=True)
    print(log)
    log.clear()
    b.sum().backward(inputs=(b,))
    print(log, b.grad.item())


@case
def test_retains_grad_can_always_observe_tensor_prehook():
    a = torch.tensor(1.0, requires_grad=True)
    b = a.clone()
    b.register_hook(lambda g: g * 2)
    b.retain_grad()
    b.register_hook(lambda g: g * 2)
    b.clone().backward()
    print(b.grad.item())
    a = torch.tensor(1.0, requires_grad=True)
    b = a.clone()
    b.retain_grad()
    b.register_hook(lambda g: g * 2)
    b.clone().backward()
    print(b.grad.item())


@case
def test_accumulate_grad_posthooks_can_observe_tensor_prehook():
    a = torch.tensor(1.0, requires_grad=True)
    b = a.clone()
    acc = b.grad_fn.next_functions[0][0]
    acc.register_hook(lambda gi, go: print("post", [g.item() for g in go], len(gi)))
    acc.register_prehook(lambda go: print("pre", [g.item() for g in go]))
    a.register_hook(lambda g: g * 2)
    b.backward()


@case
def test_accumulate_grad_posthooks_should_not_execute():
    def boom(*args):
        raise RuntimeError("should not run")

    a = torch.tensor(1.0, requires_grad=True)
    a.register_hook(boom)
    b = torch.tensor(1.0, requires_grad=True)
    c = a.clone()
    c.grad_fn.next_functions[0][0].register_hook(boom)
    print(raises(lambda: (a + b + c).sum().backward(inputs=[b])), b.grad.item())


@case
def test_hook_edge_case_when_called_with_grad():
    a = torch.tensor(1.0, requires_grad=True)
    b = a * 2
    c = b * 2
    counts = {"tensor": 0, "pre": 0, "post": 0}

    def bump(key):
        def hook(*args):
            counts[key] += 1
        return hook

    a.register_hook(bump("tensor"))
    b.register_hook(bump("tensor"))
    acc = b.grad_fn.next_functions[0][0]
    acc.register_hook(bump("post"))
    acc.register_prehook(bump("pre"))
    b.grad_fn.register_hook(bump("post"))
    b.grad_fn.register_prehook(bump("pre"))
    for label, fn in (("grad b", lambda: torch.autograd.grad(c, inputs=(b,), retain_graph=True)),
                      ("grad a,b", lambda: torch.autograd.grad(c, inputs=(a, b),
                                                               retain_graph=True)),
                      ("backward", lambda: c.backward(retain_graph=True)),
                      ("backward a,b", lambda: c.backward(inputs=(a, b), retain_graph=True))):
        for key in counts:
            counts[key] = 0
        fn()
        print(label, counts)


@case
def test_hooks():
    x = torch.ones(5, 5, requires_grad=True)
    y = torch.ones(5, 5) * 4
    y.requires_grad_(True)
    counter = [0]

    def count(inc, grad):
        counter[0] += inc * isinstance(grad, torch.Tensor)

    z = x ** 2 + x * 2 + x * y + y
    x.register_hook(lambda g: count(0, g))
    first = z.register_hook(lambda g: count(1, g))
    z.backward(torch.ones(5, 5), retain_graph=True)
    print(counter)
    second = z.register_hook(lambda g: count(2, g))
    z.backward(torch.ones(5, 5), retain_graph=True)
    print(counter)
    second.remove()
    z.backward(torch.ones(5, 5), retain_graph=True)
    print(counter)
    first.remove()
    z.register_hook(lambda g: g.mul(2))
    with torch.no_grad():
        y.grad.zero_()
    z.backward(torch.ones(5, 5), retain_graph=True)
    print(y.grad[0].tolist())
    y.register_hook(lambda g: g.mul(2))
    with torch.no_grad():
        y.grad.zero_()
    z.backward(torch.ones(5, 5))
    print(y.grad[0].tolist())


run()
