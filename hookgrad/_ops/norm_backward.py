"""Backward formulas of layer and batch norm, recorded as PyTorch's nodes under create_graph
(``NativeLayerNormBackwardBackward0``, ``NativeBatchNormBackwardBackward0``): one node of
the incoming gradient, the input and the affine parameters, whose three gradients each require
grad when any of those does. The formulas on arrays serve the plain backward and the nodes'
values; the nodes' own derivatives are PyTorch's double backward formulas, term by term."""
import numpy as np

from .._tensor_base import _make
from . import norm_kernels as _kernels
from .arithmetic import DivBackward1
from .layer_norm_grad import layer_norm_backward
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
    with np.errstate(invalid="ignore", over="ignore"):  # (infinities meet: NaN, as PyTorch)
        gx2, grad_weight, grad_bias = layer_norm_backward(
            grad._data.reshape(rows, width), x.reshape(rows, width), w, norm.mean.reshape(-1),
            norm.invstd.reshape(-1), *mask)
    shape = norm.param_shape
    return (None if gx2 is None else gx2.reshape(x.shape),
            None if grad_weight is None else grad_weight.reshape(shape),
            None if grad_bias is None else grad_bias.reshape(shape))


def batch_norm_kernel_grads(norm, grad, input, weight, mask):
    """Batch norm's ``(grad_input, grad_weight, grad_bias)`` arrays (None where ``mask`` says
    not needed) by PyTorch's CPU kernel, whose rounding and non-finite values the user sees;
    None when the gradient's dtype differs from the input's or is a half type (the generic
    formula)."""
    x = input._data
    if grad._data.dtype != x.dtype or grad._data.itemsize == 2:
        return None
    x3_shape = (x.shape[0], x.shape[1], int(np.prod(x.shape[2:])))
    w = None if weight is None else weight._data.astype(x.dtype, copy=False)
    with np.errstate(invalid="ignore", over="ignore"):  # (infinities meet: NaN, as PyTorch)
        gx3, grad_weight, grad_bias = _kernels.backward(
            grad._data.reshape(x3_shape), x.reshape(x3_shape), w, norm.mean.reshape(-1),
            norm.grad_invstd.reshape(-1), norm.training, *mask)
    return None if gx3 is None else gx3.reshape(x.shape), grad_weight, grad_bias


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

    def backward(self, grad_grad_input, grad_grad_weight, grad_grad_bias):
        grad, input, weight = self.saved()
        g_input, g_weight, g_grad = _layer_norm_double_backward(
            self, grad, input, weight, grad_grad_input, grad_grad_weight, grad_grad_bias)
        return g_grad, g_input, None, None, g_weight, None


def _layer_norm_double_backward(node, grad, input, weight, ggI, ggG, ggB):
    """PyTorch's layer_norm_double_backward term by term (the nodes create_graph records are
    its): the input, weight and incoming gradient's gradients, from the gradients ``ggI``,
    ``ggG``, ``ggB`` of the node's three outputs (None where absent), over ``(M, N)`` rows
    of the normalised width; the saved statistics are constants."""
    shape = input.shape
    n = int(np.prod(node.param_shape))
    m = int(np.prod(shape[:len(node.param_axes)]))
    dtype = input._data.dtype
    x = input.reshape(m, n)
    g = grad.reshape(m, n)
    invstd = node.invstd.reshape(m, 1).astype(dtype, copy=False)
    gamma = _make(np.ones(1, dtype)) if weight is None else weight.reshape(1, n)
    _refuse_bias_without_weight(weight, ggI, ggB)
    ggG = None if ggG is None or weight is None else ggG.reshape(1, n)
    ggB = None if ggB is None or weight is None else ggB.reshape(1, n)
    ggI = None if ggI is None else ggI.reshape(m, n)
    input_sub_mu = x - _make(node.mean.reshape(m, 1).astype(dtype, copy=False))
    sigma_neg_1_2 = _make(invstd)
    sigma_neg_1 = _make(invstd * invstd)
    sigma_neg_3_2 = _make(invstd * invstd * invstd)
    grad_input = grad_weight = grad_grad = None
    input_mu_sigma_neg_3_2 = input_sub_mu * sigma_neg_3_2
    if node.needs(1) and ggI is not None:
        gxhat = g * gamma
        gxhat_mu_sum = (gxhat * input_sub_mu).sum(1, True)
        gxhat_sum = gxhat.sum(1, True)
        ggI_sum = ggI.sum(1, True)
        ggI_mu_sum = (ggI * input_sub_mu).sum(1, True)
        all_sub = DivBackward1.apply(ggI_sum * gxhat_sum, n).sub((ggI * gxhat).sum(1, True)).add(
            MulBackward1.apply(sigma_neg_1 * gxhat_mu_sum * ggI_mu_sum, _ratio(3.0, n)))
        # (each product's right operand first, as GCC evaluates PyTorch's formula)
        term_0 = DivBackward1.apply(input_mu_sigma_neg_3_2 * all_sub, n)
        right = DivBackward1.apply(gxhat_sum, n) - gxhat
        term_1 = DivBackward1.apply(ggI_mu_sum * sigma_neg_3_2, n) * right
        right = DivBackward1.apply(ggI_sum, n) - ggI
        term_2 = DivBackward1.apply(gxhat_mu_sum * sigma_neg_3_2, n) * right
        grad_input = term_0 + term_1 + term_2
    if node.needs(1) and ggG is not None:
        t0 = g * ggG * sigma_neg_1_2
        t1 = DivBackward1.apply(sigma_neg_1_2 * (g * ggG).sum(1, True), -n)
        t2 = DivBackward1.apply(input_mu_sigma_neg_3_2 * (g * ggG * input_sub_mu).sum(1, True),
                                -n)
        term = t0.add(t1).add(t2)
        grad_input = term if grad_input is None else grad_input.add(term)
    if grad_input is not None:
        grad_input = grad_input.reshape_as(input)
    if node.needs(4) and weight is not None and ggI is not None:
        ones = _make(np.ones((), dtype))
        grad_weight = (g * _input_grad_of(ggI, ones, input_sub_mu, sigma_neg_1_2, sigma_neg_1,
                                          n)).sum(0).reshape_as(weight)
    if node.needs(0):
        if ggI is not None:
            grad_grad = _input_grad_of(ggI, gamma, input_sub_mu, sigma_neg_1_2, sigma_neg_1, n)
        if ggG is not None:
            term = ggG * input_sub_mu * sigma_neg_1_2
            grad_grad = term if grad_grad is None else grad_grad.add(term)
        if ggB is not None:
            grad_grad = ggB if grad_grad is None else grad_grad.add(ggB)
        if grad_grad is not None:
            grad_grad = grad_grad.expand(m, n).reshape_as(input)
    return grad_input, grad_weight, grad_grad


def _refuse_bias_without_weight(weight, ggI, ggB):
    """PyTorch's layer and batch norm double backward drop the bias's incoming gradient when
    there is no weight, then add that undefined tensor to the input's term of the incoming
    gradient's gradient, which refuses."""
    if weight is None and ggB is not None and ggI is not None:
        raise RuntimeError("Expected a proper Tensor but got None (or an undefined Tensor in "
                           "C++) for argument #1 'other'")


def _ratio(number, n):
    return number / n if n else float("inf")


def _input_grad_of(g, gamma, input_sub_mu, sigma_neg_1_2, sigma_neg_1, n):
    """Layer norm's first-order input gradient of an incoming gradient ``g`` (rows of width
    ``n``), as PyTorch's double backward writes it."""
    h0 = DivBackward1.apply(gamma * sigma_neg_1_2, n)
    h1 = MulBackward1.apply(g, n).sub(g.sum(1, True))
    right = (g * input_sub_mu).sum(1, True)  # (GCC evaluates the right operand of * first)
    h1 = h1.sub(input_sub_mu.mul(sigma_neg_1) * right)
    return h0 * h1


class NativeBatchNormBackwardBackward0(_NormGrad):
    """Inputs ``(grad_out, input, weight, running_mean, running_var)`` (the running
    statistics never require grad)."""

    arity = 5

    def forward(self, grad, input, weight, running_mean, running_var, norm):
        self._geometry(norm)
        self.save(grad, input, weight)
        # (the values are the plain backward's: PyTorch runs the same kernel on both paths)
        grads = batch_norm_kernel_grads(norm, grad, input, weight, self.mask)
        return self._values(grad, input, weight) if grads is None else grads

    def backward(self, grad_grad_input, grad_grad_weight, grad_grad_bias):
        grad, input, weight = self.saved()
        g_input, g_weight, g_grad = _batch_norm_double_backward(
            self, grad, input, weight, grad_grad_input, grad_grad_weight, grad_grad_bias)
        return g_grad, g_input, g_weight, None, None


def _sum_except_channels(t, keepdim=True):
    """PyTorch's sum_exclude_dim1: over dim 0, then the trailing dims from the last."""
    r = t.sum(0, keepdim)
    for dim in range(r.ndim - 1, 1 if keepdim else 0, -1):
        r = r.sum(dim, keepdim)
    return r


def _batch_norm_double_backward(node, grad, input, weight, ggI, ggG, ggB):
    """PyTorch's batchnorm_double_backward term by term (the nodes create_graph records are
    its): the input, weight and incoming gradient's gradients from the gradients ``ggI``,
    ``ggG``, ``ggB`` of the node's three outputs (None where absent); the statistics (saved
    in training, running in eval) are constants."""
    _refuse_bias_without_weight(weight, ggI, ggB)
    x = input._data
    count = x.size // x.shape[1] if x.shape[1] else 0
    training = node.normalizes
    affine = weight is not None
    if affine:
        gamma = _expand_as_dim1(weight, input)
        ggG = None if ggG is None else _expand_as_dim1(ggG, input)
        ggB = None if ggB is None else _expand_as_dim1(ggB, input)
    else:
        gamma = _make(np.ones((), x.dtype))
        ggG = ggB = None
    invstd = node.invstd.astype(x.dtype, copy=False)
    input_sub_mu = input - _make(node.mean.astype(x.dtype, copy=False))
    sigma_neg_1_2 = _make(invstd)
    sigma_neg_1 = _make(invstd * invstd)
    sigma_neg_3_2 = _make(invstd * invstd * invstd)
    input_mu_sigma_neg_3_2 = input_sub_mu * sigma_neg_3_2
    grad_in_mu_sum = _sum_except_channels(grad * input_sub_mu)
    grad_sum = _sum_except_channels(grad)
    grad_input = grad_weight = grad_grad = None
    if ggI is not None and training:
        ggI_sum = _sum_except_channels(ggI)
        ggI_in_mu_sum = _sum_except_channels(ggI * input_sub_mu)
        all_sub = (DivBackward1.apply(ggI_sum * grad_sum, count)
                   - _sum_except_channels(grad * ggI)
                   + MulBackward1.apply(sigma_neg_1 * grad_in_mu_sum * ggI_in_mu_sum,
                                        3.0 / count if count else float("inf")))
        first = DivBackward1.apply(input_mu_sigma_neg_3_2 * all_sub, count)
        # (each product's right operand first, as GCC evaluates PyTorch's formula)
        right = DivBackward1.apply(grad_sum, count) - grad
        second = DivBackward1.apply(ggI_in_mu_sum * sigma_neg_3_2, count) * right
        right = DivBackward1.apply(ggI_sum, count) - ggI
        third = DivBackward1.apply(grad_in_mu_sum * sigma_neg_3_2, count) * right
        grad_input = gamma * (first + second + third)
    if ggG is not None:
        if training:
            t0 = grad * sigma_neg_1_2
            t1 = DivBackward1.apply(sigma_neg_1_2 * grad_sum, -count)
            t2 = DivBackward1.apply(input_mu_sigma_neg_3_2 * _sum_except_channels(
                grad * input_sub_mu), -count)
            term = ggG * (t0 + t1 + t2)
        else:
            term = ggG * sigma_neg_1_2 * grad
        grad_input = term if grad_input is None else grad_input + term
    if affine and ggI is not None:
        if training:
            ones = _make(np.ones((), x.dtype))
            grad_weight = _sum_except_channels(
                ggI * _bn_input_grad_of(grad, ones, input_sub_mu, sigma_neg_1_2, sigma_neg_1,
                                        count), False)
        else:
            grad_weight = _sum_except_channels(ggI * grad * sigma_neg_1_2, False)
    if ggI is not None:
        grad_grad = _bn_input_grad_of(ggI, gamma, input_sub_mu, sigma_neg_1_2, sigma_neg_1,
                                      count) if training else ggI * sigma_neg_1_2 * gamma
    if ggG is not None:
        term = ggG * input_sub_mu * sigma_neg_1_2
        grad_grad = term if grad_grad is None else grad_grad + term
    if ggB is not None:
        grad_grad = ggB if grad_grad is None else grad_grad + ggB
    return (grad_input if node.needs(1) else None, grad_weight if node.needs(2) else None,
            grad_grad if node.needs(0) else None)


def _expand_as_dim1(t, target):
    """A per-channel tensor unsqueezed after the channel dim and expanded as ``target``."""
    while t.ndim < target.ndim - 1:
        t = t.unsqueeze(1)
    return t.expand_as(target)


def _bn_input_grad_of(g, gamma, input_sub_mu, sigma_neg_1_2, sigma_neg_1, count):
    """Batch norm's first-order input gradient of an incoming gradient ``g``, as PyTorch's
    double backward writes it."""
    h0 = DivBackward1.apply(gamma * sigma_neg_1_2, count)
    h1 = MulBackward1.apply(g, count) - _sum_except_channels(g)
    right = _sum_except_channels(g * input_sub_mu)  # (GCC: the right operand of * first)
    h1 = h1 - input_sub_mu.mul(sigma_neg_1) * right
    return h0 * h1


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
            grad_rstd4 = grad_rstd.view(stats4)  # (GCC evaluates the right operand first)
            grad_var = MulBackward1.apply(rstd_cube, -0.5) * grad_rstd4
            stats_part = _var_mean_grad(grad_var, grad_mean.view(stats4), x4, depth * positions)
        if grad is not None:
            a = rstd4 if weight4 is None else rstd4 * weight4
            b = (ds.sum(2) if weight4 is None else (ds * weight4).sum(2)).unsqueeze_(-2)
            c = (db.sum(2) if weight4 is None else (db * weight4).sum(2)).unsqueeze_(-2)
            b = MulBackward1.apply((c * mean4 - b) * rstd_cube, scale)
            # (each operator's right operand first, as GCC evaluates PyTorch's formula)
            right = MulBackward1.apply(c * rstd4, scale)
            c = -b * mean4 - right
            right = b * x4
            grad_input = a * grad4 + right + c
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
    deviation = x4 - x4.mean((2, 3), keepdim=True)  # (made first, as GCC evaluates it)
    through_var = MulBackward1.apply(grad_var, 2.0 / count if count else float("inf")) * (
        deviation)
    return through_var + DivBackward1.apply(grad_mean.expand(x4.shape), count)
