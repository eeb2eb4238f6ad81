"""``torch.linalg.solve_triangular``: X with A X = B (``left=True``) or X A = B, A upper or
lower triangular (the other triangle is never read), optionally with a unit diagonal. One
``LinalgSolveTriangularBackward0`` node; its gradient is another triangular solve, so it
differentiates again under ``create_graph``."""
import numpy as np

from .complex_support import check_real_array
from .matrix_functions import lapack_layout
from .op import Op, refuse_out, type_name


def _triangle(x, upper, unitriangular):
    """The triangle of A that LAPACK's trsm reads, its diagonal replaced by ones if unit."""
    t = np.triu(x) if upper else np.tril(x)
    if unitriangular:
        n = x.shape[-1]
        t[..., np.arange(n), np.arange(n)] = 1
    return t


def triangular_solve_array(a, b, upper, left=True, unitriangular=False):
    """X of A X = B (or X A = B) for ndarrays, by back / forward substitution over rows (or
    columns); a zero diagonal gives LAPACK's infinities and NaNs, never an error."""
    t = _triangle(a, upper, unitriangular)
    if not left:  # X A = B  <=>  A^T X^T = B^T, A^T of the other triangle
        return np.swapaxes(_solve_by_columns(np.swapaxes(t, -1, -2), np.swapaxes(b, -1, -2),
                                             not upper), -1, -2)
    n = t.shape[-1]
    shape = np.broadcast_shapes(t.shape[:-2], b.shape[:-2]) + b.shape[-2:]
    x = np.zeros(shape, np.result_type(t, b))
    order = range(n - 1, -1, -1) if upper else range(n)
    with np.errstate(all="ignore"):  # (a zero pivot: inf / NaN, as LAPACK's, no warning)
        for i in order:
            rest = slice(i + 1, n) if upper else slice(0, i)
            known = np.matmul(t[..., i:i + 1, rest], x[..., rest, :])
            x[..., i, :] = (b[..., i, :] - known[..., 0, :]) / t[..., i, i:i + 1]
    return x


def _solve_by_columns(t, b, upper):
    """X of T X = B in the order MKL's trsm rounds it for PyTorch's X A = B (T = A^T): each
    solved row of X is subtracted at once from the rows still to solve (one product and one
    subtraction each, no fused multiply-add), and a row is solved by multiplying with the
    reciprocal of its pivot, or dividing by it where B has one column."""
    n = t.shape[-1]
    shape = np.broadcast_shapes(t.shape[:-2], b.shape[:-2]) + b.shape[-2:]
    x = np.array(np.broadcast_to(b, shape), np.result_type(t, b))
    reciprocal = shape[-1] > 1
    order = range(n - 1, -1, -1) if upper else range(n)
    with np.errstate(all="ignore"):  # (a zero pivot: inf / NaN, as LAPACK's, no warning)
        pivots = t[..., np.arange(n), np.arange(n)][..., None]  # (..., n, 1)
        if reciprocal:
            pivots = 1 / pivots
        for k in order:
            row = x[..., k, :]
            if reciprocal:
                row *= pivots[..., k, :]
            else:
                row /= pivots[..., k, :]
            rest = slice(0, k) if upper else slice(k + 1, n)
            x[..., rest, :] -= t[..., rest, k:k + 1] * x[..., k:k + 1, :]
    return x


def _check(a, b, left):
    name = "linalg.solve_triangular"
    for x, which in ((a, "A"), (b, "B")):
        if x.ndim < 2:
            raise RuntimeError(f"{name}: The input tensor {which} must have at least 2 "
                               "dimensions.")
    if a.shape[-1] != a.shape[-2]:
        raise RuntimeError(f"{name}: A must be batches of square matrices, but they are "
                           f"{a.shape[-2]} by {a.shape[-1]} matrices")
    n = a.shape[-1]
    if (b.shape[-2] if left else b.shape[-1]) != n:
        equation = "AX = B" if left else "XA = B"
        raise RuntimeError(f"{name}: Incompatible shapes of A and B for the equation {equation} "
                           f"({a.shape[-2]}x{n} and {b.shape[-2]}x{b.shape[-1]})")
    check_real_array(name, a)
    check_real_array(name, b)
    if a.dtype.kind not in "fV" or a.dtype.itemsize < 4:
        raise NotImplementedError(f"\"triangular_solve_cpu\" not implemented for "
                                  f"'{type_name(a)}'")
    try:
        np.broadcast_shapes(a.shape[:-2], b.shape[:-2])
    except ValueError:
        raise RuntimeError(f"{name}: The size of tensor a ({a.shape[-3]}) must match the size of "
                           f"tensor b ({b.shape[-3]}) at non-singleton dimension 0") from None


class LinalgSolveTriangularBackward0(Op):
    saved_names = ("self", "result", "upper", "left", "unitriangular")
    arity = 2
    saves_output = True

    def _wrapped_number(self, name):  # (the arguments PyTorch saves beside the tensors)
        return getattr(self, name) if name in ("upper", "left", "unitriangular") else None

    def forward(self, a, b, upper, left, unitriangular):
        self.save(a)  # (before the kernel's checks, as PyTorch's autograd layer: see mm's)
        x, y = a._data, b._data
        _check(x, y, left)
        self.upper, self.left, self.unitriangular = upper, left, unitriangular
        # (PyTorch computes in A's dtype, B converted to it: no cast node)
        out = triangular_solve_array(x, y.astype(x.dtype, copy=False), upper, left,
                                     unitriangular).astype(x.dtype, copy=False)
        return lapack_layout(out)

    def backward(self, grad):
        a, x = self.saved()
        upper, left, unit = self.upper, self.left, self.unitriangular
        grad_b = None
        if self.needs(1) or self.needs(0):
            grad_b = solve_triangular(a.mT, grad, upper=not upper, left=left,
                                      unitriangular=unit)
        grad_a = None
        if self.needs(0):
            grad_a = -(grad_b @ x.mT) if left else -(x.mT @ grad_b)
            offset = 1 if unit else 0
            grad_a = grad_a.triu(offset) if upper else grad_a.tril(-offset)
        return grad_a, (grad_b if self.needs(1) else None)


def solve_triangular(A, B, *, upper, left=True, unitriangular=False, out=None):
    """``torch.linalg.solve_triangular``."""
    if out is not None:
        refuse_out("linalg.solve_triangular")
    return LinalgSolveTriangularBackward0.apply(A, B, upper, left, unitriangular)
