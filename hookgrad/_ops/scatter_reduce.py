"""``scatter_reduce``: ``src`` reduced into ``input`` where ``index`` says (sum, prod, mean,
amax, amin; with or without ``input``'s own values), with PyTorch's gradients: ties of
amax / amin share the gradient, zeros of prod are handled one by one, and ``input``'s values
that ``include_self=False`` leaves out get none."""
import numpy as np

from .._tensor_base import TensorBase, _make, _wrap_dim
from ..autograd.grad_mode import state as _grad_state
from ..autograd.graph import ERROR_NODE_SEQ
from .index import positions_along
from .index_checks import INT32_OR_64
from .op import Op, refuse_out
from .packed_on_error import checked

_REDUCES = ("sum", "prod", "mean", "amax", "amin")
_UFUNCS = {"sum": np.add, "mean": np.add, "prod": np.multiply, "amax": np.maximum,
           "amin": np.minimum}


def _identity(reduce, dtype):
    if reduce in ("sum", "mean"):
        return 0
    if reduce == "prod":
        return 1
    if dtype.kind in "fV":
        return -np.inf if reduce == "amax" else np.inf
    info = np.iinfo(dtype) if dtype.kind in "iu" else None
    if info is None:  # bool
        return reduce == "amin"
    return info.min if reduce == "amax" else info.max


def _reduce_arrays(x, src, positions, reduce, include_self):
    out = x.copy()
    if not include_self:
        out[positions] = _identity(reduce, x.dtype)
    _UFUNCS[reduce].at(out, positions, src)
    if reduce == "mean":
        counts = np.ones(x.shape, np.int64) if include_self else np.zeros(x.shape, np.int64)
        np.add.at(counts, positions, 1)
        counts = np.maximum(counts, 1)
        if x.dtype.kind in "fV":
            out = out / counts.astype(x.dtype)
        else:
            out = np.floor_divide(out, counts).astype(x.dtype)
    return out


class ScatterReduceBackward0(Op):
    arity = 2
    # (the index Tensor is saved as PyTorch's node saves it: an in-place write on it fails
    # backward's version check)
    saved_names = ("index", "self", "src", "result")
    saves_output = True

    def forward(self, a, src, dim, index, reduce, include_self):
        self.save(index, a, src)
        index = index._data
        self.dim, self.index, self.reduce, self.include_self = dim, index, reduce, include_self
        if not index.size:  # (of any shape: PyTorch checks no shape of an empty index)
            return _reduce_arrays(a._data, np.zeros(0, a._data.dtype),
                                  np.zeros(a._data.shape, bool), reduce, include_self)
        positions = positions_along(dim, index)
        corner = tuple(slice(0, n) for n in index.shape)
        return _reduce_arrays(a._data, src._data[corner], positions, reduce, include_self)

    def backward(self, grad):
        _, a, src, result = self.saved()
        dim, index = self.dim, _make(self.index)
        # (a src larger than index: PyTorch's formulas broadcast index-shaped terms over it)
        grad_self, grad_src = _GRADS[self.reduce](self, grad, a, src, result, dim, index)
        if not self.include_self:
            grad_self = grad_self.scatter(dim, index, 0)
        return (grad_self if self.needs(0) else None, grad_src if self.needs(1) else None)


def _sum_grads(node, grad, a, src, result, dim, index):
    return grad, grad.gather(dim, index)


def _prod_grads(node, grad, a, src, result, dim, index):
    masked_self = a.masked_fill(a == 0, 1)
    masked_self_result = scatter_reduce(masked_self, dim, index, src, "prod",
                                        include_self=node.include_self)
    grad_self = grad * masked_self_result / masked_self
    src_zero = src == 0
    zeros_per_place = a.new_zeros(a.shape).scatter_add(dim, index, src_zero.to(a.dtype))
    single_zero = src_zero & (zeros_per_place.gather(dim, index) == 1)
    masked_src = src.masked_fill(single_zero, 1)
    masked_src_result = scatter_reduce(a, dim, index, masked_src, "prod",
                                       include_self=node.include_self)
    grad_src = (grad * masked_src_result).gather(dim, index).where(
        single_zero, (grad * result).gather(dim, index) / src.masked_fill(src_zero, 1))
    if _grad_state.grad_enabled and (zeros_per_place._data > 1).any():
        # (PyTorch's test, on src's places as gathered: those of an index reaching no zero
        # never count) its DelayedError: the values pass, a later backward through them fails
        if (zeros_per_place.gather(dim, index)._data > 1).any():
            grad_src = DelayedError.apply(grad_src)
    return grad_self, grad_src


class DelayedError(Op):
    """PyTorch's ``DelayedError``: its output is its input's data, recorded by an ``Error``
    node that raises when a backward reaches it (scatter_reduce's prod: the gradient of src
    where several zeros of src meet in one place has no derivative of its own)."""

    node_name = "torch::autograd::Error"

    def _link(self, inputs, adopted=None):
        super()._link(inputs, adopted)
        self._seq = ERROR_NODE_SEQ  # (as PyTorch's other error nodes: see graph.py)

    def forward(self, a):
        return a._data.view()  # (tensor_data(): the same memory, not a view of a)

    def backward(self, grad):
        raise RuntimeError("scatter_reduce(): Double backward is unsupported for src when >1 "
                           "zeros in src are scattered to the same position in self")


def _mean_grads(node, grad, a, src, result, dim, index):
    counts = a.new_ones(a.shape) if node.include_self else a.new_zeros(a.shape)
    counts = counts.scatter_add(dim, index, src.new_ones(src.shape))
    counts = counts.masked_fill(counts == 0, 1)
    grad_self = grad / counts  # (src's: grad.gather(...) / counts.gather(...), as PyTorch)
    return grad_self, grad.gather(dim, index) / counts.gather(dim, index)


def _extreme_grads(node, grad, a, src, result, dim, index):
    value = result.gather(dim, index)
    self_is_result = (a == result).to(a.dtype)
    src_is_result = (src == value).to(a.dtype)
    count = self_is_result.scatter_add(dim, index, src_is_result)
    share = grad / count
    return self_is_result * share, src_is_result * share.gather(dim, index)


_GRADS = {"sum": _sum_grads, "prod": _prod_grads, "mean": _mean_grads,
          "amax": _extreme_grads, "amin": _extreme_grads}


def _check(input, dim, index, src, reduce):
    """PyTorch's checks in its order; an empty index is checked for nothing (its dtype, its
    shape), only ``src``'s dtype is."""
    if reduce not in _REDUCES:
        raise RuntimeError("reduce argument must be either sum, prod, mean, amax or amin, got "
                           f"{reduce}")
    idx = index._data
    x = input._data
    if idx.size and idx.dtype not in INT32_OR_64:
        raise RuntimeError("scatter(): Expected dtype int32/int64 for index")
    if x.dtype != src._data.dtype:
        raise RuntimeError("scatter(): Expected self.dtype to be equal to src.dtype")
    if not idx.size:
        return
    if idx.ndim != x.ndim:
        raise RuntimeError("Index tensor must have the same number of dimensions as self tensor")
    for d, n in enumerate(idx.shape):
        if (d != dim and n > x.shape[d]) or n > src._data.shape[d]:
            raise RuntimeError(
                f"Expected index [{', '.join(map(str, idx.shape))}] to be no larger than self "
                f"[{', '.join(map(str, x.shape))}] apart from dimension {dim} and to be no "
                f"larger size than src [{', '.join(map(str, src._data.shape))}]")
    size = x.shape[dim] if x.ndim else 1
    bad = idx[(idx < 0) | (idx >= size)]
    if bad.size:
        raise RuntimeError(f"index {int(bad.reshape(-1)[0])} is out of bounds for dimension "
                           f"{dim} with size {size}")


def scatter_reduce(input, dim, index, src, reduce, *, include_self=True, out=None):
    if out is not None:
        refuse_out("scatter_reduce")
    if not isinstance(src, TensorBase):  # (an argument error: before the dim's range)
        raise TypeError("scatter_reduce(): argument 'src' (position 3) must be Tensor, not "
                        f"{type(src).__name__}")
    # (the kernel's checks, after its node saves index, input and src: packed_on_error.py)
    dim = checked(_wrapped_check, (input, src), lambda: (index, input, src), input, dim, index,
                  src, reduce)
    return ScatterReduceBackward0.apply(input, src, dim, index, reduce, include_self)


def _wrapped_check(input, dim, index, src, reduce):
    dim = _wrap_dim(dim, input._data.ndim)
    _check(input, dim, index, src, reduce)
    return dim
