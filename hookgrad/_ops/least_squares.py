"""``torch.linalg.lstsq``: the least-squares solution X of A X ~ B (its minimum-norm one for
a rank-deficient A), with PyTorch's four outputs for each LAPACK driver: ``residuals`` (the
squared residual norms, only when m > n, the driver is not gelsy and every A has full rank),
``rank`` (not for gels) and ``singular_values`` (gelsd and gelss only). One
``LinalgLstsqBackward0`` node; its gradient goes through ``pinv`` as PyTorch's does (so it
differentiates again). With MKL installed the solution is the driver's own, computed by
MKL's LAPACK as PyTorch computes it (gelsy's column pivots start free: PyTorch leaves them
uninitialised, so its gelsy solutions change between identical calls in the last bits).
Without it, it comes from an SVD: for full-rank inputs every driver's solution is the same,
up to rounding; for rank-deficient ones, the rank is decided by rcond * the largest singular
value (gelsy's pivoted QR may draw that line elsewhere)."""
import numpy as np

from .._tensor_base import _make
from . import mkl_lapack
from .matrix_functions import LinAlgError
from .op import Op, broadcast_error, refuse_out, return_type, type_name
from .packed_on_error import checked
from .pseudo_inverse import LinalgPinvBackward0, pinv_backward
from .sum_order import sum_array

lstsq_type = return_type("linalg_lstsq", ("solution", "residuals", "rank", "singular_values"))
_DRIVERS = ("gels", "gelsy", "gelsd", "gelss")


def _check(a, b, driver):
    name = "torch.linalg.lstsq"
    if a.ndim < 2:
        raise RuntimeError(f"{name}: input must have at least 2 dimensions.")
    if b.ndim < 1:
        raise RuntimeError(f"{name}: other must have at least 1 dimension.")
    if a.dtype != b.dtype:
        raise RuntimeError(f"{name}: Expected input and other to have the same dtype, but got "
                           f"input's dtype {type_name(a)} and other's dtype {type_name(b)}")
    dim_diff = a.ndim - b.ndim
    if not 0 <= dim_diff <= 1:
        raise RuntimeError(f"{name}: input.dim() must be greater or equal to other.dim() and "
                           "(input.dim() - other.dim()) <= 1")
    # PyTorch's rule: B is a (batch of) vector(s) when 1-d or shaped as A without its last
    # dim; its batch dims are all but its last one whenever it has one dim fewer than A
    vector = b.ndim == 1 or (dim_diff == 1 and b.shape == a.shape[:-1])
    if a.shape[-2] != b.shape[-1 if vector else -2]:
        raise RuntimeError(f"{name}: input.size(-2) should match other.size("
                           f"{-1 if vector else -2})")
    other_batch = b.shape[:-1] if dim_diff else b.shape[:-2]
    try:
        batch = np.broadcast_shapes(a.shape[:-2], other_batch)
    except ValueError:
        raise broadcast_error([a.shape[:-2], other_batch]) from None
    if a.dtype.kind not in "fV" or a.dtype.itemsize < 4:
        raise RuntimeError("This function doesn't handle types other than float and double")
    if driver not in _DRIVERS:
        raise RuntimeError(f"{name}: parameter `driver` should be one of "
                           "(gels, gelsy, gelsd, gelss)")
    return vector, batch


class LinalgLstsqBackward0(Op):
    arity = 2
    saved_names = ("b", "self", "solution")  # (PyTorch's order)

    def forward(self, a, b, solution, residuals, vector):
        self.vector = vector
        self.save(b, a)
        return solution, residuals

    def backward(self, g_solution, g_residuals):
        b, a, solution = self.saved()
        if self.vector:
            b, solution = b.unsqueeze(-1), solution.unsqueeze(-1)
            g_solution = None if g_solution is None else g_solution.unsqueeze(-1)
        grad_a = grad_b = None
        if g_solution is not None:  # X = pinv(A) B
            p = LinalgPinvBackward0.apply(a, None, None, False)
            grad_a = pinv_backward(g_solution @ b.mT, p, a) if self.needs(0) else None
            grad_b = p.mT @ g_solution if self.needs(1) else None
        if g_residuals is not None and g_residuals.numel():
            # r = |A X - B|^2 per column, X optimal (A^T (A X - B) = 0): dr = 2 (AX - B) dA X
            # - 2 (AX - B) dB, X's own change contributing nothing
            weighted = (a @ solution - b) * g_residuals.unsqueeze(-2) * 2
            if self.needs(0):
                term = weighted @ solution.mT
                grad_a = term if grad_a is None else grad_a + term
            if self.needs(1):
                grad_b = -weighted if grad_b is None else grad_b - weighted
        if self.vector and grad_b is not None:
            grad_b = grad_b.squeeze(-1)
        return grad_a, grad_b


def _solve(x, y, rcond):
    """(solution, rank, singular values) of each least-squares problem (y a matrix)."""
    m, n = x.shape[-2:]
    # (a matrix holding an inf or NaN: NaN factors, where NumPy's LAPACK would loop without
    # end; PyTorch's drivers differ there, and fail an internal assert on a NaN)
    bad = ~np.isfinite(x).all(axis=(-2, -1))
    u, s, vh = np.linalg.svd(np.where(bad[..., None, None], 0, x), full_matrices=False)
    if bad.any():
        u[bad], s[bad], vh[bad] = np.nan, np.nan, np.nan
    limit = rcond * s.max(-1, keepdims=True, initial=0)
    keep = s > limit
    with np.errstate(divide="ignore"):
        inverted = np.where(keep, 1 / np.where(keep, s, 1), 0)
    projected = (np.swapaxes(u, -1, -2) @ y) * inverted[..., :, None]
    return np.swapaxes(vh, -1, -2) @ projected, keep.sum(-1), s


def _raise_for(infos, batched):
    """PyTorch's error for the first problem LAPACK could not solve (an exactly singular
    triangular factor, which gels reports; an infinity can lead there)."""
    failure = mkl_lapack.first_failure(np.maximum(infos, 0), batched)
    if failure is not None:
        _, info, where = failure
        raise LinAlgError(f"torch.linalg.lstsq: {where}The least squares solution could not be "
                          "computed because the input matrix does not have full rank (error "
                          f"code: {info}).")


def _lapack_buffer_view(solution, rows):
    """The solution as PyTorch returns it: the first n rows of the column-major buffer of
    max(m, n) rows that LAPACK solved B in (its strides show it)."""
    n = solution.shape[-2]
    buffer = np.empty(solution.shape[:-2] + (solution.shape[-1], rows), solution.dtype)
    buffer[..., :n] = np.swapaxes(solution, -1, -2)
    return np.swapaxes(buffer, -1, -2)[..., :n, :]


def lstsq(A, B, rcond=None, *, driver=None, out=None):
    """``torch.linalg.lstsq``: (solution, residuals, rank, singular_values)."""
    if out is not None:
        refuse_out("linalg.lstsq")
    x, y = A._data, B._data
    driver = "gelsy" if driver is None else driver
    # (the kernel's checks, after the node saves B and A: packed_on_error.py)
    vector, batch = checked(_check, (A, B), lambda: (B, A), x, y, driver)
    m, n = x.shape[-2:]
    if rcond is None:
        rcond = np.finfo(x.dtype).eps * max(m, n)
    rhs = y[..., None] if vector else y
    x = np.broadcast_to(x, batch + x.shape[-2:])
    rhs = np.broadcast_to(rhs, batch + rhs.shape[-2:])
    exact = mkl_lapack.covers(x)
    with np.errstate(all="ignore"):
        if exact:
            buffer, rank, singular, infos = mkl_lapack.least_squares(x, rhs, driver, rcond)
            _raise_for(infos, len(batch) > 0)
            solution = buffer[..., :n, :]
        else:
            solution, rank, singular = _solve(x, rhs, rcond)
        full_rank = bool((rank == n).all())
        if m > n and driver != "gelsy" and (driver == "gels" or full_rank):
            # PyTorch's: the squares of the rows LAPACK leaves below the solution, summed
            residuals = sum_array(np.square(buffer[..., n:, :]), (buffer.ndim - 2,), False) \
                if exact else ((x @ solution - rhs) ** 2).sum(-2)  # (a vector's keeps its 1)
        else:
            residuals = np.zeros((0,), x.dtype)
    solution = _lapack_buffer_view(solution.astype(x.dtype, copy=False), max(m, n))
    solution = solution[..., 0] if vector else solution
    solution, residuals = LinalgLstsqBackward0.apply(A, B, solution,
                                                     residuals.astype(x.dtype), vector)
    if solution._grad_fn is not None:
        solution._grad_fn._save_output(solution)
    rank = np.zeros((0,), np.int64) if driver == "gels" else rank.astype(np.int64)
    singular = singular.astype(x.dtype) if driver in ("gelsd", "gelss") else np.zeros(
        (0,), x.dtype)
    return lstsq_type(solution, residuals, _make(rank), _make(singular))
