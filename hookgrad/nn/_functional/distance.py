"""Pairwise p-norm distance and cosine similarity."""
import numpy as np

from ... import _dtype
from ..._ops import reduce as _reduce
from ..._ops.arithmetic import AddBackward1
from .utils import _broadcast_pair


def pairwise_distance(x1, x2, p=2.0, eps=1e-6, keepdim=False):
    difference = AddBackward1.apply(x1 - x2, eps)  # (C++'s tensor + number)
    dim = max(difference._data.ndim - 1, 0)
    return _reduce.NormBackward1.apply(difference, _reduce.dims_of(dim, difference._data.ndim),
                                       keepdim, float(p))


def cosine_similarity(x1, x2, dim=1, eps=1e-8):
    common = _dtype.result_type((x1, x2))
    if not common.is_floating_point:
        raise RuntimeError("expected common dtype to be floating point, yet common dtype is "
                           + common.legacy_name[:-6])
    # (integer and bool inputs are converted to the common dtype first: the norms need floats)
    x1, x2 = (x.to(common) if x._data.dtype.kind in "iub" else x for x in (x1, x2))
    if x1._data.shape != x2._data.shape:
        # (C++'s expand_outplace: once the shapes differ, both are expanded, one already of
        # the common shape too, unlike broadcast_tensors)
        shape = _broadcast_pair(x1, x2)[0]._data.shape
        # (x2 first: GCC evaluates make_tuple's arguments right to left, so x2's node gets
        # the lower sequence number and its leaf's gradient comes second)
        x2 = x2.expand(shape)
        x1 = x1.expand(shape)
    norms = []
    for x in (x1, x2):
        norm = _reduce.norm(x, 2, dim, True).clone()
        np.maximum(norm._data, eps, out=norm._data)  # PyTorch clamps in place, under no_grad
        norm._vc[0] += 1
        norms.append(norm)
    quotient2 = x2 / norms[1]  # (the right operand of the product first, as GCC orders it)
    return ((x1 / norms[0]) * quotient2).sum(dim)
