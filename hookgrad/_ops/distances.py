"""``torch.dist`` (``DistBackward0``: the p-norm of ``input - other``, its gradient PyTorch's
``norm_backward`` of the difference, differentiable again) and ``F.pdist`` / ``torch.pdist``
(``PdistBackward0``: the p-norm distance of every pair of rows i < j, in row-major pair
order; as in PyTorch its gradient, ``PdistBackwardBackward0``, is not differentiable)."""
import numpy as np

from .._tensor_base import TensorBase, _make
from ..autograd._running import should_compute_output
from .cdist import CdistBackwardBackward0, _distances, _pairwise, distance_slope
from .norm_checks import refuse_norm_without_identity
from .norm_grad import norm_backward
from .op import Op, operands, plain_backward, type_name
from .reduce import LinalgVectorNormBackward0


class DistBackward0(Op):
    arity = 2
    saved_names = ("other", "self", "result", "p")  # (PyTorch's order: other's first)
    saves_output = True

    def _wrapped_number(self, name):  # (p as given: PyTorch saves the Scalar)
        return self.p_given if name == "p" else None

    def forward(self, a, b, p):
        self.save(b, a)  # (before the checks, as PyTorch's autograd layer saves: see mm's)
        if a._data.dtype == np.bool_ and isinstance(b, TensorBase) and b._data.dtype == np.bool_:
            raise RuntimeError("Subtraction, the `-` operator, with two bool tensors is not "
                               "supported. Use the `^` or `logical_xor()` operator instead.")
        x, y = operands(a, b)
        if x.dtype.kind not in "fV":
            raise RuntimeError("norm(): input dtype should be either floating point or complex. "
                               f"Got {type_name(x)} instead.")
        self.p_given, self.p = p, float(p)
        difference = _make(x - y)  # (no graph: the norm of a plain array, as torch.norm's)
        dims = tuple(range(difference._data.ndim))
        refuse_norm_without_identity(difference._data, self.p, dims, True)
        return LinalgVectorNormBackward0.apply(difference, dims, False, p, None, True)._data

    def backward(self, grad):
        b, a, result = self.saved()
        if not plain_backward() and self.needs(0) and self.needs(1):
            # PyTorch's formula for each input computes self - other and its norm_backward
            # afresh, other's first: under create_graph, two chains of nodes
            grad_b = self._grad_a(a, b, result, grad)
            if grad_b is not None:
                grad_b = -grad_b
                return self._grad_a(a, b, result, grad), grad_b
        grad_a = self._grad_a(a, b, result, grad)
        if grad_a is None:  # (p = 0: PyTorch's formula negates the undefined gradient, when
            # this pass wants other's: autograd.grad of input alone does not)
            if should_compute_output(self, 1):
                raise RuntimeError("Expected a proper Tensor but got None (or an undefined "
                                   "Tensor in C++) for argument #0 'self'")
            return None, None
        return grad_a, -grad_a

    def _grad_a(self, a, b, result, grad):
        difference = a - b
        return norm_backward(difference, result, grad, self.p, tuple(range(difference.ndim)))


def dist(input, other, p=2):
    """``torch.dist`` / ``Tensor.dist``: ``norm(input - other, p)`` (broadcast)."""
    return DistBackward0.apply(input, other, p)


class PdistBackward0(Op):
    saved_names = ("self", "result", "p")
    saves_output = True

    def _wrapped_number(self, name):
        return self.p if name == "p" else None

    def forward(self, a, p):
        x = a._data
        self.p = p
        self.save(a)
        rows, cols = np.triu_indices(x.shape[0], 1)
        return _distances(x[rows] - x[cols], p).astype(x.dtype, copy=False)

    def backward(self, grad):
        a, result = self.saved()
        # (PyTorch's _pdist_backward takes the pair gradient, self and the saved output: the
        # second-order graph links to this node through the result, not to a constant)
        return PdistBackwardBackward0.apply(grad, a, result, self.p)


class PdistBackwardBackward0(CdistBackwardBackward0):
    """The gradient of ``pdist``: for row i, the sum over the other rows j of the pair's
    gradient times d|x_i - x_j|_p / dx_i (``cdist``'s, with the pairs mirrored)."""

    arity = 3

    def forward(self, grad, a, result, p):
        n = a._data.shape[0]
        rows, cols = np.triu_indices(n, 1)
        full_grad = np.zeros((n, n), grad._data.dtype)  # (each pair's gradient both ways)
        full_grad[rows, cols] = full_grad[cols, rows] = grad._data
        full_dist = np.zeros((n, n), result._data.dtype)
        full_dist[rows, cols] = full_dist[cols, rows] = result._data
        x = a._data
        slope = distance_slope(_pairwise(x, x), full_dist[..., None], p)
        # a row paired with itself is no pair: its NaN slope (sign(inf - inf)) must not reach
        # the sum, as PyTorch's kernel sums over the other rows only
        slope[np.arange(n), np.arange(n)] = 0
        with np.errstate(all="ignore"):  # (an infinite gradient's NaNs, silent as PyTorch's;
            # ndarray.sum warns from NumPy's module, which hookgrad's filter does not cover)
            return (full_grad[..., None] * slope).sum(-2).astype(x.dtype, copy=False)

    def backward(self, grad):
        raise NotImplementedError("the derivative for '_pdist_backward' is not implemented.")


def pdist(input, p=2):
    """``F.pdist`` / ``torch.pdist``: the distances between the rows of a 2-D input."""
    x = input._data
    if x.ndim != 2:
        raise RuntimeError(f"pdist only supports 2D tensors, got: {x.ndim}D")
    if x.dtype.kind not in "fV":
        raise RuntimeError("pdist only supports floating-point dtypes")
    if x.dtype.itemsize < 4:
        raise NotImplementedError(f"\"pdist\" not implemented for '{type_name(x)}'")
    if p < 0:
        raise RuntimeError("pdist only supports non-negative p values")
    return PdistBackward0.apply(input, float(p))
