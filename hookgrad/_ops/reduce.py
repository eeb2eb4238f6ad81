"""Reductions: sum, mean, max/min, var/std, norm, softmax family, logsumexp."""
import builtins

import numpy as np

from .. import _dtype
from .._tensor import Tensor, _make, _wrap_dim
from .op import Op


def dims_of(dim, ndim):
    """Normalise ``dim`` (None, int, or sequence) to a sorted tuple of non-negative dims."""
    if dim is None or dim == () or dim == []:
        return tuple(range(ndim))
    if isinstance(dim, int):
        return (_wrap_dim(dim, ndim),)
    return tuple(sorted(_wrap_dim(d, ndim) for d in dim))


def restore_dims(grad, shape, dims, keepdim):
    """Reshape a reduced gradient so it broadcasts against the input ``shape``."""
    if keepdim or not dims or grad._data.ndim == len(shape):
        return grad
    kept = [1 if i in dims else s for i, s in enumerate(shape)]
    return grad.reshape(kept)


def _sum_dtype(x, dtype):
    if dtype is not None:
        return dtype.np_dtype
    return np.int64 if x.dtype.kind in "biu" else None


class SumBackward0(Op):
    def forward(self, a, dtype=None):
        x = a._data
        self.shape = x.shape
        return np.sum(x, dtype=_sum_dtype(x, dtype))

    def backward(self, grad):
        return grad.expand(self.shape)


class SumBackward1(Op):
    def forward(self, a, dims, keepdim, dtype=None):
        x = a._data
        self.shape, self.dims, self.keepdim = x.shape, dims, keepdim
        return np.sum(x, axis=dims, keepdims=keepdim, dtype=_sum_dtype(x, dtype))

    def backward(self, grad):
        return restore_dims(grad, self.shape, self.dims, self.keepdim).expand(self.shape)


class MeanBackward0(Op):
    def forward(self, a, dtype=None):
        x = a._data
        self.shape = x.shape
        self.count = x.size
        return np.mean(x, dtype=dtype.np_dtype if dtype else None)

    def backward(self, grad):
        return (grad / self.count).expand(self.shape)


class MeanBackward1(Op):
    def forward(self, a, dims, keepdim, dtype=None):
        x = a._data
        self.shape, self.dims, self.keepdim = x.shape, dims, keepdim
        self.count = int(np.prod([x.shape[d] for d in dims]))
        return np.mean(x, axis=dims, keepdims=keepdim, dtype=dtype.np_dtype if dtype else None)

    def backward(self, grad):
        grad = restore_dims(grad, self.shape, self.dims, self.keepdim)
        return (grad / self.count).expand(self.shape)


def sum(a, dim=None, keepdim=False, dtype=None):
    if dim is None:
        if keepdim:
            return SumBackward1.apply(a, dims_of(None, a._data.ndim), True, dtype)
        return SumBackward0.apply(a, dtype)
    return SumBackward1.apply(a, dims_of(dim, a._data.ndim), keepdim, dtype)


def _check_float_mean(a, dtype):
    if a._data.dtype.kind != "f" and dtype is None:
        name = _dtype.from_numpy_dtype(a._data.dtype).legacy_name[:-6]
        raise RuntimeError("mean(): could not infer output dtype. Input dtype must be either a "
                           f"floating point or complex dtype. Got: {name}")


def mean(a, dim=None, keepdim=False, dtype=None):
    _check_float_mean(a, dtype)
    if dim is None:
        if keepdim:
            return MeanBackward1.apply(a, dims_of(None, a._data.ndim), True, dtype)
        return MeanBackward0.apply(a, dtype)
    return MeanBackward1.apply(a, dims_of(dim, a._data.ndim), keepdim, dtype)


def sum_to_size(a, shape):
    """Sum ``a`` down to ``shape`` (the inverse of broadcasting ``shape`` up to ``a``)."""
    shape = tuple(shape)
    src = a._data.shape
    if src == shape:
        return a
    lead = len(src) - len(shape)
    if lead < 0 or any(s != 1 and s != g for s, g in zip(shape, src[lead:])):
        raise RuntimeError(f"size {{{', '.join(map(str, shape))}}} is not expandable to size "
                           f"{{{', '.join(map(str, src))}}}.")
    dims = tuple(range(lead)) + tuple(lead + i for i, s in enumerate(shape)
                                      if s == 1 and src[lead + i] != 1)
    out = sum(a, dims, keepdim=True) if dims else a
    return out.reshape(shape) if out._data.shape != shape else out


_ = (builtins, Tensor, _make)
