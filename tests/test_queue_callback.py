"""End-of-backward callbacks (PyTorch's ``Variable._execution_engine.queue_callback``):
hookgrad.autograd.engine.queue_callback. Each expectation was checked against PyTorch 2.13."""
import threading

import pytest
from _recorded import load

import hookgrad as torch
from hookgrad.autograd.engine import queue_callback


def test_outside_backward_is_an_error():
    kind, text = load("ddp_reference")["errors_without_group"]["queue_callback"]
    with pytest.raises(RuntimeError) as error:
        queue_callback(lambda: None)
    assert (type(error.value).__name__, str(error.value)) == (kind, text)


def test_runs_after_every_node_before_backward_returns_on_its_thread():
    events = []
    x = torch.ones(2, requires_grad=True)
    w = torch.ones(2, requires_grad=True)

    def callback():
        events.append(("callback", torch.is_grad_enabled(), x.grad is not None,
                       w.grad is not None, threading.get_ident()))

    def hook(grad):
        queue_callback(callback)
        events.append("hook")

    y = (x * 2).sum()
    y.register_hook(hook)
    (y + (w * w).sum()).backward()
    events.append("returned")
    assert events == ["hook", ("callback", False, True, True, threading.get_ident()), "returned"]


def test_grad_mode_is_the_passes():
    modes = []
    x = torch.ones(2, requires_grad=True)
    y = (x * 2).sum()
    y.register_hook(lambda g: queue_callback(lambda: modes.append(torch.is_grad_enabled())))
    torch.autograd.grad(y, x, create_graph=True)
    assert modes == [True]


def test_order_and_callbacks_queued_by_callbacks():
    events = []
    x = torch.ones(2, requires_grad=True)

    def first():
        events.append("first")
        queue_callback(lambda: events.append("queued by first"))

    def hook(grad):
        queue_callback(first)
        for i in range(3):
            queue_callback(lambda i=i: events.append(i))

    y = (x * 2).sum()
    y.register_hook(hook)
    y.backward()
    assert events == ["first", 0, 1, 2, "queued by first"]


def test_autograd_grad_runs_them_too():
    events = []
    x = torch.ones(2, requires_grad=True)
    y = (x * 2).sum()
    y.register_hook(lambda g: queue_callback(lambda: events.append("callback")))
    torch.autograd.grad(y, x)
    assert events == ["callback"]


def test_a_failing_callback_fails_backward():
    x = torch.ones(2, requires_grad=True)

    def fail():
        raise ValueError("callback failed")

    y = (x * 2).sum()
    y.register_hook(lambda g: queue_callback(fail))
    with pytest.raises(ValueError, match="callback failed"):
        y.backward()
    z = (x * 3).sum()   # the engine is usable afterwards
    z.backward()


def test_nested_backward_runs_its_own_callbacks_first():
    events = []
    x = torch.ones(2, requires_grad=True)
    z = torch.ones(1, requires_grad=True)

    def outer(grad):
        with torch.enable_grad():
            inner = (z * 3).sum()
        inner.register_hook(lambda g: queue_callback(lambda: events.append("inner callback")))
        inner.backward()
        events.append("inner backward returned")
        queue_callback(lambda: events.append("outer callback"))

    y = (x * 2).sum()
    y.register_hook(outer)
    y.backward()
    events.append("outer backward returned")
    assert events == ["inner callback", "inner backward returned", "outer callback",
                      "outer backward returned"]


def test_concurrent_passes_each_run_their_own_on_their_thread():
    seen = {}
    barrier = threading.Barrier(4)
    errors = []

    def worker(k):
        try:
            a = torch.ones(3, requires_grad=True)
            barrier.wait()
            for _ in range(20):
                s = (a * k).sum()
                s.register_hook(lambda g: queue_callback(
                    lambda: seen.setdefault(k, []).append(threading.get_ident())))
                s.backward()
        except Exception as error:  # pragma: no cover - reported below
            errors.append(error)

    threads = [threading.Thread(target=worker, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    for t, k in zip(threads, range(4)):
        assert seen[k] == [t.ident] * 20, (k, seen[k])
