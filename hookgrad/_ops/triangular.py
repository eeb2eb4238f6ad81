"""The triangles of a (batch of) matrices: tril and triu, with PyTorch's node names."""
import numpy as np

from .op import Op, refuse_out


class TrilBackward0(Op):
    keep = staticmethod(np.tril)

    def forward(self, a, diagonal):
        x = a._data
        if x.ndim < 2:
            raise RuntimeError(f"{type(self).op_name()}: input tensor must have at least 2 "
                               "dimensions")
        self.diagonal = diagonal
        # (a new contiguous tensor, as PyTorch's, also from a transposed input)
        return np.ascontiguousarray(self.keep(x, diagonal))

    def backward(self, grad):
        return type(self).apply(grad, self.diagonal)


class TriuBackward0(TrilBackward0):
    keep = staticmethod(np.triu)


def tril(input, diagonal=0, *, out=None):
    return TrilBackward0.apply(input, diagonal) if out is None else refuse_out("tril")


def triu(input, diagonal=0, *, out=None):
    return TriuBackward0.apply(input, diagonal) if out is None else refuse_out("triu")
