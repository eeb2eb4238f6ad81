"""Reductions: sum, mean, max/min, var/std, norm, prod, all/any."""
import builtins
import collections
import warnings

import numpy as np

from .. import _dtype
from .._tensor_base import TensorBase, _make, _wrap_dim
from .op import Op, plain_backward, refuse_out
from .selection import maximum, minimum, where
from .shape import expand_grad


def dims_of(dim, ndim):
    """Normalise ``dim`` (None, int, or sequence) to a sorted tuple of non-negative dims."""
    if dim is None or dim == () or dim == []:
        return tuple(range(ndim))
    if isinstance(dim, int):
        dim = (dim,)
    dims = [_wrap_dim(d, ndim) for d in dim]
    for d in dims:
        if dims.count(d) > 1:
            raise RuntimeError(f"dim {d} appears multiple times in the list of dims")
    return tuple(sorted(dims)) if ndim else ()  # a 0-d tensor accepts dim 0 / -1: no axes


def restore_dims(grad, shape, dims, keepdim):
    """Reshape a reduced gradient so it broadcasts against the input ``shape``."""
    if keepdim or not dims or grad._data.ndim == len(shape):
        return grad
    kept = [1 if i in dims else s for i, s in enumerate(shape)]
    return grad.reshape(kept)


def _sum_dtype(x, dtype):
    if dtype is not None:
        return dtype.np_dtype
    return np.int64 if x.dtype.kind in "biu" else None


def _type_name(x):
    return _dtype.from_numpy_dtype(x.dtype).legacy_name[:-6]  # "FloatTensor" -> "Float"


class SumBackward0(Op):
    def forward(self, a, dtype=None):
        x = a._data
        self.shape = x.shape
        # (no np.sum wrapper, and positional arguments: keywords cost a fifth of the call)
        return np.add.reduce(x, None, _sum_dtype(x, dtype))

    def backward(self, grad):
        return expand_grad(grad, self.shape)


class SumBackward1(Op):
    def forward(self, a, dims, keepdim, dtype=None):
        x = a._data
        self.shape, self.dims, self.keepdim = x.shape, dims, keepdim
        return np.sum(x, axis=dims, keepdims=keepdim, dtype=_sum_dtype(x, dtype))

    def backward(self, grad):
        return expand_grad(restore_dims(grad, self.shape, self.dims, self.keepdim), self.shape)


class MeanBackward0(Op):
    def forward(self, a, dtype=None):
        x = a._data
        self.shape = x.shape
        self.count = x.size
        return np.mean(x, dtype=dtype.np_dtype if dtype else None)

    def backward(self, grad):
        return expand_grad(grad / self.count, self.shape)


class MeanBackward1(Op):
    def forward(self, a, dims, keepdim, dtype=None):
        x = a._data
        self.shape, self.dims, self.keepdim = x.shape, dims, keepdim
        self.count = int(np.prod([x.shape[d] for d in dims]))
        return np.mean(x, axis=dims, keepdims=keepdim, dtype=dtype.np_dtype if dtype else None)

    def backward(self, grad):
        grad = restore_dims(grad, self.shape, self.dims, self.keepdim)
        return expand_grad(grad / self.count, self.shape)


def sum(input, dim=None, keepdim=False, *, dtype=None, out=None):
    if out is not None:
        refuse_out("sum")
    if dim is None:
        if keepdim:
            return SumBackward1.apply(input, dims_of(None, input._data.ndim), True, dtype)
        return SumBackward0.apply(input, dtype)
    return SumBackward1.apply(input, dims_of(dim, input._data.ndim), keepdim, dtype)


def _check_float_mean(a, dtype):
    if a._data.dtype.kind != "f" and dtype is None:
        raise RuntimeError("mean(): could not infer output dtype. Input dtype must be either a "
                           f"floating point or complex dtype. Got: {_type_name(a._data)}")


def mean(input, dim=None, keepdim=False, *, dtype=None, out=None):
    if out is not None:
        refuse_out("mean")
    _check_float_mean(input, dtype)
    if dim is None:
        if keepdim:
            return MeanBackward1.apply(input, dims_of(None, input._data.ndim), True, dtype)
        return MeanBackward0.apply(input, dtype)
    return MeanBackward1.apply(input, dims_of(dim, input._data.ndim), keepdim, dtype)


def sum_to_size(a, shape):
    """Sum ``a`` down to ``shape`` (the inverse of broadcasting ``shape`` up to ``a``)."""
    shape = tuple(shape)
    src = a._data.shape
    if src == shape:
        return a
    lead = len(src) - len(shape)
    if lead < 0 or builtins.any(s != 1 and s != g for s, g in zip(shape, src[lead:])):
        raise RuntimeError(f"size {{{', '.join(map(str, shape))}}} is not expandable to size "
                           f"{{{', '.join(map(str, src))}}}.")
    dims = tuple(range(lead)) + tuple(lead + i for i, s in enumerate(shape)
                                      if s == 1 and src[lead + i] != 1)
    if plain_backward():  # e.g. un-broadcasting a gradient: NumPy directly
        x = a._data
        return _make(np.asarray(np.add.reduce(x, axis=dims, dtype=_sum_dtype(x, None)))
                     .reshape(shape))
    out = sum(a, dims, keepdim=True) if dims else a
    return out.reshape(shape) if out._data.shape != shape else out


# --------------------------------------------------------------------------- max / min

def _return_type(name, fields):
    """A ``torch.return_types.<name>`` look-alike: a named tuple that prints like PyTorch's."""
    cls = collections.namedtuple(name, fields)
    cls.__module__ = "torch.return_types"
    cls.__repr__ = lambda self: (f"torch.return_types.{name}(\n"
                                 + ",\n".join(f"{f}={v!r}" for f, v in zip(fields, self)) + ")")
    return cls


return_types = {name: _return_type(name, ("values", "indices")) for name in ("max", "min")}
return_types["aminmax"] = _return_type("aminmax", ("min", "max"))


def _check_nonempty(name, x, dims):
    """PyTorch refuses reductions without an identity over nothing."""
    if x.size:
        return
    if dims is None:
        error = IndexError if name.startswith("arg") else RuntimeError
        raise error(f"{name}(): Expected reduction dim to be specified for input.numel() == 0."
                    + ("" if name.startswith("arg") else
                       " Specify the reduction dim with the 'dim' argument."))
    for d in dims:
        if x.shape[d] == 0:
            raise IndexError(f"{name}(): Expected reduction dim {d} to have non-zero size.")


class MaxBackward1(Op):
    """Whole-tensor max: ties (and NaNs, when the result is NaN) share the gradient evenly."""

    saves_output = True
    saved_names = ("self", "result")
    reduce = staticmethod(np.max)

    def forward(self, a):
        self.save(a)
        return self.reduce(a._data)

    def backward(self, grad):
        a, result = self.saved()
        mask = (a == result) | (a.isnan() & result.isnan())
        return mask * (grad / mask.sum())


class MinBackward1(MaxBackward1):
    reduce = staticmethod(np.min)


class MaxBackward0(Op):
    """Max along a dim: ``(values, indices)``; the gradient goes to the selected index only."""

    select = staticmethod(np.argmax)

    def forward(self, a, dim, keepdim):
        x = a._data
        self.dim, self.keepdim = dim, keepdim
        if x.ndim == 0:
            self.index = None
            return x.copy(), np.zeros((), np.int64)
        self.index = index = np.expand_dims(self.select(x, axis=dim), dim).astype(np.int64)
        values = np.take_along_axis(x, index, dim)
        if not keepdim:
            values, index = values.squeeze(dim), index.squeeze(dim)
        return values, index

    def backward(self, grad, grad_indices=None):
        if self.index is None:
            return grad
        # a constant one-hot mask makes this a plain product, differentiable again
        positions = np.arange(self._in_meta[0][0][self.dim])
        mask = positions.reshape((-1,) + (1,) * (self.index.ndim - self.dim - 1)) == self.index
        return (grad if self.keepdim else grad.unsqueeze(self.dim)) * _make(mask)


class MinBackward0(MaxBackward0):
    select = staticmethod(np.argmin)


def _max_min(a, dim, keepdim, name, whole, along, other):
    if isinstance(dim, TensorBase):  # torch.max(a, b) is maximum
        return other(a, dim)
    x = a._data
    if dim is None:
        _check_nonempty(name, x, None)
        return whole.apply(a)
    dim = _wrap_dim(dim, x.ndim)
    if x.ndim:
        _check_nonempty(name, x, (dim,))
    return return_types[name](*along.apply(a, dim, keepdim))


def max(input, dim=None, keepdim=False, *, other=None, out=None):
    """The whole-tensor max, ``(values, indices)`` along ``dim``, or with a tensor ``other``
    (or a tensor ``dim``: ``torch.max(a, b)``) the elementwise ``maximum``."""
    if out is not None:
        refuse_out("max")
    if other is not None:
        return maximum(input, other)
    return _max_min(input, dim, keepdim, "max", MaxBackward1, MaxBackward0, maximum)


def min(input, dim=None, keepdim=False, *, other=None, out=None):
    if out is not None:
        refuse_out("min")
    if other is not None:
        return minimum(input, other)
    return _max_min(input, dim, keepdim, "min", MinBackward1, MinBackward0, minimum)


class AmaxBackward0(Op):
    """Ties share the gradient evenly."""

    saves_output = True
    saved_names = ("self", "result")
    reduce = staticmethod(np.max)

    def forward(self, a, dims, keepdim):
        self.save(a)
        self.dims, self.keepdim = dims, keepdim
        return self.reduce(a._data, axis=dims, keepdims=keepdim)

    def backward(self, grad):
        a, result = self.saved()
        return _share_among_ties(grad, a, result, self.dims, self.keepdim)


def _share_among_ties(grad, a, result, dims, keepdim):
    """The gradient of an extreme ``result`` of ``a`` over ``dims``, split evenly among the
    positions that reach it."""
    shape = a._data.shape
    mask = a == restore_dims(result, shape, dims, keepdim)
    grad = restore_dims(grad, shape, dims, keepdim)
    return grad / mask.sum(dims, keepdim=True) * mask


class AminBackward0(AmaxBackward0):
    reduce = staticmethod(np.min)


def _amax_amin(op, name, a, dim, keepdim):
    dims = dims_of(dim, a._data.ndim)
    _check_nonempty(name, a._data, None if dim is None or dim == () else dims)
    return op.apply(a, dims, keepdim)


def amax(input, dim=(), keepdim=False, *, out=None):
    if out is not None:
        refuse_out("amax")
    return _amax_amin(AmaxBackward0, "amax", input, dim, keepdim)


def amin(input, dim=(), keepdim=False, *, out=None):
    if out is not None:
        refuse_out("amin")
    return _amax_amin(AminBackward0, "amin", input, dim, keepdim)


class AminmaxBackward0(Op):
    """``(min, max)`` in one node; each output's gradient is shared evenly among its ties."""

    saved_names = ("self",)

    def forward(self, a, dims, keepdim):
        self.save(a)
        x = a._data
        self.dims, self.keepdim = dims, keepdim
        self.results = (np.min(x, axis=dims, keepdims=keepdim),
                        np.max(x, axis=dims, keepdims=keepdim))
        return self.results

    def backward(self, grad_min, grad_max):
        (a,) = self.saved()
        parts = [_share_among_ties(grad, a, _make(np.asarray(result)), self.dims, self.keepdim)
                 for grad, result in zip((grad_min, grad_max), self.results) if grad is not None]
        return parts[0] if len(parts) == 1 else parts[0] + parts[1]


def aminmax(input, *, dim=None, keepdim=False, out=None):
    if out is not None:
        refuse_out("aminmax")
    x = input._data
    if dim is None:
        if x.size == 0:
            raise RuntimeError("aminmax(): cannot compute aminmax over an empty dimension as "
                               "the operation has no identity.")
        dims = tuple(range(x.ndim))
    else:
        dims = dims_of(dim, x.ndim)
        if x.ndim and x.shape[dims[0]] == 0:
            raise IndexError(f"aminmax: Expected reduction dim {dims[0]} to have non-zero size.")
    return return_types["aminmax"](*AminmaxBackward0.apply(input, dims, keepdim))


def _arg(select, name, a, dim, keepdim):
    """argmax/argmin: int64 indices, no gradient; ``dim=None`` indexes the flattened tensor."""
    x = a._data
    if dim is None:
        _check_nonempty(name, x, None)
        index = select(x.reshape(-1))
        return _make(np.full((1,) * x.ndim if keepdim else (), index, np.int64))
    dim = _wrap_dim(dim, x.ndim)
    if x.ndim == 0:
        return _make(np.zeros((), np.int64))
    _check_nonempty(name, x, (dim,))
    return _make(np.asarray(select(x, axis=dim, keepdims=keepdim), np.int64))


def argmax(input, dim=None, keepdim=False, *, out=None):
    if out is not None:
        refuse_out("argmax")
    return _arg(np.argmax, "argmax", input, dim, keepdim)


def argmin(input, dim=None, keepdim=False, *, out=None):
    if out is not None:
        refuse_out("argmin")
    return _arg(np.argmin, "argmin", input, dim, keepdim)


# --------------------------------------------------------------------------- var / std

def _plus(a, b):
    return b if a is None else a if b is None else a + b


class VarBackward0(Op):
    saved_names = ("self",)

    def forward(self, a, dims, correction, keepdim):
        x = a._data
        self.save(a)
        self.dims, self.keepdim = dims, keepdim
        self.count = int(np.prod([x.shape[d] for d in dims]))
        self.dof = self.count - correction
        with np.errstate(divide="ignore", invalid="ignore"):
            centred = x - np.mean(x, axis=dims, keepdims=True)
            total = np.sum(centred * centred, axis=dims, keepdims=keepdim)
            return total / x.dtype.type(builtins.max(self.dof, 0))

    def backward(self, grad):
        return self.var_grad(self.saved()[0], grad)

    def var_grad(self, a, grad):
        grad = restore_dims(grad, a._data.shape, self.dims, self.keepdim)
        centred = a - a.mean(self.dims, keepdim=True)
        if self.dof <= 0:  # 2 / 0: NaN where the input equals its mean, inf elsewhere
            return grad * where(centred == 0, float("nan"), float("inf"))
        return grad * centred * (2.0 / self.dof)

    def std_grad(self, a, result, grad):
        return self.var_grad(a, (grad / (result * 2)).masked_fill(result == 0, 0))

    def mean_grad(self, a, grad):
        shape = a._data.shape
        return (restore_dims(grad, shape, self.dims, self.keepdim) / self.count).expand(shape)


class StdBackward0(VarBackward0):
    saves_output = True
    saved_names = ("self", "result")

    def forward(self, a, dims, correction, keepdim):
        return np.sqrt(super().forward(a, dims, correction, keepdim))

    def backward(self, grad):
        a, result = self.saved()
        return self.std_grad(a, result, grad)


class VarMeanBackward0(VarBackward0):
    """One node with two outputs, ``(var, mean)``."""

    def forward(self, a, dims, correction, keepdim):
        return (super().forward(a, dims, correction, keepdim),
                np.mean(a._data, axis=dims, keepdims=keepdim))

    def backward(self, grad_var, grad_mean):
        (a,) = self.saved()
        return _plus(None if grad_var is None else self.var_grad(a, grad_var),
                     None if grad_mean is None else self.mean_grad(a, grad_mean))


class StdMeanBackward0(VarMeanBackward0):
    """``(std, mean)``; the op base saves only single outputs, so backward recomputes std."""

    def forward(self, a, dims, correction, keepdim):
        var, mean = super().forward(a, dims, correction, keepdim)
        return np.sqrt(var), mean

    def backward(self, grad_std, grad_mean):
        (a,) = self.saved()
        grad_input = None
        if grad_std is not None:
            centred = a - a.mean(self.dims, keepdim=True)
            result = ((centred * centred).sum(self.dims, keepdim=self.keepdim)
                      / builtins.max(self.dof, 0)).sqrt()
            grad_input = self.std_grad(a, result, grad_std)
        return _plus(grad_input, None if grad_mean is None else self.mean_grad(a, grad_mean))


def _var_args(a, dim, unbiased, correction, name):
    if a._data.dtype.kind != "f":
        raise RuntimeError("std and var only support floating point and complex dtypes")
    if isinstance(dim, bool):  # ``x.var(False)``: the ``unbiased`` overload
        dim, unbiased = None, dim
    if unbiased is not None and correction is not None:
        raise TypeError(f"{name}() received an invalid combination of arguments - got both "
                        "unbiased and correction")
    if correction is None:
        correction = 0 if unbiased is False else 1
    dims = dims_of(dim, a._data.ndim)
    if np.prod([a._data.shape[d] for d in dims]) <= correction:
        warnings.warn(f"{name}(): degrees of freedom is <= 0. Correction should be strictly "
                      "less than the reduction factor (input numel divided by output numel).",
                      UserWarning, stacklevel=3)  # the caller of Tensor.var / torch.var
    return dims, correction


def var(input, dim=None, unbiased=None, keepdim=False, *, correction=None, out=None):
    if out is not None:
        refuse_out("var")
    dims, correction = _var_args(input, dim, unbiased, correction, "var")
    return VarBackward0.apply(input, dims, correction, keepdim)


def std(input, dim=None, unbiased=None, keepdim=False, *, correction=None, out=None):
    if out is not None:
        refuse_out("std")
    dims, correction = _var_args(input, dim, unbiased, correction, "std")
    return StdBackward0.apply(input, dims, correction, keepdim)


def var_mean(input, dim=None, unbiased=None, keepdim=False, *, correction=None):
    dims, correction = _var_args(input, dim, unbiased, correction, "var_mean")
    return VarMeanBackward0.apply(input, dims, correction, keepdim)


def std_mean(input, dim=None, unbiased=None, keepdim=False, *, correction=None):
    dims, correction = _var_args(input, dim, unbiased, correction, "std_mean")
    return StdMeanBackward0.apply(input, dims, correction, keepdim)


# --------------------------------------------------------------------------- norm, prod

class LinalgVectorNormBackward0(Op):
    """``linalg.vector_norm``; the backward is PyTorch's ``norm_backward`` case by case."""

    saves_output = True
    saved_names = ("self", "result")

    def forward(self, a, p, dims, keepdim):
        self.save(a)
        self.p, self.dims, self.keepdim = p, dims, keepdim
        x = np.abs(a._data)
        if p == np.inf:
            return np.max(x, axis=dims, keepdims=keepdim)
        if p == -np.inf:
            return np.min(x, axis=dims, keepdims=keepdim)
        if p == 0:
            return np.sum(x != 0, axis=dims, keepdims=keepdim).astype(x.dtype)
        if p == 1:
            return np.sum(x, axis=dims, keepdims=keepdim)
        if p == 2:
            return np.sqrt(np.sum(x * x, axis=dims, keepdims=keepdim))
        with np.errstate(divide="ignore"):
            return np.sum(x ** p, axis=dims, keepdims=keepdim) ** (1.0 / p)

    def backward(self, grad):
        a, norm = self.saved()
        shape, p = a._data.shape, self.p
        grad = restore_dims(grad, shape, self.dims, self.keepdim)
        norm = restore_dims(norm, shape, self.dims, self.keepdim)
        if p == 0:
            return None  # PyTorch leaves this gradient undefined
        if p == 1:
            return a.sign() * grad
        if p == 2:  # zero subgradient at the origin
            return grad * (a / norm).masked_fill(norm == 0, 0)
        if p in (np.inf, -np.inf):  # like amax of |a|: ties share evenly, NaNs count as ties
            magnitude = a.abs()
            mask = (magnitude == norm) | magnitude.isnan()
            return a.sign() * (grad / mask.sum(self.dims, keepdim=True) * mask)
        if p < 1:
            scaled = a.sign() * a.abs().pow(p - 1).masked_fill(a == 0, 0)
            return scaled * grad * norm.pow(1 - p)
        scale = (grad / norm.pow(p - 1)).masked_fill(norm == 0, 0)
        if p < 2:
            return a.sign() * a.abs().pow(p - 1) * scale
        return a * a.abs().pow(p - 2) * scale


class NormBackward1(LinalgVectorNormBackward0):
    """``at::norm`` along dims, as ``F.pairwise_distance`` records it (the same maths)."""


def norm(input, p="fro", dim=None, keepdim=False, out=None, dtype=None):
    if out is not None:
        refuse_out("norm")
    if dtype is not None:  # the input is cast first, as in PyTorch
        input = input.to(dtype)
    x = input._data
    if isinstance(p, str):
        if p == "nuc":
            raise NotImplementedError("hookgrad: norm(p='nuc') is not supported")
        if p != "fro":
            raise RuntimeError(f"linalg.matrix_norm: Order {p} not supported.")
        p = 2
    if x.dtype.kind != "f":
        raise RuntimeError("linalg.vector_norm: Expected a floating point or complex tensor as "
                           f"input. Got {_type_name(x)}")
    p = float(p)
    dims = dims_of(dim, x.ndim)
    if p in (np.inf, -np.inf) and x.size == 0:  # max/min over nothing has no identity
        prefix = f"linalg.vector_norm cannot compute the {p:g} norm on"
        if dim is None:
            raise RuntimeError(f"{prefix} an empty tensor because the operation does not have "
                               "an identity")
        for d in dims:
            if x.shape[d] == 0:  # sic: PyTorch's message lacks the space after the dim
                raise RuntimeError(f"{prefix} the dimension {d}because this dimension is empty "
                                   "and the operation does not have an identity")
    return LinalgVectorNormBackward0.apply(input, p, dims, keepdim)


class ProdBackward0(Op):
    """The whole-tensor product (``ProdBackward1``: along one dim)."""

    saves_output = True
    saved_names = ("self", "result")

    def forward(self, a, dims, keepdim=False):
        x = a._data
        self.save(a)
        self.dims, self.keepdim = dims, keepdim
        return np.prod(x, axis=dims, keepdims=keepdim, dtype=_sum_dtype(x, None))

    def backward(self, grad):
        a, result = self.saved()
        shape = a._data.shape
        if not shape:
            return grad
        grad = restore_dims(grad, shape, self.dims, self.keepdim)
        result = restore_dims(result, shape, self.dims, self.keepdim)
        zero = a == 0
        if not zero._data.any():
            return grad * result / a
        # The product of the others: result / a_i at a non-zero; at a zero, the product of the
        # non-zeros if it is its slice's only zero, else 0. The sum of the (zero) other zeros
        # adds no value but the right derivative when there are two, for double backward.
        safe = a.masked_fill(zero, 1)
        count = sum(zero, self.dims, keepdim=True)
        other_zeros = where(zero, a, 0).sum(self.dims, keepdim=True) - a
        others = (count == 1) + (count == 2) * other_zeros
        at_zero = type(self).apply(safe, self.dims, True) * others
        return grad * where(zero, at_zero, result / safe)


class ProdBackward1(ProdBackward0):
    pass


def prod(input, dim=None, keepdim=False, *, dtype=None, out=None):
    if out is not None:
        refuse_out("prod")
    if dtype is not None:  # the input is cast first, as in PyTorch
        input = input.to(dtype)
    ndim = input._data.ndim
    if dim is None:
        return ProdBackward0.apply(input, tuple(range(ndim)))
    if not isinstance(dim, int):
        raise TypeError("prod(): argument 'dim' (position 1) must be int, not "
                        f"{type(dim).__name__}")
    return ProdBackward1.apply(input, dims_of(dim, ndim), keepdim)


# --------------------------------------------------------------------------- all, any, cumsum

def _all_any(reduce, a, dim, keepdim):
    x = a._data
    axes = () if dim == () or dim == [] else dims_of(dim, x.ndim)  # () reduces nothing here
    out = reduce(x, axis=axes, keepdims=keepdim)
    return _make(np.asarray(out, np.uint8 if x.dtype == np.uint8 else np.bool_))


def all(input, dim=None, keepdim=False, *, out=None):
    return _all_any(np.all, input, dim, keepdim) if out is None else refuse_out("all")


def any(input, dim=None, keepdim=False, *, out=None):
    return _all_any(np.any, input, dim, keepdim) if out is None else refuse_out("any")
