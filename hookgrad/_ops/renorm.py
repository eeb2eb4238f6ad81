"""``renorm`` (RenormBackward0): each slice along ``dim`` whose ``p``-norm exceeds
``maxnorm`` scaled by ``maxnorm / (norm + 1e-7)``, as PyTorch's kernel: the norm is
``linalg.vector_norm`` over the other dims, the factor computed in the input's type, the
result the input times the factor (contiguous). Its gradient is PyTorch's
``renorm_backward``, written with the same ops (so it records them under create_graph)."""
import numpy as np

from .._cpp_print import c_double
from .._dtype import float64
from .._tensor_base import _make, _wrap_dim, tensor_argument
from .norm_grad import norm_backward
from .op import Op, refuse_out
from .reduce import norm
from .selection import where

_ACCUMULATE = {np.dtype(np.float32): float64, np.dtype(np.float16): float64}


def _checks(input, p, maxnorm):
    """PyTorch's renorm meta checks, in its order."""
    if isinstance(p, complex):
        raise RuntimeError("renorm: p must be real-valued")
    if not float(p) > 0.0:
        raise RuntimeError("renorm: non-positive-norm not supported")
    if isinstance(maxnorm, complex):
        raise RuntimeError("renorm: maxnorm must be real-valued")
    if not float(maxnorm) >= 0.0:
        raise RuntimeError(f"renorm: expected maxnorm to be >= 0 but got "
                           f"{c_double(float(maxnorm))}")
    if input.dim() <= 1:
        raise RuntimeError(f"renorm: input needs at least 2 dimensions, got {input.dim()} "
                           "dimensions")


class RenormBackward0(Op):
    def forward(self, input, p, dims, maxnorm):
        x = input._data
        norms = norm(_make(x), p, dims, True)._data
        limit = x.dtype.type(maxnorm)
        with np.errstate(all="ignore"):
            factor = np.where(norms > limit, limit / (norms + x.dtype.type(1e-7)),
                              x.dtype.type(1))
        self.save(input)
        self.p, self.dims, self.maxnorm = p, dims, maxnorm
        return np.ascontiguousarray(x * factor)

    def backward(self, grad):
        # (PyTorch's CPU accumulate type: the norm, the sum and the formula in double for a
        # float32 input, the result cast back)
        x = self.saved()[0]
        dims, p, maxnorm = self.dims, self.p, self.maxnorm
        acc = _ACCUMULATE.get(x._data.dtype)
        norms = norm(x, p, dims, True, dtype=acc)
        grad_output = (x * grad).sum(dims, keepdim=True, dtype=acc)
        nb = norm_backward(x, norms, grad_output, p, dims)
        invnorm = (norms + 1e-7).reciprocal()
        scaled = maxnorm * invnorm * (grad - invnorm * nb)
        if acc is not None:
            scaled = scaled.to(grad.dtype)
        return where(norms > maxnorm, scaled, grad)


def renorm(input, p, dim, maxnorm, *, out=None):
    if out is not None:
        refuse_out("renorm")
    input = tensor_argument("renorm", "input", 1, input)
    _checks(input, p, maxnorm)
    dim = _wrap_dim(dim, input.dim())
    dims = tuple(d for d in range(input.dim()) if d != dim)
    return RenormBackward0.apply(input, p, dims, maxnorm)
