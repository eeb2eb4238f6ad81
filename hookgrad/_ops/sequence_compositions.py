"""Functions over sequences that PyTorch writes as compositions of other ops, written the same
way here (so their graphs show PyTorch's nodes and their values round as PyTorch's):
``combinations``, ``vander``, ``unravel_index``, ``trapezoid`` / ``trapz`` and
``cumulative_trapezoid``."""
import itertools
from collections.abc import Sequence

import numpy as np

from .._dtype import int64
from .._tensor_base import TensorBase, _make
from .arithmetic import DivBackward1
from .derived import meshgrid
from .scalar_forms import MulBackward1
from .shape import stack


def combinations(input, r=2, with_replacement=False):
    """The length-``r`` combinations of a 1-d tensor's elements, one per row: meshgrid copies
    of the input, each masked to the index tuples in increasing order, then stacked."""
    if input.dim() != 1:
        raise RuntimeError(f"Expect a 1D vector, but got shape {list(input.shape)}")
    if r < 0:
        raise RuntimeError(f"Expect a non-negative number, but got {r}")
    if r == 0:
        return _make(np.empty(0, input._data.dtype))
    count = input.shape[0]
    grids = meshgrid(*([input] * r), indexing="ij")
    index = np.indices((count,) * r)
    keep = index[:-1] <= index[1:] if with_replacement else index[:-1] < index[1:]
    mask = _make(np.logical_and.reduce(keep, axis=0) if r > 1 else np.ones(count, bool))
    return stack([grid.masked_select(mask) for grid in grids], 1)


def vander(x, N=None, increasing=False):
    """Powers of a 1-d tensor in columns (decreasing unless ``increasing``): ones, then the
    input copied into the other columns and their cumulative product copied back over them,
    flipped at the end."""
    if x.dim() != 1:
        raise RuntimeError("x must be a one-dimensional tensor.")
    columns = x.shape[0] if N is None else N
    if columns < 0:
        raise RuntimeError("N must be non-negative.")
    dtype = x.dtype if x.is_floating_point() or x.is_complex() else int64
    result = x.new_empty((x.shape[0], columns), dtype=dtype)
    if columns > 0:
        result.fill_(1)
        if columns > 1:
            result[:, 1:].copy_(x.unsqueeze(1))
            result[:, 1:].copy_(result[:, 1:].cumprod(1))
    return result if increasing else result.flip(1)


def unravel_index(indices, shape):
    """The coordinates in ``shape`` of each flat index, one tensor per dim."""
    if not isinstance(indices, TensorBase):
        raise TypeError(f"expected 'indices' to be a Tensor, but got {type(indices)}")
    if indices.is_complex() or indices.is_floating_point() or indices._data.dtype == np.bool_:
        raise TypeError(f"expected 'indices' to be integer dtype, but got {indices.dtype}")
    if isinstance(shape, int):
        shape = (shape,)
    elif not isinstance(shape, Sequence):
        raise TypeError(f"expected 'shape' to be int or sequence of ints, but got {type(shape)}")
    for size in shape:
        if not isinstance(size, int):
            raise TypeError("expected 'shape' sequence to only contain ints, but got "
                            f"{type(size)}")
    if any(size < 0 for size in shape):
        raise ValueError(f"'shape' cannot have negative values, but got {tuple(shape)}")
    strides = list(itertools.accumulate(reversed(tuple(shape[1:]) + (1,)), lambda a, b: a * b))
    strides = _make(np.array(strides[::-1], np.int64))
    sizes = _make(np.array(shape, np.int64))
    return (indices.unsqueeze(-1).floor_divide(strides) % sizes).unbind(-1)


def _empty_along(y, dim):
    shape = list(y.shape)
    del shape[dim]
    dtype = y.dtype if y.is_floating_point() or y.is_complex() else None
    return y.new_zeros(shape, dtype=dtype) if dtype else _make(np.zeros(shape, np.float32))


def _refuse_number_x(name, y, x):
    if x is not None and not isinstance(x, TensorBase):
        raise TypeError(f"{name}() received an invalid combination of arguments - got (Tensor, "
                        f"{type(x).__name__}), but expected one of:\n * (Tensor y, Tensor x, *, "
                        f"int dim = -1)\n * (Tensor y, *, Number dx = 1, int dim = -1)\n")


def trapezoid(y, x=None, *, dx=None, dim=-1):
    """The trapezoidal rule along ``dim``: with a spacing ``dx`` (default 1) as ``(sum -
    (first + last) / 2) * dx``, with sample points ``x`` as ``sum((left + right) * gaps) / 2``."""
    _refuse_number_x("trapezoid", y, x)
    dim = dim % y.dim() if y.dim() else dim
    if y.shape[dim] == 0:
        return _empty_along(y, dim)
    if x is None:
        last = y.select(dim, -1)  # (before the first: C++'s right-to-left arguments)
        ends = MulBackward1.apply(y.select(dim, 0) + last, 0.5)
        return MulBackward1.apply(y.sum(dim) - ends, 1 if dx is None else dx)
    if x.dim() == 1:
        if x.shape[0] != y.shape[dim]:
            raise RuntimeError("trapezoid: There must be one `x` value for each sample point")
        sizes = [1] * y.dim()
        sizes[dim] = x.shape[0]
        x = x.view(sizes)
    gaps = _gaps(x, dim)
    sides = y.narrow(dim, 0, y.shape[dim] - 1) + y.narrow(dim, 1, y.shape[dim] - 1)
    return DivBackward1.apply((sides * gaps).sum(dim), 2.0)


def _gaps(x, dim):
    """The spacing of sample points ``x`` along ``dim``, its slices made in PyTorch's order
    (the subtrahend first: C++ evaluates the arguments right to left)."""
    before = x.narrow(dim, 0, x.shape[dim] - 1)
    return x.narrow(dim, 1, x.shape[dim] - 1) - before


def trapz(y, x=None, *, dx=None, dim=-1):
    return trapezoid(y, x, dx=dx, dim=dim)


def cumulative_trapezoid(y, x=None, *, dx=None, dim=-1):
    """The running trapezoidal integral along ``dim`` (one element fewer than ``y``)."""
    _refuse_number_x("cumulative_trapezoid", y, x)
    dim = dim % y.dim() if y.dim() else dim
    count = max(y.shape[dim] - 1, 0)
    if x is None:
        sides = y.narrow(dim, 0, count) + y.narrow(dim, 1, count)
        return MulBackward1.apply(sides, (1 if dx is None else dx) / 2.0).cumsum(dim)
    if x.dim() == 1:
        sizes = [1] * y.dim()
        sizes[dim] = x.shape[0]
        x = x.view(sizes)
    gaps = _gaps(x, dim)  # (before the sides, as PyTorch)
    sides = y.narrow(dim, 0, count) + y.narrow(dim, 1, count)
    return DivBackward1.apply((sides * gaps).cumsum(dim), 2.0)
