"""The orthogonal decompositions: ``torch.linalg.svd`` (``torch.svd``), ``torch.linalg.qr``
(``torch.qr``) and ``torch.linalg.eigh`` / ``eigvalsh``, each one node with PyTorch's name
(``LinalgSvdBackward0``, ``LinalgQrBackward0``, ``LinalgEighBackward0``), PyTorch's outputs
and return types, and gradients written with tensor ops (so they differentiate again).

The factors come from NumPy's LAPACK, which may choose other signs for singular / eigen
vectors than PyTorch's: PyTorch documents them as unique only up to sign, so only
sign-invariant functions of them can be compared. QR's R carries LAPACK's Householder sign
convention (R's diagonal negative where the column's leading entry was positive), the same
in both."""
import numpy as np

from .._tensor_base import _make
from .._warn_once import warn_once
from ..autograd.grad_mode import is_grad_enabled
from . import mkl_lapack
from .complex_support import check_real_array
from .inplace import apply_inplace
from .matrix_functions import LinAlgError, lapack_layout
from .op import Op, refuse_out, return_type, type_name
from .scalar_forms import MulBackward1
from .shape import cat
from .svd import LinalgSvdBackward0 as _ThinSvd
from .svd import _full_svd_grad, _thin_svd, mkl_svd
from .triangular_solve import solve_triangular

return_types = {
    "linalg_svd": return_type("linalg_svd", ("U", "S", "Vh")),
    "svd": return_type("svd", ("U", "S", "V")),
    "linalg_qr": return_type("linalg_qr", ("Q", "R")),
    "qr": return_type("qr", ("Q", "R")),
    "linalg_eigh": return_type("linalg_eigh", ("eigenvalues", "eigenvectors")),
}


def check_matrix(x, name, square=False, kernel=None, kernel_first=False):
    """PyTorch's checks of a linalg input, in its order: rank, square, floating dtype, then a
    half-precision one: the LAPACK ``kernel``'s "not implemented" (with ``kernel_first`` for
    integers too), or without a kernel, the low-precision error."""
    if x.ndim < 2:
        raise RuntimeError(f"{name}: The input tensor A must have at least 2 dimensions.")
    if square and x.shape[-1] != x.shape[-2]:
        raise RuntimeError(f"{name}: A must be batches of square matrices, but they are "
                           f"{x.shape[-2]} by {x.shape[-1]} matrices")
    check_real_array(name, x)
    if kernel_first and not x.size:  # (no kernel runs on an empty input: any dtype passes)
        return
    floating = x.dtype.kind in "fV"
    if kernel_first and (not floating or x.dtype.itemsize < 4):
        raise NotImplementedError(f'"{kernel}" not implemented for \'{type_name(x)}\'')
    if not floating:
        raise RuntimeError(f"{name}: Expected a floating point or complex tensor as input. "
                           f"Got {type_name(x)}")
    if x.dtype.itemsize < 4:
        if kernel is None:
            raise RuntimeError(f"{name}: Low precision dtypes not supported. Got "
                               f"{type_name(x)}")
        raise NotImplementedError(f'"{kernel}" not implemented for \'{type_name(x)}\'')


# ------------------------------------------------------------------------------------- SVD
class LinalgSvdBackward0(_ThinSvd):
    """``linalg.svd`` with ``full_matrices``: U (m, m) and Vh (n, n); the gradient reads
    their first k = min(m, n) columns / rows only, as PyTorch's."""

    # (saved S first: PyTorch's node unpacks S, U, Vh, so S is the one its version-check
    # error names when several were changed in place)
    saved_names = ("S", "U", "Vh", "full_matrices", "S_sym_argsize_minus_1")
    save_order = (1, 0, 2)

    def _wrapped_number(self, name):  # (the arguments PyTorch saves beside the tensors)
        if name == "full_matrices":
            return self.full_matrices
        return self.k if name == "S_sym_argsize_minus_1" else None

    def forward(self, a, full_matrices, values_only=False):
        x = a._data
        self.full_matrices, self.k = full_matrices, min(x.shape[-2:])
        m, n = x.shape[-2:]
        if values_only and not self._record:  # (torch.svd(compute_uv=False) without grad:
            # PyTorch's LAPACK computes the values alone; U and V are not read)
            return (np.empty(x.shape[:-2] + (0, 0), x.dtype), _thin_svd(x, vectors=False)[1],
                    np.empty(x.shape[:-2] + (0, 0), x.dtype))
        exact = mkl_svd(x, "A") if full_matrices and x.size else None
        if exact is not None:
            return exact
        u, s, vh = _thin_svd(x)
        if full_matrices and max(m, n) > min(m, n) and x.size:
            with np.errstate(all="ignore"):
                u, _, vh = np.linalg.svd(np.nan_to_num(x), full_matrices=True)
            u, vh = u.astype(x.dtype), vh.astype(x.dtype)
        elif full_matrices and not x.size:
            u = np.broadcast_to(np.eye(m, dtype=x.dtype), x.shape[:-2] + (m, m))
            vh = np.broadcast_to(np.eye(n, dtype=x.dtype), x.shape[:-2] + (n, n))
        return lapack_layout(u), s, lapack_layout(vh)

    def backward(self, g_u, g_s, g_vh):
        s, u, vh = self.saved()
        k = s.shape[-1]
        if self.full_matrices:  # (PyTorch's narrows, its last argument first: GCC evaluates
            # a call's arguments right to left)
            vh, u = vh.narrow(-2, 0, k), u.narrow(-1, 0, k)
            g_vh = None if g_vh is None else g_vh.narrow(-2, 0, k)
            g_u = None if g_u is None else g_u.narrow(-1, 0, k)
        if g_u is None and g_vh is None:  # (the diagonal folded into the smaller factor)
            if u.shape[-2] >= vh.shape[-1]:
                return u @ (g_s.unsqueeze(-1) * vh)
            return (u * g_s.unsqueeze(-2)) @ vh
        return _full_svd_grad(u, s, vh, g_u, g_s, g_vh)


def _svd_nodes(A, full_matrices):
    check_matrix(A._data, "linalg.svd", kernel="linalg_svd_cpu")
    return _apply_saving_outputs(LinalgSvdBackward0, A, full_matrices)


def _apply_saving_outputs(node_class, A, *options):
    """The node's outputs, with the node saving them (its backward reads the factors)."""
    outputs = node_class.apply(A, *options)
    for output in outputs:
        if output._data.ndim >= 2 and not output._data.size:
            output._empty_layout = (mkl_lapack.column_major_strides(output._data.shape), 0)
    node = next((output._grad_fn for output in outputs if output._grad_fn is not None), None)
    if node is not None:
        for index in getattr(node_class, "save_order", range(len(outputs))):
            node._save_output(outputs[index])
    return outputs


def linalg_svd(A, full_matrices=True, *, driver=None, out=None):
    """``torch.linalg.svd``: U, S, Vh with A = U diag(S) Vh, S descending."""
    if driver is not None:
        raise RuntimeError("torch.linalg.svd: keyword argument `driver=` is only supported on "
                           "CUDA inputs with cuSOLVER backend.")
    if out is not None:
        refuse_out("linalg.svd")
    return return_types["linalg_svd"](*_svd_nodes(A, full_matrices))


def svd(input, some=True, compute_uv=True, *, out=None):
    """``torch.svd``: U, S, V (V = Vh transposed); without ``compute_uv``, U and V are zero
    matrices (m, m) and (n, n), as PyTorch's."""
    if out is not None:
        refuse_out("svd")
    if not compute_uv:
        x = input._data
        check_matrix(x, "linalg.svd", kernel="linalg_svd_cpu")
        s = _apply_saving_outputs(LinalgSvdBackward0, input, False, True)[1]
        m, n = x.shape[-2:]
        v = np.swapaxes(np.zeros(x.shape[:-2] + (n, n), x.dtype), -1, -2)  # (Vh's transpose)
        return return_types["svd"](_make(np.zeros(x.shape[:-2] + (m, m), x.dtype)), s, _make(v))
    u, s, vh = _svd_nodes(input, not some)
    return return_types["svd"](u, s, vh.transpose(-2, -1))


# -------------------------------------------------------------------------------------- QR
_QR_MODES = ("reduced", "complete", "r")


class LinalgQrBackward0(Op):
    saved_names = ("Q", "R", "mode")

    def _wrapped_number(self, name):
        return self.mode if name == "mode" else None

    def forward(self, a, mode):
        x = a._data
        self.mode = mode
        m, n = x.shape[-2:]
        if not x.size:  # (no factorisation: Q the identity's first columns, R zeros)
            k = m if mode == "complete" else min(m, n)
            q = np.zeros((0,), x.dtype) if mode == "r" else lapack_layout(np.broadcast_to(
                np.eye(m, k, dtype=x.dtype), x.shape[:-2] + (m, k)))
            return q, lapack_layout(np.zeros(x.shape[:-2] + (k, n), x.dtype))
        if mkl_lapack.covers(x):
            q, r = mkl_lapack.qr(x, mode)  # (PyTorch's geqrf and orgqr)
            return (np.zeros((0,), x.dtype) if q is None else q), lapack_layout(r)
        if mode == "r":  # (Q is not computed: an empty tensor, as PyTorch's)
            with np.errstate(all="ignore"):
                return np.zeros((0,), x.dtype), lapack_layout(
                    np.linalg.qr(x, mode="r").astype(x.dtype))
        with np.errstate(all="ignore"):
            q, r = np.linalg.qr(x, mode=mode)
        return lapack_layout(q.astype(x.dtype)), lapack_layout(r.astype(x.dtype))

    def backward(self, g_q, g_r):
        q, r = self.saved()
        if self.mode == "r":
            raise RuntimeError("The derivative of linalg.qr depends on Q, which is not computed "
                               "when mode='r'. Please use linalg.qr(A, mode='reduced') if you "
                               "are going to differentiate through linalg.qr.")
        m, n = q.shape[-2], r.shape[-1]
        if self.mode == "complete" and m > n:
            raise RuntimeError("The QR decomposition is not differentiable when mode='complete' "
                               "and nrows > ncols.")
        return _qr_grad(q, r, g_q, g_r, m, n)


def _qr_grad(q, r, g_q, g_r, m, n):
    """PyTorch's linalg_qr_backward op by op (its nodes under create_graph, in the order its
    compiled formula makes them: GCC evaluates the right operand of an operator first).
    M = gR R^H - Q^H gQ; for m >= n, gA = (Q syminvadj(triu(M)) + gQ) R^{-H}, syminvadj(X) =
    X + X^H with its diagonal halved in place; for m < n, gA = [Q tril(-M + M^H) R1^{-H},
    0] + Q gR."""
    if g_q is not None:
        if g_r is not None:
            right = q.mT @ g_q
            g_a = g_r @ r.mT - right
        else:
            g_a = -(q.mT @ g_q)
    else:
        g_a = g_r @ r.mT
    if m >= n:
        upper = g_a.triu()
        sym = upper + upper.mT
        # (C++'s mul_ by a number: an in-place MulBackward1)
        apply_inplace(sym.diagonal(0, -2, -1), MulBackward1.apply, (0.5,), {})
        g_a = q @ sym
        if g_q is not None:
            g_a = g_a + g_q
        return solve_triangular(r.mT, g_a, upper=False, left=False)
    negated = -g_a
    skew = (negated - negated.mT).tril()
    g_a = q @ skew
    g_a = solve_triangular(r.narrow(-1, 0, m).mT, g_a, upper=False, left=False)
    zeros = _make(np.zeros(r.shape[:-1] + (n - m,), g_a._data.dtype))
    g_a = cat([g_a, zeros], -1)
    if g_r is not None:
        g_a = g_a + q @ g_r
    return g_a


def linalg_qr(A, mode="reduced", *, out=None):
    """``torch.linalg.qr``: Q (orthonormal columns) and R (upper triangular) with A = QR."""
    if out is not None:
        refuse_out("linalg.qr")
    if mode not in _QR_MODES:
        raise RuntimeError(f"qr received unrecognized mode '{mode}' but expected one of "
                           "'reduced' (default), 'r', or 'complete'")
    check_matrix(A._data, "linalg.qr", kernel="geqrf_cpu")
    return return_types["linalg_qr"](*_apply_saving_outputs(LinalgQrBackward0, A, mode))


def qr(input, some=True, *, out=None):
    """``torch.qr`` (deprecated in PyTorch): ``linalg.qr`` with ``some`` for the mode."""
    warn_once("torch.qr", "torch.qr is deprecated in favor of torch.linalg.qr and will be "
              "removed in a future PyTorch release.\nThe boolean parameter 'some' has been "
              "replaced with a "
              "string parameter 'mode'.\nQ, R = torch.qr(A, some)\nshould be replaced with\n"
              "Q, R = torch.linalg.qr(A, 'reduced' if some else 'complete') (Triggered internally "
              "at /__w/pytorch/pytorch/aten/src/ATen/native/BatchLinearAlgebra.cpp:2505.)",
              stacklevel=2)
    if out is not None:
        refuse_out("qr")
    return return_types["qr"](*linalg_qr(input, "reduced" if some else "complete"))


# ------------------------------------------------------------------------------------ eigh
def _non_finite_spectra(read, bad, w, v, vectors):
    """What LAPACK's syevd leaves where it does not fail outright, for the triangle ``read``:
    with no NaN, it scales the matrix by 0 (its largest entry is inf), so an infinity only on
    the diagonal leaves it diagonal (NaN there, zeros off it): NaN values, the identity for
    vectors. A diagonal matrix holding a NaN (computing vectors) keeps its diagonal, ordered by
    dsteqr's selection sort, where no comparison with NaN is true. A 2x2 with a NaN on its
    diagonal and a finite nonzero off-diagonal b goes through dlaev2, where every comparison
    with NaN is false: values -+ |2b| sqrt(2) / 2. A larger one with a NaN fails to converge:
    PyTorch's error, with the code its kernel reported for 585 of 600 random dense matrices
    (n - 1 computing eigenvectors, n - 2 without)."""
    n = read.shape[-1]
    has_nan = np.isnan(read).any(axis=(-2, -1))
    off_diagonal = np.where(np.eye(n, dtype=bool), read.dtype.type(0), read)
    diagonal = (off_diagonal == 0).all(axis=(-2, -1))
    failing = has_nan & ~diagonal
    if n > 2 and failing.any():
        where = f"(Batch element {np.flatnonzero(failing)[0]}): " if read.ndim > 2 else ""
        raise LinAlgError(f"linalg.eigh: {where}The algorithm failed to converge because the "
                          "input matrix is ill-conditioned or has too many repeated eigenvalues "
                          f"(error code: {n - 1 if vectors else n - 2}).")
    off_finite = np.isfinite(off_diagonal).all(axis=(-2, -1))
    v[bad & ~has_nan & off_finite] = np.eye(n, dtype=v.dtype)
    if vectors:
        for index in np.ndindex(has_nan.shape):
            if has_nan[index] and diagonal[index]:
                w[index], v[index] = _selection_sorted(np.diagonal(read[index]))
    if n == 2:
        b = off_diagonal.sum(axis=(-2, -1))  # (the triangle holds the one off-diagonal entry)
        rotated = bad & has_nan & np.isfinite(b) & (b != 0)
        half = np.abs(b + b) * read.dtype.type(np.sqrt(2)) * read.dtype.type(0.5)
        w[rotated] = np.stack([-half, half], axis=-1)[rotated]


def _selection_sorted(values):
    """dsteqr's ascending selection sort of ``values`` and the columns of the identity moved
    with them (a NaN is never smaller, so it stays where it is unless swapped out)."""
    values, order = values.copy(), np.arange(len(values))
    for i in range(len(values) - 1):
        k = i
        for j in range(i + 1, len(values)):
            if values[j] < values[k]:
                k = j
        values[[i, k]], order[[i, k]] = values[[k, i]], order[[k, i]]
    return values, np.eye(len(values), dtype=values.dtype)[:, order]


def _mkl_eigh(x, uplo, vectors):
    """MKL's syevd of each matrix, as PyTorch computes it, raising PyTorch's LinAlgError for
    the first matrix that fails; None without MKL or for another dtype."""
    if not mkl_lapack.covers(x):
        return None
    w, v, infos = mkl_lapack.syevd(x, uplo, vectors)
    failure = mkl_lapack.first_failure(infos, x.ndim > 2)
    if failure is not None:
        _, info, where = failure
        raise LinAlgError(f"linalg.eigh: {where}The algorithm failed to converge because the "
                          "input matrix is ill-conditioned or has too many repeated eigenvalues "
                          f"(error code: {info}).")
    return w, v


def eigh_arrays(x, uplo, vectors=True):
    """(ascending eigenvalues, eigenvectors) of each symmetric matrix whose ``uplo`` triangle
    ``x`` holds, with LAPACK's answers for non-finite entries (see _non_finite_spectra); the
    vectors may be None without ``vectors`` where MKL computes the values alone, as PyTorch's
    kernel does."""
    exact = _mkl_eigh(x, uplo, vectors)
    if exact is not None:
        return exact
    if x.shape[-1] == 1:  # (LAPACK's quick return: the entry, its unit vector, even inf)
        return x[..., 0].copy(), np.ones_like(x)
    # (only the UPLO triangle is read: a non-finite entry in the other one is ignored)
    read = np.tril(x) if uplo == "L" else np.triu(x)
    bad = ~np.isfinite(read).all(axis=(-2, -1))
    with np.errstate(all="ignore"):
        w, v = np.linalg.eigh(np.where(bad[..., None, None], 0, x), UPLO=uplo)
    w, v = w.astype(x.dtype), v.astype(x.dtype)
    if bad.any():
        w[bad], v[bad] = np.nan, np.nan  # (LAPACK's NaNs for a non-finite matrix)
        _non_finite_spectra(read, bad, w, v, vectors)
    return w, v


class LinalgEighBackward0(Op):
    saved_names = ("eigenvalues", "eigenvectors")

    def forward(self, a, option):
        x = a._data
        if not x.size:
            return np.zeros(x.shape[:-1], x.dtype), lapack_layout(x.copy())
        w, v = eigh_arrays(x, *option)
        if v is None:  # (eigvalsh without a gradient to come: the vectors are not read)
            return w, np.empty(x.shape[:-2] + (0, 0), x.dtype)
        return w, v if v.strides[-2] == v.itemsize else lapack_layout(v)

    def backward(self, g_w, g_v):
        w, v = self.saved()
        if g_v is None:  # (V^H first: GCC evaluates a call's arguments right to left)
            v_h = v.mT
            return (v * g_w.unsqueeze(-2)) @ v_h
        # PyTorch's steps (so its nodes under create_graph, and its roundings): the symmetric
        # part of V^T gV over the eigenvalue gaps (a gap of 1 on the diagonal, where the
        # skew-symmetric part is 0), gL on the diagonal, then V (X V^T)
        projected = v.mT @ g_v
        inner = MulBackward1.apply(projected - projected.mT, 0.5)
        column = w.unsqueeze(-1)  # (GCC evaluates the right operand of - first)
        gaps = w.unsqueeze(-2) - column
        gaps.diagonal(0, -2, -1).fill_(1)
        inner.div_(gaps)  # (in place, as PyTorch's: it saves a clone of what it divides)
        if g_w is not None:
            inner.diagonal(0, -2, -1).copy_(g_w)
        return v @ (inner @ v.mT)


def _eigh_outputs(A, UPLO, name, vectors=True):
    if UPLO not in ("L", "U"):
        raise RuntimeError(f"Expected UPLO argument to be 'L' or 'U', but got {UPLO}")
    check_matrix(A._data, name, square=True, kernel="linalg_eigh_cpu", kernel_first=True)
    return _apply_saving_outputs(LinalgEighBackward0, A, (UPLO, vectors))


def eigh(A, UPLO="L", *, out=None):
    """``torch.linalg.eigh``: ascending eigenvalues and orthonormal eigenvectors (columns) of
    the symmetric matrix whose ``UPLO`` triangle A holds."""
    if out is not None:
        refuse_out("linalg.eigh")
    return return_types["linalg_eigh"](*_eigh_outputs(A, UPLO, "linalg.eigh"))


def eigvalsh(A, UPLO="L", *, out=None):
    """``torch.linalg.eigvalsh``: the eigenvalues of ``eigh``, ascending."""
    if out is not None:
        refuse_out("linalg.eigvalsh")
    # (PyTorch's kernel computes the vectors too when the values will need a gradient, which
    # shows in its convergence error's code)
    vectors = A.requires_grad and is_grad_enabled()
    return _eigh_outputs(A, UPLO, "linalg.eigh", vectors)[0]
