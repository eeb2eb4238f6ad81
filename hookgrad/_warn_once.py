"""Warnings PyTorch gives once per process (its C++ ``TORCH_WARN_ONCE``), and
``set_warn_always``, which makes them come every time (as PyTorch's tests and the differential
fuzzer set it, so that what a program prints does not depend on what ran before it)."""
import warnings

_always = [False]
_given = set()


def set_warn_always(b):
    """Give every once-per-process warning each time its condition occurs (True), or only the
    first time in the process (False, the default)."""
    _always[0] = bool(b)


def is_warn_always_enabled():
    return _always[0]


def warn_once(key, message, stacklevel=2):
    """``warnings.warn(message, UserWarning)`` the first time ``key`` (a call site) warns in
    this process, or every time under ``set_warn_always(True)``. ``stacklevel`` counts from the
    caller of ``warn_once``."""
    if key in _given and not _always[0]:
        return
    _given.add(key)
    warnings.warn(message, UserWarning, stacklevel=stacklevel + 1)
