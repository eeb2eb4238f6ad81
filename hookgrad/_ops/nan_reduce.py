"""Reductions that skip NaN: nansum (PyTorch's NansumBackward0) and nanmean (nansum over the
count of numbers, composed as PyTorch composes it)."""
import numpy as np

from .._dtype import to_dtype
from .._tensor_base import _make
from .c_strides import c_strided
from .complex_support import check_real
from .op import ReductionOp, refuse_out, type_name
from .reduce import _sum_dtype, dims_of, refuse_integer_grad
from .sum_order import sum_array


class NansumBackward0(ReductionOp):
    """``dtype`` is the result's: PyTorch sums in it (the input's node is the input's own, no
    cast between), and its formula casts the gradient back first, then unsqueezes it once per
    listed dim (none for a sum over all dims), expands it and zeroes the NaN places."""

    def forward(self, a, dims, keepdim, dtype=None, all_dims=False):
        self.dims, self.keepdim = (() if all_dims else dims), keepdim
        x = a._data
        self.numbers = ~np.isnan(x)
        self.save(a)  # (as PyTorch's node)
        numbers = np.where(self.numbers, x, 0)  # (np.nansum would warn from NumPy's modules)
        # (PyTorch's nansum is its sum's kernel with NaN read as 0: the same order)
        return sum_array(numbers, dims, keepdim, _sum_dtype(x, dtype))

    def backward(self, grad):
        input, = self.saved()  # (unpacked as PyTorch's node does: raises once freed)
        if grad._data.dtype != input._data.dtype:
            grad = grad.to(input.dtype)
        return self.unreduce(grad) * _make(self.numbers)


def nansum(input, dim=None, keepdim=False, *, dtype=None, out=None):
    if out is not None:
        refuse_out("nansum")
    check_real("nansum", input)
    refuse_integer_grad(input, dtype)
    return _nansum(input, dim, keepdim, dtype)


def _nansum(input, dim, keepdim, dtype):
    dims = dims_of(dim, input._data.ndim)
    all_dims = dim is None or not dims or (not isinstance(dim, int) and len(dim) == 0)
    return NansumBackward0.apply(input, dims, keepdim, None if dtype is None else to_dtype(dtype),
                                 all_dims)


def nanmean(input, dim=None, keepdim=False, *, dtype=None, out=None):
    if out is not None:
        refuse_out("nanmean")
    check_real("nansum", input)
    if input._data.dtype.kind not in "fV":
        raise RuntimeError("nanmean(): expected input to have floating point or complex dtype "
                           f"but got {type_name(input._data)}")
    dims = dims_of(dim, input._data.ndim)
    total = _nansum(input, dim, keepdim, dtype)
    count = c_strided(np.add.reduce(~np.isnan(input._data), dims, np.int64, keepdims=keepdim))
    return total / _make(count.astype(total._data.dtype))
