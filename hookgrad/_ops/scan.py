"""Cumulative ops along a dim: cumsum, cumprod, cummax, cummin and logcumsumexp, with
PyTorch's node names."""

import numpy as np

from .._dtype import from_numpy_dtype, to_dtype
from .._tensor_base import _make, _wrap_dim
from ..autograd.grad_mode import state as _grad_state
from .half import forward_in_float32, is_half
from .index import ScatterAddGrad, SliceBackward0
from .op import Op, refuse_out, return_type, type_name
from .packed_on_error import checked
from .reduce import _sum_dtype, refuse_integer_grad
from .selection import where
from .shape import cat

return_types = {name: return_type(name, ("values", "indices")) for name in ("cummax", "cummin")}


def _cast(a, dtype):
    """The input's array in ``dtype`` (None: as it is). An op given ``dtype=`` computes in it
    without recording a cast: its node links to the input itself, as PyTorch's does."""
    return a._data if dtype is None else a._data.astype(dtype.np_dtype)


def _grad_in_input_dtype(node, grad):
    """An op given ``dtype=`` another than its input's: PyTorch's formula first casts the
    gradient to the input's dtype (``grad.to(self.scalar_type())``, a ``ToCopyBackward0``)."""
    if node.input_dtype is None or grad._data.dtype == node.input_dtype:
        return grad
    return grad.to(from_numpy_dtype(node.input_dtype))


# PyTorch's CPU scans accumulate in its acc_type, rounding each output: double for float32,
# complex<double> for complex<float>, float32 for 2-byte floats (which hookgrad's forward
# already widens to float32).
_ACCUMULATE_IN = {np.dtype(np.float32): np.float64, np.dtype(np.float16): np.float32,
                  np.dtype(np.complex64): np.complex128}


def scan(ufunc, x, dim, target=None, in_half=False):
    """``ufunc.accumulate(x, dim)`` (into ``target``, a dtype or None) as PyTorch's CPU
    kernel rounds it (np.cumsum / np.cumprod would also warn from NumPy's modules)."""
    out = np.dtype(target or x.dtype)
    wide = None if in_half else _ACCUMULATE_IN.get(out)
    acc = ufunc.accumulate(x, dim, target if wide is None else wide)
    if ufunc is np.add and acc.dtype.kind in "fc":
        # PyTorch's sum starts from 0: a leading -0.0 comes out 0.0, and 0.0 + -0.0 is 0.0
        np.add(acc, 0, out=acc)
    # (C order whatever the input's layout: PyTorch's scans allocate their result so)
    return np.asarray(acc, order="C") if wide is None else acc.astype(out, order="C")


class CumsumBackward0(Op):
    supports_complex = True  # (a running sum, in complex128 for complex64, as PyTorch's)
    in_half = False  # (a 2-byte float input, computed in float32: accumulated in float32)

    def forward(self, a, dim, dtype=None):
        if a._data.itemsize == 2 and dtype is None and is_half(a._data):
            self.in_half = True
            return forward_in_float32(self, CumsumBackward0.forward, a, dim, dtype)
        x = _cast(a, dtype)
        self.dim = dim
        self.input_dtype = None if dtype is None else a._data.dtype
        target = _sum_dtype(x, dtype)
        if x.ndim == 0:
            return x.astype(target or x.dtype)
        return scan(np.add, x, dim, target, self.in_half)

    def backward(self, grad):
        grad = _grad_in_input_dtype(self, grad)
        if grad._data.size <= 1 or grad._data.shape[self.dim] == 1:  # (PyTorch's shortcut)
            return grad
        return grad.flip(self.dim).cumsum(self.dim).flip(self.dim)  # a reversed cumsum


class CumprodBackward0(Op):
    """Without zeros anywhere in the input the gradient is PyTorch's ``reversed_cumsum(result
    * grad) / input``; with a zero, PyTorch's masked form (see ``_cumprod_grad_with_zeros``),
    or under create_graph its differentiable one."""

    saved_names = ('self', 'result')
    saves_output = True  # (PyTorch's node saves the result too: it is version-checked)
    in_half = False  # (as CumsumBackward0's)

    def forward(self, a, dim, dtype=None):
        if a._data.itemsize == 2 and dtype is None and is_half(a._data):
            self.in_half = True
            return forward_in_float32(self, CumprodBackward0.forward, a, dim, dtype)
        x = _cast(a, dtype)
        self.save(a)
        self.dim = dim
        self.input_dtype = None if dtype is None else a._data.dtype
        target = _sum_dtype(x, dtype)
        if x.ndim == 0:
            return x.astype(target or x.dtype)
        return scan(np.multiply, x, dim, target, self.in_half)

    def backward(self, grad):
        grad = _grad_in_input_dtype(self, grad)
        a, result = self.saved()
        if a._data.size <= 1 or a._data.shape[self.dim] == 1:  # (PyTorch's returns grad)
            return grad
        if not (a._data == 0).any():  # PyTorch's formula then (its NaNs for infinities too)
            w = result * grad
            return w.flip(self.dim).cumsum(self.dim).flip(self.dim) / a
        if _grad_state.grad_enabled:  # create_graph: PyTorch's differentiable formula
            return _cumprod_grad_recorded(grad, a, self.dim, a._data.shape[self.dim])
        return _make(_cumprod_grad_with_zeros(a._data, result._data, grad._data, self.dim))


def _reversed_cumsum(x, dim):
    return np.flip(scan(np.add, np.flip(x, dim), dim), dim)


def _cumprod_grad_with_zeros(x, out, grad, dim):
    """PyTorch's O(n) gradient of cumprod for an input with a zero somewhere (the whole
    tensor's test: a line without zeros takes it too), position k along ``dim`` against the
    line's first zero z1 and second z2: k < z1 as without zeros, but summing only up to z1
    (``reversed_cumsum(result * grad)`` / input: a NaN before z1 spreads to the positions
    before it); k = z1 the product of the inputs before z1 (the result at z1 - 1) times the
    sum over z1 <= j < z2 of grad_j times the inputs after z1 up to j; k > z1 zero."""
    zeros_so_far = np.add.accumulate(x == 0, dim, np.int64)
    grad_input = np.zeros(x.shape, grad.dtype)
    before = zeros_so_far == 0
    part = _reversed_cumsum(np.where(before, out * grad, 0), dim) / x
    grad_input[before] = part[before]
    in_first_run = zeros_so_far == 1
    first_index = np.argmax(in_first_run, dim, keepdims=True)  # (0 in a line without zeros)
    at_first = np.zeros(x.shape, bool)
    np.put_along_axis(at_first, first_index, True, dim)
    at_first &= in_first_run
    after_first = in_first_run & ~at_first
    products = scan(np.multiply, np.where(after_first, x, 1), dim)
    # (np.add.reduce, not .sum(): a NumPy warning (inf - inf) raised in NumPy's Python code
    # would escape the package's filter, which matches hookgrad's modules)
    total = np.add.reduce(products * np.where(in_first_run, grad, 0), dim, keepdims=True)
    before_first = np.take_along_axis(out, np.maximum(first_index - 1, 0), dim)
    value = total * np.where(first_index == 0, np.ones((), out.dtype), before_first)
    grad_input[at_first] = np.broadcast_to(value, x.shape)[at_first]
    return grad_input


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
    # (the dim wrapped by the kernel, after the node saves the input: packed_on_error.py)
    dim = checked(_wrap_dim, (input,), lambda: (input,), dim, input._data.ndim)
    return CumprodBackward0.apply(input, dim, dtype)


def _cumprod_grad_recorded(grad, a, dim, n):
    """cumprod's gradient for an input with zeros under create_graph, recorded as PyTorch's:
    for each position k, the sum over j >= k of grad_j times the products of the inputs
    other than k up to j (the products before k, ``prod``, times the cumulative products
    after it, ``cumprod``), written into position k of zeros (a ``CopySlices`` each)."""
    shape = list(a._data.shape)
    shape[dim] = 1
    ones = _make(np.ones((1,), grad._data.dtype)).expand(*shape)
    grad_input = _make(np.zeros(a._data.shape, grad._data.dtype))
    for k in range(n):
        if k == 0:
            after = SliceBackward0.apply(a, dim, slice(1, None)).cumprod(dim)
            omitted = cat([ones, after], dim)
        else:
            before = SliceBackward0.apply(a, dim, slice(0, k)).prod(dim, keepdim=True)
            omitted = before
            if k < n - 1:
                after = SliceBackward0.apply(a, dim, slice(k + 1, None)).cumprod(dim)
                omitted = cat([before, before.expand(*after.shape) * after], dim)
        grad_slice = SliceBackward0.apply(grad, dim, slice(k, None))
        grad_input.select(dim, k).copy_((grad_slice * omitted).sum(dim))
    return grad_input


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
        # (written through views of C-ordered results: a moved-back copy keeps odd strides
        # for dims of size 1, which PyTorch's contiguous results do not have)
        values_out, index_out = np.empty(x.shape, x.dtype), np.zeros(x.shape, np.int64)
        values, indices = np.moveaxis(values_out, dim, 0), np.moveaxis(index_out, dim, 0)
        if len(steps):
            values[0] = steps[0]
        for i in range(1, len(steps)):
            take = self.takes_over(steps[i], values[i - 1])
            if x.dtype.kind in "fV":
                take |= np.isnan(steps[i])
            values[i] = np.where(take, steps[i], values[i - 1])
            indices[i] = np.where(take, i, indices[i - 1])
        self.index = index_out
        return values_out, index_out.copy()

    def backward(self, grad, grad_indices=None):
        (a,) = self.saved()[:1]  # (unpacked as PyTorch's node does: raises once freed)
        if not a._data.size:  # (PyTorch's formula returns the input itself)
            return a
        return ScatterAddGrad.of(grad, self.shape, self.dim, self.index)  # (0-d too: a copy)


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
        if a._data.itemsize == 2 and is_half(a._data):  # (in float32)
            return forward_in_float32(self, LogcumsumexpBackward0.forward, a, dim)
        x = a._data
        if x.dtype.kind not in "fV":
            raise NotImplementedError('"logcumsumexp_out_cpu" not implemented for '
                                      f"'{type_name(x)}'")
        self.save(a)
        self.dim = dim
        if x.ndim == 0:
            return x.copy()
        # (PyTorch's scan carries a float32 input's running value in double, each output
        # rounded from it)
        wide = x.astype(np.float64) if x.dtype == np.float32 else x
        out = np.asarray(np.logaddexp.accumulate(wide, axis=dim), order="C")
        # PyTorch's scan starts from -inf: its first value is x + log1p(exp(-inf)), which
        # is x but for -0 (-0 + 0 is +0); NumPy's starts from x itself
        first = (slice(None),) * dim + (slice(0, 1),)
        out[first] += 0.0
        return out.astype(x.dtype, copy=False)

    def backward(self, grad):
        a, result = self.saved()
        if not a._data.ndim or not a._data.size:  # (an empty one too, as PyTorch's)
            return grad
        # "log 0" as a finite number (PyTorch's is the dtype's lowest): exp of it gives 0, and
        # a quarter of it leaves room to add the input without overflowing
        lowest = float(np.finfo(grad._data.dtype).min) / 4
        log_abs = grad.abs().log()
        # (both selections first, as PyTorch's formula makes them)
        selected = [where(grad > 0, log_abs, lowest), where(grad < 0, log_abs, lowest)]
        parts = []
        for log_part in selected:
            summed = (log_part - result).flip(self.dim).logcumsumexp(self.dim).flip(self.dim)
            parts.append((summed + a).exp())
        return parts[0] - parts[1]


def logcumsumexp(input, dim, *, out=None):
    if out is not None:
        refuse_out("logcumsumexp")
    return LogcumsumexpBackward0.apply(input, _wrap_dim(dim, input._data.ndim))
