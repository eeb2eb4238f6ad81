"""The matrix functions ``nn.utils.parametrizations.orthogonal`` builds on: ``matrix_exp``,
``linalg.solve`` and ``linalg.householder_product``, differentiable (twice, too), and the
QR helpers its ``right_inverse`` runs without gradients.

``matrix_exp`` computes in float64 (scaling and squaring with a degree-13 Padé
approximant) and rounds to the input's dtype once, so float32 results agree with PyTorch's
to float32 rounding. ``householder_product`` is a product of reflections written with
tensor ops; autograd differentiates it."""
import numpy as np

from .._tensor_base import _make
from .complex_support import check_real_array
from .elementwise import exp_array
from .lu_lapack import exact, getrf_batch, solve_from_lu
from .op import Op, broadcast_error, type_name

_PADE13 = (64764752532480000.0, 32382376266240000.0, 7771770303897600.0,
           1187353796428800.0, 129060195264000.0, 10559470521600.0, 670442572800.0,
           33522128640.0, 1323241920.0, 40840800.0, 960960.0, 16380.0, 182.0, 1.0)
_THETA13 = 5.371920351148152


def _expm(a):
    """exp of each matrix of the float64 array ``a`` (..., n, n); NaN for a matrix with an
    infinite or NaN element, as PyTorch's (its norm is not finite)."""
    n = a.shape[-1]
    norms = np.abs(a).sum(axis=-2).max(axis=-1) if a.size else np.zeros(a.shape[:-2])
    broken = ~np.isfinite(norms)
    if broken.any():
        result = _expm(np.where(broken[..., None, None], 0.0, a))
        result[broken] = np.nan
        return result
    norm = norms.max() if norms.size else 0.0
    squarings = max(0, int(np.ceil(np.log2(norm / _THETA13)))) if norm > _THETA13 else 0
    a = a / 2.0 ** squarings
    b = _PADE13
    eye = np.broadcast_to(np.eye(n), a.shape)
    a2 = a @ a
    a4 = a2 @ a2
    a6 = a4 @ a2
    u = a @ (a6 @ (b[13] * a6 + b[11] * a4 + b[9] * a2)
             + b[7] * a6 + b[5] * a4 + b[3] * a2 + b[1] * eye)
    v = (a6 @ (b[12] * a6 + b[10] * a4 + b[8] * a2)
         + b[6] * a6 + b[4] * a4 + b[2] * a2 + b[0] * eye)
    result = np.linalg.solve(v - u, v + u)
    for _ in range(squarings):
        result = result @ result
    return result


def _check_square(x, name):
    if x.ndim < 2:
        raise RuntimeError(f"{name}: The input tensor A must have at least 2 dimensions.")
    if x.shape[-1] != x.shape[-2]:
        raise RuntimeError(f"{name}: A must be batches of square matrices, but they are "
                           f"{x.shape[-2]} by {x.shape[-1]} matrices")


def _refuse_integral(x, name):
    if x.dtype.kind not in "fVc":
        raise RuntimeError(f"{name}: Expected a floating point or complex tensor as input. "
                           f"Got {type_name(x)}")


class LinAlgError(RuntimeError):
    """``torch.linalg.LinAlgError``: a matrix the operation cannot handle (singular, ...)."""

    __module__ = "hookgrad.linalg"


LinAlgError.__name__ = LinAlgError.__qualname__ = "_LinAlgError"  # PyTorch's (torch._C's)


class MatrixExpBackward0(Op):
    node_name = "LinalgMatrixExpBackward0"

    def forward(self, a):
        self.save(a)  # (before the kernel's checks, as PyTorch's autograd layer: see mm's)
        x = a._data
        _check_square(x, "linalg.matrix_exp")
        check_real_array("linalg_matrix_exp", x)
        _refuse_integral(x, "linalg.matrix_exp")
        if x.shape[-1] == 1:  # (PyTorch's exp of the one element, in the input's dtype)
            return exp_array(x)
        return _expm(x.astype(np.float64)).astype(x.dtype)

    def backward(self, grad):
        # d exp(A)[G] for the adjoint: the upper-right block of exp([[A^T, G], [0, A^T]])
        # (written into zeros in place, as PyTorch's differential_analytic_matrix_function:
        # CopySlices nodes under create_graph)
        (a,) = self.saved()
        at = a.mT
        n = at.shape[-1]
        block = _make(np.zeros(at.shape[:-2] + (2 * n, 2 * n), grad._data.dtype))
        block.narrow(-2, 0, n).narrow(-1, 0, n).copy_(at)
        block.narrow(-2, n, n).narrow(-1, n, n).copy_(at)
        block.narrow(-2, 0, n).narrow(-1, n, n).copy_(grad)
        block = matrix_exp(block)
        return block.narrow(-2, 0, n).narrow(-1, n, n)  # (PyTorch's narrows: SliceBackward0s)


def lapack_layout(x):
    """``x`` (a batch of matrices) in the layout PyTorch's LAPACK-backed results have: each
    matrix column-major (strides ``(..., 1, rows)``), which ``stride()`` and
    ``is_contiguous()`` show and which makes ``reshape`` of such a result an alias
    (``ReshapeAliasBackward0``), not a ``view``."""
    out = np.empty(x.shape[:-2] + (x.shape[-1], x.shape[-2]), x.dtype)  # (strides set for
    out[...] = np.swapaxes(x, -1, -2)  # size-1 dims too, which ascontiguousarray keeps)
    return np.swapaxes(out, -1, -2)


def _solve_array(x, rhs):
    """PyTorch's ``linalg.solve``: NumPy's solver for finite operands; where it finds a matrix
    singular, or an entry is not finite, each matrix of A LU-factored as PyTorch's LAPACK
    does (``getrf``): the first singular one (counted in A's own batch) refused by name, the
    others solved from the factors (which is how NaN and inf spread in PyTorch's results);
    with MKL, every matrix from its factors (PyTorch's bits)."""
    if not x.size or not rhs.size:  # (nothing to factor: the empty solution)
        return np.zeros(_broadcast_batch(x, rhs) + rhs.shape[-2:], np.result_type(x, rhs))
    if np.isfinite(x).all() and np.isfinite(rhs).all() and not exact():
        try:
            return np.linalg.solve(x, rhs)
        except np.linalg.LinAlgError:
            pass
        except ValueError:  # (batch dims that do not broadcast: PyTorch's error below)
            _broadcast_batch(x, rhs)
            raise
    batch = _broadcast_batch(x, rhs)
    lu, perm, info = getrf_batch(x.reshape((-1,) + x.shape[-2:]))
    if info.any():
        where = f"(Batch element {np.flatnonzero(info)[0]}): " if x.ndim > 2 else ""
        raise LinAlgError(f"torch.linalg.solve: {where}The solver failed because the input "
                          "matrix is singular.")
    index = np.broadcast_to(np.arange(len(lu)).reshape(x.shape[:-2]), batch).reshape(-1)
    columns = np.broadcast_to(rhs, batch + rhs.shape[-2:]).reshape((-1,) + rhs.shape[-2:])
    out = [solve_from_lu(lu[i], perm[i], b) for i, b in zip(index, columns, strict=True)]
    return np.stack(out).reshape(batch + rhs.shape[-2:])


def _broadcast_batch(x, rhs):
    try:
        return np.broadcast_shapes(x.shape[:-2], rhs.shape[:-2])
    except ValueError:
        raise broadcast_error([rhs.shape[:-2], x.shape[:-2]]) from None


class LinalgSolveBackward(Op):
    """``linalg.solve(A, B)``: X with A X = B (B a vector or batch of matrices)."""

    node_name = "LinalgSolveExBackward0"
    arity = 2
    saves_output = True  # X, with its history, for second derivatives

    def forward(self, a, b):
        self.save(a)  # (before the kernel's checks, as PyTorch's autograd layer: see mm's)
        x, y = a._data, b._data
        _refuse_integral(x, "linalg.solve")  # (PyTorch's order: A's dtype, B's, then shapes)
        if x.dtype != y.dtype:
            raise RuntimeError(f"linalg.solve: Expected A and B to have the same dtype, but "
                               f"found A of type {type_name(x)} and B of type {type_name(y)} "
                               "instead")
        _check_square(x, "linalg.solve")
        self.vector = y.ndim == 1 or (y.ndim == x.ndim - 1 and y.shape == x.shape[:-1])
        rhs = y[..., None] if self.vector else y
        if rhs.ndim < 2 or rhs.shape[-2] != x.shape[-1]:
            rows, cols = rhs.shape[-2:] if rhs.ndim > 1 else (1, rhs.shape[-1])
            raise RuntimeError("linalg.solve: Incompatible shapes of A and B for the equation "
                               f"AX = B ({x.shape[-2]}x{x.shape[-1]} and {rows}x{cols})")
        out = _solve_array(x, rhs)
        if self.vector:  # (a batch of vectors: column-major as one matrix, as PyTorch's)
            out = out[..., 0]
        return lapack_layout(out) if out.ndim > 1 else out

    def backward(self, grad):
        a, x = self.saved()
        grad_b = solve(a.mT, grad)
        if self.vector:
            grad_a = -(grad_b.unsqueeze(-1) * x.unsqueeze(-2))
        else:
            grad_a = -(grad_b @ x.mT)
        return grad_a, grad_b


def matrix_exp(a):
    """``torch.matrix_exp`` / ``torch.linalg.matrix_exp``."""
    return MatrixExpBackward0.apply(a)


def solve(a, b, *, left=True):
    """``torch.linalg.solve`` (``left=True`` only)."""
    if not left:
        raise NotImplementedError("hookgrad's linalg.solve solves A X = B only (left=True); "
                                  "solve X A = B as solve(A.mT, B.mT).mT")
    return LinalgSolveBackward.apply(a, b)


def householder_product(a, tau):
    """``torch.linalg.householder_product``: the first k columns of H_1 H_2 ... H_k, with
    H_i = I - tau_i v_i v_i^H and v_i the i-th column of ``a`` below the diagonal (1 on it).
    Written with tensor ops, so autograd differentiates it."""
    x = a._data
    if x.ndim < 2:
        raise RuntimeError("torch.linalg.householder_product: input must have at least 2 "
                           "dimensions.")
    m, n = x.shape[-2], x.shape[-1]
    k = tau.shape[-1]
    if n > m:
        raise RuntimeError("torch.linalg.householder_product: input.shape[-2] must be greater "
                           "than or equal to input.shape[-1]")
    if k > n:
        raise RuntimeError("torch.linalg.householder_product: input.shape[-1] must be greater "
                           "than or equal to tau.shape[-1]")
    t = tau._data
    if t.ndim != x.ndim - 1:
        raise RuntimeError("torch.linalg.householder_product: Expected tau to have one dimension "
                           f"less than input, but got tau.ndim equal to {t.ndim} and input.ndim "
                           f"is equal to {x.ndim}")
    if t.shape[:-1] != x.shape[:-2]:
        raise RuntimeError("torch.linalg.householder_product: Expected batch dimensions of tau "
                           "to be equal to input.shape[:-2], but got "
                           f"[{', '.join(map(str, t.shape[:-1]))}]")
    if t.dtype != x.dtype:
        raise RuntimeError(f"torch.linalg.householder_product: tau dtype {type_name(t)} does "
                           f"not match input dtype {type_name(x)}")
    if x.dtype.kind not in "fc" or x.dtype.itemsize < 4:  # (LAPACK's orgqr: float, double)
        raise NotImplementedError(f'"orgqr_cpu" not implemented for \'{type_name(x)}\'')
    below = np.tril(np.ones((m, n), x.dtype), -1)
    unit = np.eye(m, n, dtype=x.dtype)
    vectors = a * _make(below) + _make(unit)  # v_i in column i
    q = _make(np.broadcast_to(np.eye(m, n, dtype=x.dtype), x.shape[:-2] + (m, n)).copy())
    for i in range(k - 1, -1, -1):  # Q = H_1 (H_2 (... (H_k E)))
        v = vectors[..., :, i:i + 1]
        q = q - (tau[..., i:i + 1].unsqueeze(-1) * v) @ (v.mT @ q)
    return q


# ---------------------------------------------------------------------------- no-grad helpers
def make_orthogonal(a):
    """The Q of A = QR with R's diagonal made non-negative (an ndarray in, Tensor out)."""
    q, r = np.linalg.qr(a)
    signs = np.sign(np.diagonal(r, axis1=-2, axis2=-1))
    signs[signs == 0] = 1  # PyTorch's sgn(0) is 0, but a zero R diagonal has measure zero
    return q * signs[..., None, :]


def geqrf(a):
    """LAPACK's geqrf of each matrix: (reflectors below the diagonal and R on and above it,
    tau), as ``torch.geqrf`` returns them (ndarrays)."""
    if a.ndim == 2:
        h, tau = np.linalg.qr(a.astype(np.float64), mode="raw")
        return h.T.astype(a.dtype), tau.astype(a.dtype)
    results = [geqrf(m) for m in a.reshape(-1, *a.shape[-2:])]
    h = np.stack([r[0] for r in results]).reshape(a.shape)
    tau = np.stack([r[1] for r in results]).reshape(a.shape[:-2] + (-1,))
    return h, tau
