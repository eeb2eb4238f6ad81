"""hookgrad.futures.Future (torch.futures.Future) without MPI."""
import pytest

import hookgrad as torch
from hookgrad.futures import Future, collect_all, wait_all


def test_set_result_then_chain():
    future = Future()
    chained = future.then(lambda f: f.value() + 1).then(lambda f: f.value() * 10)
    assert not future.done() and not chained.done()
    future.set_result(1)
    assert chained.done() and chained.wait() == 20 and future.value() == 1
    # then() on a completed future runs at once
    assert future.then(lambda f: "now").value() == "now"
    with pytest.raises(RuntimeError, match="only be marked completed once"):
        future.set_result(2)


def test_exceptions_reach_whoever_waits():
    future = Future()
    chained = future.then(lambda f: f.value())
    future.set_exception(ValueError("bad"))
    with pytest.raises(ValueError, match="bad"):
        chained.wait()
    failing = Future()
    after = failing.then(lambda f: 1 / 0)
    failing.set_result(0)
    with pytest.raises(ZeroDivisionError):
        after.wait()


def test_waiting_on_something_nothing_completes_is_an_error():
    with pytest.raises(RuntimeError, match="call set_result"):
        Future().wait()
    with pytest.raises(RuntimeError, match="before the Future completed"):
        Future().value()


def test_poll_backed_future_completes_on_wait():
    # how a collective's Work backs its Future: completion happens when someone waits
    future = Future()
    calls = []

    def poll(block):
        calls.append(block)
        if block:
            future.set_result("done")
        return future._done

    future._poll = poll
    chained = future.then(lambda f: f.value().upper())
    assert not chained.done() and calls == [False]
    assert chained.wait() == "DONE" and calls == [False, True]


def test_done_callbacks_collect_and_annotations():
    seen = []
    futures = [Future(), Future()]
    futures[0].add_done_callback(lambda f: seen.append(f.value()))
    both = collect_all(futures)
    futures[0].set_result(1)
    futures[1].set_result(2)
    assert seen == [1] and both.wait() == futures and wait_all(futures) == [1, 2]
    assert Future[torch.Tensor] == torch.futures.Future[torch.Tensor]
