"""``torch._weight_norm`` and ``torch.norm_except_dim``: what both weight-norm utilities
compute, ``v * (g / ||v||)`` with the norm over every dimension but ``dim``.

As in PyTorch, ``dim`` 0 or the last dimension uses one fused node
(``WeightNormInterfaceBackward0``); any other ``dim`` (``-1`` meaning "no dim": the norm of
the whole tensor) is composed of ordinary ops."""
import numpy as np

from .op import Op


def norm_except_dim(v, pow=2, dim=0):
    """The ``pow``-norm of ``v`` over every dimension but ``dim``, keeping ``dim``'s size and
    size 1 elsewhere; ``dim=-1`` is the norm of the whole tensor (0-d)."""
    if dim == -1:
        return v.norm(pow)
    ndim = v.dim()
    others = tuple(d for d in range(ndim) if d != dim)
    return v.norm(pow, dim=others, keepdim=True) if others else v.abs()


class WeightNormInterfaceBackward0(Op):
    arity = 2

    def forward(self, v, g, dim):
        x, gain = v._data, g._data
        axes = tuple(d for d in range(x.ndim) if d != dim)
        norm = np.sqrt(np.sum(x * x, axis=axes, keepdims=True, dtype=np.float64))
        self.dim = dim
        self.save(v, g)
        return (x * (gain / norm.astype(x.dtype))).astype(x.dtype)

    def backward(self, grad):
        v, g = self.saved()
        axes = tuple(d for d in range(v.dim()) if d != self.dim)
        norm = v.norm(2, dim=axes, keepdim=True)
        along = (grad * v).sum(dim=axes, keepdim=True)
        grad_g = along / norm
        grad_v = (g / norm) * (grad - v * (along / (norm * norm)))
        return grad_v, grad_g.reshape(g.shape)


def weight_norm(v, g, dim=0):
    """``torch._weight_norm(v, g, dim)``."""
    ndim = v.dim()
    if dim is not None and dim < -1:
        dim += ndim
    if dim in (0, ndim - 1) and dim != -1:
        return WeightNormInterfaceBackward0.apply(v, g, dim)
    return v * (g / norm_except_dim(v, 2, dim))
