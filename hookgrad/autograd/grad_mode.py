"""Grad mode: thread-local, usable as context managers and decorators."""
import functools
import threading

__all__ = ["no_grad", "enable_grad", "set_grad_enabled", "inference_mode", "is_grad_enabled",
           "is_inference_mode_enabled"]


class _State(threading.local):
    grad_enabled = True
    inference = False


state = _State()


def is_grad_enabled():
    return state.grad_enabled


def is_inference_mode_enabled():
    return state.inference


class _GradModeContext:
    """Base of the grad-mode switches: a context manager that also decorates functions."""

    def __call__(self, func):
        @functools.wraps(func)
        def wrapper(*args, **kwargs):
            with self.__class__(*self._args):
                return func(*args, **kwargs)
        return wrapper

    _args = ()

    def __enter__(self):
        self._prev = state.grad_enabled
        state.grad_enabled = self._mode

    def __exit__(self, *exc):
        state.grad_enabled = self._prev
        return False

    def clone(self):
        return self.__class__(*self._args)


class no_grad(_GradModeContext):
    """Disable gradient recording in a block or function."""

    _mode = False

    def __new__(cls, orig_func=None):
        if orig_func is None:
            return super().__new__(cls)
        return cls()(orig_func)  # used as ``@no_grad`` without parentheses


class enable_grad(_GradModeContext):
    """Enable gradient recording in a block or function (e.g. inside ``no_grad``)."""

    _mode = True

    def __new__(cls, orig_func=None):
        if orig_func is None:
            return super().__new__(cls)
        return cls()(orig_func)


class set_grad_enabled(_GradModeContext):
    """Set grad mode; takes effect at once, so it also works as a plain function call."""

    def __init__(self, mode):
        self._mode = bool(mode)
        self._args = (mode,)
        self._prev = state.grad_enabled
        state.grad_enabled = self._mode

    def __enter__(self):
        pass

    def __call__(self, func):
        state.grad_enabled = self._prev  # as a decorator, the mode applies only inside calls
        return super().__call__(func)


class inference_mode(_GradModeContext):
    """Like ``no_grad``; tensors made inside are ordinary tensors here (no inference flag)."""

    def __new__(cls, mode=True):
        if callable(mode):
            return cls()(mode)
        return super().__new__(cls)

    def __init__(self, mode=True):
        self._mode = not mode
        self._inference = bool(mode)
        self._args = (mode,)

    def __enter__(self):
        super().__enter__()
        self._prev_inference = state.inference
        state.inference = self._inference

    def __exit__(self, *exc):
        state.inference = self._prev_inference
        return super().__exit__(*exc)
