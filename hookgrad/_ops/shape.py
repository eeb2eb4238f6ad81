"""Shape ops. View ops share memory and the version counter with their input; each has an
array-level ``view_array`` so an in-place op through a view can be replayed on the base."""
import numpy as np

from .._tensor import Tensor, _make, _wrap_dim
from .op import Op


def _infer_shape(shape, numel):
    shape = list(shape)
    if shape.count(-1) > 1:
        raise RuntimeError("only one dimension can be inferred")
    if -1 in shape:
        known = int(np.prod([s for s in shape if s != -1]))
        if known == 0 or numel % known:
            raise RuntimeError(f"shape '[{', '.join(map(str, shape))}]' is invalid for input of "
                               f"size {numel}")
        shape[shape.index(-1)] = numel // known
    if int(np.prod(shape)) != numel:
        raise RuntimeError(f"shape '[{', '.join(map(str, shape))}]' is invalid for input of "
                           f"size {numel}")
    return tuple(shape)


class ViewBackward0(Op):
    is_view = True

    @staticmethod
    def view_array(x, shape):
        return x.reshape(shape)

    def forward(self, a, shape):
        self.shape = a._data.shape
        return a._data.reshape(shape)

    def backward(self, grad):
        return grad.reshape(self.shape)


class ExpandBackward0(Op):
    is_view = True

    @staticmethod
    def view_array(x, shape):
        return np.broadcast_to(x, shape)

    def forward(self, a, shape):
        self.shape = a._data.shape
        return np.broadcast_to(a._data, shape)

    def backward(self, grad):
        return grad.sum_to_size(self.shape)


class PermuteBackward0(Op):
    is_view = True

    @staticmethod
    def view_array(x, dims):
        return x.transpose(dims)

    def forward(self, a, dims):
        self.dims = dims
        return a._data.transpose(dims)

    def backward(self, grad):
        return grad.permute(tuple(np.argsort(self.dims)))


class TransposeBackward0(Op):
    is_view = True

    @staticmethod
    def view_array(x, dim0, dim1):
        return x.swapaxes(dim0, dim1)

    def forward(self, a, dim0, dim1):
        self.dim0, self.dim1 = dim0, dim1
        return a._data.swapaxes(dim0, dim1)

    def backward(self, grad):
        return grad.transpose(self.dim0, self.dim1)


class TBackward0(TransposeBackward0):
    pass


class UnsqueezeBackward0(Op):
    is_view = True

    @staticmethod
    def view_array(x, dim):
        return np.expand_dims(x, dim)

    def forward(self, a, dim):
        self.dim = dim
        return np.expand_dims(a._data, dim)

    def backward(self, grad):
        return grad.squeeze(self.dim)


class SqueezeBackward0(Op):
    is_view = True

    @staticmethod
    def view_array(x, dims):
        return x.squeeze(dims) if dims else x

    def forward(self, a, dims):
        self.shape = a._data.shape
        return a._data.squeeze(dims) if dims else a._data

    def backward(self, grad):
        return grad.reshape(self.shape)


class SqueezeBackward1(SqueezeBackward0):
    pass


def view(a, shape):
    shape = _infer_shape(shape, a._data.size)
    if not a._data.flags.c_contiguous and a._data.size > 1:
        try:
            arr = a._data.view()
            arr.shape = shape  # raises if this needs a copy
        except AttributeError:
            raise RuntimeError(
                "view size is not compatible with input tensor's size and stride (at least one "
                "dimension spans across two contiguous subspaces). Use .reshape(...) instead."
            ) from None
    return ViewBackward0.apply(a, shape)


def reshape(a, shape):
    shape = _infer_shape(shape, a._data.size)
    if a._data.shape == shape:
        return a
    # NumPy copies when the layout does not allow a view; the result is then no view.
    return ViewBackward0.apply(a, shape)


def flatten(a, start_dim=0, end_dim=-1):
    shape = a._data.shape
    if not shape:
        return reshape(a, (1,))
    start, end = _wrap_dim(start_dim, len(shape)), _wrap_dim(end_dim, len(shape))
    if start > end:
        raise RuntimeError("flatten() has invalid args: start_dim cannot come after end_dim")
    if start == end:
        return a
    new = shape[:start] + (int(np.prod(shape[start:end + 1])),) + shape[end + 1:]
    return reshape(a, new)


def unflatten(a, dim, sizes):
    shape = a._data.shape
    dim = _wrap_dim(dim, len(shape))
    sizes = _infer_shape(sizes, shape[dim])
    return view(a, shape[:dim] + tuple(sizes) + shape[dim + 1:])


def expand(a, sizes):
    shape = a._data.shape
    if len(sizes) < len(shape):
        raise RuntimeError(
            f"expand(torch.FloatTensor{{[{', '.join(map(str, shape))}]}}, size=[{', '.join(map(str, sizes))}]): "
            "the number of sizes provided must be greater or equal to the number of dimensions "
            "in the tensor")
    lead = len(sizes) - len(shape)
    target = []
    for i, s in enumerate(sizes):
        old = shape[i - lead] if i >= lead else 1
        if s == -1:
            if i < lead:
                raise RuntimeError("The expanded size of the tensor (-1) isn't allowed in a "
                                   "leading, non-existing dimension " + str(i))
            s = old
        elif old != 1 and old != s:
            raise RuntimeError(f"The expanded size of the tensor ({s}) must match the existing "
                               f"size ({old}) at non-singleton dimension {i}.  Target sizes: "
                               f"[{', '.join(map(str, sizes))}].  Tensor sizes: "
                               f"[{', '.join(map(str, shape))}]")
        target.append(s)
    target = tuple(target)
    if target == shape:
        return ExpandBackward0.apply(a, target) if a._requires_grad else a
    return ExpandBackward0.apply(a, target)


def permute(a, dims):
    ndim = a._data.ndim
    dims = tuple(_wrap_dim(d, ndim) for d in dims)
    if sorted(dims) != list(range(ndim)):
        raise RuntimeError("permute(sparse_coo): number of dimensions in the tensor input does "
                           "not match the length of the desired ordering of dimensions i.e. "
                           f"input.dim() = {ndim} is not equal to len(dims) = {len(dims)}")
    return PermuteBackward0.apply(a, dims)


def transpose(a, dim0, dim1):
    ndim = a._data.ndim
    return TransposeBackward0.apply(a, _wrap_dim(dim0, ndim), _wrap_dim(dim1, ndim))


def t(a):
    ndim = a._data.ndim
    if ndim > 2:
        raise RuntimeError(f"t() expects a tensor with <= 2 dimensions, but self is {ndim}D")
    if ndim < 2:
        return TBackward0.apply(a, 0, 0)
    return TBackward0.apply(a, 0, 1)


def unsqueeze(a, dim):
    return UnsqueezeBackward0.apply(a, _wrap_dim(dim, a._data.ndim + 1))


def squeeze(a, dim=None):
    shape = a._data.shape
    if dim is None:
        return SqueezeBackward0.apply(a, tuple(i for i, s in enumerate(shape) if s == 1))
    dims = (dim,) if isinstance(dim, int) else tuple(dim)
    dims = tuple(_wrap_dim(d, len(shape)) for d in dims) if shape else ()
    return SqueezeBackward1.apply(a, tuple(d for d in dims if shape[d] == 1))


_ = (Tensor, _make)
