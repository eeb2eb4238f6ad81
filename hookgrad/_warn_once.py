"""The warnings PyTorch raises once per process (C++ ``TORCH_WARN_ONCE``), and
``torch.set_warn_always``, which makes them warn every time.

As in PyTorch, a warning given while warn-always is on does not count as the one warning:
turning it off again lets the next occurrence warn once more."""
import warnings

_HEAP_TYPE = 1 << 9  # Py_TPFLAGS_HEAPTYPE
_warn_always = False
_warned_sites = set()


def _tp_name(value):
    """The C-level name of ``value``'s type, as PyTorch's messages print it."""
    cls = type(value)
    if cls.__flags__ & _HEAP_TYPE or cls.__module__ == "builtins":
        return cls.__name__
    return f"{cls.__module__}.{cls.__name__}"


def set_warn_always(b, /):
    """Make the warn-once warnings warn every time (True) or once per process (False)."""
    global _warn_always
    if type(b) is not bool:
        raise RuntimeError(f"setWarnOnlyOnce expects a bool, but got {_tp_name(b)}")
    _warn_always = b


def is_warn_always_enabled():
    return _warn_always


def warn_once(site, message, category=UserWarning, stacklevel=1):
    """``warnings.warn`` the first time ``site`` (a name for the place in the code) warns,
    and every time while warn-always is on. ``stacklevel`` counts from the caller."""
    if not _warn_always:
        if site in _warned_sites:
            return
        _warned_sites.add(site)
    warnings.warn(message, category, stacklevel=stacklevel + 1)
