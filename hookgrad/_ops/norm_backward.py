"""Backward formulas of layer and batch norm, recorded as PyTorch's nodes under create_graph
(``NativeLayerNormBackwardBackward0``, ``NativeBatchNormBackwardBackward0``): one node of
the incoming gradient, the input and the affine parameters, whose three gradients each require
grad when any of those does. The formulas on arrays serve the plain backward and the nodes'
values; written once more with tensor ops, they give the nodes' own derivatives."""
import numpy as np

from .._tensor_base import _make
from . import norm_kernels as _kernels
from .arithmetic import DivBackward1
from .composite import composite_vjp
from .op import Op, mean_array, plain_backward
from .scalar_forms import MulBackward1


def normalized_grad(grad_xhat, xhat, invstd, axes):
    """Gradient through ``(x - mean(x)) * invstd(x)`` given the gradient of that result
    (arrays or tensors alike)."""
    return (grad_xhat - _mean(grad_xhat, axes) - xhat * _mean(grad_xhat * xhat, axes)) * invstd


def _mean(value, axes):
    if isinstance(value, np.ndarray):
        return mean_array(value, tuple(axes), keepdims=True)
    return value.mean(axes, keepdim=True)


def _sum(value, axes):
    return value.sum(axes) if axes else value


def norm_grads(g, x, w, mean, invstd, axes, param_axes, param_shape, normalizes, mask):
    """The input's, weight's and bias's gradients of ``(x - mean) * invstd * w + b`` (arrays
    or tensors alike): ``axes`` the statistics' axes, ``param_axes`` the axes the affine
    parameters are summed over, ``param_shape`` how they broadcast; ``normalizes``: the
    statistics depend on ``x`` (training), else they are constants (batch norm in eval)."""
    xhat = (x - mean) * invstd
    grad_input = grad_weight = grad_bias = None
    if mask[0]:
        grad_xhat = g if w is None else g * w.reshape(param_shape)
        grad_input = normalized_grad(grad_xhat, xhat, invstd, axes) if normalizes \
            else grad_xhat * invstd
    if mask[1]:
        grad_weight = _sum(g * xhat, param_axes)
    if mask[2]:
        grad_bias = _sum(g, param_axes)
    return grad_input, grad_weight, grad_bias


def _stats(x, axes, eps):
    """Mean and 1/sqrt(biased variance + eps) of a tensor over ``axes``, kept for broadcasting."""
    mean = x.mean(axes, keepdim=True)
    centred = x - mean
    return mean, ((centred * centred).mean(axes, keepdim=True) + eps).rsqrt()


def layer_norm_kernel_grads(norm, grad, input, weight, mask):
    """Layer norm's ``(grad_input, grad_weight, grad_bias)`` arrays (None where ``mask``
    says not needed) by PyTorch's CPU kernel, whose rounding the user sees; None when the
    gradient's dtype differs from the input's or is a half type (the generic formula)."""
    x = input._data
    if grad._data.dtype != x.dtype or grad._data.itemsize == 2:
        return None
    width = int(np.prod(norm.param_shape))
    rows = int(np.prod(x.shape[:len(norm.param_axes)]))
    w = None if weight is None else weight._data.reshape(width).astype(x.dtype, copy=False)
    gx2, grad_weight, grad_bias = _kernels.layer_norm_backward(
        grad._data.reshape(rows, width), x.reshape(rows, width), w, norm.mean.reshape(-1),
        norm.invstd.reshape(-1), *mask)
    shape = norm.param_shape
    return (None if gx2 is None else gx2.reshape(x.shape),
            None if grad_weight is None else grad_weight.reshape(shape),
            None if grad_bias is None else grad_bias.reshape(shape))


class _NormGrad(Op):
    """The three gradients of a norm node ``norm`` (its geometry and statistics) as one node;
    its inputs are PyTorch's (subclasses order them), its outputs the input's, weight's and
    bias's gradients (None where the norm's input does not need one)."""

    def _geometry(self, norm):
        self.axes, self.param_axes, self.param_shape = norm.axes, norm.param_axes, \
            norm.param_shape
        self.eps, self.normalizes = norm.eps, norm.normalizes
        self.mean, self.invstd = norm.mean, norm.invstd
        self.mask = norm.mask()

    def _values(self, grad, input, weight):
        # (an infinite gradient gives NaN as in PyTorch, without NumPy's warnings)
        with np.errstate(invalid="ignore", over="ignore"):
            return norm_grads(grad._data, input._data,
                              None if weight is None else weight._data, self.mean,
                              self.invstd, self.axes, self.param_axes, self.param_shape,
                              self.normalizes, self.mask)

    def _formula(self, grad, input, weight):
        """The same with tensor ops, the statistics recomputed from ``input`` when they
        depend on it."""
        if self.normalizes:
            mean, invstd = _stats(input, self.axes, self.eps)
        else:
            mean, invstd = _make(self.mean), _make(self.invstd)
        return norm_grads(grad, input, weight, mean, invstd, self.axes, self.param_axes,
                          self.param_shape, self.normalizes, self.mask)


class NativeLayerNormBackwardBackward0(_NormGrad):
    """Inputs ``(grad_out, input, mean, rstd, weight, bias)`` (mean and rstd never require
    grad; bias only has an edge)."""

    arity = 6

    def forward(self, grad, input, mean, rstd, weight, bias, norm):
        self._geometry(norm)
        self.save(grad, input, weight)
        # (the values are the plain backward's: PyTorch runs the same kernel on both paths)
        grads = layer_norm_kernel_grads(norm, grad, input, weight, self.mask)
        return self._values(grad, input, weight) if grads is None else grads

    def backward(self, *grad_grads):
        grad, input, weight = self.saved()
        needed = (self.needs(0), self.needs(1), self.needs(4))
        g_grad, g_input, g_weight = composite_vjp(self._formula, (grad, input, weight),
                                                  grad_grads, needed)
        return g_grad, g_input, None, None, g_weight, None


class NativeBatchNormBackwardBackward0(_NormGrad):
    """Inputs ``(grad_out, input, weight, running_mean, running_var)`` (the running
    statistics never require grad)."""

    arity = 5

    def forward(self, grad, input, weight, running_mean, running_var, norm):
        self._geometry(norm)
        self.save(grad, input, weight)
        return self._values(grad, input, weight)

    def backward(self, *grad_grads):
        grad, input, weight = self.saved()
        needed = (self.needs(0), self.needs(1), self.needs(2))
        g_grad, g_input, g_weight = composite_vjp(self._formula, (grad, input, weight),
                                                  grad_grads, needed)
        return g_grad, g_input, g_weight, None, None


def group_norm_grads(norm, grad, grad_mean, grad_rstd, input, weight):
    """Group norm's input, weight and bias gradients by PyTorch's differentiable formula
    (its ``create_graph`` path, also taken when the statistics got a gradient): ``mean`` and
    ``rstd`` enter as the node's own outputs 1 and 2, so the graph of the gradient, and the
    derivative through the statistics, are PyTorch's node for node."""
    n, groups = norm.grouped[:2]
    per_group = norm.grouped[2]
    channels = norm.in_shape[1]
    depth = channels // groups
    positions = per_group // depth if depth else 0
    shape4 = (n, groups, depth, positions)
    stats4 = (n, groups, 1, 1)
    scale = 1.0 / per_group if per_group else float("inf")
    recording = not plain_backward()
    mean = _make(norm.mean.reshape(n, groups), recording, norm if recording else None, 1)
    rstd = _make(norm.invstd.reshape(n, groups), recording, norm if recording else None, 2)
    x4 = input.reshape(shape4)
    mean4 = mean.reshape(stats4)
    rstd4 = rstd.reshape(stats4)
    if grad is not None:
        grad4 = grad.reshape(shape4)
        ds = (grad4 * x4).sum(3).unsqueeze_(-1)
        db = grad4.sum(3).unsqueeze_(-1)
    grad_input = grad_weight = grad_bias = None
    if norm.needs(0):
        weight4 = None if weight is None else weight.reshape(1, groups, depth, 1)
        rstd_cube = rstd4 * rstd4 * rstd4
        both_stats = grad_mean is not None and grad_rstd is not None
        if both_stats:
            grad_var = MulBackward1.apply(rstd_cube, -0.5) * grad_rstd.view(stats4)
            stats_part = _var_mean_grad(grad_var, grad_mean.view(stats4), x4, depth * positions)
        if grad is not None:
            a = rstd4 if weight4 is None else rstd4 * weight4
            b = (ds.sum(2) if weight4 is None else (ds * weight4).sum(2)).unsqueeze_(-2)
            c = (db.sum(2) if weight4 is None else (db * weight4).sum(2)).unsqueeze_(-2)
            b = MulBackward1.apply((c * mean4 - b) * rstd_cube, scale)
            c = -b * mean4 - MulBackward1.apply(c * rstd4, scale)
            grad_input = a * grad4 + b * x4 + c
            if both_stats:
                grad_input += stats_part
            grad_input = grad_input.reshape_as(input)
        elif both_stats:
            grad_input = stats_part.reshape_as(input)
    if norm.needs(1) and grad is not None:
        grad_weight = ((ds - db * mean4) * rstd4).sum(0).reshape_as(weight)
    if norm.needs(2) and grad is not None:
        # (PyTorch reshapes it as the weight: without one, as an undefined tensor, which
        # refuses: "shape '[0]' is invalid for input of size C")
        grad_bias = db.sum(0).reshape(channels if weight is not None else 0)
    return grad_input, grad_weight, grad_bias


def _var_mean_grad(grad_var, grad_mean, x4, count):
    """The gradient through the biased variance and the mean over the last two dims."""
    through_var = MulBackward1.apply(grad_var, 2.0 / count if count else float("inf")) * (
        x4 - x4.mean((2, 3), keepdim=True))
    return through_var + DivBackward1.apply(grad_mean.expand(x4.shape), count)
