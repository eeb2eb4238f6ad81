"""Reductions that skip NaN: nansum (PyTorch's NansumBackward0) and nanmean (nansum over the
count of numbers, composed as PyTorch composes it)."""
import numpy as np

from .._dtype import from_numpy_dtype, to_dtype
from .._tensor_base import _make
from .op import ReductionOp, refuse_out, type_name
from .reduce import _sum_dtype, dims_of, refuse_integer_grad


class NansumBackward0(ReductionOp):
    def forward(self, a, dims, keepdim, dtype=None):
        self.dims, self.keepdim = dims, keepdim
        x = a._data
        self.numbers = ~np.isnan(x)
        self.save(a)  # (as PyTorch's node)
        numbers = np.where(self.numbers, x, 0)  # (np.nansum would warn from NumPy's modules)
        return np.add.reduce(numbers, dims, _sum_dtype(x, dtype), keepdims=keepdim)

    def backward(self, grad):
        self.saved()  # (unpacked as PyTorch's node does: raises once a pass freed them)
        dtype = self._in_meta[0][1]
        if grad._data.dtype != dtype:  # summed in another dtype: PyTorch's grad.to(self)
            grad = grad.to(from_numpy_dtype(dtype))
        return self.unreduce(grad) * _make(self.numbers)


def nansum(input, dim=None, keepdim=False, *, dtype=None, out=None):
    if out is not None:
        refuse_out("nansum")
    refuse_integer_grad(input, dtype)
    if dtype is not None and input._data.dtype.kind in "biu":  # (cast first, as PyTorch)
        input = input.to(dtype)
    # a floating input is summed in ``dtype`` by the node itself, whose gradient comes back
    # in the input's dtype (no ToCopyBackward0 in the graph, as PyTorch)
    return NansumBackward0.apply(input, dims_of(dim, input._data.ndim), keepdim,
                                 None if dtype is None else to_dtype(dtype))


def nanmean(input, dim=None, keepdim=False, *, dtype=None, out=None):
    if out is not None:
        refuse_out("nanmean")
    if input._data.dtype.kind != "f":
        raise RuntimeError("nanmean(): expected input to have floating point or complex dtype "
                           f"but got {type_name(input._data)}")
    dims = dims_of(dim, input._data.ndim)
    total = NansumBackward0.apply(input, dims, keepdim, None if dtype is None else to_dtype(dtype))
    count = np.add.reduce(~np.isnan(input._data), dims, np.int64, keepdims=keepdim)
    return total / _make(count.astype(total._data.dtype))
