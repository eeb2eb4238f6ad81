"""``torch.linalg.pinv`` / ``torch.pinverse`` (one ``LinalgPinvBackward0`` node, its gradient
the standard formula for the derivative of the Moore-Penrose inverse, differentiable again)
and ``torch.linalg.matrix_rank``: both keep the singular values (absolute eigenvalues, with
``hermitian``) above max(atol, rtol * the largest), rtol defaulting as PyTorch's:
eps * max(m, n) when neither tolerance is given, 0 when only atol is."""
import numpy as np

from .._tensor_base import TensorBase, _make
from ..autograd.grad_mode import is_grad_enabled
from .decompositions import check_matrix, eigh_arrays
from .linalg import matmul
from .op import Op, refuse_out, type_name
from .svd import _thin_svd


def _tolerance_array(value):
    if value is None:
        return None
    return np.asarray(value._data if isinstance(value, TensorBase) else value, np.float64)


def _threshold(values, atol, rtol, m, n, dtype):
    """max(atol, rtol * largest) per matrix, shaped to compare with ``values`` (..., k)."""
    atol, rtol = _tolerance_array(atol), _tolerance_array(rtol)
    if rtol is None:
        rtol = np.float64(np.finfo(dtype).eps * max(m, n)) if atol is None or not np.any(
            atol > 0) else np.float64(0)
    largest = values.max(-1, keepdims=True, initial=0)
    atol = np.float64(0) if atol is None else atol
    return np.maximum(atol[..., None] if atol.ndim else atol,
                      (rtol[..., None] if rtol.ndim else rtol) * largest)


def _spectrum(x, hermitian, vectors=True):
    """(left vectors, values to threshold, signed values, right vectors^T) of each matrix;
    with ``vectors`` false the SVD may leave the vectors None (computing the values alone)."""
    if hermitian:
        check_matrix(x, "linalg.eigh", square=True, kernel="linalg_eigh_cpu", kernel_first=True)
        w, v = eigh_arrays(x, "L", vectors)
        return v, np.abs(w), w, None if v is None else np.swapaxes(v, -1, -2)
    # the thin SVD that gives LAPACK no non-finite matrix (OpenBLAS's gesdd can loop forever
    # on an infinity): one with a NaN raises PyTorch's LinAlgError, one with an infinity has
    # NaN values and vectors, as MKL mostly gives PyTorch (its pinv is then NaN)
    u, s, vh = _thin_svd(x, vectors)
    return u, s, s, vh


def _check(x, name):
    if x.ndim < 2 or x.dtype.kind not in "fV" or x.dtype.itemsize < 4:
        raise RuntimeError(f"{name}({type_name(x)}{{{list(x.shape)}}}): expected a tensor with 2 "
                           "or more dimensions of float, double, cfloat or cdouble types")


class LinalgPinvBackward0(Op):
    saved_names = ("self", "result")
    saves_output = True

    def forward(self, a, atol, rtol, hermitian):
        x = a._data
        _check(x, "linalg.pinv")
        self.save(a)
        m, n = x.shape[-2:]
        if not x.size:
            return np.zeros(x.shape[:-2] + (n, m), x.dtype)
        u, magnitudes, values, vh = _spectrum(x, hermitian)
        keep = magnitudes > _threshold(magnitudes, atol, rtol, m, n, x.dtype)
        with np.errstate(divide="ignore"):
            inverted = np.where(keep, 1 / np.where(keep, values, 1), 0).astype(x.dtype)
        # (PyTorch's product: (V * S^+) matmul U^H, its matmul's bits rather than NumPy's)
        scaled = np.swapaxes(vh, -1, -2) * inverted[..., None, :]
        return matmul(_make(scaled), _make(np.swapaxes(u, -1, -2)))._data

    def backward(self, grad):
        a, p = self.saved()
        return pinv_backward(grad, p, a)


def pinv_backward(grad, p, a):
    """The gradient for A of a loss of P = pinv(A), from
    dP = -P dA P + P P^T dA^T (I - A P) + (I - P A) dA^T P^T P, grouped as PyTorch groups it
    (the products kept to the smaller of m and n), so that its graph is PyTorch's too, its
    nodes made in PyTorch's order (GCC evaluates the right operand of + and - first)."""
    m, n = a.shape[-2], a.shape[-1]
    p_t, grad_t = p.mT, grad.mT
    if m <= n:
        k = grad_t @ p
        k_p_t = k @ p_t
        last = (p_t @ p) @ (grad_t - k @ a)
        third = (a @ p) @ k_p_t
        return -(p @ k).mT + k_p_t - third + last
    k = p @ grad_t
    p_t_k = p_t @ k
    last = p_t_k @ p @ a
    second = (grad_t - a @ k) @ p @ p_t
    return -(k @ p).mT + second + p_t_k - last


def pinv(A, rcond=None, hermitian=False, *, atol=None, rtol=None, out=None):
    """``torch.linalg.pinv`` (``rcond``, positional, is the older name of ``rtol``)."""
    if out is not None:
        refuse_out("linalg.pinv")
    if rcond is not None:
        rtol = rcond
    return LinalgPinvBackward0.apply(A, atol, rtol, hermitian)


def pinverse(input, rcond=1e-15):
    """``torch.pinverse`` / ``Tensor.pinverse``: ``linalg.pinv`` with rtol ``rcond``."""
    return LinalgPinvBackward0.apply(input, None, rcond, False)


def matrix_rank(A, tol=None, hermitian=False, *, atol=None, rtol=None, out=None):
    """``torch.linalg.matrix_rank``: how many singular values exceed the tolerance (``tol``,
    positional, is the older name of ``atol`` with rtol 0)."""
    if out is not None:
        refuse_out("linalg.matrix_rank")
    x = A._data
    if x.ndim < 2:
        raise RuntimeError("torch.linalg.matrix_rank: The input tensor input must have at least "
                           "2 dimensions.")
    if x.dtype.kind not in "fV" or x.dtype.itemsize < 4:
        raise RuntimeError("This function doesn't handle types other than float and double")
    if tol is not None:
        atol, rtol = tol, 0.0
    m, n = x.shape[-2:]
    if not x.size:
        return _make(np.zeros(x.shape[:-2], np.int64))
    # (the values alone unless a gradient may be asked for, as PyTorch's svdvals decides)
    recording = A.requires_grad and is_grad_enabled()
    _, magnitudes, _, _ = _spectrum(x, hermitian, vectors=recording)
    keep = magnitudes > _threshold(magnitudes, atol, rtol, m, n, x.dtype)
    return _make(np.asarray(keep.sum(-1), np.int64))  # (a 0-d array, not a NumPy scalar)
