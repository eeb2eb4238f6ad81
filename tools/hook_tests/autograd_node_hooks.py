"""Behaviours of the node-hook tests in test/test_autograd.py: grad_fn pre- and post-hooks
(also on multiple outputs and removed), hooks registered during unpack, in-place rebinding of
tensor hooks, reentrant backward from a hook, hook/graph reference cycles, and multi-grad
hooks (also from several threads)."""
import gc
import threading
import weakref

from _hook_cases import case, raises, run, torch

Function = torch.autograd.Function


class Mul2(Function):
    @staticmethod
    def forward(ctx, x):
        return x * 2

    @staticmethod
    def backward(ctx, g):
        return g * 2


def mul2(custom):
    return Mul2.apply if custom else (lambda x: x * 2)


@case
def test_grad_fn_prehooks():
    for custom in (True, False):
        f = mul2(custom)
        a = torch.tensor([1.0], requires_grad=True)
        b = f(a)
        log = {"pre": 0, "post": []}

        def post(grad_input, grad_output, log=log):
            log["post"].append((log["pre"], grad_output[0].tolist(), grad_input[0].tolist()))
            return grad_input

        def pre(grad_output, log=log):
            log["pre"] += 1
            return (grad_output[0] * 2,)

        b.grad_fn.register_hook(post)
        b.grad_fn.register_hook(post)
        b.grad_fn.register_prehook(pre)
        b.grad_fn.register_prehook(lambda g: None)
        b.grad_fn.register_prehook(pre)
        b.grad_fn.register_prehook(pre)
        b.grad_fn.register_prehook(lambda g: g)
        b.sum().backward()
        print(custom, log, a.grad.tolist())


@case
def test_grad_fn_prehooks_multiple_outputs():
    b = torch.tensor([[1.0, 2.0, 3.0], [4.0, 6.0, 8.0], [0.0, 1.0, 5.0]], requires_grad=True)
    var, mean = torch.var_mean(b, dim=0)
    (var + mean).sum().backward()
    a = b.detach().requires_grad_()
    calls = []

    def pre(grad_output):
        calls.append(len(grad_output))
        return tuple(g * 2 for g in grad_output)

    var, mean = torch.var_mean(a, dim=0)
    mean.grad_fn.register_prehook(pre)
    (var + mean).sum().backward()
    print(calls, bool(((a.grad - b.grad * 2).abs() < 1e-5).all()))

    class DoubleMul2(Function):
        @staticmethod
        def forward(ctx, x, k, y):
            ctx.k = k
            return k * x * 2, k, k * y * 2

        @staticmethod
        def backward(ctx, g1, gk, g2):
            return ctx.k * g1 * 2, None, ctx.k * g2 * 2

    def pre2(grad_output):
        calls.append(grad_output[1] is None)
        return (grad_output[0] * 2, None, grad_output[2] * 2)

    x, y = torch.ones(2, requires_grad=True), torch.ones(2, requires_grad=True)
    c, _, d = DoubleMul2.apply(x, 3, y)
    c.grad_fn.register_prehook(pre2)
    (c + d).sum().backward()
    print(calls, x.grad.tolist(), y.grad.tolist())


@case
def test_grad_fn_prehooks_remove_hooks():
    for custom in (True, False):
        f = mul2(custom)
        a = torch.ones(2, requires_grad=True)
        b = f(a)
        count = [0]

        def pre(g, count=count):
            count[0] += 1

        handle = b.grad_fn.register_prehook(pre)
        b.grad_fn.register_prehook(pre)
        handle.remove()
        b.sum().backward()
        print(custom, count, a.grad.tolist())
        a = torch.ones(2, requires_grad=True)
        b = f(a)
        count = [0]
        handles = {}

        def remover(g, handles=handles):
            handles["second"].remove()
            handles["third"].remove()

        b.grad_fn.register_prehook(remover)
        handles["second"] = b.grad_fn.register_prehook(pre)
        handles["third"] = b.grad_fn.register_prehook(pre)
        handles["third"].remove()
        b.sum().backward()
        print(custom, count, a.grad.tolist())


@case
def test_node_post_hook_registered_during_unpack_hook():
    a = torch.tensor([[1.0, 2.0, 3.0], [4.0, 6.0, 8.0], [0.0, 1.0, 5.0]], requires_grad=True)

    def run_model():
        var, mean = torch.var_mean(a, dim=0)
        (var + mean).sum().backward()

    run_model()
    reference = a.grad.clone()

    def unpack(t):
        node = torch._C._current_autograd_node()
        node.register_hook(lambda outputs, inputs: (
            print("inputs all None", all(i is None for i in inputs)),
            tuple(o / 2.0 if o is not None else None for o in outputs))[1])
        return t

    with torch.autograd.graph.saved_tensors_hooks(lambda t: t, unpack):
        run_model()
    print(bool(((a.grad - (reference / 2.0 + reference)).abs() < 1e-5).all()))


@case
def test_hooks_cpp():
    bn = torch.nn.BatchNorm1d(5, affine=False)
    bn.double()
    bn.eval()
    count = [0]

    def hook(grad):
        count[0] += 1
        return grad * 2

    x = torch.ones(5, 5, dtype=torch.double, requires_grad=True)
    z = bn(x)
    z.register_hook(hook)
    z.sum().backward()
    print(count, [round(v, 4) for v in x.grad[0].tolist()])


@case
def test_hook_none():
    class NoneGrad(Function):
        @staticmethod
        def forward(ctx, x, y):
            print("needs_input_grad", ctx.needs_input_grad)
            return x, y

        @staticmethod
        def backward(ctx, gx, gy):
            return gx, None

    seen = []
    x = torch.ones(2, requires_grad=True)
    y = torch.ones(2)
    rx, ry = NoneGrad.apply(x, y)
    rx.register_hook(lambda g: seen.append(g is not None))
    print(raises(lambda: ry.register_hook(lambda g: seen.append(g is not None))))
    sum(rx, ry).sum().backward()
    print(seen)


@case
def test_tensor_hooks_inplace():
    counts = [0, 0, 0]

    def fn(i, factor):
        def hook(grad):
            counts[i] += 1
            print("hook", i, grad.tolist())
            return grad * factor
        return hook

    a = torch.tensor([1.0], requires_grad=True)
    b = a.clone()
    b.register_hook(fn(0, 2))
    b.mul_(2)
    b.register_hook(fn(1, 2))
    b.sum().backward()
    print(counts, a.grad.tolist())
    a = torch.tensor([1.0], requires_grad=True)
    b = a.clone()
    b.register_hook(fn(2, 2))
    b.mul_(2)
    b.mul_(2)
    b.sum().backward()
    print(counts, a.grad.tolist())


@case
def test_tensor_hooks_inplace_multiple_outputs():
    class DoubleMul(Function):
        @staticmethod
        def forward(ctx, x):
            return x * 2, x * 3

        @staticmethod
        def backward(ctx, g1, g2):
            return g1 * 2 + g2 * 3

    for fn in (DoubleMul.apply, lambda t: torch.var_mean(t, dim=0)):
        counts = [0, 0, 0]
        b = torch.ones(3, 3, requires_grad=True)
        out1, out2 = fn(b)

        def make(i, counts=counts):
            def hook(grad):
                counts[i] += 1
                print("hook", i, round(grad.sum().item(), 4))
            return hook

        out1.register_hook(make(0))
        out2.register_hook(make(1))
        out1.mul_(2)
        out1.register_hook(make(2))
        (out1 + out2 * 3).sum().backward()
        print(counts)


@case
def test_tensor_hooks_inplace_over_view():
    count = []
    base = torch.tensor([1.0], requires_grad=True).clone()
    view = base[:]
    view2 = base[:]
    view.register_hook(lambda g: count.append("view"))
    view2.register_hook(lambda g: count.append("view2 old"))
    view.mul_(2)
    _ = view2.grad_fn  # reading it rebinds view2 to the in-place op's history
    view2.register_hook(lambda g: count.append(("view2 new", g.tolist())))
    (view + view2).sum().backward()
    print(count)


@case
def test_reentrant_with_leaf_variable_hook():
    param = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
    state = {}

    def penalty(grad):
        state["handle"].remove()
        old = grad
        param.grad = None
        with torch.enable_grad():
            g = grad.detach().requires_grad_()
            new_param = param.detach().requires_grad_()
            ((g * 2) + new_param).sum().backward()
        result = g.grad + grad
        param.grad = old
        return result

    state["handle"] = param.register_hook(penalty)
    (param * param).sum().backward()
    print(param.grad.tolist())


@case
def test_reentrant_with_non_leaf_variable_hook():
    param = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
    state = {}

    def increase(grad):
        state["handle"].remove()
        with torch.enable_grad():
            g = grad.detach().requires_grad_()
            ((g * 2) + 5).sum().backward()
        return g.grad + grad

    tmp = param * param
    state["handle"] = tmp.register_hook(increase)
    tmp.sum().backward()
    print(param.grad.tolist())


class Identity(Function):
    @staticmethod
    def forward(ctx, x):
        return x

    @staticmethod
    def backward(ctx, grad):
        return grad


def hook_closure_cycle(custom, tensor_hook):
    class Sentinel:
        pass

    count = [0]

    def scope():
        a = torch.tensor(1.0, requires_grad=True)
        b = Identity.apply(a) if custom else a.clone()
        grad_fn_b = b.grad_fn
        obj = Sentinel()

        def hook(*args):
            _ = (grad_fn_b, obj)  # the closure holds both: a cycle through the graph
            count[0] += 1

        (b.register_hook if tensor_hook else b.grad_fn.register_hook)(hook)
        return b.clone(), weakref.ref(obj)

    gc.disable()
    try:
        out, ref = scope()
        out.backward(retain_graph=True)
        gc.collect()
        out.backward(retain_graph=True)
        alive = ref() is not None
        del out
        gc.collect()
        print(count, alive, ref() is None)
    finally:
        gc.enable()


for custom in (True, False):
    for tensor_hook in (True, False):
        def _case(custom=custom, tensor_hook=tensor_hook):
            hook_closure_cycle(custom, tensor_hook)
        _case.__name__ = (f"test_hook_closure_cycle_use_custom_function_{custom}"
                          f"_use_tensor_hook_{tensor_hook}")
        case(_case)


@case
def test_multi_grad_all_hooks():
    t1, t2, t3, t4 = (torch.ones(2, requires_grad=True) for _ in range(4))
    t1 = t1.mul(2)
    t2 = Identity.apply(t2)
    t3 = t3.clone()
    t4 = t4 * 1
    state = {"count": 0, "res": None}

    def hook(grads):
        state["count"] += 1
        state["res"] = [g is not None for g in grads]

    handle = torch.autograd.graph.register_multi_grad_hook((t1, t2, t3, t4), hook)
    out = t2 * t3
    out.sum().backward(inputs=(t2, t3), retain_graph=True)
    print(state)
    out.sum().backward(inputs=(t1, t4), retain_graph=True)
    print(state)
    out.sum().backward(inputs=(t1, t3), retain_graph=True)
    print(state)

    class Fails(Function):
        @staticmethod
        def forward(ctx, x):
            return x

        @staticmethod
        def backward(ctx, g):
            raise RuntimeError("error message")

    out = Fails.apply(t2) * t3
    print(raises(lambda: out.sum().backward(inputs=(t2, t3), retain_graph=True)), state)
    handle.remove()
    out = t2 * t3
    out.sum().backward(inputs=(t1, t3), retain_graph=True)
    print(state)


@case
def test_multi_grad_hooks_invalid_mode():
    t1, t2 = torch.ones(2, requires_grad=True), torch.ones(2, requires_grad=True)
    print(raises(lambda: torch.autograd.graph.register_multi_grad_hook(
        (t1, t2), lambda _: None, mode="foo")))


def threaded(fn, n):
    errors = []

    def target():
        try:
            fn()
        except Exception as e:
            errors.append(type(e).__name__)

    threads = [threading.Thread(target=target) for _ in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return errors


@case
def test_multithread_multi_grad_all_hooks():
    t1, t2, t3, t4 = (torch.ones(2, requires_grad=True) for _ in range(4))
    lock = threading.Lock()
    state = {"count": 0, "res": set()}

    def hook(grads):
        with lock:
            state["count"] += 1
            state["res"].add(tuple(g is not None for g in grads))

    handle = torch.autograd.graph.register_multi_grad_hook((t1, t2, t3, t4), hook)
    out = (t2 * t3).sum()
    print(threaded(lambda: out.backward(inputs=(t2, t3), retain_graph=True), 5), state)
    handle.remove()


@case
def test_multithread_multi_grad_any_hooks():
    t1, t2, t3, t4 = (torch.ones(2, requires_grad=True) for _ in range(4))
    lock = threading.Lock()
    count = [0]

    def hook(grad):
        with lock:
            count[0] += 1

    torch.autograd.graph.register_multi_grad_hook((t1, t2, t3, t4), hook, mode="any")
    out = (t2 * t3).sum()
    print(threaded(lambda: out.backward(inputs=(t2, t3), retain_graph=True), 5), count)


run()
