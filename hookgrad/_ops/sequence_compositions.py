"""Functions over sequences that PyTorch writes as compositions of other ops, written the same
way here (so their graphs show PyTorch's nodes and their values round as PyTorch's):
``combinations``, ``vander``, ``unravel_index``, ``trapezoid`` / ``trapz`` and
``cumulative_trapezoid``."""
import itertools
from collections.abc import Sequence

import numpy as np

from .._dtype import bool_, int64
from .._tensor_base import TensorBase, _make, _wrap_dim
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
    """PyTorch's result of no samples: zeros of ``y``'s dtype (integer and bool too)."""
    shape = list(y.shape)
    del shape[dim]
    return y.new_zeros(shape)


def _refuse_number_x(name, y, x):
    if x is not None and not isinstance(x, TensorBase):
        raise TypeError(f"{name}() received an invalid combination of arguments - got (Tensor, "
                        f"{type(x).__name__}), but expected one of:\n * (Tensor y, Tensor x, *, "
                        f"int dim = -1)\n * (Tensor y, *, Number dx = 1, int dim = -1)\n")


def trapezoid(y, x=None, *, dx=None, dim=-1):
    """The trapezoidal rule along ``dim``: with a spacing ``dx`` (default 1) as ``(sum -
    (first + last) / 2) * dx``, with sample points ``x`` as ``sum((left + right) * gaps) / 2``
    (PyTorch's checks in its order)."""
    _refuse_number_x("trapezoid", y, x)
    if x is not None:
        dim = _wrap_dim(dim, y.dim())  # (a 0-d y: dim 0, whose size it then lacks)
    if y.dim() == 0:
        raise IndexError(f"Dimension specified as {dim} but tensor has no dimensions")
    dim = _wrap_dim(dim, y.dim())
    if y.shape[dim] == 0:
        return _empty_along(y, dim)
    _refuse_bool("trapezoid", y, x)
    if x is None:
        _check_dx("trapezoid", dx)
        last = y.select(dim, -1)  # (before the first: C++'s right-to-left arguments)
        ends = MulBackward1.apply(y.select(dim, 0) + last, 0.5)
        return MulBackward1.apply(y.sum(dim) - ends, 1 if dx is None else dx)
    gaps = _gaps(_sample_points("trapezoid", x, y, dim), dim)
    sides = y.narrow(dim, 0, y.shape[dim] - 1) + y.narrow(dim, 1, y.shape[dim] - 1)
    return DivBackward1.apply((sides * gaps).sum(dim), 2.0)


def _refuse_bool(name, y, x):
    if x is None:
        if y.dtype is bool_:
            raise RuntimeError(f"{name}: received a bool input for `y`, but bool is not "
                               "supported")
    elif y.dtype is bool_ or x.dtype is bool_:
        raise RuntimeError(f"{name}: received a bool input for `x` or `y`, but bool is not "
                           "supported")


def _check_dx(name, dx):
    if isinstance(dx, (bool, complex)):
        raise RuntimeError(f"{name}: Currently, we only support dx as a real number.")


def _sample_points(name, x, y, dim):
    """``x`` viewed against ``y`` as PyTorch views it: a 1-d ``x`` along ``dim`` (one point
    per sample), fewer dims padded with leading 1s, not broadcast further."""
    if x.dim() == 1:
        if y.dim() == 0:
            raise IndexError(f"Dimension specified as {dim} but tensor has no dimensions")
        if x.shape[0] != y.shape[dim]:
            raise RuntimeError(f"{name}: There must be one `x` value for each sample point")
        sizes = [1] * y.dim()
        sizes[dim] = x.shape[0]
        return x.view(sizes)
    if x.dim() < y.dim():
        return x.view((1,) * (y.dim() - x.dim()) + tuple(x.shape))
    return x


def _slices(t, dim):
    """PyTorch's ``t.slice(dim, 0, -1)`` and ``t.slice(dim, 1)`` (empty for 0 or 1 element)."""
    if t.dim() == 0:
        raise IndexError("slice() cannot be applied to a 0-dim tensor.")
    size = t.shape[dim]
    count = max(size - 1, 0)
    return t.narrow(dim, 0, count), t.narrow(dim, 1 if size else 0, count)


def _gaps(x, dim):
    """The spacing of sample points ``x`` along ``dim``, its slices made in PyTorch's order
    (the subtrahend first: C++ evaluates the arguments right to left)."""
    before, after = _slices(x, dim)
    return after - before


def trapz(y, x=None, *, dx=None, dim=-1):
    return trapezoid(y, x, dx=dx, dim=dim)


def cumulative_trapezoid(y, x=None, *, dx=None, dim=-1):
    """The running trapezoidal integral along ``dim`` (one element fewer than ``y``)."""
    _refuse_number_x("cumulative_trapezoid", y, x)
    if x is None:
        _refuse_bool("cumulative_trapezoid", y, None)
        _check_dx("cumulative_trapezoid", dx)
        left, right = _slices(y, dim)
        return MulBackward1.apply(left + right, (1 if dx is None else dx) / 2.0).cumsum(dim)
    dim = _wrap_dim(dim, y.dim())
    _refuse_bool("cumulative_trapezoid", y, x)
    gaps = _gaps(_sample_points("cumulative_trapezoid", x, y, dim), dim)  # (before the sides)
    left, right = _slices(y, dim)
    return DivBackward1.apply(((left + right) * gaps).cumsum(dim), 2.0)
