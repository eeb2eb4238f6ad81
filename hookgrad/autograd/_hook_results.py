"""The checks on what a backward hook returns (tensor hooks, node pre- and post-hooks):
PyTorch's errors for a wrong type, dtype, shape or count."""


def hook_name(fn):
    """How error messages name a hook (``fn`` may be that name already)."""
    return fn if isinstance(fn, str) else getattr(fn, "__name__", "<unknown>")


def check_hook_result(fn, old, new):
    """Validate one gradient a hook returned in place of ``old``: not for a None gradient,
    and a Tensor of the same dtype and shape."""
    if old is None:
        raise RuntimeError("can't replace a None gradient with a non-None value")
    if not hasattr(new, "_data"):
        raise TypeError(f"expected Variable, but hook returned '{type(new).__name__}'")
    if new._data.dtype != old._data.dtype:
        raise RuntimeError(
            f"hook '{hook_name(fn)}' has changed the type of value (was "
            f"torch.{old.dtype.legacy_name} got torch.{new.dtype.legacy_name})")
    if new._data.shape != old._data.shape:
        raise RuntimeError(f"hook '{hook_name(fn)}' has changed the size of value")


def check_hook_tuple(fn, old, new):
    """Validate a tuple returned by a node pre- or post-hook: a tuple of the same length,
    each entry None or a valid replacement."""
    if not isinstance(new, tuple):
        raise TypeError(f"expected tuple, but hook returned '{type(new).__name__}'")
    if len(new) != len(old):
        raise RuntimeError(f"hook '{hook_name(fn)}' has returned an incorrect number of values "
                           f"(got {len(new)}, but expected {len(old)})")
    for before, after in zip(old, new):
        if after is not None:
            check_hook_result(fn, before, after)
    return list(new)
