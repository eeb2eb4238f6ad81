"""More shape ops, composed as PyTorch composes them where it does (so their graphs show the
same nodes): select, tensor_split, split_with_sizes, atleast_1d/2d/3d, ravel, column_stack,
dstack, concatenate, cartesian_prod; and ops with nodes of their own: rot90, diag_embed,
block_diag."""
import numpy as np

from .. import _dtype
from .._tensor_base import TensorBase, _make, _wrap_dim
from .diagonal import diagonal, diagonal_view
from .index import SelectBackward0, SliceBackward0
from .op import Op, refuse_out, type_name
from .shape import _Variadic, cat, split, stack
from .views import reshape, unsqueeze, view


def select(input, dim, index):
    shape = input._data.shape
    if not shape:
        raise IndexError("select() cannot be applied to a 0-dim tensor.")
    dim = _wrap_dim(dim, len(shape))
    index = int(index)
    if not -shape[dim] <= index < shape[dim]:
        raise IndexError(f"select(): index {index} out of range for tensor of size "
                         f"[{', '.join(map(str, shape))}] at dimension {dim}")
    return SelectBackward0.apply(input, dim, index)


def _split_points(size, indices_or_sections):
    """The (start, stop) of each piece: ``n`` sections (the first ``size % n`` one longer),
    or cut at the indices given (each piece is ``x[previous:index]``, Python's slicing)."""
    spec = indices_or_sections
    if isinstance(spec, TensorBase):
        data = spec._data
        if data.dtype.kind not in "iu":
            raise RuntimeError("tensor_split expected tensor_indices_or_sections to have dtype "
                               f"of long, but got {type_name(data)}")
        if data.ndim > 1:
            raise RuntimeError("tensor_split expected tensor_indices_or_sections to be a "
                               "zero-dimensional or one-dimensional tensor, but got a tensor "
                               f"with {data.ndim} dims")
        spec = int(data) if data.ndim == 0 else [int(i) for i in data]
    if isinstance(spec, (list, tuple)):
        cuts = [0] + [int(i) for i in spec]
        bounds = [slice(a, b) for a, b in zip(cuts, cuts[1:])] + [slice(cuts[-1], None)]
        return [s.indices(size)[:2] for s in bounds]
    if isinstance(spec, bool) or not isinstance(spec, (int, np.integer)):
        raise TypeError("tensor_split() received an invalid combination of arguments - got "
                        f"({type(spec).__name__}), but expected one of:\n"
                        " * (tuple of ints indices, int dim = 0)\n"
                        " * (Tensor tensor_indices_or_sections, int dim = 0)\n"
                        " * (int sections, int dim = 0)\n")
    sections = int(spec)
    if sections <= 0:
        raise RuntimeError(f"number of sections must be larger than 0, got {sections}")
    small, extra = divmod(size, sections)
    points, start = [], 0
    for i in range(sections):
        stop = start + small + (1 if i < extra else 0)
        points.append((start, stop))
        start = stop
    return points


def tensor_split(input, indices_or_sections=None, dim=0, *, sections=None, indices=None,
                 tensor_indices_or_sections=None):
    """Pieces that are each a slice of ``input`` (one ``SliceBackward0`` apiece: unlike
    ``split``'s, they may be written in place)."""
    spec = next((s for s in (indices_or_sections, sections, indices,
                             tensor_indices_or_sections) if s is not None), None)
    if input._data.ndim == 0:
        raise RuntimeError("tensor_split expected at least a 1-dimensional tensor, but got a "
                           "tensor with 0 dims")
    dim = _wrap_dim(dim, input._data.ndim)
    size = input._data.shape[dim]
    return tuple(SliceBackward0.apply(input, dim, slice(start, max(start, stop)))
                 for start, stop in _split_points(size, spec))


def split_with_sizes(input, split_sizes, dim=0):
    return split(input, list(split_sizes), dim)


def _tensors(args, name):
    """``f(t)``, ``f(t1, t2)`` or ``f([t1, t2])``: the tensors, and whether one was given."""
    if len(args) == 1 and isinstance(args[0], (list, tuple)):
        return list(args[0]), False
    for i, t in enumerate(args):
        if not isinstance(t, TensorBase):
            raise TypeError(f"{name}(): argument 'tensors' (position {i + 1}) must be tuple of "
                            f"Tensors, not {type(t).__name__}")
    return list(args), len(args) == 1


def _at_least(t, ndim):
    x = t._data
    if x.ndim >= ndim:
        return t
    if x.ndim == 0:
        return reshape(t, (1,) * ndim)
    if ndim == 2 or x.ndim == 2:  # (n,) -> (1, n); (m, n) -> (m, n, 1)
        t = unsqueeze(t, 0) if x.ndim == 1 else t
        return t if ndim == 2 else unsqueeze(t, -1)
    return unsqueeze(unsqueeze(t, 0), -1)  # (n,) -> (1, n, 1)


def _atleast(name, ndim, args):
    tensors, single = _tensors(args, name)
    out = tuple(_at_least(t, ndim) for t in tensors)
    return out[0] if single else out


def atleast_1d(*tensors):
    return _atleast("atleast_1d", 1, tensors)


def atleast_2d(*tensors):
    return _atleast("atleast_2d", 2, tensors)


def atleast_3d(*tensors):
    return _atleast("atleast_3d", 3, tensors)


def ravel(input):
    """PyTorch's ``contiguous().view(-1)``: a view (ViewBackward0) of the input when it is
    contiguous, else of a contiguous clone (never reshape's copy, UnsafeViewBackward0)."""
    return view(input.contiguous(), (-1,))


def column_stack(tensors, *, out=None):
    if out is not None:
        refuse_out("column_stack")
    columns = [reshape(t, (t._data.size, 1)) if t._data.ndim <= 1 else t for t in tensors]
    return cat(columns, 1)


def dstack(tensors, *, out=None):
    return cat([_at_least(t, 3) for t in tensors], 2) if out is None else refuse_out("dstack")


def concatenate(tensors, dim=0, *, axis=None, out=None):
    """``axis`` is NumPy's name for ``dim``, which PyTorch accepts too."""
    return cat(tensors, dim if axis is None else axis, out=out)


def cartesian_prod(*tensors):
    for t in tensors:
        if t._data.ndim != 1:
            raise RuntimeError("Expect a 1D vector, but got shape "
                               f"[{', '.join(map(str, t._data.shape))}]")
    if len(tensors) == 1:
        return tensors[0]
    if any(t._data.dtype != tensors[0]._data.dtype for t in tensors):  # (meshgrid's check)
        raise RuntimeError("meshgrid expects all tensors to have the same dtype")
    sizes = tuple(t._data.size for t in tensors)
    grids = []
    for i, t in enumerate(tensors):  # meshgrid's grids (views), all of them first
        shape = [1] * len(tensors)
        shape[i] = -1
        grids.append(t.view(shape).expand(sizes))
    return stack([grid.flatten() for grid in grids], 1)  # (each flattened by reshape)


class Rot90Backward0(Op):
    """A rotated copy (not a view), laid out as PyTorch's: no turn, a contiguous clone; else a
    copy flipped along the dims to flip (in the input's layout, as PyTorch's flip), for a
    quarter or three-quarter turn seen through a transposed view (non-contiguous strides)."""

    supports_complex = True  # (moves elements; so does its backward)

    def forward(self, a, k, dims):
        self.k, self.dims = k, dims
        x = a._data
        dim0, dim1 = dims
        if k == 0:  # (PyTorch's: a contiguous clone)
            return x.copy()
        out = np.array(np.flip(x, ((), (dim1,), dims, (dim0,))[k]), order="K")
        return out.swapaxes(dim0, dim1) if k % 2 else out

    def backward(self, grad):
        return Rot90Backward0.apply(grad, (4 - self.k) % 4, self.dims)


def rot90(input, k=1, dims=(0, 1)):
    dims = list(dims)
    ndim = input._data.ndim
    if len(dims) != 2:
        raise RuntimeError(f"expected total rotation dims == 2, but got dims = {len(dims)}")
    if ndim < 2:
        raise RuntimeError(f"expected total dims >= 2, but got total dims = {ndim}")
    dim0, dim1 = _wrap_dim(dims[0], ndim), _wrap_dim(dims[1], ndim)
    if dim0 == dim1:
        raise RuntimeError(f"expected rotation dims to be different, but got dim0 = {dim0} and "
                           f"dim1 = {dim1}")
    return Rot90Backward0.apply(input, int(k) % 4, (dim0, dim1))


class DiagEmbedBackward0(Op):
    """The last dim of the input on a diagonal (``offset``) of the plane ``dim1`` x ``dim2``
    of a new tensor of zeros."""

    supports_complex = True  # (moves elements; so does its backward)

    def forward(self, a, offset, dim1, dim2):
        x = a._data
        self.params = (offset, dim1, dim2)
        size = x.shape[-1] + abs(offset) if x.ndim else 1
        shape = list(x.shape[:-1])
        for d in sorted((dim1, dim2)):
            shape.insert(d, size)
        out = np.zeros(shape, x.dtype)
        diagonal_view(out, offset, dim1, dim2)[...] = x
        return out

    def backward(self, grad):
        return diagonal(grad, *self.params)


def diag_embed(input, offset=0, dim1=-2, dim2=-1):
    ndim = input._data.ndim + 1
    dim1, dim2 = _wrap_dim(dim1, ndim), _wrap_dim(dim2, ndim)
    if dim1 == dim2:
        raise RuntimeError(f"diagonal dimensions cannot be identical {dim1}, {dim2}")
    return DiagEmbedBackward0.apply(input, int(offset), dim1, dim2)


class BlockDiagBackward0(_Variadic):
    """The inputs (as matrices) along the diagonal of a zero matrix."""

    def forward(self, *args):
        *tensors, dtype = args
        blocks = [t._data.reshape(_as_matrix(t._data.shape)) for t in tensors]
        self.places = []
        rows = sum(b.shape[0] for b in blocks)
        cols = sum(b.shape[1] for b in blocks)
        out = np.zeros((rows, cols), dtype.np_dtype)
        r = c = 0
        for t, b in zip(tensors, blocks):
            out[r:r + b.shape[0], c:c + b.shape[1]] = b
            self.places.append((r, c, b.shape, t._data.shape))
            r, c = r + b.shape[0], c + b.shape[1]
        return out

    def backward(self, grad):
        # PyTorch's block_diag_backward: a slice along each dim (recorded even when whole);
        # a 1-d input's (1, n) slice gets squeeze(-1) (which keeps n) and the engine sums it
        # to (n,); a 0-d input's is squeezed twice; an input of shape (0,) gets new zeros.
        # Every input's, also one that needs none: PyTorch's formula computes the whole list
        # (its node hooks see them all)
        grads = []
        for r, c, (h, w), shape in self.places:
            if shape == (0,):
                grads.append(_make(np.zeros(0, grad._data.dtype)))
            else:
                block = grad.narrow(0, r, h).narrow(1, c, w)
                if len(shape) < 2:
                    block = block.squeeze(-1)
                    if not shape:
                        block = block.squeeze(-1)
                grads.append(block)
        return tuple(grads)


def _as_matrix(shape):
    return (1, 1) if not shape else (1, shape[0]) if len(shape) == 1 else shape


def block_diag(*tensors):
    for i, t in enumerate(tensors):
        if t._data.ndim > 2:
            raise RuntimeError("torch.block_diag: Input tensors must have 2 or fewer "
                               f"dimensions. Input {i} has {t._data.ndim} dimensions")
    if not tensors:
        return _make(np.zeros((1, 0), _dtype.get_default_dtype().np_dtype))
    return BlockDiagBackward0.apply_list(list(tensors), _dtype.result_type(tensors))
