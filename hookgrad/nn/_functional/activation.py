"""Activations and the softmax family; ``inplace=True`` records the in-place node."""
import warnings

import numpy as np

from ..._ops import elementwise as _ew
from ..._ops import softmax as _softmax
from ..._ops.glu import GluBackward0
from ..._ops.inplace import ALLOW_OVERLAP, apply_inplace
from ..._ops.mish import MishBackward0
from ..._ops.nn import (
    CeluBackward0,
    CeluBackward1,
    EluBackward0,
    EluBackward1,
    GeluBackward0,
    HardshrinkBackward0,
    HardsigmoidBackward0,
    HardswishBackward0,
    HardtanhBackward0,
    LeakyReluBackward0,
    LeakyReluBackward1,
    LogSigmoidBackward0,
    PreluKernelBackward0,
    RreluWithNoiseBackward0,
    RreluWithNoiseBackward1,
    SiluBackward0,
    SoftplusBackward0,
    SoftshrinkBackward0,
    ThresholdBackward0,
    ThresholdBackward1,
)
from ..._ops.op import type_name
from ..._ops.packed_on_error import checked
from ..._random import rng as _rng
from ..._tensor_base import _wrap_dim

tanh = _ew.tanh
sigmoid = _ew.sigmoid


def relu(input, inplace=False):
    return input.relu_() if inplace else _ew.relu(input)


def relu_(input):
    return input.relu_()


def _floats_only(input, kernel):
    """PyTorch implements these kernels for floating dtypes only (integers and bools are
    refused, not promoted)."""
    x = input._data
    if x.dtype.kind not in "fV":
        raise NotImplementedError(f'"{kernel}" not implemented for \'{type_name(x)}\'')


def _activation(input, inplace, op, inplace_op, *args):
    """``op(input, *args)``; in place, the op is recorded under its in-place node name."""
    if inplace:
        return apply_inplace(input, inplace_op.apply, args, {})
    return op.apply(input, *args)


def leaky_relu(input, negative_slope=0.01, inplace=False):
    _floats_only(input, "leaky_relu_cpu")
    return _activation(input, inplace, LeakyReluBackward0, LeakyReluBackward1, negative_slope)


def elu(input, alpha=1.0, inplace=False):
    _floats_only(input, "elu_cpu")
    return _activation(input, inplace, EluBackward0, EluBackward1, alpha, 1.0, 1.0)


_SELU_ALPHA = 1.6732632423543772848170429916717
_SELU_SCALE = 1.0507009873554804934193349852946


def selu(input, inplace=False):
    _floats_only(input, "elu_cpu")
    return _activation(input, inplace, EluBackward0, EluBackward1, _SELU_ALPHA, _SELU_SCALE,
                       1.0)


def celu(input, alpha=1.0, inplace=False):
    if alpha == 0:
        raise RuntimeError("ZeroDivisionError: alpha cannot be 0 for CELU")
    _floats_only(input, "elu_cpu")
    return _activation(input, inplace, CeluBackward0, CeluBackward1, alpha, 1.0, 1.0 / alpha)


def gelu(input, approximate="none"):
    if approximate not in ("none", "tanh"):
        raise RuntimeError("approximate argument must be either none or tanh.")
    _floats_only(input, "GeluKernelImpl")
    return GeluBackward0.apply(input, approximate)


def silu(input, inplace=False):
    _floats_only(input, "silu_cpu")
    return _activation(input, inplace, SiluBackward0, SiluBackward0)


def mish(input, inplace=False):
    _floats_only(input, "mish_cpu")
    return _activation(input, inplace, MishBackward0, MishBackward0)


def softplus(input, beta=1.0, threshold=20.0):
    _floats_only(input, "softplus_cpu")
    return SoftplusBackward0.apply(input, beta, threshold)


def hardtanh(input, min_val=-1.0, max_val=1.0, inplace=False):
    if min_val > max_val:
        raise ValueError("min_val cannot be greater than max_val")
    if input._data.dtype.kind == "b":
        raise RuntimeError("Bool inputs not supported for hardtanh")
    return _activation(input, inplace, HardtanhBackward0, HardtanhBackward0, min_val, max_val)


def relu6(input, inplace=False):
    return hardtanh(input, 0.0, 6.0, inplace)


def hardswish(input, inplace=False):
    _floats_only(input, "hardswish_cpu")
    return _activation(input, inplace, HardswishBackward0, HardswishBackward0)


def hardsigmoid(input, inplace=False):
    _floats_only(input, "hardsigmoid_cpu")
    return _activation(input, inplace, HardsigmoidBackward0, HardsigmoidBackward0)


def hardshrink(input, lambd=0.5):
    _floats_only(input, "hardshrink_cpu")
    return HardshrinkBackward0.apply(input, lambd)


def softshrink(input, lambd=0.5):
    _floats_only(input, "softshrink_check")
    if lambd < 0:
        raise RuntimeError(f"lambda must be greater or equal to 0, but found to be {lambd}.")
    return SoftshrinkBackward0.apply(input, lambd)


def prelu(input, weight):
    if input._data.dtype != weight._data.dtype:
        raise RuntimeError(f"prelu: Type promoting not supported. Got {type_name(input._data)} "
                           f"and {type_name(weight._data)}")
    _floats_only(input, "prelu_cpu")
    channels = input._data.shape[1] if input._data.ndim >= 2 else input._data.shape[0] \
        if input._data.ndim else 1
    if weight._data.size not in (1, channels):
        raise RuntimeError(f"Mismatch of parameter numbers and input channel size. Found parameter "
                           f"numbers = {weight._data.size} and channel size = {channels}.")
    if weight._data.ndim > 1:
        raise RuntimeError(f"prelu: Expected `weight` to be a scalar or 1D tensor, but got: "
                           f"ndim = {weight._data.ndim}")
    ndim = input._data.ndim
    if ndim != weight._data.ndim:  # (as PyTorch: a view that broadcasts along dim 1)
        shape = [1] * ndim
        if ndim > 1:
            shape[1] = weight._data.size
        weight = weight.view(tuple(shape))
    return PreluKernelBackward0.apply(input, weight)


def rrelu(input, lower=1.0 / 8, upper=1.0 / 3, training=False, inplace=False, *,
          generator=None):
    _floats_only(input, "rrelu_with_noise_out_cpu" if training else "leaky_relu_cpu")
    x = input._data
    if training:
        slopes = _rng(generator).uniform(lower, upper, x.shape).astype(x.dtype)
    else:
        slopes = np.asarray((lower + upper) / 2, x.dtype)
    noise = np.where(x > 0, np.asarray(1, x.dtype), slopes)
    return _activation(input, inplace, RreluWithNoiseBackward0, RreluWithNoiseBackward1, noise)


# The in-place forms PyTorch also offers as functions (``F.elu_``, ``torch.celu_``)
def elu_(input, alpha=1.0):
    return elu(input, alpha, inplace=True)


def celu_(input, alpha=1.0):
    return celu(input, alpha, inplace=True)


def selu_(input):
    return selu(input, inplace=True)


def leaky_relu_(input, negative_slope=0.01):
    return leaky_relu(input, negative_slope, inplace=True)


def hardtanh_(input, min_val=-1.0, max_val=1.0):
    return hardtanh(input, min_val, max_val, inplace=True)


def rrelu_(input, lower=1.0 / 8, upper=1.0 / 3, training=False, generator=None):
    return rrelu(input, lower, upper, training, inplace=True, generator=generator)


def logsigmoid(input):
    _floats_only(input, "log_sigmoid_cpu")
    return LogSigmoidBackward0.apply(input)


def softsign(input):
    return input / (input.abs() + 1)


def tanhshrink(input):
    return input - input.tanh()


def threshold(input, threshold, value, inplace=False):
    if input._data.dtype.kind == "b":
        raise NotImplementedError("\"threshold_cpu\" not implemented for 'Bool'")
    if inplace:
        return threshold_(input, threshold, value)
    return ThresholdBackward0.apply(input, threshold, value)


def threshold_(input, threshold, value):
    if input._data.dtype.kind == "b":
        raise NotImplementedError("\"threshold_cpu\" not implemented for 'Bool'")
    # PyTorch's threshold kernel skips the memory-overlap check the other in-place
    # activations make: it writes into an expanded tensor (a broadcast gradient) too
    return apply_inplace(input, ThresholdBackward1.apply, (threshold, value), {}, ALLOW_OVERLAP)


def _glu_dim(input, dim):
    dim = _wrap_dim(dim, input._data.ndim)
    size = input._data.shape[dim]
    if size % 2:
        raise RuntimeError(f"Halving dimension must be even, but dimension {dim} is size {size}")
    if input._data.dtype.kind not in "fV":  # (PyTorch's kernel has floating types only)
        raise NotImplementedError(f'"glu_cpu" not implemented for \'{type_name(input._data)}\'')
    return dim


def glu(input, dim=-1):
    if input._data.ndim == 0:  # (F.glu's own check)
        raise RuntimeError("glu does not support scalars because halving size must be even")
    # (the kernel's checks, after the node saves the input: packed_on_error.py)
    return GluBackward0.apply(input, checked(_glu_dim, (input,), lambda: (input,), input, dim))


def _softmax_dim(name, ndim, stacklevel):
    warnings.warn(f"Implicit dimension choice for {name} has been deprecated. Change the call to "
                  "include dim=X as an argument.", UserWarning, stacklevel=stacklevel)
    return 0 if ndim in (0, 1, 3) else 1


def _softmax_op(op, name, input, dim, stacklevel, dtype):
    if dim is None:
        dim = _softmax_dim(name, input._data.ndim, stacklevel)
    if dtype is not None:
        input = input.to(dtype)
    return op(input, dim)


def softmax(input, dim=None, _stacklevel=3, dtype=None):
    return _softmax_op(_softmax.softmax, "softmax", input, dim, _stacklevel + 1, dtype)


def log_softmax(input, dim=None, _stacklevel=3, dtype=None):
    return _softmax_op(_softmax.log_softmax, "log_softmax", input, dim, _stacklevel + 1, dtype)


def softmin(input, dim=None, _stacklevel=3, dtype=None):
    return _softmax_op(_softmax.softmax, "softmin", -input, dim, _stacklevel + 1, dtype)
