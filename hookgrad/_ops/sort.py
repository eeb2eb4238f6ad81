"""Sorting along a dim and order statistics: sort, argsort, topk and median, with PyTorch's
node names."""
import numpy as np

from .._tensor_base import _make, _wrap_dim
from .complex_support import check_real
from .elementwise_layout import empty_like_layout
from .extremes import MaxBackward1
from .index import selected_grad
from .op import Op, refuse_out, return_type
from .unstable_order import unstable_order

return_types = {name: return_type(name, ("values", "indices"))
                for name in ("sort", "topk", "median")}


def _order(x, axis, descending, stable=True):
    """Argsort along ``axis``. Descending keeps equal values in their original order
    and puts NaN first (PyTorch orders NaN above every number), by sorting the reversed axis
    ascending and reversing the result. ``stable=False`` leaves ties where PyTorch's
    std::sort does."""
    if not descending:
        order = np.argsort(x, axis=axis, kind="stable")
    else:
        reversed_order = np.argsort(np.flip(x, axis), axis=axis, kind="stable")
        order = np.flip(x.shape[axis] - 1 - reversed_order, axis)
    return order if stable else unstable_order(x, axis, order)


class SortBackward0(Op):
    """``(values, indices)``; the gradient of the values goes back to where they came from."""

    saves_indices = True  # (as PyTorch's node)

    def forward(self, a, dim, descending, stable=True):
        x = a._data
        self.shape, self.dim = x.shape, dim
        if x.ndim == 0:
            self.index = None
            return x.copy(), np.zeros((), np.int64)
        self.index = _order(x, dim, descending, stable)
        # (PyTorch allocates both results like ``input`` (empty_like): its layout, not C order)
        return (empty_like_layout(np.take_along_axis(x, self.index, axis=dim), x),
                empty_like_layout(self.index.astype(np.int64), x))

    def backward(self, grad, grad_indices=None):
        self.saved()  # (unpacked as PyTorch's node does: raises once a pass freed them)
        return selected_grad(grad, self.shape, self.dim, self.index)


class SortBackward1(SortBackward0):
    """``sort`` called with ``stable=`` (PyTorch's ``sort.stable`` overload)."""


class _NotGiven:
    """The default of an argument whose mere presence selects another PyTorch overload."""

    def __repr__(self):
        return "False"


_NOT_GIVEN = _NotGiven()


class TopkBackward0(SortBackward0):
    """The first ``k`` of a stable sort: among equal values the earlier index comes first
    (PyTorch leaves the order of ties unspecified)."""

    def forward(self, a, k, dim, largest):
        x = a._data
        if not 0 <= k <= (x.shape[dim] if x.ndim else 1):
            raise RuntimeError("selected index k out of range")
        values, indices = super().forward(a, dim, largest)
        if x.ndim == 0:
            return values, indices
        self.index = np.take(self.index, np.arange(k), axis=dim)
        return np.take(values, np.arange(k), axis=dim), np.take(indices, np.arange(k), axis=dim)


def sort(input, dim=-1, descending=False, *, stable=_NOT_GIVEN, out=None):
    if out is not None:
        refuse_out("sort")
    dim = _wrap_dim(dim, input._data.ndim)
    op = SortBackward0 if stable is _NOT_GIVEN else SortBackward1
    return return_types["sort"](*op.apply(input, dim, descending, stable is True))


def argsort(input, dim=-1, descending=False, *, stable=False, out=None):
    if out is not None:
        refuse_out("argsort")
    check_real("argsort", input)
    x = input._data
    if x.ndim == 0:
        return _make(np.zeros((), np.int64))
    order = _order(x, _wrap_dim(dim, x.ndim), descending, bool(stable)).astype(np.int64)
    return _make(empty_like_layout(order, x))  # (sort's indices: laid out like ``input``)


def topk(input, k, dim=-1, largest=True, sorted=True, *, out=None):
    """``sorted=False`` is accepted: the values come sorted anyway."""
    if out is not None:
        refuse_out("topk")
    if input._data.dtype.kind == "b":
        raise RuntimeError("topk does not support bool dtypes on CPU")
    dim = _wrap_dim(dim, input._data.ndim)
    return return_types["topk"](*TopkBackward0.apply(input, k, dim, largest))


def median_of_nothing(dtype):
    """The median of no elements: NaN, or in an integer or bool dtype what PyTorch's C++ cast
    of NaN gives on x86: True; the lowest int32 / 64-bit pattern for int32, int64 and uint64
    (the processor's "integer indefinite"); 0 for narrower ints, which take its low bits."""
    if dtype.kind == "b":
        return np.asarray(True)
    if dtype.kind in "iu":
        if dtype.itemsize == 8:
            return np.asarray(np.iinfo(np.int64).min).astype(dtype)
        return np.asarray(np.iinfo(np.int32).min if dtype == np.int32 else 0, dtype)
    return np.asarray(np.nan, dtype)


def check_median_input(x, dim):
    """The wrapped ``dim`` (or None), after PyTorch's checks in its order: an empty reduced dim,
    then a bool input (refused unless it is empty and reduced as a whole)."""
    if dim is not None:
        dim = _wrap_dim(dim, x.ndim)
        if x.ndim and not x.shape[dim]:
            raise IndexError(f"median(): Expected reduction dim {dim} to have non-zero size.")
    if x.dtype.kind == "b" and (x.size or dim is not None):
        kernel = "median_cpu" if dim is None else "median_out"
        raise NotImplementedError(f'"{kernel}" not implemented for \'Bool\'')
    return dim


class MedianBackward0(MaxBackward1):
    """The lower median of all elements (NaN if there is one); tied elements share the
    gradient evenly, as for the whole-tensor max."""

    def forward(self, a):
        x = a._data.reshape(-1)
        self.save(a)
        if not x.size:
            return median_of_nothing(x.dtype)
        if np.isnan(x).any():
            return np.asarray(np.nan, x.dtype)
        return np.asarray(np.partition(x, (x.size - 1) // 2)[(x.size - 1) // 2])


class MedianBackward1(SortBackward0):
    """The lower median along a dim, and its index (the first NaN's, if the slice has one)."""

    def forward(self, a, dim, keepdim):
        x = a._data
        self.shape, self.dim = x.shape, dim
        if x.ndim == 0:
            self.index = None
            return x.copy(), np.zeros((), np.int64)
        order = _order(x, dim, False)
        middle = np.take(order, [(x.shape[dim] - 1) // 2], axis=dim)
        first_nan = np.argmax(np.isnan(x), axis=dim, keepdims=True)
        has_nan = np.isnan(x).any(axis=dim, keepdims=True)
        self.index = np.where(has_nan, first_nan, middle)
        values = np.take_along_axis(x, self.index, axis=dim)
        indices = self.index.astype(np.int64)
        if not keepdim:
            values, indices = values.squeeze(dim), indices.squeeze(dim)
        self.keepdim = keepdim
        return values, indices

    def backward(self, grad, grad_indices=None):
        if self.index is None:
            return super().backward(grad)
        return super().backward(grad if self.keepdim else grad.unsqueeze(self.dim))


def median(input, dim=None, keepdim=False, *, out=None):
    if out is not None:
        refuse_out("median")
    dim = check_median_input(input._data, dim)
    if dim is None:
        return MedianBackward0.apply(input)
    return return_types["median"](*MedianBackward1.apply(input, dim, keepdim))
