"""Reductions that skip NaN: nansum (PyTorch's NansumBackward0) and nanmean (nansum over the
count of numbers, composed as PyTorch composes it)."""
import numpy as np

from .._dtype import to_dtype
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
        return self.unreduce(grad) * _make(self.numbers)


def nansum(input, dim=None, keepdim=False, *, dtype=None, out=None):
    if out is not None:
        refuse_out("nansum")
    refuse_integer_grad(input, dtype)
    if dtype is not None:  # the input is cast first, as in PyTorch
        input = input.to(dtype)
    return NansumBackward0.apply(input, dims_of(dim, input._data.ndim), keepdim,
                                 None if dtype is None else to_dtype(dtype))


def nanmean(input, dim=None, keepdim=False, *, dtype=None, out=None):
    if out is not None:
        refuse_out("nanmean")
    if dtype is not None:
        input = input.to(dtype)
    if input._data.dtype.kind not in "fV":
        raise RuntimeError("nanmean(): expected input to have floating point or complex dtype "
                           f"but got {type_name(input._data)}")
    dims = dims_of(dim, input._data.ndim)
    count = np.add.reduce(~np.isnan(input._data), dims, np.int64, keepdims=keepdim)
    return NansumBackward0.apply(input, dims, keepdim) / _make(count.astype(input._data.dtype))
