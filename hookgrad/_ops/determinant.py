"""``linalg.det`` and ``linalg.inv`` (``torch.det``, ``torch.inverse``), with PyTorch's node
names, its singular-matrix error (the first zero pivot of the LU factorisation) and its
gradients: a singular matrix's determinant has a zero gradient in a plain backward (as
PyTorch computes it), PyTorch's SVD formula under ``create_graph``."""
import numpy as np

from .._tensor_base import _make
from .arrange import diag_embed
from .complex_support import check_real_array
from .lu_lapack import (
    as_factored,
    dets_from_lu,
    exact,
    getrf_batch,
    inverse_from_lu,
    needs_lu,
    scaled_inverse_t,
)
from .matrix_functions import LinAlgError, lapack_layout, solve
from .op import Op, plain_backward, refuse_out, type_name


def _check_square(x, name):
    if x.ndim < 2:
        raise RuntimeError(f"{name}: The input tensor A must have at least 2 dimensions.")
    if x.shape[-1] != x.shape[-2]:
        raise RuntimeError(f"{name}: A must be batches of square matrices, but they are "
                           f"{x.shape[-2]} by {x.shape[-1]} matrices")
    check_real_array(name, x)
    if x.dtype.kind not in "fV":
        raise RuntimeError(f"{name}: Expected a floating point or complex tensor as input. "
                           f"Got {type_name(x)}")


def _inverse_array(x):
    """PyTorch's ``linalg.inv``: each matrix LU-factored (``getrf``), the first singular one
    refused by its first zero pivot; solved from the factors where an entry is not finite
    (LAPACK's order spreads NaN and inf as PyTorch's results show), else by NumPy's inverse."""
    if not x.size:  # (no matrix, or matrices of no rows: nothing to invert)
        return x.copy()
    lu, perm, info = getrf_batch(x.reshape((-1,) + x.shape[-2:]))
    if info.any():
        i = int(np.flatnonzero(info)[0])
        where = f"(Batch element {i}): " if x.ndim > 2 else ""
        raise LinAlgError(f"linalg.inv: {where}The diagonal element {info[i]} is zero, the "
                          "inversion could not be completed because the input matrix is "
                          "singular.")
    if np.isfinite(x).all() and not exact():
        try:
            return np.linalg.inv(x)
        except np.linalg.LinAlgError:  # (singular to NumPy's rounding, not in LAPACK's order)
            pass
    return np.stack([inverse_from_lu(*factors) for factors in zip(lu, perm, strict=True)]
                    ).reshape(x.shape)


def _det_array(x):
    """PyTorch's ``linalg.det``: NumPy's determinant, except where PyTorch's LU shows (see
    ``needs_lu``), and for a matrix holding a NaN or inf, whose result is how LAPACK's order
    spreads them (inf times a pivot from ``inf - inf`` is NaN): the product of the pivots of
    that LU (of A^T for a contiguous input), which decides which pivots of a nearly singular
    matrix come out exactly zero."""
    finite = np.isfinite(x).all(axis=(-2, -1))
    with np.errstate(all="ignore"):  # (a determinant beyond the dtype: inf, no warning)
        det = np.asarray(np.linalg.det(np.where(finite[..., None, None], x, 0)), x.dtype)
        redo = ~finite | needs_lu(x, np.log(np.abs(det)))
    if redo.any():
        lu, perm, _ = getrf_batch(as_factored(x[redo], x.flags.c_contiguous))
        det[redo] = dets_from_lu(lu, perm)
    return det


class LinalgDetBackward0(Op):
    saved_names = ("A", "result")
    saves_output = True

    def forward(self, a):
        self.save(a)  # (before the kernel's checks, as PyTorch's autograd layer: see mm's)
        x = a._data
        _check_square(x, "linalg.det")
        return _det_array(x)

    def backward(self, grad):
        a, result = self.saved()
        x = a._data
        if x.shape[-1] == 1:  # PyTorch's: d det / dA is 1, the gradient is grad expanded
            if plain_backward():
                return _make(np.array(grad._data[..., None, None], x.dtype))
            return grad.unsqueeze(-1).unsqueeze(-1).expand(x.shape)
        if not x.size:  # (PyTorch's: zeros, no formula to record for an empty input)
            return _make(np.zeros(x.shape, x.dtype))
        singular = result._data == 0
        if plain_backward():
            scale = np.broadcast_to(grad._data * result._data, x.shape[:-2])
            if not (exact() or singular.any() or not np.isfinite(scale).all()):
                with np.errstate(all="ignore"):  # (non-finite entries: no NumPy warning)
                    try:
                        inverse_t = np.swapaxes(np.linalg.inv(x), -1, -2)
                        return _make((scale[..., None, None] * inverse_t).astype(x.dtype))
                    except np.linalg.LinAlgError:  # (singular in NumPy's order only)
                        pass
            # PyTorch's formula: lu_solve of diag(grad * det) from the forward's LU, its zero
            # pivots made epsilon (a singular matrix's gradient is signed zeros, or NaN for an
            # infinite grad); bit for bit with MKL
            flat = x.reshape((-1,) + x.shape[-2:])
            return _make(scaled_inverse_t(flat, x.flags.c_contiguous, scale.reshape(-1),
                                          zero_pivots=True).reshape(x.shape).astype(
                x.dtype, copy=False))
        # PyTorch's test under grad mode: |det| below 100 epsilons is singular
        singular = np.abs(result._data) < 100 * np.finfo(x.dtype).eps
        if singular.all():
            return _singular_det_grad(grad, a)
        # PyTorch's formula: solve A^T X = diag(grad * det) (a LinalgSolveExBackward0 of the
        # two transposes)
        scaled = (grad * result).unsqueeze(-1)
        diagonal = diag_embed(scaled.expand(scaled.shape[:-1] + (x.shape[-1],))).mT
        if not singular.any():
            return solve(a.mT, diagonal)
        # a batch of both: each formula on its matrices, written into zeros by index_put_
        # (C++ indexing, which views away a leading dim of size 1 first)
        is_singular, invertible = _make(singular), _make(~singular)
        out = _make(np.zeros(x.shape, x.dtype))
        _put(out, is_singular, _singular_det_grad(grad[is_singular], a[is_singular]))
        _put(out, invertible, solve(a[invertible].mT, diagonal[invertible]))
        return out


def _put(out, mask, part):
    out.index_put_((mask,), part.view(part.shape[1:]) if part.shape[0] == 1 else part)


def _singular_det_grad(grad, a):
    """PyTorch's differentiable gradient of a singular matrix's determinant, node for node:
    through the SVD ``A = U diag(S) Vh``, ``det A = det U det Vh prod S``, whose product
    rule needs no division (prod_safe_zeros_backward: exclusive cumulative products of S
    from both ends)."""
    from .decompositions import linalg_svd  # (above this module: it imports its ops)
    from .linalg import matmul
    from .scan import cumprod
    from .shape import cat, flip

    u, s, vh = linalg_svd(a)
    scaled = (linalg_det(u) * linalg_det(vh) * grad).unsqueeze(-1)
    n = s.shape[-1]
    ones = _make(np.ones(s.shape[:-1] + (1,), s._data.dtype))
    before = cumprod(cat([ones, s.narrow(-1, 0, n - 1)], -1), -1)
    after = flip(cumprod(cat([ones, flip(s.narrow(-1, 1, n - 1), (-1,))], -1), -1), (-1,))
    d = scaled * (before * after)
    return matmul(u * d.unsqueeze(-2), vh)


class LinalgInvExBackward0(Op):
    saved_names = ("inverse",)
    saves_output = True

    def forward(self, a):
        x = a._data
        _check_square(x, "linalg.inv")
        return lapack_layout(_inverse_array(x))

    def backward(self, grad):
        (inverse,) = self.saved()
        # (PyTorch's grouping, each transpose its own node: -(inv^H @ (grad @ inv^H)), the
        # inner product first: GCC evaluates a call's arguments right to left)
        right = grad @ inverse.mT
        return -(inverse.mT @ right)


def linalg_det(A, *, out=None):
    return LinalgDetBackward0.apply(A) if out is None else refuse_out("linalg.det")


def linalg_inv(A, *, out=None):
    return LinalgInvExBackward0.apply(A) if out is None else refuse_out("linalg.inv")


def det(input):
    """``torch.det`` / ``Tensor.det``: ``linalg.det`` under PyTorch's older name."""
    return LinalgDetBackward0.apply(input)


def inverse(input, *, out=None):
    return LinalgInvExBackward0.apply(input) if out is None else refuse_out("inverse")
