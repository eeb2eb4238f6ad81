"""torch.cuda as a PyTorch build without CUDA reports it: nothing is available.

Queries answer as PyTorch's CPU build does (``is_available()`` False, ``device_count()`` 0,
memory figures 0, seeding a no-op); anything that needs a GPU raises PyTorch's
``AssertionError('Torch not compiled with CUDA enabled')``."""
from collections import OrderedDict

from ._legacy_types import CUDA_TYPES

__all__ = ["is_available", "device_count", "is_initialized", "init", "current_device",
           "set_device", "get_device_name", "get_device_properties", "get_device_capability",
           "synchronize", "manual_seed", "manual_seed_all", "seed", "seed_all", "initial_seed",
           "get_rng_state", "get_rng_state_all", "set_rng_state", "set_rng_state_all",
           "empty_cache", "memory_allocated", "max_memory_allocated", "memory_reserved",
           "max_memory_reserved", "memory_stats", "reset_peak_memory_stats", "mem_get_info",
           "is_bf16_supported", "get_arch_list", "current_stream", "ipc_collect", "device"]

NOT_COMPILED = "Torch not compiled with CUDA enabled"


def _not_compiled(*args, **kwargs):
    raise AssertionError(NOT_COMPILED)


def is_available():
    return False


def device_count():
    return 0


def is_initialized():
    return False


def is_bf16_supported(including_emulation=True):
    return False


def get_arch_list():
    return []


init = current_device = set_device = get_device_name = get_device_properties = _not_compiled
get_device_capability = synchronize = initial_seed = get_rng_state = _not_compiled
mem_get_info = current_stream = ipc_collect = reset_peak_memory_stats = _not_compiled


def manual_seed(seed):
    """A no-op, as in PyTorch when CUDA is not available (its seeding is lazy)."""


def manual_seed_all(seed):
    """A no-op without CUDA."""


def seed():
    """A no-op without CUDA."""


def seed_all():
    """A no-op without CUDA."""


def get_rng_state_all():
    return []


def set_rng_state(new_state, device="cuda"):
    """A no-op without CUDA."""


def set_rng_state_all(new_states):
    """A no-op without CUDA."""


def empty_cache():
    """Nothing is cached without CUDA."""


def memory_allocated(device=None):
    return 0


max_memory_allocated = memory_reserved = max_memory_reserved = memory_allocated


def memory_stats(device=None):
    return OrderedDict()


class device:
    """``with torch.cuda.device(i):`` constructs, but cannot be entered without CUDA."""

    def __init__(self, device):
        self.idx = device

    def __enter__(self):
        raise RuntimeError("PyTorch was compiled without CUDA support")

    def __exit__(self, *exc):
        return False


(FloatTensor, DoubleTensor, HalfTensor, LongTensor, IntTensor, ShortTensor, CharTensor,
 ByteTensor, BoolTensor, BFloat16Tensor) = CUDA_TYPES.values()
