"""Functions PyTorch users reach for that are compositions of the primitive ops here (so their
graphs show the primitives' nodes, as PyTorch's do): movedim, tile, hstack, vstack,
repeat_interleave, meshgrid, diff, msort; and ops that need no gradient: isclose, count_nonzero,
signbit."""

import operator

import numpy as np

from .. import _creation
from .._cpp_print import cpp_print
from .._memory_format import contiguous_format
from .._tensor_base import TensorBase, _make, _wrap_dim, tensor_argument
from .._warn_once import warn_once
from . import compare as _cmp
from .c_strides import c_strided
from .complex_support import check_real
from .elementwise_layout import first_operand_layout
from .index import AliasBackward0, index_select
from .op import broadcast_error, refuse_out, type_name
from .reduce import dims_of
from .shape import cat, repeat
from .sort import sort
from .views import expand, flatten, narrow, permute


def movedim(input, source, destination):
    ndim = input._data.ndim
    source = (source,) if isinstance(source, int) else tuple(source)
    destination = (destination,) if isinstance(destination, int) else tuple(destination)
    if len(source) != len(destination):
        raise RuntimeError(f"movedim: Invalid source or destination dims: source ({list(source)}"
                           f" dims) should contain the same number of dims as destination "
                           f"({list(destination)} dims)")
    source = [_wrap_dim(d, ndim) for d in source]
    destination = [_wrap_dim(d, ndim) for d in destination]
    for name, dims in (("source", source), ("destination", destination)):
        if len(set(dims)) != len(dims):
            raise RuntimeError(f"movedim: repeated dim in `{name}` ({dims})")
    if not ndim:  # a 0-d tensor: dim 0 / -1 name it; PyTorch returns an alias
        return AliasBackward0.apply(input)
    order = [d for d in range(ndim) if d not in source]
    for dest, src in sorted(zip(destination, source)):
        order.insert(dest, src)
    return permute(input, order)


moveaxis = movedim


def tile(input, dims):
    dims = tuple(dims)
    return repeat(input, (1,) * (input._data.ndim - len(dims)) + dims)


def _at_least(tensors, ndim):
    """Tensors with at least ``ndim`` dims (a 1-d (n,) becomes (1, n), as torch.atleast_2d)."""
    out = []
    for t in tensors:
        if t._data.ndim == 0:  # (a reshape, ViewBackward0, as PyTorch's atleast_nd)
            t = t.reshape((1,) * ndim)
        while t._data.ndim < ndim:
            t = t.unsqueeze(0)
        out.append(t)
    return out


def hstack(tensors, *, out=None):
    if out is not None:
        refuse_out("hstack")
    tensors = _at_least(tensors, 1)
    return cat(tensors, 0 if tensors[0]._data.ndim == 1 else 1)


def vstack(tensors, *, out=None):
    return cat(_at_least(tensors, 2), 0) if out is None else refuse_out("vstack")


def _close_operands(name, input, other):
    """The arrays ``isclose`` compares: two Tensors of one dtype (PyTorch's errors)."""
    tensor_argument(name, "input", 1, input)
    tensor_argument(name, "other", 2, other)
    x, y = input._data, other._data
    if x.dtype != y.dtype:
        raise RuntimeError(f"{type_name(x)} did not match {type_name(y)}")
    if x.shape != y.shape:
        try:
            np.broadcast_shapes(x.shape, y.shape)
        except ValueError:  # (PyTorch's message, not NumPy's)
            raise broadcast_error([x.shape, y.shape]) from None
    return x, y


def isclose(input, other, rtol=1e-05, atol=1e-08, equal_nan=False):
    x, y = _close_operands("isclose", input, other)
    return _make(first_operand_layout(np.asarray(np.isclose(x, y, rtol, atol, equal_nan)), x, y))


def allclose(input, other, rtol=1e-05, atol=1e-08, equal_nan=False):
    x, y = _close_operands("allclose", input, other)
    return bool(np.allclose(x, y, rtol, atol, equal_nan))


def equal(input, other):
    return (input._data.shape == other._data.shape
            and bool((input._data == other._data).all()))


def count_nonzero(input, dim=None):
    x = input._data
    axes = dims_of(dim, x.ndim)
    return _make(c_strided(np.asarray(np.count_nonzero(x, axis=axes), dtype=np.int64)))


def repeat_interleave(input, repeats=None, dim=None, *, output_size=None):
    """Each element ``repeats`` times in a row along ``dim`` (the flattened tensor if None);
    ``repeat_interleave(repeats)`` repeats each index ``repeats[i]`` times. ``output_size``
    (PyTorch's hint that spares a device sync) changes nothing here."""
    if repeats is None:
        input, repeats = _make(np.arange(input._data.size)), input
    if dim is None:  # (PyTorch's flatten: a 1-d input itself, no view node)
        input, dim = flatten(input), 0
    dim = _wrap_dim(dim, input._data.ndim)
    if not input._data.ndim:  # PyTorch's message: it unsqueezes dim + 1 first
        raise IndexError("Dimension out of range (expected to be in range of [-1, 0], but got 1)")
    n = input._data.shape[dim]
    if isinstance(repeats, TensorBase):
        counts = repeats._data
        if counts.ndim == 0:
            counts = np.full(n, counts)
        if counts.shape != (n,):
            raise RuntimeError("repeats must have the same size as input along dim, but got "
                               f"repeats.size(0) = {counts.size} and input.size({dim}) = {n}")
        return index_select(input, dim, _make(np.repeat(np.arange(n), counts)))
    # a number: each slice stacked ``repeats`` times beside itself (one copy, a view of it:
    # PyTorch's expand, clone, view)
    expanded = input.unsqueeze(dim + 1)
    sizes = list(expanded._data.shape)
    sizes[dim + 1] = repeats
    shape = list(input._data.shape)
    shape[dim] *= repeats
    return expand(expanded, tuple(sizes)).clone(memory_format=contiguous_format).view(shape)


def meshgrid(*tensors, indexing=None):
    if len(tensors) == 1 and isinstance(tensors[0], (list, tuple)):
        tensors = tuple(tensors[0])
    if not tensors:
        raise RuntimeError("meshgrid expects a non-empty TensorList")
    if any(t._data.dtype != tensors[0]._data.dtype for t in tensors):
        raise RuntimeError("meshgrid expects all tensors to have the same dtype")
    if indexing is None:
        warn_once("meshgrid indexing", "torch.meshgrid: in an upcoming release, it will be "
                  "required to pass the indexing argument. (Triggered internally at "
                  "/__w/pytorch/pytorch/aten/src/ATen/native/TensorShape.cpp:4215.)",
                  stacklevel=2)
        indexing = "ij"
    if indexing not in ("ij", "xy"):
        raise RuntimeError(f"torch.meshgrid: indexing must be one of \"xy\" or \"ij\", but "
                           f"received: {indexing}")
    swap = indexing == "xy" and len(tensors) >= 2
    order = list(tensors)
    if swap:
        order[0], order[1] = order[1], order[0]
    for t in order:  # (after the swap, as PyTorch: "xy" names the second tensor first)
        if t._data.ndim > 1:
            raise RuntimeError("torch.meshgrid: Expected 0D or 1D tensor in the tensor list but "
                               f"got: {cpp_print(t._data)}")
    shape = tuple(t._data.size for t in order)
    grids = []
    for i, t in enumerate(order):
        view = [1] * len(order)
        view[i] = -1
        grids.append(expand(t.view(view), shape))  # (PyTorch views: never a copy)
    if swap:  # the grids of the swapped inputs, back in the inputs' order
        grids[0], grids[1] = grids[1], grids[0]
    return tuple(grids)


def diff(input, n=1, dim=-1, prepend=None, append=None, *, out=None):
    """Differences of neighbours along ``dim``, ``n`` times (after concatenating ``prepend``
    and ``append``): slices and a subtraction (bool: logical_xor), as PyTorch records them;
    ``n`` = 0 a copy, ``n`` beyond the length as many steps as the length allows."""
    if out is not None:
        refuse_out("diff")
    ndim = input._data.ndim
    if ndim == 0:
        raise RuntimeError("diff expects input to be at least one-dimensional")
    if n < 0:
        raise RuntimeError(f"order must be non-negative but got {n}")
    dim = _wrap_dim(dim, ndim)
    for other in (prepend, append):
        if other is not None:
            _check_diff_operand(input, other, dim)
    if n == 0:  # (PyTorch's zeros_like then copy_, prepend and append unused)
        return _creation.zeros_like(input).copy_(input)
    parts = [t for t in (prepend, input, append) if t is not None]
    x = cat(parts, dim) if len(parts) > 1 else input
    subtract = _cmp.logical_xor if x._data.dtype == np.bool_ else operator.sub
    for _ in range(n):
        length = x._data.shape[dim]
        if length == 0:
            break
        before = narrow(x, dim, 0, length - 1)  # (the subtrahend first: C++'s right to left)
        x = subtract(narrow(x, dim, 1, length - 1), before)
    return x


def _check_diff_operand(input, other, dim):
    """PyTorch's checks of diff's ``prepend`` / ``append`` against the input."""
    shape, other_shape = input._data.shape, other._data.shape
    if len(other_shape) != len(shape):
        raise RuntimeError("diff expects prepend or append to be the same dimension as input")
    for i, (size, other_size) in enumerate(zip(shape, other_shape)):
        if i != dim and size != other_size:
            raise RuntimeError(
                "diff expects the shape of tensor to prepend or append to match that of input "
                f"except along the differencing dimension; input.size({i}) = {size}, but got "
                f"tensor.size({i}) = {other_size}")


def msort(input, *, out=None):
    return sort(input, 0)[0] if out is None else refuse_out("msort")


def signbit(input, *, out=None):
    check_real("signbit", input)
    # (np.asarray: NumPy gives a 0-d input's result as a scalar, not an array)
    return _make(np.asarray(np.signbit(input._data))) if out is None else refuse_out("signbit")
