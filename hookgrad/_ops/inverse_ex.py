"""``torch.linalg.inv_ex``: the inverse and LAPACK's ``info`` (the 1-based index of the first
zero pivot of the LU factorisation, 0 for an invertible matrix) instead of an error; the same
``LinalgInvExBackward0`` node as ``linalg.inv``. A singular matrix's "inverse" is what
PyTorch's getrf + getrs leave: the infinities and NaNs of solving through a zero pivot."""
import numpy as np

from .._tensor_base import _make
from .determinant import LinalgInvExBackward0 as _InvEx
from .determinant import _check_square
from .lu_lapack import exact, getrf_batch, inverse_from_lu
from .matrix_functions import LinAlgError, lapack_layout
from .op import refuse_out, return_type, type_name

inv_ex_type = return_type("linalg_inv_ex", ("inverse", "info"))


def _inverse_and_info(x):
    """Each matrix's inverse and getrf's info, from the LU in the input's dtype (a float32
    pivot is zero or not as float32): NumPy's inverse for a finite invertible matrix, else
    solved from the factors, which spreads a NaN or inf over the whole inverse as PyTorch's
    getrs does (NumPy's inverse keeps some entries finite)."""
    flat = x.reshape((-1,) + x.shape[-2:])
    lu, perm, info = getrf_batch(flat)
    inverse = np.empty_like(flat)
    plain = (info == 0) & np.isfinite(flat).all(axis=(-2, -1)) & (not exact())
    if plain.any():
        try:
            inverse[plain] = np.linalg.inv(flat[plain])
        except np.linalg.LinAlgError:  # (singular to NumPy's rounding, not in LAPACK's order)
            plain[:] = False
    for i in np.flatnonzero(~plain):
        inverse[i] = inverse_from_lu(lu[i], perm[i])
    return inverse.reshape(x.shape), info.astype(np.int32).reshape(x.shape[:-2])


class LinalgInvExBackward0(_InvEx):
    def forward(self, a, check_errors):
        x = a._data
        _check_square(x, "linalg.inv")
        if x.dtype.itemsize < 4:
            raise RuntimeError("linalg.inv: Low precision dtypes not supported. Got "
                               f"{type_name(x)}")
        with np.errstate(all="ignore"):
            inverse, info = _inverse_and_info(x) if x.shape[-1] else (x.copy(), np.zeros(
                x.shape[:-2], np.int32))
        if check_errors and info.any():
            i = int(np.flatnonzero(info.reshape(-1))[0])
            where = f"(Batch element {i}): " if x.ndim > 2 else ""
            raise LinAlgError(f"linalg.inv_ex: {where}The diagonal element "
                              f"{int(info.reshape(-1)[i])} is zero, the inversion could not be "
                              "completed because the input matrix is singular.")
        self.info = info
        return lapack_layout(inverse)


def inv_ex(A, *, check_errors=False, out=None):
    """``torch.linalg.inv_ex``: (inverse, info)."""
    if out is not None:
        refuse_out("linalg.inv_ex")
    inverse = LinalgInvExBackward0.apply(A, check_errors)
    node = inverse._grad_fn
    if node is not None:
        info = node.info
    else:
        with np.errstate(all="ignore"):
            info = _inverse_and_info(A._data)[1] if A._data.shape[-1] else np.zeros(
                A._data.shape[:-2], np.int32)
    return inv_ex_type(inverse, _make(info))
