"""The thin singular value decomposition behind ``torch.linalg.svdvals`` and the spectral and
nuclear matrix norms (``ord=2``, ``-2``, ``'nuc'``): one ``LinalgSvdBackward0`` node with
PyTorch's three outputs (U, S, Vh; the singular values are output 1) and its gradient, written
with tensor operations so that it is differentiable again under ``create_graph``."""
import numpy as np

from . import mkl_lapack
from .arrange import diag_embed
from .complex_support import check_real_array
from .matrix_functions import LinAlgError, lapack_layout
from .op import Op, refuse_out, type_name


def _non_finite_error(x):
    """PyTorch's LinAlgError for a matrix with a NaN (LAPACK does not converge on it); an
    infinity only makes that matrix's values NaN."""
    batch = x.reshape((-1,) + x.shape[-2:])
    for i, matrix in enumerate(batch):
        if np.isnan(matrix).any():
            where = f"(Batch element {i}): " if x.ndim > 2 else ""
            return _convergence_error(where, "contained non-finite values.")
    return None


def _convergence_error(where, reason):
    return LinAlgError(f"linalg.svd: {where}The algorithm failed to converge because the input "
                       f"matrix {reason}")


def _infinite_vectors(x, m, n):
    """Without MKL: U and Vh of matrices holding an infinity as MKL mostly gives PyTorch: NaN,
    except that a vector (one row or one column) reflects onto e1 when its only infinity is
    its first entry, and the side of length one is 1 (so its pseudo-inverse is 0, not NaN)."""
    u = np.full(x.shape[:-2] + (m, min(m, n)), np.nan, x.dtype)
    vh = np.full(x.shape[:-2] + (min(m, n), n), np.nan, x.dtype)
    if m == 1 or n == 1:
        u[..., :, :] = 1 if m == 1 else u
        vh[..., :, :] = 1 if n == 1 else vh
        entries = x.reshape(x.shape[:-2] + (-1,))
        first_only = ~np.isinf(entries[..., 1:]).any(axis=-1)
        e1 = np.eye(max(m, n), 1, dtype=x.dtype)
        if n == 1 and m > 1:
            u[first_only] = e1
        elif m == 1 and n > 1:
            vh[first_only] = e1.T
    return u, vh


def mkl_svd(x, job):
    """U, S, Vh of each matrix by MKL's gesdd, as PyTorch computes them (job 'S' thin, 'A'
    full, 'N' values only: U and Vh None), raising PyTorch's LinAlgError for the first matrix
    MKL refuses; or None without MKL (or for a dtype MKL's path does not cover)."""
    if not mkl_lapack.covers(x):
        return None
    u, s, vh, infos = mkl_lapack.gesdd(x, job)
    failure = mkl_lapack.first_failure(infos, x.ndim > 2)
    if failure is not None:
        _, info, where = failure
        if info < 0:  # (gesdd refuses a matrix with a NaN as its argument 4)
            raise _convergence_error(where, "contained non-finite values.")
        raise _convergence_error(where, "is ill-conditioned or has too many repeated "
                                 f"singular values (error code: {info}).")
    return u, s, vh


def _thin_svd(x, vectors=True):
    """U, S, Vh of the thin SVD (U and Vh None when ``vectors`` is false and MKL computes the
    values alone, as PyTorch does when no gradient will be asked for)."""
    m, n = x.shape[-2:]
    k = min(m, n)
    batch = x.shape[:-2]
    if x.size == 0:
        return (np.zeros(batch + (m, k), x.dtype), np.zeros(batch + (k,), x.dtype),
                np.zeros(batch + (k, n), x.dtype))
    exact = mkl_svd(x, "S" if vectors else "N")
    if exact is not None:
        return exact
    error = _non_finite_error(x)
    if error is not None:
        raise error
    infinite = np.isinf(x).any(axis=(-2, -1))
    finite = np.where(infinite[..., None, None], 0, x)
    u, s, vh = np.linalg.svd(finite, full_matrices=False)
    if infinite.any():
        s[infinite] = np.nan
        u[infinite], vh[infinite] = _infinite_vectors(x[infinite], m, n)
    # (U and Vh column-major per matrix, as LAPACK leaves PyTorch's: a batched product of them
    # then reshapes through _reshape_alias)
    return lapack_layout(u.astype(x.dtype, copy=False)), s.astype(x.dtype, copy=False), \
        lapack_layout(vh.astype(x.dtype, copy=False))


class LinalgSvdBackward0(Op):
    saved_names = ("U", "S", "Vh")

    def forward(self, a):
        # the values alone when no gradient will be asked for, as PyTorch's svdvals
        u, s, vh = _thin_svd(a._data, vectors=self._record)
        if u is None:  # (outputs nobody reads: svdvals returns S only)
            u, vh = np.empty(s.shape[:-1] + (0, 0), s.dtype), np.empty(s.shape[:-1] + (0, 0),
                                                                      s.dtype)
        return u, s, vh

    def backward(self, g_u, g_s, g_vh):
        u, s, vh = self.saved()
        if g_u is None and g_vh is None:  # U diag(gS) Vh, the diagonal folded into the
            # smaller factor as PyTorch's svd_backward (its recorded graph: Mul under the Mm)
            if u._data.shape[-2] >= vh._data.shape[-1]:
                return u @ (g_s.unsqueeze(-1) * vh)
            return (u * g_s.unsqueeze(-2)) @ vh
        return _full_svd_grad(u, s, vh, g_u, g_s, g_vh)


def _full_svd_grad(u, s, vh, g_u, g_s, g_vh):
    """The gradient of the thin SVD when U or Vh receive gradients too (double backward of a
    singular-value function, or a loss of U and V): PyTorch's svd_backward for real inputs
    op by op, its nodes in the order its compiled formula makes them (GCC evaluates the
    right operand of an operator and a call's arguments right to left). With skew(X) =
    X - X^T and E_ij = s_j^2 - s_i^2 (1 on the diagonal): gA = U [(skew(U^T gU) S +
    S skew(V^T gV)) / E + diag(gS)] V^T, plus the parts outside span(U) / span(V)."""
    m, n = u.shape[-2], vh.shape[-1]

    def skew(x):
        transposed = x.mT
        return x - transposed

    uhgu = skew(u.mT @ g_u) if g_u is not None else None
    vhgv = None
    if g_vh is not None:
        g_v = g_vh.mT
        vhgv = skew(vh @ g_v)
    squares = s * s
    column = squares.unsqueeze(-1)
    gaps = squares.unsqueeze(-2) - column
    gaps.diagonal(0, -2, -1).fill_(1)
    if uhgu is not None and vhgv is not None:
        right = s.unsqueeze(-1) * vhgv
        inner = (uhgu * s.unsqueeze(-2) + right) / gaps
    elif uhgu is not None:
        s_row = s.unsqueeze(-2)
        inner = (uhgu / gaps) * s_row
    else:
        quotient = vhgv / gaps
        inner = s.unsqueeze(-1) * quotient
    if g_s is not None:
        inner = inner + diag_embed(g_s)
    if m > n and g_u is not None:
        grad = u @ inner
        g_u_sinv = g_u / s.unsqueeze(-2)
        outside = u @ (u.mT @ g_u_sinv)
        return (grad + g_u_sinv - outside) @ vh
    if m < n and g_vh is not None:
        grad = inner @ vh
        sinv_g_vh = g_vh / s.unsqueeze(-1)
        outside = (sinv_g_vh @ vh.mT) @ vh
        return u @ (grad + sinv_g_vh - outside)
    if m >= n:
        right = inner @ vh
        return u @ right
    return (u @ inner) @ vh


def _check_input(x, name):
    if x.ndim < 2:
        raise RuntimeError(f"{name}: The input tensor A must have at least 2 dimensions.")
    check_real_array(name, x)
    if x.dtype.kind not in "fV":
        raise RuntimeError(f"{name}: Expected a floating point or complex tensor as input. "
                           f"Got {type_name(x)}")
    if x.dtype.itemsize < 4:
        raise NotImplementedError(f'"linalg_svd_cpu" not implemented for \'{type_name(x)}\'')


def svd_outputs(A):
    """U, S, Vh of the thin SVD as one node's outputs, each saved for its backward."""
    _check_input(A._data, "linalg.svd")
    outputs = LinalgSvdBackward0.apply(A)
    node = outputs[1]._grad_fn
    if node is not None:
        for output in outputs:
            node._save_output(output)
    return outputs


def svdvals(A, *, driver=None, out=None):
    """``torch.linalg.svdvals``: the singular values, in descending order."""
    if driver is not None:
        raise RuntimeError("torch.linalg.svd: keyword argument `driver=` is only supported on "
                           "CUDA inputs with cuSOLVER backend.")
    if out is not None:
        refuse_out("linalg.svdvals")
    return svd_outputs(A)[1]
