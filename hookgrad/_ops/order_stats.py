"""Order statistics beyond sort and median: mode, kthvalue, nanmedian, and quantile /
nanquantile (composed as PyTorch composes them: sort, view, gather, lerp_, squeeze_)."""
import numpy as np

from .._tensor_base import TensorBase, _make, _wrap_dim
from .op import refuse_out, return_type
from .scalar_forms import MulBackward1
from .sort import MedianBackward0, MedianBackward1, _order, check_median_input, median_of_nothing
from .views import expand

return_types = {name: return_type(name, ("values", "indices"))
                for name in ("mode", "kthvalue", "nanmedian")}


class KthvalueBackward0(MedianBackward1):
    """The k-th smallest along a dim (NaN above every number) and its index; the gradient
    goes to that index."""

    def forward(self, a, k, dim, keepdim):
        x = a._data
        self.shape, self.dim, self.keepdim = x.shape, dim, keepdim
        if x.ndim == 0:
            self.index = None
            return x.copy(), np.zeros((), np.int64)
        self.index = np.take(_order(x, dim, False), [k - 1], axis=dim)
        return self._values(x)

    def _values(self, x):
        values = np.take_along_axis(x, self.index, axis=self.dim)
        indices = self.index.astype(np.int64)
        if not self.keepdim:
            values, indices = values.squeeze(self.dim), indices.squeeze(self.dim)
        return values, indices


class ModeBackward0(KthvalueBackward0):
    """The most frequent value along a dim (the smallest of equally frequent ones) and the
    last index where it occurs."""

    def forward(self, a, dim, keepdim):
        x = a._data
        self.shape, self.dim, self.keepdim = x.shape, dim, keepdim
        if x.ndim == 0:
            self.index = None
            return x.copy(), np.zeros((), np.int64)
        rows = np.moveaxis(x, dim, -1).reshape(-1, x.shape[dim])
        picked = np.array([_mode_index(row) for row in rows], np.int64)
        shape = np.moveaxis(x, dim, -1).shape[:-1]
        self.index = np.expand_dims(picked.reshape(shape), dim)
        return self._values(x)


def _mode_index(row):
    order = np.argsort(row, kind="stable")  # equal values: ascending indices
    values = row[order]
    starts = np.flatnonzero(np.concatenate(([True], values[1:] != values[:-1])))
    lengths = np.diff(np.append(starts, row.size))
    run = int(np.argmax(lengths))  # (the first longest run: the smallest value)
    return order[starts[run] + lengths[run] - 1]


class NanmedianBackward0(MedianBackward0):
    """The lower median of the numbers (NaN only when there are none)."""

    def forward(self, a):
        x = a._data.reshape(-1)
        self.save(a)
        numbers = np.sort(x[~np.isnan(x)])
        if not x.size:
            return median_of_nothing(x.dtype)
        if not numbers.size:
            return np.asarray(np.nan, x.dtype)
        return np.asarray(numbers[(numbers.size - 1) // 2])


class NanmedianBackward1(KthvalueBackward0):
    """The lower median of the numbers along a dim, and its index."""

    def forward(self, a, dim, keepdim):
        x = a._data
        self.shape, self.dim, self.keepdim = x.shape, dim, keepdim
        if x.ndim == 0:
            self.index = None
            return x.copy(), np.zeros((), np.int64)
        order = _order(x, dim, False)  # NaN last
        count = (~np.isnan(x)).sum(axis=dim, keepdims=True)
        rank = np.maximum(count - 1, 0) // 2
        # (C order, as PyTorch's new results: NumPy's take follows the input's layout)
        self.index = np.asarray(np.take_along_axis(order, rank, axis=dim), order="C")
        return self._values(x)


def _check_dim_size(name, x, dim):
    if x.ndim and x.shape[dim] == 0:
        raise IndexError(f"{name}(): Expected reduction dim {dim} to have non-zero size.")


def mode(input, dim=-1, keepdim=False, *, out=None):
    if out is not None:
        refuse_out("mode")
    dim = _wrap_dim(dim, input._data.ndim)
    _check_dim_size("mode", input._data, dim)
    return return_types["mode"](*ModeBackward0.apply(input, dim, keepdim))


def kthvalue(input, k, dim=-1, keepdim=False, *, out=None):
    if out is not None:
        refuse_out("kthvalue")
    x = input._data
    dim = _wrap_dim(dim, x.ndim)
    size = x.shape[dim] if x.ndim else 1
    if not 1 <= k <= size:
        raise RuntimeError(f"kthvalue(): selected number k out of range for dimension {dim}")
    return return_types["kthvalue"](*KthvalueBackward0.apply(input, int(k), dim, keepdim))


def nanmedian(input, dim=None, keepdim=False, *, out=None):
    if out is not None:
        refuse_out("nanmedian")
    dim = check_median_input(input._data, dim)  # (PyTorch's messages name median)
    if dim is None:
        return NanmedianBackward0.apply(input)
    return return_types["nanmedian"](*NanmedianBackward1.apply(input, dim, keepdim))


# --------------------------------------------------------------------------- quantile

_INTERPOLATIONS = ("linear", "lower", "higher", "midpoint", "nearest")


def _check_quantile(x, q, interpolation):
    if x.dtype.kind not in "fV":
        raise RuntimeError("quantile() input tensor must be either float or double dtype")
    if isinstance(q, TensorBase):
        if q._data.ndim > 1:
            raise RuntimeError("quantile() q must be a scalar or 1D tensor")
        if q._data.dtype != x.dtype:
            raise RuntimeError("quantile() q tensor must be same dtype as the input tensor")
        if ((q._data < 0) | (q._data > 1)).any():
            raise RuntimeError("quantile() q values must be in the range [0, 1]")
    elif not 0 <= q <= 1:
        raise RuntimeError(f"quantile() q must be in the range [0, 1] but got {q}")
    if interpolation not in _INTERPOLATIONS:
        raise RuntimeError("quantile() interpolation must be one of linear, lower, higher, "
                           f"midpoint or nearest, but got {interpolation}")
    if not x.size:
        raise RuntimeError("quantile() input tensor must be non-empty")


def _quantile(input, q, dim, keepdim, interpolation, ignore_nan):
    x = input._data
    _check_quantile(x, q, interpolation)
    if dim is None:
        moved = input.flatten()
        batch = (1,) * x.ndim if keepdim else ()
    else:
        dim = _wrap_dim(dim, x.ndim)
        # (a 0-d input's dim 0 is not its last, -1: PyTorch moves it too)
        moved = input if dim == x.ndim - 1 else input.unsqueeze(-1).transpose(dim, -1)
        shape = list(x.shape)
        if x.ndim:
            shape[dim] = 1
        batch = tuple(shape) if keepdim else tuple(s for i, s in enumerate(x.shape) if i != dim)
    sorted_values = moved.sort(-1).values if moved._data.ndim else moved.reshape(1)
    n = sorted_values._data.shape[-1]
    sorted_values = sorted_values.view(batch + (n,))
    qs = np.asarray(q._data if isinstance(q, TensorBase) else q, x.dtype).reshape(-1)
    values = sorted_values._data
    if ignore_nan:
        last = (~np.isnan(values)).sum(-1, keepdims=True).astype(x.dtype) - 1
    else:
        last = np.full(batch + (1,), n - 1, x.dtype)
    scale = np.maximum(last, 0)
    ranks = qs * scale
    if not ignore_nan:  # a NaN anywhere makes the quantile NaN: read the last (NaN) value
        nan_rows = np.isnan(values).any(-1, keepdims=True)
        ranks = np.where(nan_rows, x.dtype.type(n - 1), ranks)
    if interpolation == "lower":
        ranks = np.floor(ranks)
    elif interpolation == "higher":
        ranks = np.ceil(ranks)
    elif interpolation == "nearest":
        ranks = np.round(ranks)
    below = ranks.astype(np.int64)
    result = sorted_values.gather(-1, _make(below))
    if interpolation in ("linear", "midpoint"):
        above = sorted_values.gather(-1, _make(np.ceil(ranks).astype(np.int64)))
        if interpolation == "midpoint":
            weights = _make(np.full_like(ranks, 0.5, x.dtype))
        elif isinstance(q, TensorBase) and q.requires_grad:
            weights = _differentiable_weights(q, last, below, ignore_nan,
                                              None if ignore_nan else nan_rows, n)
        else:
            weights = _make((ranks - below).astype(x.dtype))
        result = result.lerp_(above, weights)
    if not isinstance(q, TensorBase) or q._data.ndim == 0:
        return result.squeeze_(-1)
    return result.unsqueeze_(0).transpose_(0, -1).squeeze_(-1)


def _differentiable_weights(q, last, below, ignore_nan, nan_rows, n):
    """The linear weights ranks - below as PyTorch's graph makes them when q requires grad,
    from q itself (no view, a 0-d q too). nanquantile: ranks = q * (count - 1), then the
    negative ones (rows without a number) set to 0 in place; quantile: ranks = q * last index,
    broadcast against the rows with a NaN (expanded only when that changes its shape), which
    are filled with the last index (so q gets no gradient from them, not NaN)."""
    if ignore_nan:
        ranks = q * _make(last)
        ranks = ranks.masked_fill_(ranks < 0, 0)
    else:
        ranks = MulBackward1.apply(q, n - 1)  # (a C++ Scalar: not a wrapped number)
        shape = np.broadcast_shapes(ranks._data.shape, nan_rows.shape)
        if ranks._data.shape != shape:
            ranks = expand(ranks, shape)
        ranks = ranks.masked_fill(_make(nan_rows), n - 1)
    return ranks - _make(below.astype(last.dtype))


def quantile(input, q, dim=None, keepdim=False, *, interpolation="linear", out=None):
    if out is not None:
        refuse_out("quantile")
    return _quantile(input, q, dim, keepdim, interpolation, False)


def nanquantile(input, q, dim=None, keepdim=False, *, interpolation="linear", out=None):
    if out is not None:
        refuse_out("nanquantile")
    return _quantile(input, q, dim, keepdim, interpolation, True)
