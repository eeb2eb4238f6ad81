"""hookgrad: PyTorch's hook system, exactly, on a define-by-run autograd engine over NumPy.

``import hookgrad as torch`` runs PyTorch hook tutorials unchanged."""
# ruff: noqa: F401  (the torch namespace: every import here is a re-export)
import warnings as _warnings

from . import (  # no MPI until init_process_group
    _C,
    __future__,
    accelerator,
    autograd,
    backends,
    cuda,
    distributed,
    futures,
    jit,
    linalg,
    nn,
    optim,
    return_types,
    special,
    storage,
    utils,
)
from ._allocator import keep_freed_memory as _keep_freed_memory
from ._broadcast_functions import (
    broadcast_shapes,
    broadcast_tensors,
    isin,
    tril_indices,
    triu_indices,
)
from ._creation import (
    arange,
    as_tensor,
    asarray,
    device,
    empty,
    empty_like,
    empty_strided,
    eye,
    from_numpy,
    full,
    full_like,
    linspace,
    logspace,
    ones,
    ones_like,
    rand,
    rand_like,
    randint,
    randint_like,
    randn,
    randn_like,
    randperm,
    scalar_tensor,
    tensor,
    zeros,
    zeros_like,
)
from ._dtype import (
    bfloat16,
    complex32,
    complex64,
    complex128,
    dtype,
    float16,
    float32,
    float64,
    get_default_dtype,
    int8,
    int16,
    int32,
    int64,
    promote_types,
    set_default_dtype,
    uint8,
)
from ._dtype import bool_ as bool
from ._exact_everywhere import _from_environment as _exact_from_environment
from ._exact_everywhere import is_exact_everywhere, set_exact_everywhere
from ._functions import *  # noqa: F403  (torch.exp, torch.cat, ... as functions)
from ._functions import _is_zerotensor
from ._legacy_types import (
    BFloat16Tensor,
    BoolTensor,
    ByteTensor,
    CharTensor,
    DoubleTensor,
    FloatTensor,
    HalfTensor,
    IntTensor,
    LongTensor,
    ShortTensor,
)

# the API real programs use: legacy types, sampling, devices, TorchScript checks
from ._memory_format import (
    channels_last,
    channels_last_3d,
    contiguous_format,
    memory_format,
    preserve_format,
)
from ._ops.weight_norm import norm_except_dim
from ._ops.weight_norm import weight_norm as _weight_norm
from ._parallel import (
    get_num_interop_threads,
    get_num_threads,
    set_num_interop_threads,
    set_num_threads,
)
from ._precision import (
    are_deterministic_algorithms_enabled,
    get_float32_matmul_precision,
    is_deterministic_algorithms_warn_only_enabled,
    set_float32_matmul_precision,
    use_deterministic_algorithms,
)
from ._printing import set_printoptions
from ._random import (
    Generator,
    default_generator,
    get_rng_state,
    initial_seed,
    manual_seed,
    seed,
    set_rng_state,
)
from ._sampling import bernoulli, multinomial, normal, poisson
from ._size import Size
from ._tensor import Tensor
from ._tensor_legacy import scalar_first as _scalar_first
from ._torch_functional import *  # noqa: F403  (torch.batch_norm, torch.exp_, ...)
from ._type_info import finfo, iinfo
from ._warn_once import is_warn_always_enabled, set_warn_always
from .autograd.anomaly_mode import (
    is_anomaly_check_nan_enabled,
    is_anomaly_enabled,
    set_anomaly_enabled,
)
from .autograd.grad_mode import (
    enable_grad,
    inference_mode,
    is_grad_enabled,
    is_inference_mode_enabled,
    no_grad,
    set_grad_enabled,
)
from .nn.functional import celu_, relu_, rrelu_, selu_  # (torch.celu_, ...: in-place forms)
from .nn.modules.module import typename
from .serialization import load, save
from .storage import TypedStorage, UntypedStorage
from .utils import checkpoint as _checkpoint  # (torch.utils.checkpoint)
from .utils import data as _utils_data  # (torch.utils.data, loaded with the package)

add = _scalar_first(add, "add", 1, "alpha", function_form=True)  # noqa: F405
sub = _scalar_first(sub, "sub", 1, "alpha", function_form=True)  # noqa: F405
addcmul = _scalar_first(addcmul, "addcmul", 2, "value", function_form=True)  # noqa: F405
addcdiv = _scalar_first(addcdiv, "addcdiv", 2, "value", function_form=True)  # noqa: F405

# NumPy reports floating-point overflow, division by zero and invalid operations as
# RuntimeWarnings; PyTorch computes the same infinities and NaNs silently. Ignore them where
# hookgrad's own code makes the NumPy call; NumPy calls in user code keep their warnings.
_warnings.filterwarnings("ignore", r"(overflow|divide by zero|invalid value|underflow) "
                         "encountered", RuntimeWarning, r"hookgrad(\.|$)")

_keep_freed_memory()  # large per-step temporaries: see hookgrad/_allocator.py
_exact_from_environment()  # HOOKGRAD_EXACT=everywhere: PyTorch's bits at every size

half, float, double, long, int, short = float16, float32, float64, int64, int32, int16
cfloat, cdouble, chalf = complex64, complex128, complex32  # (no complex32 tensors: _dtype.py)
strided = "torch.strided"

__version__ = "0.1.0"
