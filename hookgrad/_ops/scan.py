"""Cumulative ops along a dim: cumsum, cumprod, cummax, cummin and logcumsumexp, with
PyTorch's node names."""

import numpy as np

from .._dtype import to_dtype
from .._tensor_base import _wrap_dim
from .index import ScatterAddGrad
from .op import Op, refuse_out, return_type, type_name
from .reduce import _sum_dtype, refuse_integer_grad
from .selection import where
from .shape import stack

return_types = {name: return_type(name, ("values", "indices")) for name in ("cummax", "cummin")}


def _cast(a, dtype):
    """The input's array in ``dtype`` (None: as it is). An op given ``dtype=`` computes in it
    without recording a cast: its node links to the input itself, as PyTorch's does."""
    return a._data if dtype is None else a._data.astype(dtype.np_dtype)


class CumsumBackward0(Op):
    def forward(self, a, dim, dtype=None):
        x = _cast(a, dtype)
        self.dim = dim
        target = _sum_dtype(x, dtype)
        if x.ndim == 0:
            return x.astype(target or x.dtype)
        return np.add.accumulate(x, dim, target)  # (np.cumsum warns from NumPy's modules)

    def backward(self, grad):
        data = grad._data
        if data.size <= 1 or data.shape[self.dim] == 1:  # PyTorch's trivial case: grad itself
            return grad
        return grad.flip(self.dim).cumsum(self.dim).flip(self.dim)  # a reversed cumsum


class CumprodBackward0(Op):
    """Without zeros in the input the gradient is PyTorch's ``reversed_cumsum(result * grad)
    / input``; with zeros it is computed without dividing by the input, so they are exact:
    for position k, (product of the inputs before k) * sum over j >= k of grad_j times the
    product of the inputs after k up to j, the latter by a backward recurrence along ``dim``."""

    saved_names = ('self', 'result')
    saves_output = True  # (PyTorch's node saves the result too: it is version-checked)

    def forward(self, a, dim, dtype=None):
        x = _cast(a, dtype)
        self.save(a)
        self.dim = dim
        target = _sum_dtype(x, dtype)
        if x.ndim == 0:
            return x.astype(target or x.dtype)
        return np.multiply.accumulate(x, dim, target)

    def backward(self, grad):
        a, result = self.saved()
        if a._data.ndim == 0 or a._data.shape[self.dim] <= 1:
            return grad
        if not (a._data == 0).any():  # PyTorch's formula then (its NaNs for infinities too)
            w = result * grad
            return w.flip(self.dim).cumsum(self.dim).flip(self.dim) / a
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


def _scan_dtype(name, input, dtype):
    """An explicit ``dtype=``, the result's (an integer one is not widened to int64). PyTorch
    has no bool kernel, which an empty input never reaches."""
    dtype = to_dtype(dtype)
    if dtype.np_dtype == np.bool_ and input._data.size:
        raise NotImplementedError(f'"{name}_out_cpu" not implemented for \'Bool\'')
    return dtype


def cumsum(input, dim, *, dtype=None, out=None):
    if out is not None:
        refuse_out("cumsum")
    dtype = None if dtype is None else _scan_dtype("cumsum", input, dtype)
    refuse_integer_grad(input, dtype)
    return CumsumBackward0.apply(input, _wrap_dim(dim, input._data.ndim), dtype)


def cumprod(input, dim, *, dtype=None, out=None):
    if out is not None:
        refuse_out("cumprod")
    dtype = None if dtype is None else _scan_dtype("cumprod", input, dtype)
    refuse_integer_grad(input, dtype)
    return CumprodBackward0.apply(input, _wrap_dim(dim, input._data.ndim), dtype)


class CummaxBackward0(Op):
    """Running maximum and where it was last reached (a later equal value, or any NaN,
    takes over, as in PyTorch's loop); the gradient goes to those positions."""

    takes_over = staticmethod(np.greater_equal)
    saves_indices = True  # (as PyTorch's node, with self)

    def forward(self, a, dim):
        self.save(a)
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
        # (unpacked as PyTorch's node does: raises once a pass freed them)
        input = self.saved()[0]  # (with the indices)
        if not input._data.size:  # PyTorch returns the (empty) input itself as its gradient
            return input
        if not self.shape:
            return grad
        return ScatterAddGrad.of(grad, self.shape, self.dim, self.index)


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
    """``log(cumsum(exp(x)))`` without overflow. The backward is PyTorch's: the gradient split
    by sign, each part summed in log space (a reversed logcumsumexp) so large inputs stay
    finite; written with tensor ops, so it is differentiable again."""

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
        # "log 0" as a finite number (PyTorch's is the dtype's lowest): exp of it gives 0, and
        # a quarter of it leaves room to add the input without overflowing
        lowest = float(np.finfo(grad._data.dtype).min) / 4
        log_abs = grad.abs().log()
        parts = []
        for chosen in (grad > 0, grad < 0):
            log_part = where(chosen, log_abs, lowest) - result
            summed = log_part.flip(self.dim).logcumsumexp(self.dim).flip(self.dim)
            parts.append((summed + a).exp())
        return parts[0] - parts[1]


def logcumsumexp(input, dim, *, out=None):
    if out is not None:
        refuse_out("logcumsumexp")
    return LogcumsumexpBackward0.apply(input, _wrap_dim(dim, input._data.ndim))
