"""``torch.linalg.slogdet`` / ``torch.slogdet`` (one ``LinalgSlogdetBackward0`` node: the sign
and the log of the absolute determinant) and ``torch.logdet`` (NaN for a negative
determinant, through PyTorch's ``WhereBackward0``). Both come from an LU factorisation with
partial pivoting, as LAPACK's getrf: a singular matrix has sign 0 (-0 after an odd number of
row swaps, as PyTorch prints it) and log|det| -inf, and its gradient the infinities and NaNs
of the triangular solves."""
import numpy as np

from .._tensor_base import _make
from .arrange import diag_embed
from .decompositions import check_matrix
from .elementwise import log_array
from .lu_lapack import (
    as_factored,
    exact,
    getrf_batch,
    needs_lu,
    permutation_signs,
    scaled_inverse_t,
)
from .matrix_functions import LinAlgError, solve
from .op import Op, plain_backward, refuse_out, return_type
from .selection import where
from .sum_order import sum_array

return_types = {name: return_type(name, ("sign", "logabsdet"))
                for name in ("linalg_slogdet", "slogdet")}


def _slogdet_lu(x, contiguous):
    """(sign, log|det|) of a stack ``(B, n, n)`` from the LU PyTorch computes: of the matrix
    its memory holds read column-major (A^T for a ``contiguous`` stack, which it hands to
    LAPACK as it is; A itself for any other layout, which it copies first), in the input's
    dtype. That LU decides which pivots of a (near-)singular matrix come out exactly zero."""
    lu, perm, _ = getrf_batch(as_factored(x, contiguous))
    diagonal = np.diagonal(lu, axis1=-2, axis2=-1)
    # PyTorch's sign of a real number is 0 for NaN (NumPy's is NaN)
    signs = (diagonal > 0).astype(diagonal.dtype) - (diagonal < 0)
    sign = np.prod(signs, axis=-1) * permutation_signs(perm).astype(x.dtype)
    # PyTorch's log|det|: log(|diag|) (its VML log) summed in its order, in the input's dtype
    logs = log_array(np.abs(diagonal))
    return sign, sum_array(logs, (logs.ndim - 1,), False)


class LinalgSlogdetBackward0(Op):
    saved_names = ("A", "sign")

    def forward(self, a, name):
        x = a._data
        if name == "logdet":  # (a composite: its own check comes before the node's save)
            check_matrix(x, name, square=True)
        self.save(a)  # (before the kernel's checks, as PyTorch's autograd layer: see mm's)
        check_matrix(x, name, square=True)
        if x.shape[-1] == 0:
            return np.ones(x.shape[:-2], x.dtype), np.zeros(x.shape[:-2], x.dtype)
        finite = np.isfinite(x).all(axis=(-2, -1))
        with np.errstate(all="ignore"):
            sign, log = np.linalg.slogdet(np.where(finite[..., None, None], x, 0))
        sign, log = np.array(sign, x.dtype), np.array(log, x.dtype)
        # PyTorch's LU where it shows (needs_lu), getrf's sign for a singular matrix (-0 after
        # odd row swaps) and for one holding an infinity or NaN (NumPy's slogdet does not
        # follow LAPACK's pivots through them)
        redo = (sign == 0) | ~finite | needs_lu(x, log)
        if redo.any():
            sign[redo], log[redo] = _slogdet_lu(x[redo], x.flags.c_contiguous)
        return sign, log

    def backward(self, g_sign, g_log):
        a, sign = self.saved()
        if g_log is None:  # (the sign of a real matrix is locally constant)
            return None
        x = a._data
        if plain_backward():  # (LU's infinities for a singular matrix, as PyTorch's)
            scale = np.broadcast_to(g_log._data, x.shape[:-2])
            if x.size and (exact() or not np.isfinite(scale).all()):
                # PyTorch's lu_solve from the forward's LU: its bits (with MKL), and the NaNs
                # an infinite gradient makes there (an inverse times it gives infinities)
                flat = x.reshape((-1,) + x.shape[-2:])
                grad = scaled_inverse_t(flat, x.flags.c_contiguous, scale.reshape(-1))
                return _make(grad.reshape(x.shape).astype(x.dtype, copy=False))
            singular = sign._data == 0
            with np.errstate(all="ignore"):
                try:
                    inverse_t = np.linalg.inv(np.where(singular[..., None, None], np.eye(
                        x.shape[-1], dtype=x.dtype), np.swapaxes(x, -1, -2)))
                except np.linalg.LinAlgError:  # (singular in NumPy's order, not in the LU's)
                    singular = np.ones_like(singular)
                    inverse_t = np.zeros(x.shape, x.dtype)
                grad = scale[..., None, None] * inverse_t
            if singular.any():
                grad[singular] = scaled_inverse_t(x[singular], x.flags.c_contiguous,
                                                 scale[singular])
            return _make(grad.astype(x.dtype, copy=False))
        # PyTorch's differentiable form, linalg.solve, factors the same matrix as the forward:
        # a singular one is an error here (getrf's info: an exactly zero pivot; a NaN pivot
        # also makes the sign 0 but solves)
        flat = x.reshape((-1,) + x.shape[-2:]) if x.size else x  # (size 0: nothing to factor)
        info = getrf_batch(as_factored(flat, x.flags.c_contiguous))[2] if x.size else ()
        if np.any(info):
            where = f"(Batch element {np.flatnonzero(info)[0]}): " if x.ndim > 2 else ""
            raise LinAlgError(f"torch.linalg.solve: {where}The solver failed because the input "
                              "matrix is singular.")
        n = x.shape[-1]
        scaled = g_log.unsqueeze(-1).expand(g_log.shape + (n,))
        # (PyTorch solves A^H X = diag(g)^H: the right-hand side's TransposeBackward0 shows
        # in the double-backward graph)
        rhs = diag_embed(scaled).mT  # (GCC evaluates a call's arguments right to left)
        return solve(a.mT, rhs)


def _slogdet_outputs(A, name="linalg.slogdet"):
    outputs = LinalgSlogdetBackward0.apply(A, name)
    node = outputs[1]._grad_fn
    if node is not None:
        node._save_output(outputs[0])
    return outputs


def linalg_slogdet(A, *, out=None):
    """``torch.linalg.slogdet``: (sign, log|det|) of each square matrix."""
    if out is not None:
        refuse_out("linalg.slogdet")
    return return_types["linalg_slogdet"](*_slogdet_outputs(A))


def slogdet(input, *, out=None):
    """``torch.slogdet`` / ``Tensor.slogdet``."""
    if out is not None:
        refuse_out("slogdet")
    return return_types["slogdet"](*_slogdet_outputs(input))


def logdet(input):
    """``torch.logdet`` / ``Tensor.logdet``: log det, NaN where the determinant is negative."""
    sign, log = _slogdet_outputs(input, "logdet")
    nan = _make(np.array(np.nan, log._data.dtype))
    return where(_make(sign._data < 0), nan, log)
