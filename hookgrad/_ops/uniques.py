"""``unique`` (of elements, or of slices along ``dim``) and ``unique_consecutive``. PyTorch
defines no derivative for them: for an input that requires grad the values come with a node
(``Unique2Backward0``, ``UniqueDimBackward0``, ``UniqueConsecutiveBackward0``) that raises when
a backward reaches it. NaN never equals NaN, so NaNs are never merged."""
import math

import numpy as np

from .._tensor_base import _make, _wrap_dim
from .complex_support import check_real
from .libstdcxx_sort import introsort
from .op import Op
from .unstable_order import unstable_order


class Unique2Backward0(Op):
    """The distinct values, computed beforehand (``forward`` only hands them over)."""

    derivative = "_unique2"

    def forward(self, a, outputs):
        return outputs

    def backward(self, *grads):
        # (PyTorch raises only when the input's gradient is wanted: not for an input whose
        # history is cut, a view made without grad mode)
        if self.needs(0):
            raise NotImplementedError(
                f"the derivative for '{self.derivative}' is not implemented.")
        return None


class UniqueDimBackward0(Unique2Backward0):
    derivative = "unique_dim"


class UniqueConsecutiveBackward0(Unique2Backward0):
    derivative = "unique_consecutive"


def _slices(x, dim):
    """``x`` as a matrix: one row per slice along ``dim``."""
    moved = np.moveaxis(x, dim, 0)
    # (the row length given, not -1, which NumPy cannot infer for no rows)
    return moved.reshape(moved.shape[0], math.prod(moved.shape[1:])), moved.shape[1:]


class _RowLess:
    """PyTorch's unique(dim=) comparator for std::sort: the first column where one row's
    element is < or > the other's decides; a NaN is neither, so the next column decides (the
    order rows with NaN end up in is std::sort's, replayed by introsort)."""

    __slots__ = ("rows",)

    def __init__(self, rows):
        self.rows = rows

    def __call__(self, i, j):
        for left, right in zip(self.rows[i], self.rows[j]):
            if left < right:
                return True
            if left > right:
                return False
        return False


def _groups(rows, order):
    """Where a new group of equal rows starts, over ``rows`` taken in ``order``."""
    ordered = rows[order]
    if not ordered.shape[0]:
        return np.zeros(0, bool)
    differs = (ordered[1:] != ordered[:-1]).any(axis=1) if ordered.shape[1] else \
        np.zeros(ordered.shape[0] - 1, bool)
    return np.concatenate(([True], differs))


def _unique_rows(x, dim, consecutive):
    """(unique values, inverse, counts) of the slices of ``x`` along ``dim`` (``dim`` None:
    of its elements)."""
    if dim is None:
        rows, rest, shape = x.reshape(-1, 1), (), (-1,)
    else:
        if x.ndim and 0 in x.shape and x.shape[dim] != 0:
            raise RuntimeError("There are 0 sized dimensions, and they aren't selected, so "
                               "unique cannot be applied")
        if x.shape.count(0) > 1:  # (PyTorch's message ends with a space)
            raise RuntimeError("Number of zero sized dimensions is more than one, so unique "
                               "cannot be applied ")
        rows, rest = _slices(x, dim)
        shape = None
    n = rows.shape[0]
    if consecutive:
        order = np.arange(n)
    elif dim is None:  # PyTorch sorts the elements with sort(stable=False)
        order = unstable_order(rows, 0, np.argsort(rows, axis=0, kind="stable"))[:, 0]
    elif rows.shape[1] and rows.dtype.kind == "f" and (
            np.isnan(rows).any() or np.signbit(rows[rows == 0]).any()):
        order = np.asarray(introsort(list(range(n)), _RowLess(rows.tolist())), np.int64)
    else:  # lexicographic, first column most significant
        order = np.lexsort(rows.T[::-1]) if rows.shape[1] else np.arange(n)
    starts = _groups(rows, order)
    group_of_sorted = np.cumsum(starts) - 1
    inverse = np.empty(n, np.int64)
    inverse[order] = group_of_sorted
    counts = np.diff(np.append(np.flatnonzero(starts), n)).astype(np.int64)
    picked = rows[order[starts]]
    if dim is None:
        values = picked.reshape(shape)
    else:
        values = np.moveaxis(picked.reshape((picked.shape[0],) + rest), 0, dim)
    return values, inverse, counts


def _results(node, input, values, inverse, counts, return_inverse, return_counts,
             inverse_shape):
    # (Op.apply decides whether to record: a view follows its base's requires_grad, which
    # ``_requires_grad`` alone does not show until read)
    out = [node.apply(input, values)]
    if return_inverse:
        out.append(_make(inverse.reshape(inverse_shape)))
    if return_counts:
        out.append(_make(counts))
    return out[0] if len(out) == 1 else tuple(out)


def unique(input, sorted=True, return_inverse=False, return_counts=False, dim=None):
    """Always sorted (``sorted=False`` gives the same, as PyTorch's CPU kernel does)."""
    check_real("unique", input)
    x = input._data
    if dim is not None:
        if x.ndim == 0:
            raise IndexError(f"Dimension specified as {dim} but tensor has no dimensions")
        dim = _wrap_dim(dim, x.ndim)
    values, inverse, counts = _unique_rows(x, dim, False)
    node = Unique2Backward0 if dim is None else UniqueDimBackward0
    return _results(node, input, values, inverse, counts, return_inverse, return_counts,
                    x.shape if dim is None else (x.shape[dim],))


# torch.unique_consecutive picks one of these by its two flags, and an unknown keyword is
# refused in the name of the one it picked
_CONSECUTIVE_NAMES = {
    (False, False): "_consecutive_return_output",
    (True, False): "_consecutive_return_inverse",
    (False, True): "_consecutive_return_counts",
    (True, True): "_consecutive_return_inverse_and_counts",
}


def unique_consecutive(input, return_inverse=False, return_counts=False, dim=None,
                       **unexpected):
    if unexpected:
        name = _CONSECUTIVE_NAMES[bool(return_inverse), bool(return_counts)]
        raise TypeError(
            f"{name}() got an unexpected keyword argument '{next(iter(unexpected))}'")
    check_real("unique", input)  # (PyTorch's kernel names itself "unique" too)
    x = input._data
    if dim is not None:
        dim = _wrap_dim(dim, x.ndim)
    values, inverse, counts = _unique_rows(x, dim, True)
    return _results(UniqueConsecutiveBackward0, input, values, inverse, counts,
                    return_inverse, return_counts,
                    x.shape if dim is None else (x.shape[dim],))


def tensor_unique_consecutive(self, return_inverse=False, return_counts=False, dim=None):
    return unique_consecutive(self, return_inverse, return_counts, dim)


# (the method has a signature of its own: an unknown keyword is refused in the method's name)
tensor_unique_consecutive.__name__ = "unique_consecutive"
tensor_unique_consecutive.__qualname__ = "Tensor.unique_consecutive"
