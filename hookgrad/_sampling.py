"""torch.multinomial, torch.bernoulli, torch.normal and torch.poisson.

The streams are hookgrad's own (``hookgrad._random``), so the numbers differ from PyTorch's;
the distributions, shapes, dtypes, errors and autograd nodes are PyTorch's. Sampling has no
useful derivative: like PyTorch, the nodes return zero gradients (``NormalBackward*``,
``BernoulliBackward0``, ``PoissonBackward0``), and ``bernoulli(x, p)`` records a node whose
backward raises."""
import numpy as np

from . import _dtype, _random
from ._creation import _leaf
from ._device import check as _check_device
from ._ops.op import Op, broadcast_error, refuse_out
from ._tensor_base import TensorBase, _make
from .autograd.graph import ERROR_NODE_SEQ

__all__ = ["multinomial", "bernoulli", "normal", "poisson"]

# c10's ScalarType names, which PyTorch's dtype errors print
SCALAR_TYPE = {"float32": "Float", "float64": "Double", "float16": "Half", "int64": "Long",
               "int32": "Int", "int16": "Short", "int8": "Char", "uint8": "Byte",
               "bool": "Bool", "bfloat16": "BFloat16"}

NORMAL_SIGNATURES = (
    "but expected one of:\n"
    " * (Tensor mean, Tensor std, *, torch.Generator generator = None, Tensor out = None)\n"
    " * (Tensor mean, float std = 1, *, torch.Generator generator = None, Tensor out = None)\n"
    " * (float mean, Tensor std, *, torch.Generator generator = None, Tensor out = None)\n"
    " * (float mean, float std, tuple of ints size, *, torch.Generator generator = None, "
    "Tensor out = None, torch.dtype dtype = None, torch.layout layout = None, torch.device "
    "device = None, bool pin_memory = False, bool requires_grad = False)\n")


def _scalar_type(array):
    return SCALAR_TYPE[array.dtype.name]


def _not_implemented(kernel, array):
    return NotImplementedError(f'"{kernel}" not implemented for \'{_scalar_type(array)}\'')


def _zeros_for(node, index):
    shape, dtype = node._in_meta[index]
    return _make(np.zeros(shape, dtype))


# ---------------------------------------------------------------------------- multinomial
def multinomial(input, num_samples, replacement=False, *, generator=None, out=None):
    """Indices drawn from the categorical distribution(s) in the rows of ``input``."""
    if out is not None:
        refuse_out("multinomial")
    probs = input._data
    if probs.dtype.kind not in "fV":
        raise RuntimeError("multinomial only supports floating-point dtypes for input, got: "
                           + _scalar_type(probs))
    if probs.ndim not in (1, 2):
        raise RuntimeError("prob_dist must be 1 or 2 dim")
    if num_samples <= 0:
        raise RuntimeError("cannot sample n_sample <= 0 samples")
    n_categories = probs.shape[-1]
    if not replacement and num_samples > n_categories:
        raise RuntimeError("cannot sample n_sample > prob_dist.size(-1) samples without "
                           "replacement")
    rows = probs.reshape(-1, n_categories).astype(np.float64)
    if rows.size and not (np.isfinite(rows).all() and (rows >= 0).all()):
        raise RuntimeError("probability tensor contains either `inf`, `nan` or element < 0")
    totals = rows.sum(axis=1)
    if (totals <= 0).any():
        raise RuntimeError("invalid multinomial distribution (sum of probabilities <= 0)")
    rng = _random.rng(generator)
    if replacement:
        cdf = np.cumsum(rows, axis=1) / totals[:, None]
        draws = rng.random((rows.shape[0], num_samples))
        # the first category whose cumulative probability exceeds the draw (zero-probability
        # categories never do)
        picks = np.stack([np.searchsorted(c, d, side="right") for c, d in zip(cdf, draws)]) \
            if rows.shape[0] else np.zeros((0, num_samples), np.int64)
        np.minimum(picks, n_categories - 1, out=picks)
    else:
        # Without replacement: the ``num_samples`` largest of p / Exp(1), which draws
        # categories one after another, each in proportion to the remaining weights (the
        # construction PyTorch uses too).
        keys = rows / rng.exponential(size=rows.shape)
        picks = np.argsort(-keys, axis=1, kind="stable")[:, :num_samples]
    return _make(picks.astype(np.int64).reshape(probs.shape[:-1] + (num_samples,)))


# ---------------------------------------------------------------------------- bernoulli
class BernoulliBackward0(Op):
    """``bernoulli(probabilities)``: zero gradient for the probabilities, as in PyTorch."""

    def forward(self, probs, generator):
        p = probs._data
        if p.dtype.kind not in "fV":
            raise _not_implemented("bernoulli_tensor_cpu_p_", p)
        if p.size and not ((p >= 0) & (p <= 1)).all():
            raise RuntimeError("Expected p_in >= 0 && p_in <= 1 to be true, but got false.  "
                               "(Could this error message be improved?  If so, please report "
                               "an enhancement request to PyTorch.)")
        return (_random.rng(generator).random(p.shape) < p).astype(p.dtype)

    def backward(self, grad):
        return _zeros_for(self, 0)


class BernoulliScalarBackward(Op):
    """``bernoulli(input, p)``: PyTorch records a node without a derivative."""

    node_name = "torch::autograd::NotImplemented"

    def _link(self, inputs, adopted=None):
        super()._link(inputs, adopted)
        self._seq = ERROR_NODE_SEQ

    def forward(self, input, p, generator):
        return _bernoulli_scalar(input._data.shape, input._data.dtype, p, generator)

    def backward(self, grad):
        raise RuntimeError("derivative for aten::bernoulli is not implemented")


def _bernoulli_scalar(shape, dtype, p, generator):
    if not 0 <= p <= 1:
        raise RuntimeError(f"bernoulli_ expects p to be in [0, 1], but got p={p:g}")
    return (_random.rng(generator).random(shape) < p).astype(dtype)


def bernoulli(input, p=None, *, generator=None, out=None):
    """0/1 draws: with the probabilities in ``input``, or with probability ``p`` each."""
    if out is not None:
        refuse_out("bernoulli")
    if p is None:
        return BernoulliBackward0.apply(input, generator)
    return BernoulliScalarBackward.apply(input, float(p), generator)


# ---------------------------------------------------------------------------- normal
def _draw(shape, mean, std, dtype, generator):
    noise = _random.rng(generator).standard_normal(shape)
    return (mean + std * noise).astype(dtype)


def _check_std_scalar(std):
    if std < 0:
        raise RuntimeError(f"normal expects std >= 0.0, but found std {std:g}")


class NormalBackward1(Op):
    """normal(mean: Tensor, std: float)."""

    def forward(self, mean, std, generator):
        m = mean._data
        if m.dtype.kind not in "fV":
            raise _not_implemented("normal_kernel_cpu", m)
        _check_std_scalar(std)
        return _draw(m.shape, m, std, m.dtype, generator)

    def backward(self, grad):
        return _zeros_for(self, 0)


class NormalBackward2(Op):
    """normal(mean: float, std: Tensor)."""

    def forward(self, std, mean, generator):
        s = std._data
        if s.dtype.kind not in "fV":
            raise _not_implemented("normal_kernel_cpu", s)
        if s.size and (s < 0).any():
            raise RuntimeError("normal expects all elements of std >= 0.0")
        return _draw(s.shape, mean, s, s.dtype, generator)

    def backward(self, grad):
        return _zeros_for(self, 0)


class NormalBackward3(Op):
    """normal(mean: Tensor, std: Tensor), broadcast together; the result has mean's dtype."""

    arity = 2

    def forward(self, mean, std, generator):
        m, s = mean._data, std._data
        if m.dtype.kind not in "fV":
            raise _not_implemented("normal_kernel_cpu", m)
        try:
            shape = np.broadcast_shapes(m.shape, s.shape)
        except ValueError:
            raise broadcast_error([m.shape, s.shape]) from None
        if s.size and (s < 0).any():
            raise RuntimeError("normal expects all elements of std >= 0.0")
        return _draw(shape, m, s, m.dtype, generator)

    def backward(self, grad):
        return tuple(_zeros_for(self, i) if self.needs(i) else None for i in range(2))


def normal(mean, std=1.0, size=None, *, generator=None, out=None, dtype=None, layout=None,
           device=None, pin_memory=False, requires_grad=False):
    """PyTorch's four overloads: (Tensor, Tensor), (Tensor, float), (float, Tensor) and
    (float, float, size)."""
    if out is not None:
        refuse_out("normal")
    mean_is_tensor, std_is_tensor = isinstance(mean, TensorBase), isinstance(std, TensorBase)
    if size is None and (mean_is_tensor or std_is_tensor):
        if mean_is_tensor and std_is_tensor:
            return NormalBackward3.apply(mean, std, generator)
        if mean_is_tensor:
            return NormalBackward1.apply(mean, float(std), generator)
        return NormalBackward2.apply(std, float(mean), generator)
    if size is None or mean_is_tensor or std_is_tensor:
        got = ", ".join(type(a).__name__ for a in (mean, std, size) if a is not None)
        got = got.replace("hookgrad.", "")
        raise TypeError(f"normal() received an invalid combination of arguments - got ({got}), "
                        + NORMAL_SIGNATURES)
    _check_device(device)
    dtype = _dtype.to_dtype(dtype) if dtype is not None else _dtype.get_default_dtype()
    if not dtype.is_floating_point:
        raise NotImplementedError(f'"normal_kernel_cpu" not implemented for '
                                  f"'{SCALAR_TYPE[dtype.name]}'")
    _check_std_scalar(std)
    return _leaf(_draw(tuple(size), mean, std, dtype.np_dtype, generator), requires_grad)


# ---------------------------------------------------------------------------- poisson
_POISSON_EXACT_MAX = 1e15  # beyond, NumPy refuses; a normal approximation is exact to float


class PoissonBackward0(Op):
    def forward(self, rates, generator):
        lam = rates._data
        if lam.dtype.kind not in "fV":
            raise _not_implemented("poisson_cpu", lam)
        lam = lam.astype(np.float64)
        if lam.size and not (lam >= 0).all():  # NaN fails this too
            raise RuntimeError("invalid Poisson rate, expected rate to be non-negative")
        rng = _random.rng(generator)
        large = lam > _POISSON_EXACT_MAX
        counts = rng.poisson(np.where(large, 0, lam)).astype(np.float64)
        if large.any():
            finite = np.where(np.isinf(lam), 0, lam)
            approx = np.round(finite + np.sqrt(finite) * rng.standard_normal(lam.shape))
            # PyTorch's count for an infinite rate is the int64 minimum, converted
            approx[np.isinf(lam)] = -2.0 ** 63
            counts = np.where(large, approx, counts)
        return counts.astype(rates._data.dtype)

    def backward(self, grad):
        return _zeros_for(self, 0)


def poisson(input, generator=None):
    """Counts drawn from Poisson distributions with the rates in ``input``."""
    return PoissonBackward0.apply(input, generator)
