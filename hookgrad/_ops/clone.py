"""``clone``'s node, on its own so that the in-place machinery (which ``copy`` imports) can
record the clone PyTorch makes of a tensor an in-place op overwrites."""
import numpy as np

from .op import Op


class CloneBackward0(Op):
    supports_complex = True

    def forward(self, a):
        return np.array(a._data, copy=True, order="C")

    def backward(self, grad):
        return grad
