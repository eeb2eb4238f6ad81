"""Pairwise p-norm distance and cosine similarity."""
import numpy as np

from ..._ops import reduce as _reduce
from .utils import _broadcast_pair


def pairwise_distance(x1, x2, p=2.0, eps=1e-6, keepdim=False):
    difference = x1 - x2 + eps
    dim = max(difference._data.ndim - 1, 0)
    return _reduce.NormBackward1.apply(difference, _reduce.dims_of(dim, difference._data.ndim),
                                       keepdim, float(p))


def cosine_similarity(x1, x2, dim=1, eps=1e-8):
    x1, x2 = _broadcast_pair(x1, x2)
    norms = []
    for x in (x1, x2):
        norm = _reduce.norm(x, 2, dim, True)
        np.maximum(norm._data, eps, out=norm._data)  # PyTorch clamps in place, under no_grad
        norms.append(norm)
    return ((x1 / norms[0]) * (x2 / norms[1])).sum(dim)
