"""The exact kernels' size limits, and the switch that lifts them all.

Where PyTorch's bits need emulation that costs several times NumPy's own forms (SLEEF's
functions, summation orders, fused multiply-adds), a kernel follows PyTorch up to a size and
takes NumPy's cheaper form beyond it, within an ulp or so (README, "Not fixed"). Those limits
are speed choices, not gaps in the emulation: ``set_exact_everywhere(True)``, or
``HOOKGRAD_EXACT=everywhere`` in the environment when hookgrad is imported (for PyTorch
programs run unchanged), lifts every one of them. Measured (benchmarks/_workloads.py): LeNet
(batch 64) and a two-layer Transformer encoder (batch (16, 64, 128)) then train bit for bit
against PyTorch on one thread (the Transformer on two as well), at 1.7 and 1.75 times their
default step time. What stays different is what no limit governs: kernels not modelled (some
of oneDNN's convolutions, as in a small ResNet, and its splits between threads; see README,
"Not fixed")."""
import importlib
import os

# (module in hookgrad._ops, limit): each read by its module at every call
_LIMITS = (
    ("flash_attention", "EXACT_SCORES"),
    ("norm_kernels", "EXACT_FLOAT32_SIZE"),
    ("norm_kernels", "EXACT_FLOAT64_SIZE"),
    ("norm_kernels", "EXACT_MAX_ELEMENTS"),
    ("norm_kernels", "EXACT_GRAD_MAX_ELEMENTS"),
    ("norm_kernels", "EXACT_GRAD_ROWS"),
    ("norm_kernels", "EXACT_MAX_ROWS"),
    ("layer_norm_grad", "EXACT_PARAM_ROWS"),
    ("group_norm_kernel", "EXACT_FLOAT32_SIZE"),
    ("group_norm_kernel", "EXACT_FLOAT64_SIZE"),
    ("batch_norm_float64", "EXACT_MAX_ELEMENTS"),
    ("batch_norm_float64", "EXACT_MAX_ROWS"),
    ("softmax_double", "EXACT_ELEMENTS"),
    ("gelu_tanh_kernel", "EXACT_MAX_ELEMENTS"),
    ("conv_bias_grad", "ORDERED_POSITIONS"),
    ("conv_onednn_order", "ORDERED_WEIGHT_GRAD_PRODUCTS"),
    ("conv_onednn_order", "ORDERED_INPUT_GRAD_COLUMNS"),
)
_NO_LIMIT = 1 << 62
_defaults = {}  # (module, limit) -> its value as the module sets it
_state = [False]


def set_exact_everywhere(enabled):
    """Follow PyTorch's kernels at every size (``True``) or up to each kernel's limit, above
    which NumPy's faster forms are taken (``False``, the default)."""
    if not isinstance(enabled, bool):
        raise TypeError(f"set_exact_everywhere(): argument 'enabled' must be bool, not "
                        f"{type(enabled).__name__}")
    for module_name, limit in _LIMITS:
        module = importlib.import_module("hookgrad._ops." + module_name)
        default = _defaults.setdefault((module_name, limit), getattr(module, limit))
        setattr(module, limit, _NO_LIMIT if enabled else default)
    _state[0] = enabled


def is_exact_everywhere():
    """Whether ``set_exact_everywhere(True)`` (or ``HOOKGRAD_EXACT=everywhere``) is in force."""
    return _state[0]


def _from_environment():
    value = os.environ.get("HOOKGRAD_EXACT", "")
    if value == "everywhere":
        set_exact_everywhere(True)
    elif value not in ("", "limited"):
        raise ValueError(f"HOOKGRAD_EXACT={value!r}: expected 'everywhere' (PyTorch's bits at "
                         "every size) or 'limited' (the default)")
