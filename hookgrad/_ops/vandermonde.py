"""``torch.linalg.vander``: the Vandermonde matrix of x, columns x^0, x^1, ..., x^(N-1),
built as PyTorch builds it (so autograd records ``CatBackward0`` of a ones column and a
``CumprodBackward0`` of x expanded N - 1 times, and integer inputs give int64 as cumprod's)."""
import numpy as np

from .._tensor_base import _make
from .op import type_name
from .scan import cumprod
from .shape import cat


def vander(x, *, N=None):
    """``torch.linalg.vander``."""
    data = x._data
    if data.dtype == np.bool_ or (data.dtype.kind in "fV" and data.dtype.itemsize == 2):
        raise RuntimeError("linalg.vander supports floating point, complex, and integer tensors, "
                           f"but got {type_name(data)}")
    if data.ndim == 0:  # (PyTorch reads a 0-d input as one element, N then required)
        if N is None:
            raise RuntimeError("N must be greater than 1.")
        x = x.unsqueeze(0)
    n = data.shape[-1] if N is None else N
    if n <= 1:
        raise RuntimeError("N must be greater than 1.")
    powers = cumprod(x.unsqueeze(-1).expand(*x.shape, n - 1), -1)
    ones = _make(np.ones(tuple(x.shape) + (1,), powers._data.dtype))
    return cat([ones, powers], -1)
