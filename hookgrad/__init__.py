"""hookgrad: PyTorch's hook system, exactly, on a define-by-run autograd engine over NumPy.

``import hookgrad as torch`` runs PyTorch hook tutorials unchanged."""
import warnings as _warnings

from ._allocator import keep_freed_memory as _keep_freed_memory

# NumPy reports floating-point overflow, division by zero and invalid operations as
# RuntimeWarnings; PyTorch computes the same infinities and NaNs silently. Ignore them where
# hookgrad's own code makes the NumPy call; NumPy calls in user code keep their warnings.
_warnings.filterwarnings("ignore", r"(overflow|divide by zero|invalid value|underflow) "
                         "encountered", RuntimeWarning, r"hookgrad(\.|$)")

_keep_freed_memory()  # large per-step temporaries: see hookgrad/_allocator.py
from . import _dtype
from ._dtype import (bool_ as bool, dtype, float16, float32, float64, get_default_dtype,
                     int8, int16, int32, int64, promote_types, set_default_dtype, uint8)
from ._size import Size
from ._tensor import Tensor
from ._creation import (arange, as_tensor, device, empty, empty_like, eye, from_numpy, full,
                        full_like, linspace, logspace, ones, ones_like, rand, rand_like, randint,
                        randint_like, randn, randn_like, randperm, tensor, zeros, zeros_like)
from ._random import (Generator, default_generator, get_rng_state, initial_seed, manual_seed,
                      seed, set_rng_state)
from ._printing import set_printoptions
from ._parallel import (get_num_interop_threads, get_num_threads, set_num_interop_threads,
                        set_num_threads)
from .autograd.grad_mode import (enable_grad, inference_mode, is_grad_enabled,
                                 is_inference_mode_enabled, no_grad, set_grad_enabled)
from ._functions import *  # noqa: F401,F403  (torch.exp, torch.cat, ... as functions)
from . import autograd, utils, _C, return_types, nn, optim, linalg  # noqa: E402
from .autograd.anomaly_mode import (is_anomaly_check_nan_enabled, is_anomaly_enabled,
                                    set_anomaly_enabled)

half, float, double, long, int, short = float16, float32, float64, int64, int32, int16
cfloat = None
strided = "torch.strided"
contiguous_format = preserve_format = channels_last = "contiguous_format"

__version__ = "0.1.0"


def is_tensor(obj):
    return isinstance(obj, Tensor)


def is_floating_point(t):
    return t.is_floating_point()


def numel(t):
    return t.numel()


def result_type(a, b):
    return _dtype.result_type((a, b))


def can_cast(from_, to):
    return from_.category <= to.category
