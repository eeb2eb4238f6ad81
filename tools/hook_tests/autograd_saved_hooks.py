"""Behaviours of the saved-tensor-hook tests in test/test_autograd.py: hooks on one saved
tensor and default hooks (nesting, disabling, errors, counts, double backward, pack hooks
that write into their input, version counters, wrapped numbers, entering or leaving a hooks
context inside backward)."""
import gc
import warnings
import weakref

from _hook_cases import case, raises, run, torch

graph = torch.autograd.graph
Function = torch.autograd.Function


@case
def test_saved_tensor_hooks_extra_exit_during_bw_no_crash():
    def unpack(x):
        outer.__exit__()
        return x

    outer = graph.saved_tensors_hooks(lambda x: x, unpack)
    inner = graph.saved_tensors_hooks(lambda x: x, lambda x: x)
    results = []
    for _ in range(3):
        with inner:
            outer.__enter__()
            x = torch.ones(3, requires_grad=True)
            results.append(raises(lambda x=x: x.sin().sum().backward()))
    for _ in range(3):
        results.append(raises(outer.__exit__))
    print(results)
    a = torch.tensor(1.0, requires_grad=True)
    y = a.exp()
    print(raises(lambda: y.grad_fn._raw_saved_result.register_hooks(lambda x: x, lambda x: x)))


@case
def test_saved_tensor_hooks_extra_enter_during_bw_no_leak():
    def scope():
        def unpack(x):
            weak_ctx().__enter__()
            return x

        ctx = graph.saved_tensors_hooks(lambda x: x, unpack)
        weak_ctx = weakref.ref(ctx)
        x = torch.ones(3, requires_grad=True)
        with ctx:
            x.sin().sum().backward()
        return weakref.ref(unpack)

    gc.disable()
    try:
        print(scope()() is None)
    finally:
        gc.enable()


def saved_original_with_hooks(get_input, is_leaf):
    a = get_input()
    grad_fn = a.grad_fn
    y = a * a
    y.grad_fn._raw_saved_self.register_hooks(lambda x: 2 * x, lambda x: x / 2)
    print(y.grad_fn._saved_self.tolist() == a.tolist(),
          None if is_leaf else y.grad_fn._saved_self.grad_fn is grad_fn)
    y.sum().backward()
    if is_leaf:
        print(a.grad.tolist())
    a = get_input()
    y = a * a
    y.grad_fn._raw_saved_self.register_hooks(lambda x: 2 * x, lambda x: x)
    print(y.grad_fn._saved_self.tolist())
    y.sum().backward()
    if is_leaf:
        print(a.grad.tolist())
    a = get_input()
    y = a ** 3
    y.grad_fn._raw_saved_self.register_hooks(lambda x: x, lambda x: x)
    (g,) = torch.autograd.grad(y.sum(), (a,), create_graph=True)
    g.sum().backward()
    if is_leaf:
        print(a.grad.tolist())
    a = get_input()
    y = a * a
    y.grad_fn._raw_saved_self.register_hooks(lambda x: x, lambda x: 1)
    print(raises(lambda: y.grad_fn._saved_self))
    a = get_input()
    y = a * a
    print(raises(lambda: y.grad_fn._raw_saved_self.register_hooks(lambda x, b: x, lambda x: x)))

    def inplace_double(x):
        x *= 2
        return x

    a = get_input()
    t = a * a
    print(raises(lambda: t.grad_fn._raw_saved_self.register_hooks(inplace_double,
                                                                  lambda x: x / 2)))


@case
def test_saved_variable_packing_unpacking_saved_original_with_hooks():
    saved_original_with_hooks(lambda: torch.tensor([1.0, 2.0], requires_grad=True), True)
    saved_original_with_hooks(lambda: 1 + torch.tensor([1.0, 2.0], requires_grad=True), False)


@case
def test_saved_variable_saved_original_inplace_detach():
    a = torch.tensor(1.0, requires_grad=True).clone()
    b = a.sin()
    a.detach_()
    print(raises(b.backward))
    a = torch.tensor(1.0, requires_grad=True).clone()
    b = a.exp()
    a.detach_()
    print(raises(b.backward))


@case
def test_saved_variable_packing_unpacking_did_not_save_original_with_hooks():
    a = torch.tensor([0.0, 1.0], requires_grad=True)
    y = torch.exp(a)
    y.grad_fn._raw_saved_result.register_hooks(lambda x: x, lambda x: x)
    print(y.grad_fn._saved_result.tolist() == y.tolist(),
          y.grad_fn._saved_result.grad_fn is y.grad_fn)
    y.sum().backward()
    print([round(v, 4) for v in a.grad.tolist()])


@case
def test_saved_variable_packing_unpacking_saved_original_with_default_hooks():
    def pack(x):
        warnings.warn("pack", stacklevel=2)
        return x

    with graph.saved_tensors_hooks(pack, lambda x: x):
        a = torch.ones(2, requires_grad=True)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            a * a
        print(len(caught))
    for pack_fn, unpack_fn in ((lambda x: x, lambda x: x), (lambda x: 2 * x, lambda x: x / 2),
                               (lambda x: 2 * x, lambda x: x)):
        with graph.saved_tensors_hooks(pack_fn, unpack_fn):
            a = torch.tensor([1.0, 2.0], requires_grad=True)
            y = a * a
            print(y.grad_fn._saved_self.tolist(), y.grad_fn._saved_other.tolist())
            y.sum().backward()
            print(a.grad.tolist())
    a = torch.tensor([1.0, 2.0], requires_grad=True)
    y = a * a
    y.sum().backward()
    print(a.grad.tolist())


@case
def test_saved_variable_packing_unpacking_did_not_save_original_with_default_hooks():
    with graph.saved_tensors_hooks(lambda x: x, lambda x: x):
        a = torch.tensor([0.0, 1.0], requires_grad=True)
        y = torch.exp(a)
        print(y.grad_fn._saved_result.tolist() == y.tolist())
        y.sum().backward()
        print([round(v, 4) for v in a.grad.tolist()])


@case
def test_setting_default_saved_variable_hooks_twice_should_not_fail():
    with graph.saved_tensors_hooks(lambda x: x, lambda x: x):
        with graph.saved_tensors_hooks(lambda x: x, lambda x: x):
            pass
    print("ok")


@case
def test_setting_default_saved_variable_hooks_twice_should_use_inner():
    with graph.saved_tensors_hooks(lambda x: 3 * x, lambda x: 3 * x):
        b = torch.tensor([1.0, 2.0], requires_grad=True)
        with graph.saved_tensors_hooks(lambda x: 5 * x, lambda x: 5 * x):
            a = torch.tensor([1.0, 2.0], requires_grad=True)
            y = a * a
        z = b * b
    y.sum().backward()
    z.sum().backward()
    print(a.grad.tolist(), b.grad.tolist())


@case
def test_saved_tensor_hooks_custom_error_propagation():
    class CustomError(Exception):
        pass

    def fail(label):
        def hook(x):
            raise CustomError(label)
        return hook

    a = torch.tensor(1.0, requires_grad=True)
    with graph.saved_tensors_hooks(fail("pack"), lambda x: x):
        print(raises(lambda: torch.sin(a)))
    with graph.saved_tensors_hooks(lambda x: x, fail("unpack")):
        out = torch.sin(a)
        print(raises(out.backward))


@case
def test_unpack_hooks_exec_count():
    counts = {"pack": 0, "unpack": 0}

    def pack(x):
        counts["pack"] += 1
        return x

    def unpack(x):
        counts["unpack"] += 1
        return x

    x = torch.ones(4, requires_grad=True)
    y = torch.ones(4)
    with graph.saved_tensors_hooks(pack, unpack):
        out = x * y
        print(counts)
        out.sum().backward()
        print(counts)


@case
def test_saved_tensors_hook_version_counter_not_shared():
    a = torch.tensor(1.0, requires_grad=True)
    replacement = a.clone()

    class Test(Function):
        @staticmethod
        def forward(ctx, x):
            ctx.save_for_backward(x)
            return x.sin()

        @staticmethod
        def backward(ctx, grad_output):
            (x,) = ctx.saved_tensors
            before = a._version
            x.add_(1)
            print("version unchanged", a._version == before)
            return grad_output

    with graph.saved_tensors_hooks(lambda x: replacement, lambda x: x):
        b = Test.apply(a)
    b.backward()


@case
def test_pack_hook_with_inplace_modification_should_fail():
    a = torch.tensor([1.0, 2.0], requires_grad=True)

    def inc(x):
        x += 1
        return x

    with graph.saved_tensors_hooks(inc, lambda x: x):
        print(raises(lambda: torch.exp(a)))
    y = torch.exp(a)
    print(raises(lambda: y.grad_fn._raw_saved_result.register_hooks(inc, lambda x: x)))
    print(a.tolist())


@case
def test_default_saved_tensors_hooks_double_backward():
    def value():
        return torch.tensor([1.0, 2.0], requires_grad=True)

    with graph.saved_tensors_hooks(lambda x: x, lambda x: x):
        a = value()
        (g,) = torch.autograd.grad((a ** 3).sum(), (a,), create_graph=True)
        g.sum().backward()
        print(a.grad.tolist())
    with graph.saved_tensors_hooks(lambda x: 2 * x, lambda x: x):
        a = value()
        s = (a ** 3).sum()
    (g,) = torch.autograd.grad(s, (a,), create_graph=True)
    g.sum().backward()
    print(a.grad.tolist())
    a = value()
    s = (a ** 3).sum()
    with graph.saved_tensors_hooks(lambda x: 2 * x, lambda x: x):
        (g,) = torch.autograd.grad(s, (a,), create_graph=True)
        g.sum().backward()
        print(a.grad.tolist())
    with graph.saved_tensors_hooks(lambda x: 2 * x, lambda x: x):
        a = value()
        s = (a ** 3).sum()
        (g,) = torch.autograd.grad(s, (a,), create_graph=True)
        g.sum().backward()
        print(a.grad.tolist())


@case
def test_wrapped_number_saved_tensors_hooks():
    def err(x):
        raise RuntimeError("this hook should not be called")

    with graph.saved_tensors_hooks(err, err):
        a = torch.ones(2, requires_grad=True)
        print(raises(lambda: torch.autograd.grad((a * 3).sum(), (a,))))


run()
