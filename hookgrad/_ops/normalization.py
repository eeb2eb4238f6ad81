"""Batch, layer and group norm, with PyTorch's node names: the arrays' work of batch and layer
norm in norm_kernels.py (few passes, chunks on the intra-op pool), their formulas and the
nodes that record them under ``create_graph`` in norm_backward.py."""
import numpy as np

from .._memory_format import like_suggested
from .._tensor_base import _make
from . import norm_kernels as _kernels
from .group_norm_kernel import affine_grads as group_norm_affine_grads
from .group_norm_kernel import exact_group_norm, kernel_layout, replay_where_visible
from .group_norm_kernel import forward as group_norm_forward
from .group_norm_kernel import input_grad as group_norm_input_grad
from .group_norm_kernel import internal_sums as group_norm_sums
from .half import FLOAT32, forward_in_float32, is_half
from .norm_backward import (
    NativeBatchNormBackwardBackward0,
    NativeLayerNormBackwardBackward0,
    batch_norm_kernel_grads,
    group_norm_grads,
    layer_norm_kernel_grads,
    norm_grads,
    normalized_grad,
)
from .op import Op, mean_array, plain_backward

_KERNEL_STEPS_UP_TO = 64  # group sizes whose gradients follow the kernel's steps always


def _moments(x, axes, eps):
    """Mean and 1/sqrt(biased variance + eps) over ``axes``, kept for broadcasting, with
    ``x - mean`` and its squares."""
    mean = mean_array(x, axes, True)
    centred = x - mean
    squares = centred * centred
    var = mean_array(squares, axes, True)
    return mean, 1 / np.sqrt(var + eps), centred, squares


def _positions(x):
    """Values per sample and channel (not -1 in a reshape: the array may be empty)."""
    return int(np.prod(x.shape[2:]))


def _affine(xhat, weight, bias, shape):
    if weight is not None:
        xhat *= weight._data.reshape(shape)
    if bias is not None:
        xhat += bias._data.reshape(shape)
    return xhat


def _infinite(weight):
    return weight is not None and not np.isfinite(weight._data).all()


def _fused_affine(x, mean, invstd, weight, bias, shape):
    """``x * a + b`` with ``a = invstd * weight`` and ``b = bias - mean * a`` (``mean`` and
    ``invstd`` per channel): how PyTorch's batch and group norm kernels compute, which makes
    an infinite weight give NaN, not +-inf. Used only for such weights."""
    scale = invstd * weight._data.reshape(shape)
    shift = -mean * scale
    if bias is not None:
        shift = shift + bias._data.reshape(shape)
    with np.errstate(invalid="ignore"):
        return x * scale + shift


def _norm_grads(norm, grad, input, weight):
    """A norm's gradients on arrays by the formulas (a plain backward the kernels do not
    take: another gradient dtype)."""
    g, x, w = grad._data, input._data, None if weight is None else weight._data
    if x.itemsize == 2 and is_half(x):  # (in float32; the engine rounds the gradients)
        g, x = g.astype(FLOAT32), x.astype(FLOAT32)
        w = None if w is None else w.astype(FLOAT32)
    with np.errstate(invalid="ignore", over="ignore"):  # (NaN from inf as PyTorch, silently)
        grads = norm_grads(g, x, w,
                           norm.mean, norm.invstd, norm.axes, norm.param_axes, norm.param_shape,
                           norm.normalizes, norm.mask())
    return tuple(None if g is None else _make(np.asarray(g)) for g in grads)


def _update_running_mean(stats, mean, momentum):
    """``stats = momentum * mean + (1 - momentum) * stats`` in place, in the statistics'
    type as PyTorch rounds it (a float32 momentum, ``1 - momentum`` rounded in float32 too)."""
    if stats.dtype == mean.dtype == np.float32:
        rate = np.float32(momentum)
        stats[...] = rate * mean + (np.float32(1) - rate) * stats
    else:
        stats *= 1 - momentum
        stats += (mean * momentum).astype(stats.dtype, copy=False)


def _update_running_var(stats, var_sum, count, momentum):
    """``stats = momentum * var_sum / (count - 1) + (1 - momentum) * stats`` in place, as
    PyTorch's update rounds it: in float64 for float64 statistics; for float32 ones of a
    float32 input, the unbiased variance and ``(1 - momentum) * stats`` in float32 (momentum
    taken as a float32), their terms added in float64 (its accumulate type), then rounded."""
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        if stats.dtype == var_sum.dtype == np.float64:
            stats[...] = momentum * (var_sum / (count - 1)) + (1 - momentum) * stats
        elif stats.dtype == var_sum.dtype == np.float32:
            rate = np.float32(momentum)
            unbiased = var_sum / np.float32(count - 1)
            kept = (np.float32(1) - rate) * stats  # (float32 products, as PyTorch's)
            stats[...] = np.float64(rate) * unbiased.astype(np.float64) + kept
        else:  # (other types: within rounding)
            stats *= 1 - momentum
            unbiased = var_sum * (momentum / max(count - 1, 1))
            stats += unbiased.astype(stats.dtype, copy=False)


class NativeBatchNormBackward0(Op):
    # (the running statistics are saved too, as PyTorch's node: an in-place write on one after
    # the forward fails backward's version check; the update here does not bump the version)
    # (PyTorch's order: the inputs by name, then the saved mean and invstd it outputs, empty
    # in eval mode, which saved-tensor hooks see too)
    saved_names = ('input', 'running_mean', 'running_var', 'weight', 'result1', 'result2')
    arity = 3

    # (a half input is normalised in float32, where PyTorch's kernel rounds as plain float32
    # arithmetic would: its float32 fused multiply-adds are not followed there)
    half_input = False

    def forward(self, input, weight, bias, running_mean, running_var, training, momentum, eps):
        if input._data.itemsize == 2 and is_half(input._data):  # (in float32)
            self.half_input = True
            return forward_in_float32(self, NativeBatchNormBackward0.forward, input, weight, bias,
                                      running_mean, running_var, training, momentum, eps)
        x = input._data
        n, channels = x.shape[0], x.shape[1]
        self.axes = (0,) + tuple(range(2, x.ndim))
        self.shape = (1, channels) + (1,) * (x.ndim - 2)
        self.training, self.eps = training, eps
        self.param_axes, self.param_shape, self.normalizes = self.axes, self.shape, training
        x3 = x.reshape(n, channels, _positions(x))
        w = None if weight is None else weight._data.astype(x.dtype, copy=False)
        b = None if bias is None else bias._data.astype(x.dtype, copy=False)
        # (the inputs are saved before the running statistics change, as PyTorch saves them:
        # pack hooks see their old values)
        self.save(input, running_mean, running_var, weight)
        if training:
            y3, mean, var_sum, invstd = _kernels.forward_train(x3, w, b, eps,
                                                               not self.half_input)
            count = x3.shape[0] * x3.shape[2]
            # running statistics are updated in place without a version bump, as in PyTorch
            if running_mean is not None:
                _update_running_mean(running_mean._data, mean, momentum)
            if running_var is not None:
                _update_running_var(running_var._data, var_sum, count, momentum)
        else:
            mean = running_mean._data.astype(x.dtype, copy=False)
            invstd = 1 / np.sqrt(running_var._data.astype(x.dtype, copy=False) + eps)
            y3 = _kernels.forward_eval(x3, w, b, mean, invstd, not self.half_input)
        self.mean, self.invstd = mean.reshape(self.shape), invstd.reshape(self.shape)
        # (PyTorch's backward kernel recomputes an evaluation's invstd in double, from the
        # double eps, and rounds it to the dtype; its forward computes it in the dtype)
        self.grad_invstd = self.invstd if training else (1 / np.sqrt(
            running_var._data.astype(np.float64) + eps)).astype(x.dtype).reshape(self.shape)
        if self._record:  # (nothing to save without a node)
            stats = (mean.reshape(-1), invstd.reshape(-1)) if training else (
                np.empty(0, x.dtype), np.empty(0, x.dtype))
            self._save_more(*map(_make, stats))
        if _infinite(weight):
            return _fused_affine(x, self.mean, self.invstd, weight, bias, self.shape)
        return y3.reshape(x.shape)

    def backward(self, grad):
        input, _, _, weight, _, _ = self.saved()
        if not plain_backward():
            return NativeBatchNormBackwardBackward0.apply(grad, input, weight, None, None, self)
        grads = batch_norm_kernel_grads(self, grad, input, weight, self.mask())
        if grads is None:  # (another gradient dtype, or float16)
            return _norm_grads(self, grad, input, weight)
        gx, gw, gb = grads
        return (None if gx is None else _make(gx), None if gw is None else _make(gw),
                None if gb is None else _make(gb))

    def mask(self):
        return self.needs(0), self.needs(1), self.needs(2)


class NativeLayerNormBackward0(Op):
    # (PyTorch's order: the inputs by name, then the mean and rstd it outputs)
    saved_names = ('bias', 'input', 'weight', 'result1', 'result2')
    arity = 3

    def forward(self, input, weight, bias, normalized_ndim, eps):
        if input._data.itemsize == 2 and is_half(input._data):  # (in float32)
            return forward_in_float32(self, NativeLayerNormBackward0.forward, input, weight, bias,
                                      normalized_ndim, eps)
        x = input._data
        lead = x.ndim - normalized_ndim
        self.axes = tuple(range(lead, x.ndim))
        self.param_axes = tuple(range(lead))
        self.eps, self.normalizes = eps, True
        shape = self.param_shape = x.shape[lead:]
        width = int(np.prod(shape))
        w = None if weight is None else weight._data.reshape(width).astype(x.dtype, copy=False)
        b = None if bias is None else bias._data.reshape(width).astype(x.dtype, copy=False)
        rows = int(np.prod(x.shape[:lead]))  # not -1: may be empty
        y2, mean, invstd = _kernels.layer_norm_forward(x.reshape(rows, width), w, b, eps)
        mean = _kernels.welford_mean(mean)
        stats_shape = x.shape[:lead] + (1,) * normalized_ndim
        self.mean, self.invstd = mean.reshape(stats_shape), invstd.reshape(stats_shape)
        if self._record:  # (nothing to save without a node)
            self.save(bias, input, weight, _make(self.mean), _make(self.invstd))
        # (PyTorch's kernel writes a contiguous result, whatever the input's layout)
        return np.ascontiguousarray(y2.reshape(x.shape))

    def backward(self, grad):
        bias, input, weight, _, _ = self.saved()
        if not plain_backward():
            return NativeLayerNormBackwardBackward0.apply(grad, input, None, None, weight, bias,
                                                          self)
        grads = layer_norm_kernel_grads(self, grad, input, weight, self.mask())
        if grads is None:  # (float16, or a gradient of another dtype)
            return _norm_grads(self, grad, input, weight)
        gx, gw, gb = grads
        return (None if gx is None else _make(gx), None if gw is None else _make(gw),
                None if gb is None else _make(gb))

    def mask(self):
        return self.needs(0), self.needs(1), self.needs(2)


class NativeGroupNormBackward0(Op):
    saved_names = ('input', 'weight', 'result1', 'result2')  # (then its mean and rstd outputs)
    arity = 3
    # PyTorch's node has three outputs (the result, mean and rstd): its hooks get three
    # grad_outputs, the last two None (the statistics are never handed out)
    _n_outputs = 3

    def forward(self, input, weight, bias, num_groups, eps):
        if input._data.itemsize == 2 and is_half(input._data):  # (in float32)
            return forward_in_float32(self, NativeGroupNormBackward0.forward, input, weight, bias,
                                      num_groups, eps)
        x = input._data
        self.in_shape, self.eps = x.shape, eps
        # (not -1 for the last: an empty batch leaves it undetermined)
        self.grouped = (x.shape[0], num_groups, int(np.prod(x.shape[1:])) // num_groups)
        self.shape = (1, x.shape[1]) + (1,) * (x.ndim - 2)
        self.channel_axes = (0,) + tuple(range(2, x.ndim))
        w = None if weight is None else weight._data
        b = None if bias is None else bias._data
        if exact_group_norm(x, w, b):  # PyTorch's kernel's steps, bit for bit
            y, mean, invstd = group_norm_forward(x, num_groups, w, b, eps)
            self.mean, self.invstd = _kernels.welford_mean(mean), invstd
            return self._finish(input, weight, y)
        mean, invstd, centred, squares = _moments(x.reshape(self.grouped), (2,), eps)
        mean = _kernels.welford_mean(mean)
        self.mean, self.invstd = mean, invstd
        if _infinite(weight):  # the statistics per channel, for PyTorch's fused form
            n, channels = x.shape[:2]
            per_channel = [np.repeat(s.reshape(n, num_groups), channels // num_groups, axis=1)
                           .reshape((n, channels) + (1,) * (x.ndim - 2)) for s in (mean, invstd)]
            y = _fused_affine(x, *per_channel, weight, bias, self.shape)
        else:
            y = _affine((centred * invstd).reshape(x.shape), weight, bias, self.shape)
        if x.dtype in (np.float32, np.float64) and x.size:  # PyTorch's roundings, where
            # they show
            replay_where_visible(x, num_groups, mean, invstd, w, b, eps, y,
                                 squares.min(2, keepdims=True) if squares.size else None)
        return self._finish(input, weight, y)

    def _finish(self, input, weight, y):
        if self._record:  # (nothing to save without a node; after the replay, which may
            # change the statistics)
            self.save(input, weight)
            # (mean and rstd are this node's outputs 1 and 2 in PyTorch, differentiable:
            # saved as outputs, they unpack, and reach pack hooks, with this grad_fn)
            for nr, stat in ((1, self.mean), (2, self.invstd)):
                self._save_output(_make(stat.reshape(self.grouped[:2]), True, self, nr))
        return like_suggested(y, input._data)

    def backward(self, grad, grad_mean=None, grad_rstd=None):
        input, weight, _, _ = self.saved()
        plain = grad_mean is None and grad_rstd is None and plain_backward()
        kernel = plain and self._kernel_rounding(input, grad, weight)
        if not kernel and not (plain and np.isfinite(grad._data).all()
                               and np.isfinite(self.invstd).all()
                               and (weight is None or np.isfinite(weight._data).all())):
            # (non-finite values outside the kernel's steps: PyTorch's formula, whose sums
            # spread an infinity or NaN over the group as its kernel's do; the kernel's steps
            # spread them themselves, and keep the finite groups' roundings: fuzz 37:5429)
            return group_norm_grads(self, grad, grad_mean, grad_rstd, input, weight)
        grouped = input.reshape(self.grouped)
        mean, invstd = _make(self.mean), _make(self.invstd)
        xhat = (grouped - mean) * invstd
        grad_input = grad_weight = grad_bias = None
        if kernel:  # (PyTorch's kernel's steps, whose roundings cancellation shows)
            rows = self.in_shape[:2] + (-1,)
            dy, x = grad._data.reshape(rows), input._data.reshape(rows)
            sums = group_norm_sums(dy, x)
            if self.needs(0):
                grad_input = _make(group_norm_input_grad(
                    dy, x, self.mean, self.invstd, None if weight is None else weight._data,
                    self.grouped[1], sums).reshape(self.in_shape))
            if self.needs(1) or self.needs(2):
                weight_grad, bias_grad = group_norm_affine_grads(dy, x, self.mean, self.invstd,
                                                                 self.grouped[1], sums)
                grad_weight = _make(weight_grad) if self.needs(1) else None
                grad_bias = _make(bias_grad) if self.needs(2) else None
            return grad_input, grad_weight, grad_bias
        if self.needs(0):
            grad_xhat = grad * weight.reshape(self.shape) if weight is not None else grad
            grad_input = normalized_grad(grad_xhat.reshape(self.grouped), xhat, invstd,
                                         (2,)).reshape(self.in_shape)
        if self.needs(1):
            grad_weight = (grad * xhat.reshape(self.in_shape)).sum(self.channel_axes)
        if self.needs(2):
            grad_bias = grad.sum(self.channel_axes)
        return grad_input, grad_weight, grad_bias

    def _kernel_rounding(self, input, grad, weight):
        """Whether the gradients are computed as PyTorch's CPU kernel for contiguous inputs
        computes them (a channels-last input runs another kernel): always up to the size
        limit of its forward steps (``exact_group_norm``). Above, its roundings show only
        where a sum cancels (float32): a group of one value, a group whose mean is large
        next to its spread, a gradient close to orthogonal to the normalized input; larger
        groups keep NumPy's faster sums unless their mean is large next to their spread."""
        x = input._data
        w = None if weight is None else weight._data
        if grad._data.dtype != x.dtype or not x.size or not kernel_layout(x, w):
            return False
        return (exact_group_norm(x, w, None) or x.dtype == np.float32 and (
            self.grouped[2] <= _KERNEL_STEPS_UP_TO
            or not (np.abs(self.mean) * self.invstd <= 16).all()))
