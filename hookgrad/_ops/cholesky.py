"""The Cholesky factorisation: ``torch.linalg.cholesky`` / ``cholesky_ex`` (one
``LinalgCholeskyExBackward0`` node) and the deprecated ``torch.cholesky`` (its own
``CholeskyBackward0``), with PyTorch's not-positive-definite error naming the first leading
minor that fails, and ``cholesky_ex``'s ``info`` (that order, or 0) instead of the error."""
import numpy as np

from .._tensor_base import _make
from .._warn_once import warn_once
from . import mkl_lapack
from .arithmetic import MulBackward1
from .decompositions import check_matrix, return_type
from .matrix_functions import LinAlgError, lapack_layout
from .op import Op, refuse_out
from .triangular_solve import solve_triangular

cholesky_ex_type = return_type("linalg_cholesky_ex", ("L", "info"))


def _unblocked_lower(a):
    """LAPACK's unblocked potf2 on one lower triangle: (L, 0), or (the partial factor LAPACK
    leaves behind, k) when the leading minor of order k is not positive-definite."""
    factor = np.tril(np.array(a, np.float64))
    n = factor.shape[0]
    with np.errstate(all="ignore"):
        for j in range(n):
            pivot = factor[j, j] - factor[j, :j] @ factor[j, :j]
            if not pivot > 0:  # (NaN fails too, as LAPACK's check)
                factor[j, j] = pivot
                return factor, j + 1
            factor[j, j] = np.sqrt(pivot)
            factor[j + 1:, j] = (factor[j + 1:, j] - factor[j + 1:, :j] @ factor[j, :j]) \
                / factor[j, j]
    return factor, 0


def _factor(x, upper):
    """(L or U, info) of each matrix, reading the lower (or, with ``upper``, upper) triangle:
    MKL's potrf where it is installed, as PyTorch's; NumPy's LAPACK otherwise."""
    if x.size and mkl_lapack.covers(x):
        factor, infos = mkl_lapack.potrf(x, upper)
        return factor, infos.astype(np.int32).reshape(x.shape[:-2])
    lower_source = np.swapaxes(x, -1, -2) if upper else x
    info = np.zeros(x.shape[:-2], np.int32)
    try:
        with np.errstate(all="ignore"):
            factor = np.linalg.cholesky(np.tril(lower_source)
                                        + np.swapaxes(np.tril(lower_source, -1), -1, -2))
        if not np.isfinite(factor).all() and np.isfinite(x).all():
            raise np.linalg.LinAlgError
    except np.linalg.LinAlgError:
        flat = lower_source.reshape((-1,) + x.shape[-2:])
        parts = [_unblocked_lower(m) for m in flat]
        factor = np.stack([p[0] for p in parts]).reshape(x.shape)
        info = np.array([p[1] for p in parts], np.int32).reshape(x.shape[:-2])
    factor = factor.astype(x.dtype)
    if not np.isfinite(x).all():  # a NaN pivot: LAPACK's failure at that order
        flat = lower_source.reshape((-1,) + x.shape[-2:])
        parts = [_unblocked_lower(m) for m in flat]
        info = np.array([p[1] for p in parts], np.int32).reshape(x.shape[:-2])
    return (np.swapaxes(factor, -1, -2) if upper else factor), info


def _raise_for(info, name, batched):
    failure = mkl_lapack.first_failure(info.reshape(-1), batched)
    if failure is not None:
        _, order, where = failure
        raise LinAlgError(f"{name}: {where}The factorization could not be completed because the "
                          "input is not positive-definite (the leading minor of order "
                          f"{order} is not positive-definite).")


class LinalgCholeskyExBackward0(Op):
    saved_names = ("L", "upper")
    saves_output = True

    def _wrapped_number(self, name):  # (the argument PyTorch saves beside the factor)
        return self.upper if name == "upper" else None

    def forward(self, a, upper, check_errors, name):
        x = a._data
        # (torch.cholesky reaches the kernel's dtype check first)
        check_matrix(x, name, square=True, kernel="cholesky_cpu",
                     kernel_first=name == "cholesky")
        self.upper = upper
        factor, info = _factor(x, upper)
        if check_errors:
            _raise_for(info, name, x.ndim > 2)
        self.info = info
        return lapack_layout(factor)

    def backward(self, grad):
        (factor,) = self.saved()
        return cholesky_grad(factor, grad, self.upper)


class CholeskyBackward0(LinalgCholeskyExBackward0):
    saved_names = ("result", "upper")


def cholesky_grad(factor, grad, upper):
    """A = L L^H: gA = L^{-H} Phi L^{-1}, Phi = tril(L^H gL) with its strict lower triangle
    mirrored and everything halved (A is read as a symmetric matrix). PyTorch's order of
    operations, so that the graph under create_graph and the rounding are its own."""
    lower = factor.mH if upper else factor
    g = grad.mH if upper else grad
    phi = (lower.mH @ g).tril()
    phi = MulBackward1.apply(phi + phi.tril(-1).mH, 0.5)  # (C++'s 0.5 * Tensor: a Scalar)
    inner = solve_triangular(lower.mH, phi, upper=True, left=True)  # L^{-H} Phi
    return solve_triangular(lower, inner, upper=False, left=False)  # ... L^{-1}


def linalg_cholesky(A, *, upper=False, out=None):
    """``torch.linalg.cholesky``: L lower triangular with A = L L^T (U = L^T with upper)."""
    if out is not None:
        refuse_out("linalg.cholesky")
    return LinalgCholeskyExBackward0.apply(A, upper, True, "linalg.cholesky")


def cholesky_ex(A, *, upper=False, check_errors=False, out=None):
    """``torch.linalg.cholesky_ex``: (L, info), info the order of the first leading minor that
    is not positive-definite (0 when factored), no error unless ``check_errors``."""
    if out is not None:
        refuse_out("linalg.cholesky_ex")
    factor = LinalgCholeskyExBackward0.apply(A, upper, check_errors, "linalg.cholesky")
    node = factor._grad_fn
    info = node.info if node is not None else _factor(A._data, upper)[1]
    return cholesky_ex_type(factor, _make(np.asarray(info, np.int32)))


def cholesky(input, upper=False, *, out=None):
    """``torch.cholesky`` (deprecated in PyTorch) / ``Tensor.cholesky``."""
    warn_once("torch.cholesky", "torch.cholesky is deprecated in favor of "
              "torch.linalg.cholesky and will be removed in a future PyTorch release.\n"
              "L = torch.cholesky(A)\nshould be "
              "replaced with\nL = torch.linalg.cholesky(A)\nand\nU = torch.cholesky(A, "
              "upper=True)\nshould be replaced with\nU = torch.linalg.cholesky(A).mH\nThis "
              "transform will produce equivalent results for all valid (symmetric positive "
              "definite) inputs. (Triggered internally at /__w/pytorch/pytorch/aten/src/ATen/"
              "native/BatchLinearAlgebra.cpp:1765.)", stacklevel=2)
    if out is not None:
        refuse_out("cholesky")
    return CholeskyBackward0.apply(input, upper, True, "cholesky")
