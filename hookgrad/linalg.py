"""``torch.linalg``: the norms (vector norms of any order; Frobenius, 1 / inf, spectral (2 / -2)
and nuclear matrix norms), ``svdvals``, ``det``, ``inv``, ``cross``, and the matrix functions
orthogonal parametrizations use (``matrix_exp``, ``solve``, ``householder_product``). Other
decompositions are not implemented here."""
import math

import numpy as np

from ._ops import reduce as _reduce
from ._ops.cholesky import cholesky_ex
from ._ops.cholesky import linalg_cholesky as cholesky
from ._ops.complex_support import check_real_array
from ._ops.decompositions import eigh, eigvalsh
from ._ops.decompositions import linalg_qr as qr
from ._ops.decompositions import linalg_svd as svd
from ._ops.determinant import linalg_det as det
from ._ops.determinant import linalg_inv as inv
from ._ops.inverse_ex import inv_ex
from ._ops.least_squares import lstsq
from ._ops.linalg import matmul  # (torch.linalg.matmul is torch.matmul)
from ._ops.log_determinant import linalg_slogdet as slogdet
from ._ops.matrix_chain import multi_dot
from ._ops.matrix_derived import matrix_power
from ._ops.matrix_functions import LinAlgError, householder_product, matrix_exp, solve
from ._ops.op import type_name
from ._ops.products import linalg_cross as cross
from ._ops.pseudo_inverse import matrix_rank, pinv
from ._ops.svd import svdvals
from ._ops.triangular_solve import solve_triangular
from ._ops.vandermonde import vander
from ._tensor_base import _make

__all__ = ["vector_norm", "matrix_norm", "norm", "det", "inv", "cross", "householder_product",
           "matrix_exp", "solve", "LinAlgError", "svdvals"]
__all__ += ["matmul", "diagonal", "vecdot"]
__all__ += ["svd", "qr", "cholesky", "cholesky_ex", "eigh", "eigvalsh", "slogdet",
            "solve_triangular", "pinv", "matrix_rank", "multi_dot", "inv_ex",
            "vander", "lstsq", "matrix_power"]


def vector_norm(x, ord=2, dim=None, keepdim=False, *, dtype=None):
    if isinstance(ord, str):
        raise RuntimeError(f"linalg.vector_norm: ord must be a number, got {ord!r}")
    return _reduce.norm(x, ord, dim, keepdim, dtype=dtype)  # (summed in dtype: no cast node)


def matrix_norm(A, ord="fro", dim=(-2, -1), keepdim=False, *, dtype=None):
    A, dim = _checked_matrix_norm_args(A, ord, dim, dtype)
    if ord == "fro":
        return _reduce.norm(A, 2, dim, keepdim)
    if ord in (1, -1, math.inf, -math.inf):
        # largest / smallest absolute column sum (1) or row sum (inf)
        rows, cols = (d % A._data.ndim for d in dim)
        summed, over = (rows, cols) if ord in (1, -1) else (cols, rows)
        sums = vector_norm(A, 1, (summed,), keepdim)  # (as PyTorch: one node)
        if not keepdim and summed < over:
            over -= 1
        if ord > 0 and not sums._data.shape[over]:  # the largest of no sums: PyTorch's 0
            shape = list(sums._data.shape)
            shape[over:over + 1] = [1] if keepdim else []
            return _make(np.zeros(shape, sums._data.dtype))
        return sums.amax(over, keepdim=keepdim) if ord > 0 else sums.amin(over, keepdim=keepdim)
    if ord in (2, -2, "nuc"):
        return _singular_value_norm(A, ord, dim, keepdim)
    raise RuntimeError(f"linalg.matrix_norm: Order {ord} not supported.")


def _checked_matrix_norm_args(A, ord, dim, dtype):
    """PyTorch's checks of matrix_norm's arguments, in its order; the input in ``dtype`` and
    ``dim`` as a pair of non-negative dimensions."""
    data = A._data
    if data.ndim < 2:
        raise RuntimeError("linalg.matrix_norm: The input tensor A must have at least 2 "
                           "dimensions.")
    if isinstance(dim, int) or len(dim) != 2:
        shown = dim if isinstance(dim, int) else " ".join(map(str, dim))
        raise RuntimeError(f"linalg.matrix_norm: dim must be a 2-tuple. Got {shown}")
    if ord not in ("fro", "nuc", 1, -1, 2, -2, math.inf, -math.inf):
        raise RuntimeError(f"linalg.matrix_norm: Order {ord} not supported.")
    check_real_array("linalg_matrix_norm", data)
    if data.dtype.kind not in "fV":
        raise RuntimeError("linalg.matrix_norm: Expected a floating point or complex tensor as "
                           f"input. Got {type_name(data)}")
    if dtype is not None:
        if not dtype.is_floating_point:
            raise RuntimeError("linalg.matrix_norm: dtype should be floating point or complex, "
                               f"but got {dtype.legacy_name[:-len('Tensor')]}")
        if dtype.itemsize < data.dtype.itemsize:
            raise RuntimeError(f"linalg.matrix_norm: the dtype of the input ({type_name(data)}) "
                               "should be convertible without narrowing to the specified dtype "
                               f"({dtype.legacy_name[:-len('Tensor')]})")
    rows, cols = (_wrap_dim(d, data.ndim) for d in dim)
    if rows == cols:
        raise RuntimeError(f"linalg.matrix_norm: dims must be different. Got ({rows}, {cols})")
    if ord in (2, -2, "nuc") and data.dtype.itemsize < 4:
        raise RuntimeError("linalg.matrix_norm: Low precision dtypes not supported. Got "
                           f"{type_name(data)}")
    return (A if dtype is None else A.to(dtype)), (rows, cols)


def _wrap_dim(d, ndim):
    if not -ndim <= d < ndim:
        raise IndexError(f"Dimension out of range (expected to be in range of [{-ndim}, "
                         f"{ndim - 1}], but got {d})")
    return d % ndim


def _singular_value_norm(A, ord, dim, keepdim):
    """The largest (2) or smallest (-2) singular value, or their sum ('nuc'), of the matrices
    spanned by ``dim``: as PyTorch, ``dim`` is permuted to the end, the singular values reduced
    over their last dimension, and with ``keepdim`` the two dimensions put back."""
    ndim = A._data.ndim
    rows, cols = dim
    order = [d for d in range(ndim) if d not in (rows, cols)] + [rows, cols]
    m, n = A._data.shape[rows], A._data.shape[cols]
    if ord == 2 and not min(m, n):  # the largest of no singular values: PyTorch's 0
        shape = [1 if d in (rows, cols) else size for d, size in enumerate(A._data.shape)]
        zeros = np.zeros(shape, A._data.dtype)
        return _make(zeros if keepdim else zeros.reshape([shape[d] for d in order[:-2]]))
    values = svdvals(A.permute(order))
    if ord == 2:
        result = values.amax(-1, keepdim=keepdim)
    elif ord == -2:
        result = values.amin(-1, keepdim=keepdim)
    else:
        result = values.sum(-1, keepdim=keepdim)
    if not keepdim:
        return result
    return result.unsqueeze(-1).permute([order.index(d) for d in range(ndim)])


def norm(A, ord=None, dim=None, keepdim=False, *, dtype=None):
    """A vector norm when ``dim`` is an int or the input is 1-d (or ``ord`` is None), a matrix
    norm when ``dim`` is a pair or the input is 2-d."""
    ndim = A._data.ndim
    if ord is None:
        return vector_norm(A, 2, (dim,) if isinstance(dim, int) else dim, keepdim, dtype=dtype)
    if dim is None and ndim not in (1, 2):
        raise RuntimeError(f"linalg.norm: If dim is not specified but ord is, the input must be "
                           f"1D or 2D. Got {ndim}D.")
    if isinstance(ord, str):  # (PyTorch: a string order is a matrix norm's, whatever dim is)
        return matrix_norm(A, ord, dim if dim is not None else (-2, -1), keepdim, dtype=dtype)
    if isinstance(dim, int):
        dim = (dim,)
    if (dim is not None and len(dim) == 2) or (dim is None and ndim == 2):
        return matrix_norm(A, ord, dim if dim is not None else (-2, -1), keepdim, dtype=dtype)
    return vector_norm(A, ord, dim, keepdim, dtype=dtype)


def diagonal(A, *, offset=0, dim1=-2, dim2=-1):
    """``torch.linalg.diagonal``: ``torch.diagonal`` with the last two dims as its default."""
    return A.diagonal(offset, dim1, dim2)


def vecdot(x, y, *, dim=-1):
    """``torch.linalg.vecdot``: ``sum(conj(x) * y, dim)``, as PyTorch records it (a
    multiplication node, then a sum)."""
    if x.dtype != y.dtype:
        raise RuntimeError(f"linalg.vecdot: Expected x and y to have the same dtype, but found "
                           f"x of type {type_name(x._data)} and y of type "
                           f"{type_name(y._data)} instead")
    if not (x.dtype.is_floating_point or x.dtype.is_complex):
        raise RuntimeError("linalg.vecdot: Expected a floating point or complex tensor as "
                           f"input. Got {type_name(x._data)}")
    return (x.conj() * y).sum(dim)
