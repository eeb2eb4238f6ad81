"""``torch.cdist``'s matrix-product path for the 2-norm: PyTorch computes distances between
many rows (more than 25 on either side, or ``compute_mode='use_mm_for_euclid_dist'``) as
``sqrt(max(|x|^2 + |y|^2 - 2 x.y, 0))`` from one matrix product, under its own node
(``EuclideanDistBackward0``, viewed to the output's shape), with other roundings than the
pairwise differences, and exactly 0 for a row against itself far more often. Batched inputs
are expanded and reshaped to one batch dim first, as PyTorch's autograd records them."""
import numpy as np

from .._tensor_base import _make
from .elementwise import sqrt_array
from .linalg import matmul
from .op import Op
from .sum_order import sum_array

MODES = {"use_mm_for_euclid_dist_if_necessary": 0, "use_mm_for_euclid_dist": 1,
         "donot_use_mm_for_euclid_dist": 2}
ROWS_WITHOUT_PRODUCT = 25  # (PyTorch's threshold for mode 0: more rows take the product)


def takes_product(x1, x2, p, mode):
    """Whether PyTorch's cdist takes the matrix-product path (non-empty inputs)."""
    rows1, rows2 = x1.shape[-2], x2.shape[-2]
    return p == 2 and (mode == 1 or (mode == 0 and max(rows1, rows2) > ROWS_WITHOUT_PRODUCT))


def _padded(x, first, second):
    """``cat([x, first, second], -1)`` with the two columns given as arrays (..., rows, 1)."""
    return np.concatenate([x, first, second], axis=-1)


class EuclideanDistBackward0(Op):
    arity = 2
    saved_names = ("x1", "x2", "result")
    saves_output = True

    def forward(self, a, b):
        x1, x2 = a._data, b._data
        self.save(a, b)
        norm1 = sum_array(x1 * x1, (x1.ndim - 1,), True)
        norm2 = sum_array(x2 * x2, (x2.ndim - 1,), True)
        left = _padded(x1 * x1.dtype.type(-2), norm1, np.ones_like(norm1))
        right = _padded(x2, np.ones_like(norm2), norm2)
        # (PyTorch's x1_.matmul(x2_.mT()): its dispatch and layouts, so its BLAS calls)
        product = matmul(_make(left), _make(right).mT)._data
        np.maximum(product, 0, out=product)  # (clamp_min_: NaN stays NaN)
        return sqrt_array(product)

    def backward(self, grad):
        # PyTorch's _euclidean_dist_backward, in tensor ops (its nodes under create_graph)
        x1, x2, result = self.saved()
        ratio = grad / result
        ratio = ratio.masked_fill(result == 0, 0)
        grad1 = x1 * ratio.sum(-1, True) - ratio.matmul(x2) if self.needs(0) else None
        grad2 = x2 * ratio.sum(-2, False).unsqueeze(-1) - ratio.mT.matmul(x1) \
            if self.needs(1) else None
        return grad1, grad2


def euclidean_cdist(x1, x2):
    """PyTorch's ``cdist_impl`` for the product path: one batch dim when the broadcast batch
    is not a single matrix, then the distances viewed to the output's shape."""
    batch = np.broadcast_shapes(x1.shape[:-2], x2.shape[:-2])
    rows1, rows2 = x1.shape[-2], x2.shape[-2]
    count = int(np.prod(batch, dtype=np.int64))
    if count == 1:
        dist = EuclideanDistBackward0.apply(x1, x2)
    else:
        dist = EuclideanDistBackward0.apply(
            x1.expand(batch + x1.shape[-2:]).contiguous().view(count, rows1, x1.shape[-1]),
            x2.expand(batch + x2.shape[-2:]).contiguous().view(count, rows2, x2.shape[-1]))
    return dist.view(batch + (rows1, rows2))
