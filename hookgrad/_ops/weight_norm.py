"""``torch._weight_norm`` and ``torch.norm_except_dim``: what both weight-norm utilities
compute, ``v * (g / ||v||)`` with the norm over every dimension but ``dim``.

As in PyTorch, ``dim`` 0 or the last dimension uses one fused node
(``WeightNormInterfaceBackward0``); any other ``dim`` (``-1`` meaning "no dim": the norm of
the whole tensor) is composed of ordinary ops."""
import numpy as np

from .._tensor_base import _make
from .op import Op
from .reduce import NormBackward0, NormBackward1


def norm_except_dim(v, pow=2, dim=0):
    """The ``pow``-norm of ``v`` over every dimension but ``dim``, keeping ``dim``'s size and
    size 1 elsewhere; ``dim=-1`` is the norm of the whole tensor (0-d). Op by op as PyTorch's
    C++ (``at::norm``: NormBackward0 / NormBackward1 nodes): the first or last dim as a view
    of rows or columns, any other transposed to the front and back."""
    if dim == -1:
        return NormBackward0.apply(v, tuple(range(v.dim())), False, float(pow), None, True)
    ndim = v.dim()
    if dim not in (0, ndim - 1):
        return norm_except_dim(v.transpose(0, dim), pow, 0).transpose(0, dim)
    size = [1] * ndim
    size[dim] = v.shape[dim]
    if dim == 0:
        rows = v.contiguous().view(v.shape[0], -1)
        return NormBackward1.apply(rows, (1,), False, float(pow), None, False).view(size)
    columns = v.contiguous().view(-1, v.shape[-1])
    return NormBackward1.apply(columns, (0,), False, float(pow), None, False).view(size)


class WeightNormInterfaceBackward0(Op):
    arity = 2

    def forward(self, v, g, dim):
        x, gain = v._data, g._data
        axes = tuple(d for d in range(x.ndim) if d != dim)
        norm = np.sqrt(np.add.reduce(x * x, axes, np.float64, keepdims=True)).astype(x.dtype)
        self.dim, self.norm = dim, norm  # (PyTorch's second output, which needs no grad)
        self.save(v, g)
        return (x * (gain / norm)).astype(x.dtype)

    def backward(self, grad):
        """PyTorch's _weight_norm_differentiable_backward: the saved norms are constants; the
        sum along each direction is a view, a sum and a view back; its nodes in its order
        (GCC evaluates the right operand of an operator first)."""
        v, g = self.saved()
        norms = _make(self.norm)
        shape = v.shape
        if self.dim == 0:
            sums = (grad * v).view(shape[0], -1).sum(1)
        else:
            sums = (grad * v).view(-1, shape[-1]).sum(0)
        sums = sums.view(self.norm.shape)
        scaled = v * (sums / (norms * norms))
        difference = grad - scaled
        grad_v = (g / norms) * difference
        grad_g = sums / norms
        return grad_v, grad_g if grad_g.shape == g.shape else grad_g.reshape(g.shape)


def weight_norm(v, g, dim=0):
    """``torch._weight_norm(v, g, dim)``."""
    ndim = v.dim()
    if dim is not None and dim < -1:
        dim += ndim
    v, g = v.contiguous(), g.contiguous()  # (as PyTorch's: clones of non-contiguous ones)
    if dim in (0, ndim - 1) and dim != -1:  # (PyTorch's fused node, half too on the CPU)
        return WeightNormInterfaceBackward0.apply(v, g, dim)
    return v * (g / norm_except_dim(v, 2, dim))
