"""Diagonals: ``diagonal`` (a view, as in PyTorch), ``diag`` and ``trace``, with PyTorch's node
names."""
import numpy as np
from numpy.lib.stride_tricks import as_strided

from .._tensor_base import _make, _wrap_dim
from .op import Op, ViewOp, plain_backward, refuse_out


def diagonal_view(x, offset, dim1, dim2):
    """A writeable view of the diagonal of ``x`` in ``dim1`` x ``dim2`` (np.diagonal's is
    read-only), moved to the last dim."""
    start = [slice(None)] * x.ndim
    start[dim2 if offset >= 0 else dim1] = slice(abs(offset), None)
    y = x[tuple(start)]
    n = max(0, min(y.shape[dim1], y.shape[dim2]))
    rest = [d for d in range(x.ndim) if d not in (dim1, dim2)]
    return as_strided(y, tuple(y.shape[d] for d in rest) + (n,),
                      tuple(y.strides[d] for d in rest) + (y.strides[dim1] + y.strides[dim2],))


class DiagonalBackward0(ViewOp):
    view_array = staticmethod(diagonal_view)

    def backward(self, grad):
        return _DiagonalGrad.apply(grad, self.shape, *self.params)


class _DiagonalGrad(Op):
    """Zeros with ``grad`` on the diagonal: the adjoint of ``diagonal``."""

    supports_complex = True  # (moves elements; so does its backward)

    node_name = "DiagonalBackwardBackward0"

    def forward(self, grad, shape, offset, dim1, dim2):
        self.params = (offset, dim1, dim2)
        out = np.zeros(shape, grad._data.dtype)
        diagonal_view(out, offset, dim1, dim2)[...] = grad._data
        return out

    def backward(self, grad):
        return DiagonalBackward0.apply(grad, *self.params)


def diagonal(input, offset=0, dim1=0, dim2=1):
    ndim = input._data.ndim
    given = dim1, dim2
    dim1, dim2 = _wrap_dim(dim1, ndim), _wrap_dim(dim2, ndim)
    if dim1 == dim2:  # (PyTorch prints the dims as they were given)
        raise RuntimeError(f"diagonal dimensions cannot be identical {given[0]}, {given[1]}")
    return DiagonalBackward0.apply(input, offset, dim1, dim2)


class TraceBackward0(Op):
    supports_complex = True  # (a running sum, in complex128 for complex64, as PyTorch's)

    def forward(self, a):
        x = a._data
        if x.dtype.kind == "b":  # (its kernel's dtype dispatch, before the rank check)
            raise NotImplementedError("\"trace\" not implemented for 'Bool'")
        if x.ndim != 2:
            raise RuntimeError(f"trace: expected a matrix, but got tensor with dim {x.ndim}")
        self.shape = x.shape
        # (an integer trace sums into int64, as sum does; np.trace warns)
        dtype = np.dtype(np.int64) if x.dtype.kind in "iu" else x.dtype
        diagonal = np.diagonal(x)
        if not diagonal.size or dtype.kind not in "fc" or dtype.itemsize < 4:
            return np.asarray(np.add.reduce(diagonal, dtype=dtype), dtype=dtype)
        # PyTorch's kernel: one running sum in order from 0, in double for float
        # (complex<double> for complex<float>), cast at the end (+ 0: its start, which makes
        # a sum of -0 values +0 and changes nothing else)
        with np.errstate(all="ignore"):
            wide = np.complex128 if dtype.kind == "c" else np.float64
            return np.asarray(np.cumsum(diagonal, dtype=wide)[-1] + 0, dtype=dtype)

    def backward(self, grad):
        if plain_backward():
            out = np.zeros(self.shape, grad._data.dtype)
            diagonal_view(out, 0, 0, 1)[...] = grad._data
            return _make(out)
        # PyTorch's composition, recorded: the gradient filled into the diagonal's positions
        # of flat zeros (IndexFillBackward1), viewed as the matrix (ViewBackward0)
        rows, cols = self.shape
        flat = _make(np.zeros(rows * cols, grad._data.dtype))
        positions = _make(np.arange(min(rows, cols), dtype=np.int64) * (cols + 1))
        return flat.index_fill_(0, positions, grad).view(self.shape)


def trace(input):
    return TraceBackward0.apply(input)


class DiagEmbedBackward0(Op):
    """``diag`` of a vector: a square matrix with the vector on diagonal ``offset``."""

    supports_complex = True  # (moves elements; so does its backward)

    def forward(self, a, offset):
        v = a._data
        n = v.shape[0] + abs(offset)
        out = np.zeros((n, n), v.dtype)
        diagonal_view(out, offset, 0, 1)[...] = v
        self.offset = offset
        return out

    def backward(self, grad):
        return DiagonalBackward0.apply(grad, self.offset, 0, 1)


class _DiagonalCopy(Op):
    """``diag`` of a matrix: a copy of diagonal ``offset``."""

    supports_complex = True  # (moves elements; so does its backward)

    node_name = "DiagonalBackward0_copy"

    def forward(self, a, offset):
        self.shape, self.offset = a._data.shape, offset
        return diagonal_view(a._data, offset, 0, 1).copy()

    def backward(self, grad):
        return _DiagonalGrad.apply(grad, self.shape, self.offset, 0, 1)


_DiagonalCopy.__name__ = _DiagonalCopy.__qualname__ = "DiagonalBackward0_copy"  # PyTorch's


def diag(input, diagonal=0, *, out=None):
    if out is not None:
        refuse_out("diag")
    ndim = input._data.ndim
    if ndim == 1:
        return DiagEmbedBackward0.apply(input, diagonal)
    if ndim == 2:
        return _DiagonalCopy.apply(input, diagonal)
    raise RuntimeError("diag(): Supports 1D or 2D tensors. Got " + f"{ndim}D")
