"""Batch, layer and group norm, with PyTorch's node names: the arrays' work in
norm_kernels.py, the graph-building formulas (for ``create_graph``) here."""
import numpy as np

from .._tensor_base import _make
from ..autograd.grad_mode import state as _grad_state
from . import norm_kernels as _bn
from .op import Op, plain_backward


def _moments(x, axes, eps):
    """Mean and 1/sqrt(biased variance + eps) over ``axes``, kept for broadcasting."""
    mean = np.mean(x, axis=axes, keepdims=True)
    centred = x - mean
    var = np.mean(centred * centred, axis=axes, keepdims=True)
    return mean, 1 / np.sqrt(var + eps), centred, var


def _stats_for_backward(x, axes, eps, mean, invstd):
    """The saved statistics as Tensors; recomputed from ``x`` when building a graph, so the
    gradient is itself differentiable in ``x``."""
    if _grad_state.grad_enabled:
        mean_t = x.mean(axes, keepdim=True)
        centred = x - mean_t
        return mean_t, ((centred * centred).mean(axes, keepdim=True) + eps).rsqrt()
    return _make(mean), _make(invstd)


def _normalized_grad(grad_xhat, xhat, invstd, axes):
    """Gradient through ``(x - mean(x)) * invstd(x)`` given the gradient of that result."""
    return (grad_xhat - grad_xhat.mean(axes, keepdim=True)
            - xhat * (grad_xhat * xhat).mean(axes, keepdim=True)) * invstd


def _positions(x):
    """Values per sample and channel (not -1 in a reshape: the array may be empty)."""
    return int(np.prod(x.shape[2:]))


def _affine(xhat, weight, bias, shape):
    if weight is not None:
        xhat *= weight._data.reshape(shape)
    if bias is not None:
        xhat += bias._data.reshape(shape)
    return xhat


class NativeBatchNormBackward0(Op):
    saved_names = ('input', 'weight')
    arity = 3

    def forward(self, input, weight, bias, running_mean, running_var, training, momentum, eps):
        x = input._data
        n, channels = x.shape[0], x.shape[1]
        self.axes = (0,) + tuple(range(2, x.ndim))
        self.shape = (1, channels) + (1,) * (x.ndim - 2)
        self.training, self.eps = training, eps
        x3 = x.reshape(n, channels, _positions(x))
        w = None if weight is None else weight._data.astype(x.dtype, copy=False)
        b = None if bias is None else bias._data.astype(x.dtype, copy=False)
        if training:
            y3, mean, var, invstd = _bn.forward_train(x3, w, b, eps)
            count = x3.shape[0] * x3.shape[2]
            # running statistics are updated in place without a version bump, as in PyTorch
            if running_mean is not None:
                stats = running_mean._data
                stats *= 1 - momentum
                stats += (mean * momentum).astype(stats.dtype, copy=False)
            if running_var is not None:
                stats = running_var._data
                stats *= 1 - momentum
                unbiased = var * (momentum * count / max(count - 1, 1))
                stats += unbiased.astype(stats.dtype, copy=False)
        else:
            mean = running_mean._data.astype(x.dtype, copy=False)
            invstd = 1 / np.sqrt(running_var._data.astype(x.dtype, copy=False) + eps)
            y3 = _bn.forward_eval(x3, w, b, mean, invstd)
        self.mean, self.invstd = mean.reshape(self.shape), invstd.reshape(self.shape)
        self.save(input, weight)
        return y3.reshape(x.shape)

    def backward(self, grad):
        input, weight = self.saved()
        if plain_backward() and grad._data.dtype == input._data.dtype:
            x = input._data
            x3_shape = (x.shape[0], x.shape[1], _positions(x))
            w = None if weight is None else weight._data.astype(x.dtype, copy=False)
            gx3, grad_weight, grad_bias = _bn.backward(
                grad._data.reshape(x3_shape), x.reshape(x3_shape), w,
                self.mean.reshape(-1), self.invstd.reshape(-1), self.training,
                self.needs(0), self.needs(1), self.needs(2))
            return (None if gx3 is None else _make(gx3.reshape(x.shape)),
                    None if grad_weight is None else _make(grad_weight),
                    None if grad_bias is None else _make(grad_bias))
        axes, shape = self.axes, self.shape
        if self.training:
            mean, invstd = _stats_for_backward(input, axes, self.eps, self.mean, self.invstd)
        else:
            mean, invstd = _make(self.mean), _make(self.invstd)
        xhat = (input - mean) * invstd
        grad_input = grad_weight = grad_bias = None
        if self.needs(0):
            grad_xhat = grad * weight.reshape(shape) if weight is not None else grad
            grad_input = (_normalized_grad(grad_xhat, xhat, invstd, axes) if self.training
                          else grad_xhat * invstd)
        if self.needs(1):
            grad_weight = (grad * xhat).sum(axes)
        if self.needs(2):
            grad_bias = grad.sum(axes)
        return grad_input, grad_weight, grad_bias


class NativeLayerNormBackward0(Op):
    saved_names = ('input', 'weight')
    arity = 3

    def forward(self, input, weight, bias, normalized_ndim, eps):
        x = input._data
        self.axes = tuple(range(x.ndim - normalized_ndim, x.ndim))
        self.lead = tuple(range(x.ndim - normalized_ndim))
        self.eps = eps
        shape = x.shape[x.ndim - normalized_ndim:]
        width = int(np.prod(shape))
        w = None if weight is None else weight._data.reshape(width).astype(x.dtype, copy=False)
        b = None if bias is None else bias._data.reshape(width).astype(x.dtype, copy=False)
        rows = int(np.prod(x.shape[:x.ndim - normalized_ndim]))  # not -1: may be empty
        y2, mean, invstd = _bn.layer_norm_forward(x.reshape(rows, width), w, b, eps)
        stats_shape = x.shape[:x.ndim - normalized_ndim] + (1,) * normalized_ndim
        self.mean, self.invstd = mean.reshape(stats_shape), invstd.reshape(stats_shape)
        self.save(input, weight)
        return y2.reshape(x.shape)

    def backward(self, grad):
        input, weight = self.saved()
        if plain_backward() and grad._data.dtype == input._data.dtype:
            x = input._data
            width = int(np.prod(x.shape[len(self.lead):]))
            rows = int(np.prod(x.shape[:len(self.lead)]))
            w = None if weight is None else weight._data.reshape(width).astype(x.dtype,
                                                                             copy=False)
            gx2, grad_weight, grad_bias = _bn.layer_norm_backward(
                grad._data.reshape(rows, width), x.reshape(rows, width), w, self.mean.reshape(-1),
                self.invstd.reshape(-1), self.needs(0), self.needs(1), self.needs(2))
            shape = x.shape[len(self.lead):]
            return (None if gx2 is None else _make(gx2.reshape(x.shape)),
                    None if grad_weight is None else _make(grad_weight.reshape(shape)),
                    None if grad_bias is None else _make(grad_bias.reshape(shape)))
        mean, invstd = _stats_for_backward(input, self.axes, self.eps, self.mean, self.invstd)
        xhat = (input - mean) * invstd
        grad_input = grad_weight = grad_bias = None
        if self.needs(0):
            grad_xhat = grad * weight if weight is not None else grad
            grad_input = _normalized_grad(grad_xhat, xhat, invstd, self.axes)
        if self.needs(1):
            grad_weight = (grad * xhat).sum(self.lead) if self.lead else grad * xhat
        if self.needs(2):
            grad_bias = grad.sum(self.lead) if self.lead else grad
        return grad_input, grad_weight, grad_bias


class NativeGroupNormBackward0(Op):
    saved_names = ('input', 'weight')
    arity = 3

    def forward(self, input, weight, bias, num_groups, eps):
        x = input._data
        self.in_shape, self.eps = x.shape, eps
        self.grouped = (x.shape[0], num_groups, -1)
        self.shape = (1, x.shape[1]) + (1,) * (x.ndim - 2)
        self.channel_axes = (0,) + tuple(range(2, x.ndim))
        mean, invstd, centred, _ = _moments(x.reshape(self.grouped), (2,), eps)
        self.mean, self.invstd = mean, invstd
        self.save(input, weight)
        return _affine((centred * invstd).reshape(x.shape), weight, bias, self.shape)

    def backward(self, grad):
        input, weight = self.saved()
        grouped = input.reshape(self.grouped)
        mean, invstd = _stats_for_backward(grouped, (2,), self.eps, self.mean, self.invstd)
        xhat = (grouped - mean) * invstd
        grad_input = grad_weight = grad_bias = None
        if self.needs(0):
            grad_xhat = grad * weight.reshape(self.shape) if weight is not None else grad
            grad_input = _normalized_grad(grad_xhat.reshape(self.grouped), xhat, invstd,
                                          (2,)).reshape(self.in_shape)
        if self.needs(1):
            grad_weight = (grad * xhat.reshape(self.in_shape)).sum(self.channel_axes)
        if self.needs(2):
            grad_bias = grad.sum(self.channel_axes)
        return grad_input, grad_weight, grad_bias


