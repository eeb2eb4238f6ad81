"""The softmax family: softmax, log_softmax and logsumexp, shifted by the row max."""
import numpy as np

from .. import _dtype
from .._parallel import get_num_threads, grain, parallel_for
from .._tensor_base import _make
from ..backends.cpu import CAPABILITY
from . import libm, softmax_double, softmax_exact, softmax_inner_double
from . import softmax_nan_signs as nan_signs
from .composite import FormulaGrad
from .elementwise import exp_array, log_array
from .half import FLOAT32, forward_in_float32, is_half
from .op import Op, ReductionOp, plain_backward, refuse_out, type_name
from .packed_on_error import checked
from .reduce import dims_of
from .softmax_exact import three_dims as _three_dims
from .softmax_grad_order import log_softmax_grad_array, softmax_grad_array
from .softmax_lastdim import APPLIES as _VECTOR_KERNELS
from .sum_order import sum_array


def _integer_softmax(name, x, dims):
    """PyTorch has no integer softmax kernel; an empty input never reaches one (it comes back
    empty, in its dtype)."""
    if not x.size:
        return _make(x.copy())
    kernel = "kernel_impl" if dims and dims[0] != x.ndim - 1 else "lastdim_kernel_impl"
    raise NotImplementedError(f'"{name}_{kernel}" not implemented for \'{type_name(x)}\'')


def _exp(x):
    """float64: C's exp (PyTorch's vectorised exp, SLEEF's, rounds as it on nearly every
    value; NumPy's may be its own SIMD code, which does not); else NumPy's."""
    return libm.exp(x) if x.dtype == np.float64 else np.exp(x)


def _log(x):
    """float64: C's log (PyTorch's log_softmax logs each row's sum with ``std::log``)."""
    return libm.log(x) if x.dtype == np.float64 else np.log(x)


def _keeping_nan(fn, x):
    """``fn(x)`` where a NaN of ``x`` comes out as itself, sign included, as from PyTorch's
    exp and log; NumPy's float32 exp and log return a NaN without its sign (x86's inf - inf
    is a NaN with the sign bit set, which signbit shows). Only rows with an infinity or NaN
    take this path."""
    out = np.asarray(fn(x))  # (a 0-d input gives NumPy's scalar)
    np.copyto(out, x, where=np.isnan(x))
    return out


def _vector_max_nan(top):
    """A row max that is NaN as PyTorch's last-dim softmax and log_softmax kernels have it:
    their vectorised max marks a NaN by setting every bit, a NaN with the sign bit; ``x -
    max`` then keeps an input NaN's own sign and gives that NaN elsewhere in the row
    (signbit shows it). softmax's exp, sum and product then pass signs on by vector lane and
    row width (float32: softmax_nan_signs)."""
    nan = np.isnan(top)
    if nan.any():
        top = top.copy()
        top[nan] = np.array(-1, top.dtype.str.replace("f", "i")).view(top.dtype)
    return top


def _row_max(x, dims):
    """``(top, finite)``: the max along ``dims`` (-inf, not an error, for an empty dim), the
    shift before exp; ``finite`` tells whether every max was finite (then every row's sum of
    exps is at least 1, and its log cannot divide by zero). softmax shifts by an infinite max
    too, as PyTorch does: a row holding +inf (or only -inf) is NaN."""
    last = x.ndim - 1
    if dims == (last,) and 0 < x.shape[last] <= _SHORT_ROW and x.size > x.shape[last]:
        # NumPy reduces a short contiguous axis one row at a time (6 us for 128 x 10); over
        # the leading axis of the transposed copy it runs across all rows at once
        columns = np.ascontiguousarray(x.T if last == 1 else x.transpose(last, *range(last)))
        top = np.maximum.reduce(columns, axis=0)[..., None]
    else:
        top = np.maximum.reduce(x, axis=dims, keepdims=True, initial=-np.inf)
    finite = bool(np.isfinite(top).all())
    return top, finite


_SHORT_ROW = 64  # up to this length the transposed reduction above is the faster one


_SAFE_SUM = 2.0 ** -20  # see _softmax_last_dim


def _softmax_last_dim(x):
    """Softmax along the last axis shifted by the maximum of a block of rows instead of each
    row's, or None where that is not exact. NumPy reduces short rows one at a time, so a row
    maximum over rows of 64 costs as much as three passes over the tensor; a block's maximum
    is one fast pass. Softmax does not depend on the shift; the shift only has to keep exp
    from overflowing (any shift at least the row's maximum) and from underflowing the row's
    largest terms: where every row's sum of exps is at least _SAFE_SUM, every term above
    2**-126 / _SAFE_SUM of its row's largest is a normal float, as with the row's own
    maximum, and the result is the same to float32 rounding. Otherwise (a row far below the
    rest of its block, an all -inf row, NaN or inf): None. Large tensors split their rows
    over the intra-op pool."""
    width = x.shape[-1]
    rows = x.reshape(-1, width)
    out = np.empty(rows.shape, x.dtype)
    step = grain(rows.shape[0], rows.nbytes, _CHUNK_BYTES)
    exact = []
    if step >= rows.shape[0]:
        _softmax_rows(0, rows.shape[0], rows, out, exact)
    else:
        parallel_for(rows.shape[0], step, _softmax_rows, rows, out, exact)
    return out.reshape(x.shape) if all(exact) else None


def _softmax_rows(start, stop, rows, out, exact):
    x, y = rows[start:stop], out[start:stop]
    top = np.maximum.reduce(x, axis=None)
    if not np.isfinite(top):
        exact.append(False)
        return
    np.subtract(x, top, out=y)
    np.exp(y, out=y)
    sums = np.einsum("ij->i", y)[:, None]
    if not sums.min(initial=np.inf) >= _SAFE_SUM:
        exact.append(False)
        return
    np.divide(y, sums, out=y)
    exact.append(True)


def _softmax_grad_rows(start, stop, g, y, out):
    """result * (grad - sum(grad * result)) of rows, the sums without a temporary."""
    gs, ys, o = g[start:stop], y[start:stop], out[start:stop]
    np.subtract(gs, np.einsum("ij,ij->i", gs, ys)[:, None], out=o)
    np.multiply(o, ys, out=o)


def _softmax_grad_last_dim(g, y):
    width = y.shape[-1]
    g2, y2 = g.reshape(-1, width), y.reshape(-1, width)
    out = np.empty(y2.shape, y.dtype)
    step = grain(y2.shape[0], y2.nbytes, _CHUNK_BYTES)
    if step >= y2.shape[0]:
        _softmax_grad_rows(0, y2.shape[0], g2, y2, out)
    else:
        parallel_for(y2.shape[0], step, _softmax_grad_rows, g2, y2, out)
    return out.reshape(y.shape)


_CHUNK_BYTES = 256 << 10


class SoftmaxBackward0(Op):
    saves_output = True
    saved_names = ("result",)

    def forward(self, a, dims):
        if a._data.itemsize == 2 and is_half(a._data):  # (in float32)
            return forward_in_float32(self, SoftmaxBackward0.forward, a, dims)
        x = a._data
        if not x.flags.c_contiguous:  # PyTorch's result is contiguous whatever the input
            x = np.ascontiguousarray(x)  # (not for 0-d: NumPy would make it 1-d)
        self.dims = dims
        if _VECTOR_KERNELS and len(dims) == 1 and x.dtype == FLOAT32 and x.size:
            out = softmax_exact.forward(x, dims[0], False)  # (PyTorch's vector kernels bit for
            if out is not None:  # bit; None: a max is not finite, NaN and inf rules below)
                return out
        if dims == (x.ndim - 1,) and softmax_double.applies(x):
            out = softmax_double.softmax_rows(x)  # (float64: the kernels' bits; None: NaN
            if out is not None:  # and inf rules below)
                return out
        elif len(dims) == 1 and softmax_double.applies(x):  # (float64 along another dim)
            out = softmax_inner_double.softmax(x.reshape(_three_dims(x.shape, dims[0])),
                                               get_num_threads())
            if out is not None:
                return out.reshape(x.shape)
        if dims == (x.ndim - 1,) and x.size >= _LAST_DIM_MIN_SIZE:
            out = _softmax_last_dim(x)
            if out is not None:
                return out
        top, finite = _row_max(x, dims)
        if finite:
            shifted = _exp(x - top)
            return shifted / np.add.reduce(shifted, dims, keepdims=True)
        last = dims == (x.ndim - 1,)
        if last:  # (along other dims PyTorch marks it by column chunk)
            top = _vector_max_nan(top)
        with np.errstate(invalid="ignore"):  # inf - inf, 0 / 0: NaN rows, as in PyTorch
            shifted = _keeping_nan(_exp, x - top)
            out = shifted / np.add.reduce(shifted, dims, keepdims=True)
        nan_rows = np.isnan(top[..., 0]) if last else None
        if nan_rows is not None and x.dtype == FLOAT32 and nan_signs.APPLIES and nan_rows.any():
            out = nan_signs.with_row_signs(np.ascontiguousarray(out), x, nan_rows)
        return out

    def backward(self, grad):
        (result,) = self.saved()
        y, g = result._data, grad._data
        if (_VECTOR_KERNELS and plain_backward() and len(self.dims) == 1 and y.size
                and g.dtype == FLOAT32 == y.dtype):  # (PyTorch's vector kernels' bits)
            return _make(softmax_exact.backward(g, y, self.dims[0], False))
        if (plain_backward() and len(self.dims) == 1 and self.dims != (y.ndim - 1,)
                and g.dtype == y.dtype and softmax_double.applies(y)):  # (float64, another dim)
            shape = _three_dims(y.shape, self.dims[0])
            return _make(softmax_inner_double.softmax_grad(
                np.ascontiguousarray(g).reshape(shape),
                np.ascontiguousarray(y).reshape(shape)).reshape(y.shape))
        if plain_backward() and self.dims == (y.ndim - 1,) and y.size and g.dtype == y.dtype:
            if g.itemsize == 2 and is_half(g):  # (computed in float32; the engine rounds it)
                g, y = g.astype(FLOAT32), y.astype(FLOAT32)
            if g.dtype == FLOAT32:  # (the hot path: NumPy's sums, see softmax_grad_array)
                return _make(_softmax_grad_last_dim(g, y))
            return _make(softmax_grad_array(g, y, self.dims))
        return SoftmaxBackwardDataBackward0.of(grad, result, self.dims)


def _softmax_grad(grad, output, dims):
    return (output * (grad - (grad * output).sum(dims, keepdim=True)),)


class _BackwardData(FormulaGrad):
    """The gradient node of softmax / log_softmax: ``grad_array(grad, output, dims)`` on the
    arrays (half precision: the formula's value)."""

    arity = 2

    def forward(self, grad, output, dims):
        g = grad._data
        if g.itemsize == 2 and is_half(g):
            return super().forward(grad, output, dims)
        self.save(grad, output)
        self.params = (dims,)
        return self.grad_array(g, output._data, dims)


class SoftmaxBackwardDataBackward0(_BackwardData):
    """``_softmax_backward_data(grad_output, output)`` as PyTorch records it."""

    formula = staticmethod(_softmax_grad)
    grad_array = staticmethod(softmax_grad_array)

    def backward(self, grad):
        # PyTorch's derivatives: _softmax_backward_data of ``grad`` for the incoming gradient,
        # softmax_double_backward term by term for the output
        grad_output, output = self.saved()
        (dims,) = self.params
        grad_grad_output = grad_output_value = None
        if self.needs(0):
            grad_grad_output = SoftmaxBackwardDataBackward0.of(grad, output, dims)
        if self.needs(1):
            # (GCC evaluates the right operand of each - and * first: the terms right to left)
            last = grad_output * (output * grad).sum(dims, keepdim=True)
            middle = (output * grad_output).sum(dims, keepdim=True) * grad
            grad_output_value = grad_output * grad - middle - last
        return grad_grad_output, grad_output_value


class SafeSoftmaxBackward0(SoftmaxBackward0):
    """Attention's softmax (PyTorch's ``_safe_softmax``): a row made only of -inf (a fully
    masked query) is zeros, not NaN."""

    def forward(self, a, dims):
        if a._data.itemsize == 2 and is_half(a._data):  # (in float32)
            return forward_in_float32(self, SafeSoftmaxBackward0.forward, a, dims)
        out = super().forward(a, dims)
        # a row of only -inf comes out NaN, and a maximum is NaN when any value is: without
        # one there is no such row (15 us instead of the row test's 256 at W5's (16, 4, 64,
        # 64), whose rows are short)
        if not np.isnan(np.maximum.reduce(out, axis=None, initial=0)):
            return out
        empty = np.logical_and.reduce(a._data == -np.inf, dims, keepdims=True)
        return np.where(empty, 0, out).astype(out.dtype, copy=False) if empty.any() else out


def safe_softmax(input, dim):
    return SafeSoftmaxBackward0.apply(input, dims_of(dim, input._data.ndim))


_LAST_DIM_MIN_SIZE = 4096  # below, the row-maximum path costs no more


class LogSoftmaxBackward0(Op):
    saves_output = True
    saved_names = ("result",)

    def forward(self, a, dims):
        if a._data.itemsize == 2 and is_half(a._data):  # (in float32)
            return forward_in_float32(self, LogSoftmaxBackward0.forward, a, dims)
        x = a._data
        if not x.flags.c_contiguous:  # PyTorch's result is contiguous whatever the input
            x = np.ascontiguousarray(x)  # (not for 0-d: NumPy would make it 1-d)
        self.dims = dims
        if _VECTOR_KERNELS and len(dims) == 1 and x.dtype == FLOAT32 and x.size:
            out = softmax_exact.forward(x, dims[0], True)  # (as softmax's above)
            if out is not None:
                return out
        if dims == (x.ndim - 1,) and softmax_double.applies(x):
            out = softmax_double.log_softmax_rows(x)
            if out is not None:
                return out
        elif len(dims) == 1 and softmax_double.applies(x):  # (float64 along another dim)
            out = softmax_inner_double.log_softmax(x.reshape(_three_dims(x.shape, dims[0])))
            if out is not None:
                return out.reshape(x.shape)
        top, finite = _row_max(x, dims)
        if finite:
            shifted = x - top
            return shifted - _log(np.add.reduce(_exp(shifted), axis=dims, keepdims=True))
        if dims == (x.ndim - 1,):
            top = _vector_max_nan(top)
        elif CAPABILITY == "AVX2":  # (its kernel along other dims compares: NaNs passed over)
            top = np.fmax.reduce(x, axis=dims, keepdims=True, initial=-np.inf)
        with np.errstate(divide="ignore", invalid="ignore"):  # inf - inf, log(0)
            shifted = x - top
            sums = np.add.reduce(_keeping_nan(_exp, shifted), axis=dims, keepdims=True)
            logs = _keeping_nan(_log, sums)
            if CAPABILITY == "AVX2":
                # (there PyTorch's kernel logs a NaN sum as a positive NaN, which the elements
                # that are not NaN themselves show: those beside an inf maximum, or beside a
                # NaN elsewhere; a sum of exps is NaN or at least 1: abs changes only a NaN)
                logs = np.abs(logs)
            return shifted - logs

    def backward(self, grad):
        (result,) = self.saved()
        if plain_backward():  # NumPy directly, no op overhead
            g, y = grad._data, result._data
            if g.itemsize == 2 and is_half(g):  # (computed in float32; the engine rounds it)
                g, y = g.astype(FLOAT32), y.astype(FLOAT32)
                return _make(g - np.exp(y) * np.add.reduce(g, axis=self.dims, keepdims=True))
            if _VECTOR_KERNELS and g.dtype == FLOAT32 == y.dtype and len(self.dims) == 1 and y.size:
                out = softmax_exact.backward(g, y, self.dims[0], True)  # (vector kernels' bits)
                if out is not None:
                    return _make(out)
            return _make(_log_softmax_grad_array(g, y, self.dims, exact=g.dtype != FLOAT32))
        return LogSoftmaxBackwardDataBackward0.apply(grad, result, self.dims)


def _log_softmax_grad_array(g, y, dims, exact=True):
    """log_softmax's input gradient from the arrays: float64 along a dim other than the last
    as that kernel rounds it (softmax_inner_double), else log_softmax_grad_array."""
    if (len(dims) == 1 and dims != (y.ndim - 1,) and g.dtype == y.dtype
            and g.shape == y.shape and softmax_double.applies(y)):
        g, y = np.ascontiguousarray(g), np.ascontiguousarray(y)  # (PyTorch's too)
        shape = _three_dims(y.shape, dims[0])
        out = softmax_inner_double.log_softmax_grad(g.reshape(shape), y.reshape(shape))
        if out is not None:  # (None: an output above 0 or NaN, a sum not finite)
            return out.reshape(y.shape)
    return log_softmax_grad_array(g, y, dims, _kernel_exp(y), exact)


def _kernel_exp(y):
    """The exp log_softmax's backward takes of its output ``y``: the kernel's (SLEEF's) where
    softmax_double models it, else torch.exp's."""
    return softmax_double.kernel_exp if softmax_double.applies(y) else exp_array


def _log_softmax_grad(grad, output, dims):
    return (grad - output.exp() * grad.sum(dims, keepdim=True),)


class LogSoftmaxBackwardDataBackward0(_BackwardData):
    """``_log_softmax_backward_data(grad_output, output)`` as PyTorch records it."""

    formula = staticmethod(_log_softmax_grad)

    @staticmethod
    def grad_array(grad, output, dims):
        return _log_softmax_grad_array(grad, output, dims)

    def backward(self, grad):
        # PyTorch's derivatives of _log_softmax_backward_data, term by term
        grad_output, output = self.saved()
        (dims,) = self.params
        grad_grad_output = grad_output_value = None
        if self.needs(0):
            grad_grad_output = grad - (grad * output.exp()).sum(dims, keepdim=True)
        if self.needs(1):
            exp = output.exp()  # (GCC evaluates the right operand of * first)
            grad_output_value = -grad_output.sum(dims, keepdim=True) * exp * grad
        return grad_grad_output, grad_output_value


def softmax(input, dim, dtype=None, *, out=None):
    if out is not None:
        refuse_out("softmax")
    if dtype is not None:  # the input is cast first, as in PyTorch
        input = input.to(dtype)
    x = input._data
    dims = dims_of(dim, x.ndim)  # () for a 0-d tensor: NumPy then reduces over nothing
    if x.dtype.kind not in "fV":
        return _integer_softmax("softmax", x, dims)
    return SoftmaxBackward0.apply(input, dims)


def log_softmax(input, dim, dtype=None, *, out=None):
    if out is not None:
        refuse_out("log_softmax")
    if dtype is not None:
        input = input.to(dtype)
    x = input._data
    dims = dims_of(dim, x.ndim)
    if x.dtype.kind not in "fV":
        return _integer_softmax("log_softmax", x, dims)
    return LogSoftmaxBackward0.apply(input, dims)


class LogsumexpBackward0(ReductionOp):
    saves_output, saved_names = True, ("self", "result")

    def forward(self, a, dims, keepdim):
        self.save(a)
        self.dims, self.keepdim = dims, keepdim
        x = a._data
        if x.dtype.kind not in "fV":
            x = x.astype(_dtype.get_default_dtype().np_dtype)
        top, finite = _row_max(x, dims)
        if not finite:  # logsumexp shifts by 0 where the max is infinite (inf stays inf)
            top = np.where(np.isfinite(top), top, 0)
        if x.itemsize == 2:  # (as PyTorch's composite: each step rounded, summed in float32)
            with np.errstate(divide="ignore"):
                total = np.add.reduce(np.exp(x - top), dims, FLOAT32, keepdims=True)
                out = np.log(total.astype(x.dtype, copy=False)) + top
        else:  # PyTorch's: sum((self - maxes).exp_()).log_() + maxes, in its summation order
            out = log_array(sum_array(exp_array(x - top), dims, True)) + top
        return out if keepdim else out.squeeze(dims)

    def backward(self, grad):
        a, result = self.saved()
        return self.restore(grad) * (a - self.restore(result)).exp()


def logsumexp(input, dim, keepdim=False, *, out=None):
    if out is not None:
        refuse_out("logsumexp")
    # (the dim wrapped by the kernel, after the node saves the input: packed_on_error.py)
    dims = checked(dims_of, (input,), lambda: (input,), dim, input._data.ndim)
    return LogsumexpBackward0.apply(input, dims, keepdim)
