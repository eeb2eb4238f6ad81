"""torch.futures: a Future for results that arrive later (collectives started with async_op).

Unlike PyTorch, nothing completes a Future on another thread: a Future backed by a pending
operation completes when someone waits on it (``wait()``, ``value()`` through a chained
``then`` callback) or polls it (``done()``), and its ``then`` callbacks run there, on the
thread that waited. DDP waits at the end of ``backward()``, so communication-hook callbacks
run on the thread that called ``backward()``, as every other hook does."""

import types

__all__ = ["Future", "collect_all", "wait_all"]


class Future:
    """The result of an asynchronous operation: ``set_result`` / ``set_exception`` complete it,
    ``wait`` returns the result (raising the exception, if one was set), ``then`` chains."""

    __slots__ = ("_done", "_result", "_exception", "_callbacks", "_poll")
    # ``Future[torch.Tensor]`` in annotations (communication hooks are annotated so)
    __class_getitem__ = classmethod(types.GenericAlias)

    def __init__(self, *, devices=None):
        self._done = False
        self._result = None
        self._exception = None
        self._callbacks = []
        # For a Future backed by a pending operation: poll(block) completes this Future when
        # the operation has finished (always when block is True) and returns whether it did.
        self._poll = None

    def done(self):
        """Whether the result (or an exception) is available, without blocking."""
        if not self._done and self._poll is not None:
            self._poll(False)
        return self._done

    def wait(self):
        """Block until complete; return the result or raise the exception that was set."""
        if not self._done:
            if self._poll is None:
                raise RuntimeError("Future.wait() on a Future that nothing will complete: "
                                   "call set_result() or set_exception() first")
            self._poll(True)
        if self._exception is not None:
            raise self._exception
        return self._result

    def value(self):
        """The result of a completed Future (raises its exception, if one was set)."""
        if not self.done():
            raise RuntimeError("Future.value() was called before the Future completed; "
                               "call wait() first or read the value inside a then() callback")
        if self._exception is not None:
            raise self._exception
        return self._result

    def set_result(self, result):
        if self._done:
            raise RuntimeError("Future can only be marked completed once.")
        self._result = result
        self._complete()

    def set_exception(self, result):
        if not isinstance(result, BaseException):
            raise TypeError(f"set_exception expects an exception, got {type(result).__name__}")
        if self._done:
            raise RuntimeError("Future can only be marked completed once.")
        self._exception = result
        self._complete()

    def then(self, callback):
        """A new Future holding ``callback(self)`` once this one completes."""
        child = Future()
        if self._done:
            _run_then(self, callback, child)
        else:
            self._callbacks.append((callback, child))
            # Waiting on the child waits on this Future, whose completion fills the child.
            child._poll = self._poll_for_child
        return child

    def add_done_callback(self, callback):
        """Call ``callback(self)`` once this Future completes (its result is not kept)."""
        if self._done:
            callback(self)
        else:
            self._callbacks.append((callback, None))

    def _poll_for_child(self, block):
        if not self._done:
            if self._poll is None:
                if block:
                    raise RuntimeError("Future.wait() on a Future that nothing will complete")
                return False
            self._poll(block)
        return self._done

    def _complete(self):
        self._done = True
        self._poll = None
        callbacks, self._callbacks = self._callbacks, []
        for callback, child in callbacks:
            if child is None:
                callback(self)
            else:
                _run_then(self, callback, child)


def _run_then(parent, callback, child):
    child._poll = None
    try:
        result = callback(parent)
    except Exception as error:  # the error belongs to whoever waits on the child
        child.set_exception(error)
    else:
        child.set_result(result)


def collect_all(futures):
    """A Future that completes, with the list of ``futures``, once all of them have."""
    futures = list(futures)
    combined = Future()

    def poll(block):
        if all(f.done() for f in futures) or block:
            for f in futures:
                try:
                    f.wait()
                except Exception:  # noqa: S110  (each Future keeps its own exception)
                    pass
            combined.set_result(futures)
        return combined._done

    combined._poll = poll
    return combined


def wait_all(futures):
    """Wait for every Future; return their results (raising the first exception met)."""
    return [f.wait() for f in futures]
