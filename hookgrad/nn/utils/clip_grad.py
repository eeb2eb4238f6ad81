"""Gradient clipping: clip_grad_norm_, clip_grad_value_, get_total_norm, clip_grads_with_norm_.

There is one (CPU) implementation, so ``foreach`` is accepted and ignored. The norms are
PyTorch's: ``linalg.vector_norm`` of each gradient, of their stack, in the gradients' dtype."""
import types
import warnings

import numpy as np

from ..._ops.shape import stack
from ..._tensor import Tensor
from ..._tensor_base import _make
from ...autograd.grad_mode import no_grad
from ...linalg import vector_norm

__all__ = ["clip_grad_norm", "clip_grad_norm_", "clip_grad_value_", "clip_grads_with_norm_",
           "get_total_norm"]


def _as_list(tensors):
    return [tensors] if isinstance(tensors, Tensor) else list(tensors)


def get_total_norm(tensors, norm_type=2.0, error_if_nonfinite=False, foreach=None):
    """The ``norm_type``-norm of all ``tensors`` together, as PyTorch computes it: the norm of
    each tensor (grouped by dtype, in order of first appearance), stacked, and its norm."""
    tensors = _as_list(tensors)
    norm_type = float(norm_type)
    if len(tensors) == 0:
        return _make(np.array(0.0, np.float32))
    groups = {}
    for t in tensors:
        groups.setdefault(t._data.dtype, []).append(t)
    with no_grad():
        norms = [vector_norm(t, norm_type) for group in groups.values() for t in group]
        total = vector_norm(stack(norms), norm_type)
    if error_if_nonfinite and not np.isfinite(total._data):
        raise RuntimeError(
            f"The total norm of order {norm_type} for gradients from `parameters` is "
            "non-finite, so it cannot be clipped. To disable this error and scale the gradients "
            "by the non-finite norm anyway, set `error_if_nonfinite=False`")
    return total


def clip_grads_with_norm_(parameters, max_norm, total_norm, foreach=None):
    """Scale gradients in place by ``clamp(max_norm / (total_norm + 1e-6), max=1)``, PyTorch's
    tensor ops in the norm's dtype."""
    grads = [p.grad for p in _as_list(parameters) if p.grad is not None]
    max_norm = float(max_norm)
    if len(grads) == 0:
        return
    with no_grad(), np.errstate(invalid="ignore"):  # inf * 0 is nan, silently, as in PyTorch
        clip_coef = (max_norm / (total_norm + 1e-6)).clamp(max=1.0)
        for grad in grads:
            grad.mul_(clip_coef)


def clip_grad_norm_(parameters, max_norm, norm_type=2.0, error_if_nonfinite=False,
                    foreach=None):
    """Clip the gradients' total norm to ``max_norm`` in place; return the norm before
    clipping (a 0-d tensor)."""
    is_generator = isinstance(parameters, types.GeneratorType)
    parameters = _as_list(parameters)
    if is_generator and len(parameters) == 0:
        warnings.warn("`parameters` is an empty generator, no gradient clipping will occur.",
                      stacklevel=2)
    grads = [p.grad for p in parameters if p.grad is not None]
    total_norm = get_total_norm(grads, norm_type, error_if_nonfinite, foreach)
    clip_grads_with_norm_(parameters, max_norm, total_norm, foreach)
    return total_norm


def clip_grad_norm(parameters, max_norm, norm_type=2.0, error_if_nonfinite=False, foreach=None):
    """Deprecated alias of :func:`clip_grad_norm_`."""
    warnings.warn("`torch.nn.utils.clip_grad_norm` is now deprecated in favor of "
                  "`torch.nn.utils.clip_grad_norm_`.", FutureWarning, stacklevel=2)
    return clip_grad_norm_(parameters, max_norm, norm_type, error_if_nonfinite, foreach)


def clip_grad_value_(parameters, clip_value, foreach=None):
    """Clamp every gradient in place to ``[-clip_value, clip_value]``."""
    clip_value = float(clip_value)
    with no_grad():
        for p in _as_list(parameters):
            if p.grad is not None:
                p.grad.clamp_(min=-clip_value, max=clip_value)
