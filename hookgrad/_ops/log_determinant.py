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
from .matrix_functions import solve
from .op import Op, plain_backward, refuse_out, return_type
from .selection import where
from .triangular_solve import triangular_solve_array

return_types = {name: return_type(name, ("sign", "logabsdet"))
                for name in ("linalg_slogdet", "slogdet")}


def _lu(matrix):
    """(LU packed, row order) of one float64 matrix by partial pivoting, as getrf."""
    lu = np.array(matrix, np.float64)
    n = lu.shape[0]
    order = np.arange(n)
    with np.errstate(all="ignore"):
        for k in range(n):
            pivot = k + int(np.argmax(np.abs(lu[k:, k])))
            if pivot != k:
                lu[[k, pivot]] = lu[[pivot, k]]
                order[[k, pivot]] = order[[pivot, k]]
            if lu[k, k] != 0:
                lu[k + 1:, k] /= lu[k, k]
                lu[k + 1:, k + 1:] -= np.outer(lu[k + 1:, k], lu[k, k + 1:])
    return lu, order


def _swaps_parity(order):
    seen, parity = np.zeros(len(order), bool), 0
    for start in range(len(order)):
        length = 0
        while not seen[start]:
            seen[start] = True
            start = order[start]
            length += 1
        parity += max(length - 1, 0)
    return -1.0 if parity % 2 else 1.0


def _slogdet_one(matrix):
    lu, order = _lu(matrix)
    diagonal = np.diagonal(lu)
    sign = _swaps_parity(order) * np.prod(np.sign(diagonal))
    with np.errstate(divide="ignore"):
        return sign, np.sum(np.log(np.abs(diagonal)))


def _inverse_t_one(matrix):
    """A^{-T} through the LU factors (A^T X = I: U^T, then L^T, then the rows put back)."""
    lu, order = _lu(matrix)
    n = lu.shape[0]
    y = triangular_solve_array(lu.T, np.eye(n), upper=False)
    z = triangular_solve_array(lu.T, y, upper=True, unitriangular=True)
    out = np.empty_like(z)
    out[order] = z
    return out


class LinalgSlogdetBackward0(Op):
    saved_names = ("A", "sign")

    def forward(self, a):
        x = a._data
        check_matrix(x, "linalg.slogdet", square=True)
        self.save(a)
        flat = x.reshape((-1,) + x.shape[-2:])
        if x.shape[-1] == 0:
            return np.ones(x.shape[:-2], x.dtype), np.zeros(x.shape[:-2], x.dtype)
        parts = [_slogdet_one(m) for m in flat]
        sign = np.array([p[0] for p in parts], x.dtype).reshape(x.shape[:-2])
        log = np.array([p[1] for p in parts], x.dtype).reshape(x.shape[:-2])
        return sign, log

    def backward(self, g_sign, g_log):
        a, _ = self.saved()
        if g_log is None:  # (the sign of a real matrix is locally constant)
            return None
        x = a._data
        if plain_backward():  # (LU's infinities for a singular matrix, as PyTorch's)
            flat = x.reshape((-1,) + x.shape[-2:])
            inverse_t = np.stack([_inverse_t_one(m) for m in flat]).reshape(x.shape) \
                if flat.shape[0] else np.zeros(x.shape)
            with np.errstate(all="ignore"):
                return _make((g_log._data[..., None, None] * inverse_t).astype(x.dtype))
        n = x.shape[-1]  # (PyTorch's differentiable form: a singular matrix is an error here)
        scaled = g_log.unsqueeze(-1).expand(g_log.shape + (n,))
        return solve(a.mT, diag_embed(scaled))


def _slogdet_outputs(A):
    outputs = LinalgSlogdetBackward0.apply(A)
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
    sign, log = _slogdet_outputs(input)
    nan = _make(np.array(np.nan, log._data.dtype))
    return where(_make(sign._data < 0), nan, log)
