"""Cumulative ops along a dim: cumsum, cumprod, cummax, cummin and logcumsumexp, with
PyTorch's node names."""
import math

import numpy as np

from .._tensor_base import _wrap_dim
from ..autograd.grad_mode import state as _grad_state
from .index import ScatterAddGrad
from .op import Op, refuse_out, return_type, type_name
from .reduce import _sum_dtype
from .selection import where
from .shape import stack

return_types = {name: return_type(name, ("values", "indices")) for name in ("cummax", "cummin")}


class CumsumBackward0(Op):
    def forward(self, a, dim):
        x = a._data
        self.dim = dim
        if x.ndim == 0:
            return x.astype(_sum_dtype(x, None) or x.dtype)
        return np.cumsum(x, axis=dim, dtype=_sum_dtype(x, None))

    def backward(self, grad):
        if grad._data.ndim == 0:
            return grad
        return grad.flip(self.dim).cumsum(self.dim).flip(self.dim)  # a reversed cumsum


class CumprodBackward0(Op):
    """The gradient is computed without dividing by the input, so zeros in it are exact:
    for position k, (product of the inputs before k) * sum over j >= k of grad_j times the
    product of the inputs after k up to j, the latter by a backward recurrence along ``dim``."""

    saved_names = ('self',)

    def forward(self, a, dim):
        x = a._data
        self.save(a)
        self.dim = dim
        if x.ndim == 0:
            return x.astype(_sum_dtype(x, None) or x.dtype)
        return np.cumprod(x, axis=dim, dtype=_sum_dtype(x, None))

    def backward(self, grad):
        (a,) = self.saved()
        if a._data.ndim == 0 or a._data.shape[self.dim] == 0:
            return grad
        dim, n = self.dim, a._data.shape[self.dim]
        inputs = a.unbind(dim)
        grads = grad.unbind(dim)
        before = [None] * n  # product of the inputs before position k
        running = None
        for k in range(n):
            before[k] = running
            running = inputs[k] if running is None else running * inputs[k]
        after = grads[n - 1]  # sum_{j >= k} grad_j * prod_{k < i <= j} input_i
        result = [None] * n
        for k in range(n - 1, -1, -1):
            if k < n - 1:
                after = grads[k] + inputs[k + 1] * after
            result[k] = after if before[k] is None else before[k] * after
        return stack(result, dim)


def cumsum(input, dim, *, dtype=None, out=None):
    if out is not None:
        refuse_out("cumsum")
    if dtype is not None:  # the input is cast first, as in PyTorch
        input = input.to(dtype)
    return CumsumBackward0.apply(input, _wrap_dim(dim, input._data.ndim))


def cumprod(input, dim, *, dtype=None, out=None):
    if out is not None:
        refuse_out("cumprod")
    if dtype is not None:
        input = input.to(dtype)
    return CumprodBackward0.apply(input, _wrap_dim(dim, input._data.ndim))


class CummaxBackward0(Op):
    """Running maximum and where it was last reached (a later equal value, or any NaN,
    takes over, as in PyTorch's loop); the gradient goes to those positions."""

    takes_over = staticmethod(np.greater_equal)

    def forward(self, a, dim):
        x = a._data
        self.shape, self.dim = x.shape, dim
        if x.ndim == 0:
            self.index = np.zeros((), np.int64)
            return x.copy(), self.index.copy()
        steps = np.moveaxis(x, dim, 0)
        values = np.empty_like(steps)
        indices = np.zeros(steps.shape, np.int64)
        if len(steps):
            values[0] = steps[0]
        for i in range(1, len(steps)):
            take = self.takes_over(steps[i], values[i - 1])
            if x.dtype.kind == "f":
                take |= np.isnan(steps[i])
            values[i] = np.where(take, steps[i], values[i - 1])
            indices[i] = np.where(take, i, indices[i - 1])
        self.index = np.moveaxis(indices, 0, dim)
        return np.moveaxis(values, 0, dim), self.index.copy()

    def backward(self, grad, grad_indices=None):
        if not self.shape:
            return grad
        return ScatterAddGrad.apply(grad, self.shape, self.dim, self.index)


class CumminBackward0(CummaxBackward0):
    takes_over = staticmethod(np.less_equal)


def cummax(input, dim, *, out=None):
    if out is not None:
        refuse_out("cummax")
    dim = _wrap_dim(dim, input._data.ndim)
    return return_types["cummax"](*CummaxBackward0.apply(input, dim))


def cummin(input, dim, *, out=None):
    if out is not None:
        refuse_out("cummin")
    dim = _wrap_dim(dim, input._data.ndim)
    return return_types["cummin"](*CumminBackward0.apply(input, dim))


class LogcumsumexpBackward0(Op):
    """``log(cumsum(exp(x)))`` without overflow. The backward splits the gradient by sign and
    sums each part in log space (reversed logcumsumexp), so large inputs stay finite. Its
    own derivative is not implemented: create_graph through it raises."""

    saved_names = ('self', 'result')
    saves_output = True

    def forward(self, a, dim):
        x = a._data
        if x.dtype.kind != "f":
            raise NotImplementedError('"logcumsumexp_out_cpu" not implemented for '
                                      f"'{type_name(x)}'")
        self.save(a)
        self.dim = dim
        return x.copy() if x.ndim == 0 else np.logaddexp.accumulate(x, axis=dim)

    def backward(self, grad):
        a, result = self.saved()
        if not a._data.ndim:
            return grad
        if _grad_state.grad_enabled:
            raise NotImplementedError("hookgrad: logcumsumexp's backward is not differentiable "
                                      "(backward with create_graph=True through logcumsumexp "
                                      "is not supported)")
        total = None
        for sign in (1, -1):
            part = grad * sign
            # where, not clamp: its backward sends nothing into log where part <= 0
            log_part = (where(part > 0, part.log(), -math.inf) - result).flip(self.dim)
            summed = log_part.logcumsumexp(self.dim).flip(self.dim)
            term = (summed + a).exp() * sign
            total = term if total is None else total + term
        return total


def logcumsumexp(input, dim, *, out=None):
    if out is not None:
        refuse_out("logcumsumexp")
    return LogcumsumexpBackward0.apply(input, _wrap_dim(dim, input._data.ndim))
