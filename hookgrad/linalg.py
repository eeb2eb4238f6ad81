"""``torch.linalg``: the norms (vector norms of any order; Frobenius and the 1 / inf matrix
norms), ``det``, ``inv``, ``cross``, and the matrix functions orthogonal parametrizations use
(``matrix_exp``, ``solve``, ``householder_product``). Decompositions are not implemented
here."""
import math

import numpy as np

from ._ops import reduce as _reduce
from ._ops.determinant import linalg_det as det
from ._ops.determinant import linalg_inv as inv
from ._ops.matrix_functions import LinAlgError, householder_product, matrix_exp, solve
from ._ops.products import linalg_cross as cross
from ._tensor_base import _make

__all__ = ["vector_norm", "matrix_norm", "norm", "det", "inv", "cross", "householder_product",
           "matrix_exp", "solve", "LinAlgError"]


def vector_norm(x, ord=2, dim=None, keepdim=False, *, dtype=None):
    if isinstance(ord, str):
        raise RuntimeError(f"linalg.vector_norm: ord must be a number, got {ord!r}")
    return _reduce.norm(x, ord, dim, keepdim, dtype=dtype)  # (summed in dtype: no cast node)


def matrix_norm(A, ord="fro", dim=(-2, -1), keepdim=False, *, dtype=None):
    if A._data.ndim < 2:
        raise RuntimeError("linalg.matrix_norm: The input tensor A must have at least 2 "
                           "dimensions.")
    if dtype is not None:
        A = A.to(dtype)
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
    raise NotImplementedError(f"linalg.matrix_norm(ord={ord!r}) needs singular values, which "
                              "hookgrad does not compute; 'fro', 1, -1, inf and -inf work")


def norm(A, ord=None, dim=None, keepdim=False, *, dtype=None):
    """A vector norm when ``dim`` is an int or the input is 1-d (or ``ord`` is None), a matrix
    norm when ``dim`` is a pair or the input is 2-d."""
    ndim = A._data.ndim
    if isinstance(dim, int):
        dim = (dim,)
    if ord is None:
        return vector_norm(A, 2, dim, keepdim, dtype=dtype)
    if (dim is not None and len(dim) == 2) or (dim is None and ndim == 2):
        return matrix_norm(A, ord, dim if dim is not None else (-2, -1), keepdim, dtype=dtype)
    if dim is None and ndim != 1:
        raise RuntimeError(f"linalg.norm: If dim is not specified but ord is, the input must be "
                           f"1D or 2D. Got {ndim}D.")
    return vector_norm(A, ord, dim, keepdim, dtype=dtype)
