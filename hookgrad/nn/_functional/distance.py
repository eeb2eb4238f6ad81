"""Pairwise p-norm distance and cosine similarity."""
import numpy as np

from ..._ops import reduce as _reduce
from .utils import _broadcast_pair


def pairwise_distance(x1, x2, p=2.0, eps=1e-6, keepdim=False):
    dim = max(x1._data.ndim, x2._data.ndim) - 1
    return _reduce.norm(x1 - x2 + eps, p, max(dim, 0), keepdim)


def cosine_similarity(x1, x2, dim=1, eps=1e-8):
    x1, x2 = _broadcast_pair(x1, x2)
    norms = []
    for x in (x1, x2):
        norm = _reduce.norm(x, 2, dim, True)
        np.maximum(norm._data, eps, out=norm._data)  # PyTorch clamps in place, under no_grad
        norms.append(norm)
    return ((x1 / norms[0]) * (x2 / norms[1])).sum(dim)
