"""torch.nn.utils.parametrizations: ``orthogonal``, ``weight_norm`` and ``spectral_norm`` as
parametrizations (``nn.utils.parametrize``), PyTorch's modules and maths.

Where PyTorch draws random numbers (the starting vectors of spectral norm's power iteration,
the completion of a non-square orthogonal base) the draws come from hookgrad's stream;
everything computed from them is PyTorch's."""
from enum import Enum, auto

import numpy as np

from ..._creation import randn
from ..._ops import linalg as _linalg
from ..._ops import matrix_functions as _mf
from ..._ops.shape import cat
from ..._ops.weight_norm import norm_except_dim
from ..._ops.weight_norm import weight_norm as _weight_norm
from ..._tensor import Tensor, _make
from ...autograd.grad_mode import no_grad
from .. import functional as F
from ..modules import conv
from ..modules.module import Module
from . import parametrize

__all__ = ["orthogonal", "spectral_norm", "weight_norm"]


def _is_orthogonal(q):
    n, k = q.shape[-2], q.shape[-1]
    eps = 10.0 * n * np.finfo(q._data.dtype).eps
    product = (q.mT @ q)._data
    return bool(np.all(np.abs(product - np.eye(k)) <= eps + 1e-5 * np.abs(np.eye(k))))


class _OrthMaps(Enum):
    matrix_exp = auto()
    cayley = auto()
    householder = auto()


class _Orthogonal(Module):
    def __init__(self, weight, orthogonal_map, *, use_trivialization=True):
        super().__init__()
        self.shape = weight.shape
        self.orthogonal_map = orthogonal_map
        if use_trivialization:
            self.register_buffer("base", None)

    def forward(self, X):
        n, k = X.shape[-2], X.shape[-1]
        transposed = n < k
        if transposed:
            X = X.mT
            n, k = k, n
        if self.orthogonal_map in (_OrthMaps.matrix_exp, _OrthMaps.cayley):
            X = X.tril()
            if n != k:
                zeros = X.new_zeros(n, n - k).expand(*X.shape[:-2], -1, -1)
                X = cat([X, zeros], -1)
            A = X - X.mT
            if self.orthogonal_map == _OrthMaps.matrix_exp:
                Q = _mf.matrix_exp(A)
            else:
                eye = _make(np.eye(n, dtype=A._data.dtype))
                Q = _mf.solve(eye - 0.5 * A, eye + 0.5 * A)
            if n != k:
                Q = Q[..., :k]
        else:
            A = X.tril(diagonal=-1)
            tau = 2.0 / (1.0 + (A * A).sum(dim=-2))
            Q = _mf.householder_product(A, tau)
            Q = Q * X.diagonal(dim1=-2, dim2=-1).int().unsqueeze(-2)
        if hasattr(self, "base"):
            Q = self.base @ Q
        if transposed:
            Q = Q.mT
        return Q

    def right_inverse(self, Q):
        with no_grad():
            return self._right_inverse(Q)

    def _right_inverse(self, Q):
        if Q.shape != self.shape:
            raise ValueError(f"Expected a matrix or batch of matrices of shape {self.shape}. "
                             f"Got a tensor of shape {Q.shape}.")
        q_init = Q
        n, k = Q.shape[-2], Q.shape[-1]
        transpose = n < k
        if transpose:
            Q = Q.mT
            n, k = k, n
        if not hasattr(self, "base"):
            if self.orthogonal_map in (_OrthMaps.cayley, _OrthMaps.matrix_exp):
                raise NotImplementedError("It is not possible to assign to the matrix "
                                          "exponential or the Cayley parametrizations when "
                                          "use_trivialization=False.")
            A, tau = _mf.geqrf(Q._data)
            diagonal = np.diagonal(A, axis1=-2, axis2=-1)
            signs = np.sign(diagonal)
            signs[tau == 0.0] *= -1
            A = A.copy()
            idx = np.arange(min(A.shape[-2:]))
            A[..., idx, idx] = signs
            A = _make(A)
            return A.mT if transpose else A
        if n == k:
            base = Q.clone() if _is_orthogonal(Q) else _make(_mf.make_orthogonal(Q._data))
        else:
            N = randn(*(tuple(Q.shape[:-2]) + (n, n - k)), dtype=Q.dtype)
            base = _make(_mf.make_orthogonal(cat([Q, N], -1)._data))
        self.base = base.to(Q.dtype)
        neg_eye = np.zeros(q_init.shape, q_init._data.dtype)
        idx = np.arange(min(q_init.shape[-2:]))
        neg_eye[..., idx, idx] = -1.0
        return _make(neg_eye)


def orthogonal(module, name="weight", orthogonal_map=None, *, use_trivialization=True):
    """Make ``module.<name>`` an orthogonal matrix (or batch of them) parametrized by
    ``matrix_exp``, ``cayley`` or ``householder``."""
    weight = getattr(module, name, None)
    if not isinstance(weight, Tensor):
        raise ValueError(f"Module '{module}' has no parameter or buffer with name '{name}'")
    if weight.ndim < 2:
        raise ValueError("Expected a matrix or batch of matrices. Got a tensor of "
                         f"{weight.ndim} dimensions.")
    if orthogonal_map is None:
        orthogonal_map = ("matrix_exp" if weight.shape[-2] == weight.shape[-1]
                          else "householder")
    orth_enum = getattr(_OrthMaps, orthogonal_map, None)
    if orth_enum is None:
        raise ValueError('orthogonal_map has to be one of "matrix_exp", "cayley", '
                         f'"householder". Got: {orthogonal_map}')
    orth = _Orthogonal(weight, orth_enum, use_trivialization=use_trivialization)
    parametrize.register_parametrization(module, name, orth, unsafe=True)
    return module


class _WeightNorm(Module):
    def __init__(self, dim=0):
        super().__init__()
        if dim is None:
            dim = -1
        self.dim = dim

    def forward(self, weight_g, weight_v):
        return _weight_norm(weight_v, weight_g, self.dim)

    def right_inverse(self, weight):
        return norm_except_dim(weight, 2, self.dim), weight


class _WeightNormCompatHook:
    """Load an old ``weight_g`` / ``weight_v`` state dict (from ``nn.utils.weight_norm``)."""

    def __init__(self, name):
        self.name = name

    def __call__(self, state_dict, prefix, local_metadata, strict, missing_keys,
                 unexpected_keys, error_msgs):
        g_key, v_key = f"{prefix}{self.name}_g", f"{prefix}{self.name}_v"
        if g_key in state_dict and v_key in state_dict:
            state_dict[f"{prefix}parametrizations.{self.name}.original0"] = state_dict.pop(g_key)
            state_dict[f"{prefix}parametrizations.{self.name}.original1"] = state_dict.pop(v_key)


def weight_norm(module, name="weight", dim=0):
    """Reparametrize ``module.<name>`` as ``g * v / ||v||`` (``original0`` is g,
    ``original1`` is v)."""
    parametrize.register_parametrization(module, name, _WeightNorm(dim), unsafe=True)
    module._register_load_state_dict_pre_hook(_WeightNormCompatHook(name))
    return module


class _SpectralNorm(Module):
    def __init__(self, weight, n_power_iterations=1, dim=0, eps=1e-12):
        super().__init__()
        ndim = weight.ndim
        if dim >= ndim or dim < -ndim:
            raise IndexError("Dimension out of range (expected to be in range of "
                             f"[-{ndim}, {ndim - 1}] but got {dim})")
        if n_power_iterations <= 0:
            raise ValueError("Expected n_power_iterations to be positive, but got "
                             f"n_power_iterations={n_power_iterations}")
        self.dim = dim if dim >= 0 else dim + ndim
        self.eps = eps
        if ndim > 1:
            self.n_power_iterations = n_power_iterations
            weight_mat = self._reshape_weight_to_matrix(weight)
            h, w = weight_mat.shape
            u = weight_mat.new_empty(h).normal_(0, 1)
            v = weight_mat.new_empty(w).normal_(0, 1)
            self.register_buffer("_u", F.normalize(u, dim=0, eps=self.eps))
            self.register_buffer("_v", F.normalize(v, dim=0, eps=self.eps))
            self._power_method(weight_mat, 15)

    def _reshape_weight_to_matrix(self, weight):
        if self.dim != 0:
            weight = weight.permute(self.dim, *(d for d in range(weight.dim()) if d != self.dim))
        return weight.flatten(1)

    def _power_method(self, weight_mat, n_power_iterations):
        # As PyTorch's ``self._u = normalize(..., out=self._u)``: written in place (the
        # buffers stay the same tensors) and assigned again, so global buffer registration
        # hooks see every step.
        with no_grad():
            for _ in range(n_power_iterations):
                self._u = self._u.copy_(
                    F.normalize(_linalg.mv(weight_mat, self._v), dim=0, eps=self.eps))
                self._v = self._v.copy_(
                    F.normalize(_linalg.mv(weight_mat.mT, self._u), dim=0, eps=self.eps))

    def forward(self, weight):
        if weight.ndim == 1:
            return F.normalize(weight, dim=0, eps=self.eps)
        weight_mat = self._reshape_weight_to_matrix(weight)
        if self.training:
            self._power_method(weight_mat, self.n_power_iterations)
        u = self._u.clone()
        v = self._v.clone()
        sigma = _linalg.dot(u, _linalg.mv(weight_mat, v))
        return weight / sigma

    def right_inverse(self, value):
        return value


def spectral_norm(module, name="weight", n_power_iterations=1, eps=1e-12, dim=None):
    """Divide ``module.<name>`` by its largest singular value, estimated by power iteration
    (one step per training-mode forward)."""
    weight = getattr(module, name, None)
    if not isinstance(weight, Tensor):
        raise ValueError(f"Module '{module}' has no parameter or buffer with name '{name}'")
    if dim is None:
        dim = 1 if isinstance(module, _transposed_convs()) else 0
    parametrize.register_parametrization(
        module, name, _SpectralNorm(weight, n_power_iterations, dim, eps))
    return module


def _transposed_convs():
    """The transposed convolutions hookgrad has (their weight's output dimension is 1)."""
    return tuple(getattr(conv, n) for n in ("ConvTranspose1d", "ConvTranspose2d",
                                            "ConvTranspose3d") if hasattr(conv, n))
