"""torch.accelerator on a machine without one: nothing is available, and anything that
needs a device raises PyTorch's RuntimeError."""
import warnings

from ._device import NO_ACCELERATOR

__all__ = ["is_available", "current_accelerator", "device_count", "current_device_index",
           "set_device_index", "current_stream", "set_stream", "synchronize", "device_index",
           "empty_cache", "memory_allocated", "memory_reserved", "max_memory_allocated",
           "max_memory_reserved", "memory_stats", "reset_peak_memory_stats",
           "reset_accumulated_memory_stats", "get_memory_info", "get_device_capability"]


def is_available():
    return False


def current_accelerator(check_available=False):
    return None


def device_count():
    return 0


def _no_accelerator(*args, **kwargs):
    raise RuntimeError(NO_ACCELERATOR)


current_device_index = current_stream = synchronize = empty_cache = _no_accelerator
memory_allocated = memory_reserved = max_memory_allocated = max_memory_reserved = _no_accelerator
memory_stats = reset_peak_memory_stats = reset_accumulated_memory_stats = _no_accelerator
get_memory_info = get_device_capability = empty_host_cache = _no_accelerator


def set_device_index(device):
    raise RuntimeError(NO_ACCELERATOR)


def set_stream(stream):
    raise RuntimeError(NO_ACCELERATOR)


class device_index:
    """``with torch.accelerator.device_index(i):``; ``None`` does nothing, an index raises on
    entry (there is no accelerator)."""

    def __init__(self, device, /):
        self.idx = device

    def __enter__(self):
        if self.idx is not None:
            raise RuntimeError(NO_ACCELERATOR)
        return self

    def __exit__(self, *exc):
        return False


def current_device_idx():
    warnings.warn("Use `current_device_index` instead.", FutureWarning, stacklevel=2)
    return current_device_index()


def set_device_idx(device):
    warnings.warn("Use `set_device_index` instead.", FutureWarning, stacklevel=2)
    return set_device_index(device)
