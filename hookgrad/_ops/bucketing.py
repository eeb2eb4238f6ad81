"""Counting and bucketing (no gradients): searchsorted, bucketize and bincount. A weighted
bincount of weights that require grad records PyTorch's node without a derivative."""
import numpy as np

from .._tensor_base import TensorBase, _make
from .._warn_once import warn_once
from ..autograd.graph import ERROR_NODE_SEQ
from .complex_support import check_real
from .op import Op, refuse_out, type_name


def _shape(x):
    return f"[{', '.join(map(str, x.shape))}]"


def searchsorted(sorted_sequence, input, *, out_int32=False, right=False, side=None,
                 sorter=None, out=None):
    if out is not None:
        refuse_out("searchsorted")
    return _searchsorted(sorted_sequence, input, out_int32, right, side, sorter, 4)


_NON_CONTIGUOUS = (
    "torch.searchsorted(): {0} tensor is non-contiguous, this will lower the performance due "
    "to extra data copy when converting non-contiguous tensor to contiguous, please use "
    "contiguous {0} tensor if possible. This message will only appear once per program. "
    "(Triggered internally at /__w/pytorch/pytorch/aten/src/ATen/native/"
    "BucketizationUtils.h:{1}.)")


def _warn_non_contiguous(tensors, stacklevel):
    """PyTorch's once-per-program warnings for each operand it copies to make contiguous
    (``stacklevel`` counted from here: 4 is the user's call of searchsorted or bucketize)."""
    for what, line, tensor in tensors:
        if isinstance(tensor, TensorBase) and not tensor.is_contiguous():
            warn_once(f"searchsorted {what}", _NON_CONTIGUOUS.format(what, line),
                      stacklevel=stacklevel)


def _searchsorted(sorted_sequence, input, out_int32, right, side, sorter, stacklevel):
    check_real("searchsorted", sorted_sequence, input)
    boundaries = sorted_sequence._data
    scalar = not isinstance(input, TensorBase)
    values = np.asarray(input) if scalar else input._data
    if side is not None:
        if side not in ("left", "right"):
            raise RuntimeError("torch.searchsorted(): side can only be 'left' or 'right' but "
                               f"got {side}")
        if right and side == "left":
            raise RuntimeError("torch.searchsorted(): side and right can't be set to "
                               "opposites, got side of left while right was True")
        right = side == "right"
    if (scalar or not values.ndim) and boundaries.ndim != 1:  # (a 0-d value is a scalar)
        raise RuntimeError("torch.searchsorted(): input value can be a scalar only when "
                           f"boundaries tensor dimension is 1, but we got boundaries tensor "
                           f"dim({boundaries.ndim}) and input value's dim(0) numel(1)")
    if not boundaries.ndim:
        raise RuntimeError("torch.searchsorted(): boundaries tensor should have positive "
                           "dimension, but got 0 dimension")
    if boundaries.ndim != 1 and (boundaries.ndim != values.ndim
                                 or boundaries.shape[:-1] != values.shape[:-1]):
        raise RuntimeError("torch.searchsorted(): boundaries tensor should be 1 dimension or "
                           "the first N-1 dimensions of boundaries tensor and input value "
                           f"tensor must match, but we got boundaries tensor "
                           f"{_shape(boundaries)} and input value tensor {_shape(values)}")
    if sorter is not None:
        order = sorter._data
        if order.shape != boundaries.shape:
            raise RuntimeError("torch.searchsorted(): boundary and sorter must have the same "
                               "size, but got boundary tensor "
                               f"{_shape(boundaries)}and got sorter tensor {_shape(order)}")
    _warn_non_contiguous((("input value", 32, input), ("boundary", 38, sorted_sequence),
                          ("sorter", 44, sorter)), stacklevel)
    if sorter is not None:
        boundaries = np.take_along_axis(boundaries, order, axis=-1)
    how = "right" if right else "left"
    if _needs_bisection(boundaries):
        result = _binary_search(boundaries, values, right)  # (unsorted, or holding NaN)
    elif boundaries.ndim == 1:
        result = np.searchsorted(boundaries, values, side=how)
    else:
        count = int(np.prod(boundaries.shape[:-1]))  # (not -1: rows may be empty)
        rows = boundaries.reshape(count, boundaries.shape[-1])
        wanted = values.reshape(count, values.shape[-1])
        result = np.zeros(wanted.shape, np.int64)
        for i, (b, v) in enumerate(zip(rows, wanted)):
            result[i] = np.searchsorted(b, v, side=how)
        result = result.reshape(values.shape)
    return _make(np.asarray(result, np.int32 if out_int32 else np.int64))


def _needs_bisection(boundaries):
    """Whether NumPy's search would answer otherwise than PyTorch's bisection: boundaries not
    sorted, or holding NaN (a single NaN boundary included, which no pair compares)."""
    width = boundaries.shape[-1]
    if width > 1:
        return not (boundaries[..., 1:] >= boundaries[..., :-1]).all()
    return width == 1 and bool((boundaries != boundaries).any())


def _binary_search(boundaries, values, right):
    """PyTorch's bisection, step for step, for boundaries that are not sorted (or hold NaN),
    where the answer depends on the steps: NumPy's search (which also reuses its previous
    answer) and PyTorch's differ there. The first position whose boundary is >= the value
    (> for ``right``), where a NaN boundary counts as below every value."""
    values = np.asarray(values)
    width = boundaries.shape[-1]
    rows = boundaries.reshape(-1, width)
    row = (np.zeros(values.shape, np.int64) if boundaries.ndim == 1 else
           np.arange(rows.shape[0]).repeat(values.size // max(rows.shape[0], 1))
           .reshape(values.shape))
    start, end = np.zeros(values.shape, np.int64), np.full(values.shape, width, np.int64)
    with np.errstate(invalid="ignore"):
        while (active := start < end).any():
            mid = start + ((end - start) >> 1)
            boundary = rows[row, np.minimum(mid, width - 1)]
            below = ~(boundary > values) if right else ~(boundary >= values)
            start = np.where(active & below, mid + 1, start)
            end = np.where(active & ~below, mid, end)
    return start


def bucketize(input, boundaries, *, out_int32=False, right=False, out=None):
    if out is not None:
        refuse_out("bucketize")
    check_real("searchsorted", input, boundaries)
    if boundaries._data.ndim != 1:
        raise RuntimeError(f"boundaries tensor must be 1 dimension, but got "
                           f"dim({boundaries._data.ndim})")
    return _searchsorted(boundaries, input, out_int32, right, None, None, 4)


class BincountBackward(Op):
    """A weighted ``bincount`` of weights that require grad: PyTorch defines no derivative
    and records a node that raises when a backward reaches it."""

    node_name = "torch::autograd::NotImplemented"

    def _link(self, inputs, adopted=None):
        super()._link(inputs, adopted)
        self._seq = ERROR_NODE_SEQ  # (PyTorch's error nodes run as soon as they are ready)

    def forward(self, weights, x, length):
        w = weights._data
        if w.dtype == np.float32:  # (PyTorch's kernel: float32 sums, in the input's order)
            out = np.zeros(max(length, int(x.max()) + 1), np.float32)
            np.add.at(out, x, w)
            return out
        # (any other weights: converted to double, double sums)
        return np.bincount(x, weights=w.astype(np.float64), minlength=length)

    def backward(self, grad):
        raise RuntimeError("derivative for aten::bincount is not implemented")


BincountBackward.__name__ = BincountBackward.__qualname__ = "NotImplemented"  # PyTorch's


def bincount(input, weights=None, minlength=0):
    x = input._data
    if x.dtype.kind not in "iu":
        raise NotImplementedError(f"\"bincount_cpu\" not implemented for '{type_name(x)}'")
    if x.ndim != 1 or (x.size and x.min() < 0):
        raise RuntimeError("bincount only supports 1-d non-negative integral inputs.")
    if minlength < 0:
        raise RuntimeError("minlength should be >= 0")
    if weights is not None and (weights._data.ndim != 1 or weights._data.shape != x.shape):
        raise RuntimeError("weights should be 1-d and have the same length as input")
    if weights is None or not x.size:  # (an empty input is int64 zeros, weights or not)
        return _make(np.bincount(x, minlength=minlength).astype(np.int64))
    return BincountBackward.apply(weights, x, minlength)
