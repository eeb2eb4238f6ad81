"""View ops: the output shares memory and the version counter with the input. Each op's
``view_array`` replays it on an array, so an in-place op through a view can be written into
the base (see inplace.py). The views indexing makes (select, slice, x[None]) are in index.py."""
import math

import numpy as np
from numpy.lib.stride_tricks import as_strided

from .. import _dtype
from .._cpp_print import type_string
from .._tensor_base import _make, _wrap_dim
from .._warn_once import warn_once
from ..storage import storage_offset
from .copy import CloneBackward0
from .elementwise_layout import _canonical
from .index import SliceBackward0, UnsqueezeBackward0
from .inplace import apply_view_inplace
from .op import Op, ViewOp, expand_view, plain_backward


def _infer_shape(shape, numel):
    shape = tuple(shape)
    if shape.count(-1) > 1 or (shape and min(shape) < -1):
        _refuse_sizes(shape)
    if -1 in shape:
        known = math.prod(s for s in shape if s != -1)
        if known == 0 and not numel:
            raise RuntimeError(f"cannot reshape tensor of 0 elements into shape "
                               f"[{', '.join(map(str, shape))}] because the unspecified dimension "
                               "size -1 can be any value and is ambiguous")
        if known == 0 or numel % known:
            raise RuntimeError(f"shape '[{', '.join(map(str, shape))}]' is invalid for input of "
                               f"size {numel}")
        i = shape.index(-1)
        shape = shape[:i] + (numel // known,) + shape[i + 1:]
    if math.prod(shape) != numel:
        raise RuntimeError(f"shape '[{', '.join(map(str, shape))}]' is invalid for input of "
                           f"size {numel}")
    return shape


def _refuse_sizes(shape):
    """PyTorch's error for the first bad size: a second -1, or a negative size."""
    inferred = False
    for i, size in enumerate(shape):
        if size == -1:
            if inferred:
                raise RuntimeError("only one dimension can be inferred")
            inferred = True
        elif size < 0:
            raise RuntimeError(f"invalid shape dimension {size} at index {i} of shape "
                               f"[{', '.join(map(str, shape))}]")


class ViewBackward0(ViewOp):
    @staticmethod
    def view_array(x, shape):
        return reshaped_view(x, shape)  # (PyTorch's strides for dims of size 1)

    def backward(self, grad):
        return reshaped_grad(grad, self.shape)


def _requires_grad(grad):
    """Whether a gradient requires grad: only an input a formula gave back as its gradient
    (cummax's of nothing gives its input), whose views, PyTorch's even without grad mode,
    require grad too: then the view ops run, not views of the array."""
    return grad._requires_grad or (grad._view_base is not None and grad.requires_grad)


def reshaped_grad(grad, shape):
    """``grad.reshape(shape)`` in a backward formula: a view of the array in a plain backward;
    under create_graph PyTorch's reshape, a node even to the same shape."""
    if plain_backward() and not _requires_grad(grad):
        data = grad._data
        if data.__class__ is not np.ndarray:  # (NumPy's scalar result of a 0-d formula: an
            # array in place, so that the view shares its memory, as PyTorch's does: a hook's
            # in-place edit of one shows in the other, a captured gradient included)
            grad._data = data = np.asarray(data)
        array = data.reshape(shape)
        if array.size == 1 and data.ndim and not data.strides[-1]:
            # PyTorch's view of one element takes the last stride for every dim: 0 from an
            # expanded gradient (sum's), which keeps AccumulateGrad from stealing it as the
            # .grad (NumPy's reshape makes up strides, and the .grad would share the caller's
            # ``gradient=`` memory, accumulated into by the next backward)
            # (new axes of a 0-d view have stride 0; a plain view, so a hook's in-place write
            # can still reach the memory it shares, as PyTorch's does)
            single = array.reshape(())  # (a 0-d view: indexing it by () would give a scalar)
            array = single[(None,) * array.ndim] if array.ndim else single
        result = _make(array)
        if grad._zero_tensor:  # (a view of sgn's ZeroTensor gradient is one)
            result.__class__ = type(grad)
        return result
    return reshape_node(grad, shape)


class ReshapeAliasBackward0(ViewBackward0):
    """``reshape`` of a non-contiguous tensor whose layout allows a view."""


class UnsafeViewBackward0(Op):
    """``reshape`` that had to copy: the copy (a clone, contiguous) in the new shape. No view of
    the input."""

    supports_complex = True  # (moves elements; so does its backward)

    def forward(self, a, shape):
        return a._data.reshape(shape)

    def backward(self, grad):
        return grad.reshape(self._in_meta[0][0])


class ExpandBackward0(ViewOp):
    view_array = staticmethod(expand_view)

    def backward(self, grad):
        return grad.sum_to_size(self.shape)


class PermuteBackward0(ViewOp):
    @staticmethod
    def view_array(x, dims):
        return x.transpose(dims)

    def backward(self, grad):
        return grad.permute(tuple(np.argsort(self.params[0])))


class TransposeBackward0(ViewOp):
    @staticmethod
    def view_array(x, dim0, dim1):
        return x.swapaxes(dim0, dim1) if x.ndim else x[...]  # 0-d: NumPy has no axis 0

    def backward(self, grad):
        if plain_backward() and not _requires_grad(grad):  # the array's view is all it takes
            result = _make(self.view_array(grad._data, *self.params))
            if grad._zero_tensor:  # (sgn's gradient: a view of PyTorch's ZeroTensor is one)
                result.__class__ = type(grad)
            return result
        return grad.transpose(*self.params)


class TBackward0(TransposeBackward0):
    def backward(self, grad):
        if plain_backward() and not _requires_grad(grad):
            result = _make(self.view_array(grad._data, *self.params))
            if grad._zero_tensor:
                result.__class__ = type(grad)
            return result
        return TBackward0.apply(grad, *self.params)  # PyTorch's: grad.t()


class SqueezeBackward0(ViewOp):
    """Squeeze of no dim / one dim (``SqueezeBackward1``) / several (``SqueezeBackward2``)."""

    @staticmethod
    def view_array(x, dims):
        return x.squeeze(dims) if dims else x

    def backward(self, grad):
        if not self.params[0]:  # nothing was squeezed: PyTorch's unsqueeze_to passes grad on
            return grad
        if plain_backward() and not _requires_grad(grad):
            result = _make(grad._data.reshape(self.shape))
            if grad._zero_tensor:
                result.__class__ = type(grad)
            return result
        for dim in sorted(self.params[0]):  # PyTorch's unsqueeze_to: one node per dim
            grad = grad.unsqueeze(dim)
        return grad


class SqueezeBackward1(SqueezeBackward0):
    pass


class SqueezeBackward2(SqueezeBackward0):
    pass


# The in-place forms (``t.t_()``, ``t.squeeze_()``, ...), which PyTorch numbers apart. Each
# can ``undo`` itself as view chain steps: views made of a base before the base changed shape
# in place select their region from the base's new shape through them (inplace.py).
class TransposeBackward1(TransposeBackward0):
    @staticmethod
    def undo(dim0, dim1):
        return ((TransposeBackward0, (dim0, dim1)),)


class TBackward1(TransposeBackward1):
    backward = TBackward0.backward  # (PyTorch's t_ formula is grad.t(), as t's)


class UnsqueezeBackward1(UnsqueezeBackward0):
    @staticmethod
    def undo(dim):
        return ((SqueezeBackward0, ((dim,),)),)


class SqueezeBackward3(SqueezeBackward0):
    @staticmethod
    def undo(dims):
        return tuple((UnsqueezeBackward0, (dim,)) for dim in sorted(dims))


class SqueezeBackward4(SqueezeBackward3):
    pass


class SqueezeBackward5(SqueezeBackward3):
    pass


def view(input, shape):
    """``input.view(shape)`` (no ``torch.view``: the method alone has PyTorch's signature)."""
    shape = _infer_shape(shape, input._data.size)
    if not input._data.flags.c_contiguous and input._data.size > 1:
        try:
            arr = input._data.view()
            arr.shape = shape  # raises if this needs a copy
        except AttributeError:
            raise RuntimeError(
                "view size is not compatible with input tensor's size and stride (at least one "
                "dimension spans across two contiguous subspaces). Use .reshape(...) instead."
            ) from None
    return ViewBackward0.apply(input, shape)


def reshape(input, shape):
    """A view when the layout allows one (``view`` of a contiguous tensor, ``_reshape_alias``
    of another), else a copy (``_unsafe_view`` of a clone), with PyTorch's node for each; a
    new tensor also for the same shape, never the input itself."""
    if not isinstance(shape, (tuple, list)):
        raise TypeError("reshape(): argument 'shape' (position 2) must be tuple of ints, not "
                        f"{type(shape).__name__}")
    shape = _infer_shape(shape, input._data.size)
    return reshape_node(input, shape)


def torch_view_strides(shape, strides, new_shape):
    """PyTorch's strides (in elements) for a view of a ``shape`` / ``strides`` tensor as
    ``new_shape`` (its computeStride), or None when no view exists. NumPy picks other strides
    for dims of size 1, which PyTorch's layout tests (a matrix product's column-major
    gradient formula) can see. Nonempty tensors of at least one dim."""
    new_strides = [0] * len(new_shape)
    view_d = len(new_shape) - 1
    chunk_base_stride = strides[-1]
    tensor_numel = view_numel = 1
    for tensor_d in range(len(shape) - 1, -1, -1):
        tensor_numel *= shape[tensor_d]
        if tensor_d == 0 or (shape[tensor_d - 1] != 1
                             and strides[tensor_d - 1] != tensor_numel * chunk_base_stride):
            while view_d >= 0 and (view_numel < tensor_numel or new_shape[view_d] == 1):
                new_strides[view_d] = view_numel * chunk_base_stride
                view_numel *= new_shape[view_d]
                view_d -= 1
            if view_numel != tensor_numel:
                return None
            if tensor_d > 0:
                chunk_base_stride = strides[tensor_d - 1]
                tensor_numel = view_numel = 1
    return tuple(new_strides) if view_d == -1 else None


def reshaped_view(x, shape):
    """``x.reshape(shape)`` (a view NumPy can make) with PyTorch's strides: NumPy's differ
    only for dims of size 1 of an input that is not C-contiguous with C strides (a size-1
    dim of another stride counts), which stride() and a product's layout test would see."""
    out = x.reshape(shape)
    if 1 not in out.shape or not out.size or (x.flags.c_contiguous and _canonical(x)):
        return out  # (the common case: NumPy's strides are PyTorch's)
    item = x.itemsize
    strides = torch_view_strides(x.shape, [s // item for s in x.strides], out.shape)
    if strides is None:
        return out
    strides = tuple(s * item for s in strides)
    return out if strides == out.strides else as_strided(out, out.shape, strides)


def reshape_node(input, shape):
    """PyTorch's reshape to a known ``shape`` (the same shape too): of a contiguous tensor a
    ``view``; of another a view when its strides allow one (``_reshape_alias``), else a copy
    (``_unsafe_view`` of a clone)."""
    x = input._data
    if x.flags.c_contiguous:
        return ViewBackward0.apply(input, shape)
    try:
        x.view().shape = shape  # raises if this needs a copy
    except AttributeError:
        return UnsafeViewBackward0.apply(CloneBackward0.apply(input), shape)
    return ReshapeAliasBackward0.apply(input, shape)


def flatten(input, start_dim=0, end_dim=-1):
    shape = input._data.shape
    if not shape:
        return reshape(input, (1,))
    start, end = _wrap_dim(start_dim, len(shape)), _wrap_dim(end_dim, len(shape))
    if start > end:
        raise RuntimeError("flatten() has invalid args: start_dim cannot come after end_dim")
    if start == end:
        return input
    new = shape[:start] + (int(np.prod(shape[start:end + 1])),) + shape[end + 1:]
    return reshape(input, new)


def unflatten(input, dim, sizes):
    shape = input._data.shape
    dim = _wrap_dim(dim, len(shape))
    sizes = _infer_shape(sizes, shape[dim])
    return view(input, shape[:dim] + tuple(sizes) + shape[dim + 1:])


def expand(input, sizes):
    """``input.expand(*sizes)`` (a method only, like ``view``)."""
    shape = input._data.shape
    if len(sizes) < len(shape):
        raise RuntimeError(
            f"expand({type_string(input._data)}{{[{', '.join(map(str, shape))}]}}, "
            f"size=[{', '.join(map(str, sizes))}]): the number of sizes provided "
            f"({len(sizes)}) must be greater or equal to the number of dimensions in the tensor "
            f"({len(shape)})")
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
    return ExpandBackward0.apply(input, tuple(target))  # a new view, also for the same shape


def broadcast_to(input, size):
    return expand(input, tuple(size))


def permute(input, dims):
    ndim = input._data.ndim
    if len(dims) != ndim:
        raise RuntimeError("permute(sparse_coo): number of dimensions in the tensor input does "
                           "not match the length of the desired ordering of dimensions i.e. "
                           f"input.dim() = {ndim} is not equal to len(dims) = {len(dims)}")
    dims = tuple(_wrap_dim(d, ndim) for d in dims)
    if len(set(dims)) != ndim:
        raise RuntimeError("permute(): duplicate dims are not allowed.")
    return PermuteBackward0.apply(input, dims)


def transpose(input, dim0, dim1):
    ndim = input._data.ndim
    return TransposeBackward0.apply(input, _wrap_dim(dim0, ndim), _wrap_dim(dim1, ndim))


def transpose_(input, dim0, dim1):
    ndim = input._data.ndim
    return apply_view_inplace(input, TransposeBackward1,
                              (_wrap_dim(dim0, ndim), _wrap_dim(dim1, ndim)))


swapdims = transpose


def swapaxes(input, axis0, axis1):
    return transpose(input, axis0, axis1)


def _t_dims(input, name="t"):
    ndim = input._data.ndim
    if ndim > 2:
        raise RuntimeError(f"{name}() expects a tensor with <= 2 dimensions, but self is {ndim}D")
    return (0, 0) if ndim < 2 else (0, 1)


def t(input):
    return TBackward0.apply(input, *_t_dims(input))


def t_(input):
    return apply_view_inplace(input, TBackward1, _t_dims(input, "t_"))


def unsqueeze(input, dim):
    return UnsqueezeBackward0.apply(input, _wrap_dim(dim, input._data.ndim + 1))


def unsqueeze_(input, dim):
    return apply_view_inplace(input, UnsqueezeBackward1, (_wrap_dim(dim, input._data.ndim + 1),))


# PyTorch's squeeze nodes: no dim / one dim / several dims, and the same in place
_SQUEEZE_NODES = ((SqueezeBackward0, SqueezeBackward1, SqueezeBackward2),
                  (SqueezeBackward3, SqueezeBackward4, SqueezeBackward5))


def _squeeze_args(input, dim, in_place):
    """The node and the (size-1) dims a squeeze removes."""
    shape = input._data.shape
    nodes = _SQUEEZE_NODES[in_place]
    if dim is None:
        return nodes[0], tuple(i for i, s in enumerate(shape) if s == 1)
    node, dims = (nodes[1], (dim,)) if isinstance(dim, int) else (nodes[2], tuple(dim))
    dims = tuple(_wrap_dim(d, len(shape)) for d in dims) if shape else ()
    return node, tuple(d for d in dims if shape[d] == 1)


def squeeze(input, dim=None):
    node, dims = _squeeze_args(input, dim, False)
    return node.apply(input, dims)


def squeeze_(input, dim=None):
    node, dims = _squeeze_args(input, dim, True)
    return apply_view_inplace(input, node, (dims,))



def narrow(input, dim, start, length):
    shape = input._data.shape
    if not shape:
        raise RuntimeError("narrow() cannot be applied to a 0-dim tensor.")
    dim = _wrap_dim(dim, len(shape))
    start, size = int(start), shape[dim]
    if length < 0:
        raise RuntimeError("narrow(): length must be non-negative.")
    if not -size <= start <= size:
        raise IndexError(f"start out of range (expected to be in range of [{-size}, {size}], "
                         f"but got {start})")
    start = start + size if start < 0 else start
    if start + length > size:
        raise RuntimeError(f"start ({start}) + length ({length}) exceeds dimension size "
                           f"({size}).")
    return SliceBackward0.apply(input, dim, slice(start, start + length))


class UnfoldBackward0(ViewOp):
    """``unfold(dim, size, step)``: a view of the windows along ``dim``, each in a new last
    dim (windows may overlap; their gradients add up)."""

    @staticmethod
    def view_array(x, dim, size, step):
        if x.ndim == 0:
            return x.reshape(1)
        n = (x.shape[dim] - size) // step + 1
        shape = x.shape[:dim] + (n,) + x.shape[dim + 1:] + (size,)
        strides = x.strides[:dim] + (x.strides[dim] * step,) + x.strides[dim + 1:] + \
            (x.strides[dim],)
        return np.lib.stride_tricks.as_strided(x, shape, strides)

    def backward(self, grad):
        return _UnfoldGrad.apply(grad, self.shape, *self.params)


class _UnfoldGrad(Op):
    """The adjoint of ``unfold``: each window's gradient added back where it came from."""

    supports_complex = True  # (moves and adds elements, as for real ones)

    node_name = "UnfoldBackwardBackward0"

    def forward(self, grad, shape, dim, size, step):
        self.params = (dim, size, step)
        g = grad._data
        out = np.zeros(shape, g.dtype)
        if not shape:
            return g.reshape(())
        n = g.shape[dim]
        for k in range(size):  # window element k of every window, one strided slice each
            key = (slice(None),) * dim + (slice(k, k + step * (n - 1) + 1, step),)
            out[key] += g[..., k]
        return out

    def backward(self, grad):
        return UnfoldBackward0.apply(grad, *self.params)


def unfold(input, dimension, size, step):
    """``input.unfold(dimension, size, step)`` (a method only)."""
    x = input._data
    dim = _wrap_dim(dimension, x.ndim)
    length = x.shape[dim] if x.ndim else 1
    if size > length:
        raise RuntimeError(f"maximum size for tensor at dimension {dim} is {length} but size is "
                           f"{size}")
    if step <= 0:
        raise RuntimeError(f"step is {step} but must be > 0")
    return UnfoldBackward0.apply(input, dim, size, step)



def _refuse_view_as(condition, source, target, got=None):
    message = (f"{condition} to view {source.legacy_name[:-6]} as {target.legacy_name[:-6]} "
               "(different element sizes)")
    raise RuntimeError(message if got is None else f"{message}, but got {got}")


def view_as_dtype(self, dtype):
    """``x.view(dtype)``: the same memory read as ``dtype``. With a different element size the
    last dim stretches or shrinks, under PyTorch's conditions on sizes, strides and offset.
    As in PyTorch the result is not differentiable (no grad_fn, requires_grad False) and
    shares the version counter, so writes through it count against ``self``'s saved uses."""
    source, target = self.dtype, _dtype.to_dtype(dtype)
    data = self._data
    old, new = source.itemsize, target.itemsize
    if old != new:
        if data.ndim == 0:
            _refuse_view_as("self.dim() cannot be 0", source, target)
        strides = [s // old for s in data.strides]
        ratio = new // old
        if new > old and data.shape[-1] % ratio:
            _refuse_view_as(f"self.size(-1) must be divisible by {ratio}", source, target,
                            data.shape[-1])
        if strides[-1] != 1:
            _refuse_view_as("self.stride(-1) must be 1", source, target, strides[-1])
        if new > old:
            checks = [("self.storage_offset()", storage_offset(self))]
            checks += [(f"self.stride({d})", s) for d, s in enumerate(strides[:-1])]
            for what, value in checks:
                if value % ratio:
                    _refuse_view_as(f"{what} must be divisible by {ratio}", source, target,
                                    value)
    out = _make(data.view(target.np_dtype))
    out._vc = self._vc
    return out


def reversed_dims(input):
    """``x.T``: all dims reversed (deprecated by PyTorch for other than 2 dims, with a
    warning once per process)."""
    ndim = input._data.ndim
    if ndim != 2:
        _warn_deprecated_T(ndim)
    return permute(input, tuple(range(ndim - 1, -1, -1)))


def matrix_transpose(input):
    """``x.mT``: the last two dims swapped."""
    if input._data.ndim < 2:
        raise RuntimeError("tensor.mT is only supported on matrices or batches of matrices. "
                           f"Got {input._data.ndim}-D tensor.")
    return transpose(input, -2, -1)


def _warn_deprecated_T(ndim):
    """PyTorch's two once-per-process warnings of ``x.T`` on other than 2 dims."""
    if ndim == 0:
        warn_once("T-0d", "Tensor.T is deprecated on 0-D tensors. This function is the identity "
                  "in these cases. (Triggered internally at /__w/pytorch/pytorch/aten/src/ATen/"
                  "native/TensorShape.cpp:4321.)", stacklevel=3)
    else:
        warn_once("T", "The use of `x.T` on tensors of dimension other than 2 to reverse their "
                  "shape is deprecated and it will throw an error in a future release. Consider "
                  "`x.mT` to transpose batches of matrices or `x.permute(*torch.arange(x.ndim - "
                  "1, -1, -1))` to reverse the dimensions of a tensor. (Triggered internally at "
                  "/__w/pytorch/pytorch/aten/src/ATen/native/TensorShape.cpp:4314.)", stacklevel=3)
