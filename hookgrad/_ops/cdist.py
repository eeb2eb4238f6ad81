"""``torch.cdist``: p-norm distances between the rows of two (batched) matrices, with
PyTorch's node names. As in PyTorch, its gradient is not differentiable again; the 2-norm
between many rows takes PyTorch's matrix-product path instead (euclidean_dist.py)."""
import numpy as np

from .euclidean_dist import MODES, euclidean_cdist, takes_product
from .fused import fma
from .op import Op, plain_backward, type_name
from .packed_on_error import pack_saved


def _distances(diff, p, element_loop=False):
    """The p-norm of ``diff`` along its last dim, NaNs as PyTorch's kernels take them: p = 0
    counts ``min(ceil(|d|), 1)`` (a NaN difference makes the count NaN); p = inf's maximum
    drops NaNs in cdist's element loop (``element_loop``: C++'s std::max) and keeps them in
    pdist's vector loop; that element loop also sums p = 1 and 2 element after element."""
    a = np.abs(diff)
    if p == 0:
        with np.errstate(invalid="ignore"):
            return np.minimum(np.ceil(a), 1).sum(-1).astype(diff.dtype, copy=False)
    if p == np.inf:
        return np.fmax.reduce(a, -1, initial=0) if element_loop else a.max(-1, initial=0)
    if p == 1:
        return np.cumsum(a, -1, a.dtype)[..., -1] if element_loop and a.shape[-1] else a.sum(-1)
    if p == 2:
        return np.sqrt(_element_loop_squares(a) if element_loop else (a * a).sum(-1))
    return (a ** p).sum(-1) ** (1 / p)


def _element_loop_squares(a):
    """cdist's element loop's sum of squares along the last dim: GCC unrolled it by 4, adding
    ``d * d`` rounded in those groups and fusing the last ``m % 4`` (measured, PyTorch 2.13)."""
    m = a.shape[-1]
    grouped = m - m % 4
    if grouped:
        total = np.cumsum(a[..., :grouped] * a[..., :grouped], -1, a.dtype)[..., -1]
    else:
        total = np.zeros(a.shape[:-1], a.dtype)
    for k in range(grouped, m):
        total = fma(a[..., k], a[..., k], total)
    return total


def _pairwise(x1, x2):
    """``x1[..., i, :] - x2[..., j, :]`` for every pair, batch dims broadcast."""
    return x1[..., :, None, :] - x2[..., None, :, :]


class CdistBackward0(Op):
    arity = 2
    saved_names = ("x1", "x2", "result")
    saves_output = True

    def forward(self, a, b, p):
        self.p = p
        self.save(a, b)
        return _distances(_pairwise(a._data, b._data), p, element_loop=True)

    def backward(self, grad):
        a, b, result = self.saved()
        plain = plain_backward()
        grad_a = grad_b = None
        if self.needs(0):
            grad_a = CdistBackwardBackward0.apply(grad if plain else grad.contiguous(), a, b,
                                                  result, self.p)
        if self.needs(1):
            # (PyTorch's formula makes the transposes contiguous (clones), its last argument
            # first: GCC evaluates a call's arguments right to left)
            result_t = result.mT if plain else result.mT.contiguous()
            grad_t = grad.mT if plain else grad.mT.contiguous()
            grad_b = CdistBackwardBackward0.apply(grad_t, b, a, result_t, self.p)
        return grad_a, grad_b


def distance_slope(diff, d, p):
    """d|diff|_p / d(diff) for each pair's differences ``diff`` and distance ``d``."""
    with np.errstate(divide="ignore", invalid="ignore"):
        if p == 0:
            return np.zeros_like(diff)
        if p == 1:
            return np.sign(diff)
        if p == np.inf:
            # PyTorch's 1 - min(1, ceil(||diff| - d|)): 1 where |diff| is the distance, NaN
            # where both are infinite
            return np.sign(diff) * (1 - np.minimum(1, np.ceil(np.abs(np.abs(diff) - d))))
        if p == 2:
            return np.where(d == 0, 0, diff / d)
        return np.where(d == 0, 0, np.sign(diff) * np.abs(diff) ** (p - 1) / d ** (p - 1))


class CdistBackwardBackward0(Op):
    """The gradient of ``cdist`` for its first operand (PyTorch's ``_cdist_backward``), which
    PyTorch does not differentiate."""

    arity = 4

    def forward(self, grad, a, b, dist, p):
        diff = _pairwise(a._data, b._data)
        # (an infinite gradient makes NaN silently, as PyTorch's: the sum's warning would be
        # NumPy's own module's, which hookgrad's warnings filter does not cover)
        g, d = grad._data[..., None], dist._data[..., None]
        with np.errstate(invalid="ignore", over="ignore", divide="ignore"):
            if p in (1, 2) and diff.shape[-2]:
                # PyTorch's kernel: each pair's ``grad * diff / dist`` (``grad * sign(diff)``)
                # added into the row's sum pair after pair
                terms = g * np.sign(diff) if p == 1 else np.where(d == 0, 0, g * diff / d)
                out = np.cumsum(terms.astype(diff.dtype, copy=False), -2, diff.dtype)[..., -1, :]
            else:
                out = (g * distance_slope(diff, d, p)).sum(-2)
        return out.astype(a._data.dtype, copy=False)

    def backward(self, grad):
        raise NotImplementedError("the derivative for '_cdist_backward' is not implemented.")


def cdist(x1, x2, p=2.0, compute_mode="use_mm_for_euclid_dist_if_necessary"):
    mode = MODES.get(compute_mode)
    if mode is None:
        raise ValueError(f"{compute_mode} is not a valid value for compute_mode")
    a, b = x1._data, x2._data
    for name, x in (("X1", a), ("X2", b)):
        if x.ndim < 2:
            raise RuntimeError(f"cdist only supports at least 2D tensors, {name} got: {x.ndim}D")
    for name, x in (("X1", a), ("X2", b)):
        if x.dtype.kind not in "fV":
            raise RuntimeError(f"cdist only supports floating-point dtypes, {name} got: "
                               f"{type_name(x)}")
    if a.shape[-1] != b.shape[-1]:
        raise RuntimeError(f"X1 and X2 must have the same number of columns. X1: {a.shape[-1]} "
                           f"X2: {b.shape[-1]}")
    if a.dtype != b.dtype:
        raise RuntimeError(f"expected scalar type {type_name(a)} but found {type_name(b)}")
    if p < 0:  # (_cdist_forward's check, after its node saves both: packed_on_error.py)
        pack_saved((x1, x2), lambda: (x1, x2))
        raise RuntimeError("cdist only supports non-negative p values")
    if a.size and b.size and takes_product(a, b, p, mode):
        return euclidean_cdist(x1, x2)
    return CdistBackward0.apply(x1, x2, float(p))

