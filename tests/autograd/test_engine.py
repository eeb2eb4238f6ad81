"""Engine guarantees beyond PyTorch's: thread-safe accumulation, no leaks with hooks."""
import gc
import threading
import weakref

import numpy as np

import hookgrad as torch


def test_threads_accumulate_into_shared_leaf_exactly():
    # 8 threads x 50 passes into one leaf: every contribution lands (PyTorch leaves this racy).
    w = torch.ones(1000, requires_grad=True)
    barrier = threading.Barrier(8)
    errors = []

    def worker(k):
        try:
            barrier.wait()
            for _ in range(50):
                ((w * (k + 1)).sum() + (w * w).sum()).backward()
        except Exception as e:  # pragma: no cover - reported below
            errors.append(e)

    threads = [threading.Thread(target=worker, args=(k,)) for k in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    # d/dw of k*w + w*w at w=1 is k + 2; summed over k = 1..8 and 50 passes each.
    expected = 50 * sum(k + 2 for k in range(1, 9))
    np.testing.assert_array_equal(w.grad.numpy(), np.full(1000, expected, np.float32))


def test_threads_on_separate_graphs_run_their_own_hooks():
    seen = {}
    results = {}

    def worker(k):
        x = torch.tensor([float(k)], requires_grad=True)
        y = x * 3
        y.register_hook(lambda g: seen.__setitem__(k, threading.get_ident()))
        (y * y).sum().backward()
        results[k] = (x.grad.item(), seen[k] == threading.get_ident())

    threads = [threading.Thread(target=worker, args=(k,)) for k in range(1, 9)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == {k: (18.0 * k, True) for k in range(1, 9)}


def _live_objects():
    gc.collect()
    return len(gc.get_objects())


def test_hooks_added_and_removed_leave_no_growth():
    w = torch.randn(4, 4, requires_grad=True)
    x = torch.randn(3, 4)

    def step():
        h = x @ w
        handle = h.register_hook(lambda g: g * 2)
        post = w.register_post_accumulate_grad_hook(lambda p: None)
        node_handle = h.grad_fn.register_prehook(lambda go: None)
        h.relu().sum().backward()
        handle.remove()
        post.remove()
        node_handle.remove()
        w.grad = None

    for _ in range(200):  # warm caches
        step()
    before = _live_objects()
    for _ in range(10_000):
        step()
    assert _live_objects() - before < 50


def test_graph_with_hooks_closing_over_its_own_tensors_is_collected():
    refs = []
    for _ in range(100):
        a = torch.randn(3, requires_grad=True)
        b = a.exp()
        # the hook references b, which references its grad_fn, which holds the hook: a cycle
        b.register_hook(lambda g, b=b: g * b)
        b.grad_fn.register_hook(lambda gi, go, b=b: None)
        refs.append(weakref.ref(b))
        b.sum().backward()
        del a, b
    gc.collect()
    assert all(r() is None for r in refs)


def test_unshared_gradients_become_grad_without_a_copy(monkeypatch):
    """A weight gradient nothing else holds (here a transposed-back GEMM result and a reduced
    bias gradient, both views of temporaries) becomes ``.grad`` as is: no copy per step."""
    from hookgrad.autograd import engine
    copies = []
    real_copy = engine._copy
    monkeypatch.setattr(engine, "_copy", lambda t: copies.append(t.shape) or real_copy(t))
    model = torch.nn.Sequential(torch.nn.Linear(6, 5), torch.nn.ReLU(), torch.nn.Linear(5, 3))
    x = torch.randn(4, 6)
    model(x).sum().backward()
    assert copies == []
    for p in model.parameters():
        assert p.grad._base is None and not p.grad._is_view()
        assert p.grad.shape == p.shape


def test_gradient_still_held_elsewhere_is_copied_into_grad():
    """A hook keeps the gradient it saw: ``.grad`` must not share its memory."""
    w = torch.ones(3, requires_grad=True)
    seen = []
    y = w * 2
    y.register_hook(lambda g: seen.append(g))
    y.sum().backward()
    assert not np.shares_memory(w.grad.numpy(), seen[0].numpy())
    w.grad.zero_()
    assert seen[0].tolist() == [1.0, 1.0, 1.0]


def test_numpy_floating_point_warnings_stay_inside_hookgrad():
    """Infinities and NaNs come out silently, as in PyTorch; NumPy calls in user code keep
    their RuntimeWarnings."""
    import subprocess
    import sys
    code = ("import warnings, numpy as np, hookgrad as torch\n"
            "x = torch.tensor([0.0, -1.0, 1000.0, float('nan')], requires_grad=True)\n"
            "with warnings.catch_warnings(record=True) as caught:\n"
            "    y = x.exp() + x.log() + x.sinh() + (x - x) * x / x\n"
            "    y.sum().backward()\n"
            "print(len(caught))\n"
            "with warnings.catch_warnings(record=True) as caught:\n"
            "    np.exp(np.float32(1000))\n"
            "print(len(caught))\n")
    out = subprocess.run([sys.executable, "-W", "default", "-c", code], capture_output=True,
                         text=True, check=True).stdout.split()
    assert out == ["0", "1"]
