"""Tensor: TensorBase plus the op surface, attached in one place.

Most methods are the op functions themselves (``Tensor.exp is torch.exp``); the rest are short
``def``s where a method's signature differs from its function's (``view(*shape)``)."""
import numpy as np

from . import _creation, _dtype, _random, _tensor_base
from ._ops import compare, elementwise, index, linalg, reduce, selection
from ._ops import copy as copy_ops
from ._ops import derived, nan_reduce, scan, special, ternary, triangular, trig
from ._ops import diagonal as diagonal_ops
from ._ops import inplace as inplace_ops
from ._ops import nn as nn_ops
from ._ops import shape as shape_ops
from ._ops import softmax as softmax_ops
from ._ops import sort as sort_ops
from ._tensor_base import TensorBase, _make, _sizes, tensor_argument
from .autograd import backward as _autograd_backward
from .autograd import engine as _engine
from .utils.hooks import warn_if_has_hooks


def _comparable(other):
    return isinstance(other, (TensorBase, int, float, np.generic))


class Tensor(TensorBase):
    """A multi-dimensional array that records operations for automatic differentiation."""

    __module__ = "hookgrad"  # public name, as torch.Tensor (repr, annotations, pickling)
    __slots__ = ()

    def __new__(cls, *args, **kwargs):
        """Legacy constructor: ``Tensor([1, 2])`` (float32 data) or ``Tensor(2, 3)`` (sizes)."""
        if cls is not Tensor:  # subclasses (Parameter) construct themselves
            return object.__new__(cls)
        return _creation.legacy_new(*args, **kwargs)

    @property
    def device(self):
        return _creation.device("cpu")

    def cpu(self):
        return self

    def __reduce_ex__(self, protocol):
        warn_if_has_hooks(self)
        return (_rebuild, (self._data.copy(), self._requires_grad))

    def __deepcopy__(self, memo):
        if not self.is_leaf:
            raise RuntimeError("Only Tensors created explicitly by the user (graph leaves) "
                               "support the deepcopy protocol at the moment.  If you were "
                               "attempting to deepcopy a module, this may be because of a "
                               "torch.nn.utils.weight_norm usage, see "
                               "https://github.com/pytorch/pytorch/pull/103001")
        if id(self) in memo:
            return memo[id(self)]
        new = _make(self._data.copy(), self._requires_grad)
        if type(self) is not Tensor:
            new = type(self)(new, requires_grad=self._requires_grad)
        if self._grad is not None:
            new._grad = self._grad.__deepcopy__(memo)
        new.__dict__.update({k: v for k, v in self.__dict__.items() if not k.startswith("_")})
        memo[id(self)] = new
        return new

    def _regenerate_view_grad_fn(self):
        inplace_ops.regenerate_view(self)

    @property
    def T(self):
        return self.permute(*range(self._data.ndim - 1, -1, -1))

    @property
    def mT(self):
        return self.transpose(-2, -1)

    def backward(self, gradient=None, retain_graph=None, create_graph=False, inputs=None):
        """Compute the gradient of this tensor w.r.t. graph leaves."""
        if (gradient is None and inputs is None and not create_graph and self._requires_grad
                and self._data.size == 1 and self._data.dtype.kind == "f"):
            # the common ``loss.backward()``: skip the general argument handling
            data = self._data
            # (np.array is a few times cheaper than np.ones for the usual 0-d loss)
            seed = np.array(1, data.dtype) if not data.ndim else np.ones(data.shape, data.dtype)
            _engine.run_backward((self,), (_make(seed),), bool(retain_graph), False)
            return
        _autograd_backward(self, gradient, retain_graph, create_graph, inputs=inputs)

    # ------------------------------------------------------------------ conversion
    def to(self, *args, **kwargs):
        dtype = kwargs.get("dtype")
        copy = kwargs.get("copy", False)
        for a in args:
            if isinstance(a, _dtype.dtype):
                dtype = a
            elif isinstance(a, TensorBase):
                dtype = a.dtype
        if dtype is None or (dtype.np_dtype == self._data.dtype and not copy):
            return self.clone() if copy else self
        return copy_ops.to_dtype(self, dtype)

    def type(self, dtype=None):
        if dtype is None:
            return "torch." + self.dtype.legacy_name
        if isinstance(dtype, str):
            dtype = {("torch." + d.legacy_name): d for d in _dtype.ALL}[dtype]
        return self.to(dtype)

    def type_as(self, other):
        return self.to(other.dtype)

    def float(self):
        return self.to(_dtype.float32)

    def double(self):
        return self.to(_dtype.float64)

    def half(self):
        return self.to(_dtype.float16)

    def long(self):
        return self.to(_dtype.int64)

    def int(self):
        return self.to(_dtype.int32)

    def bool(self):
        return self.to(_dtype.bool_)

    def short(self):
        return self.to(_dtype.int16)

    def char(self):
        return self.to(_dtype.int8)

    def byte(self):
        return self.to(_dtype.uint8)

    def clone(self, *, memory_format=None):
        return copy_ops.clone(self)

    def contiguous(self, memory_format=None):
        return self if self._data.flags.c_contiguous else copy_ops.clone(self)

    def new_zeros(self, *size, dtype=None, device=None, requires_grad=False):
        return _creation.new_like(self, np.zeros, _sizes(size), None, dtype, requires_grad)

    def new_ones(self, *size, dtype=None, device=None, requires_grad=False):
        return _creation.new_like(self, np.ones, _sizes(size), None, dtype, requires_grad)

    def new_empty(self, *size, dtype=None, device=None, requires_grad=False):
        return _creation.new_like(self, np.zeros, _sizes(size), None, dtype, requires_grad)

    def new_full(self, size, fill_value, *, dtype=None, device=None, requires_grad=False):
        return _creation.new_like(self, None, size, fill_value, dtype, requires_grad)

    def new_tensor(self, data, *, dtype=None, device=None, requires_grad=False):
        return _creation.tensor(data, dtype=dtype or self.dtype, requires_grad=requires_grad)

    # ------------------------------------------------------------------ arithmetic
    def __add__(self, other):
        return elementwise.add(self, other)

    def __radd__(self, other):
        return elementwise.add(self, other)

    def __sub__(self, other):
        return elementwise.sub(self, other)

    def __rsub__(self, other):
        return elementwise.rsub(self, other)

    def __mul__(self, other):
        return elementwise.mul(self, other)

    def __rmul__(self, other):
        return elementwise.mul(self, other)

    def __truediv__(self, other):
        return elementwise.div(self, other)

    def __rtruediv__(self, other):
        return elementwise.rdiv(self, other)

    def __floordiv__(self, other):
        return elementwise.floor_divide(self, other)

    floor_divide = __floordiv__

    def __rfloordiv__(self, other):
        return elementwise.floor_divide_reflected(self, other)

    def __mod__(self, other):
        return special.remainder(self, other)

    remainder = __mod__

    def __rmod__(self, other):
        return elementwise.remainder_reflected(self, other)

    def __pow__(self, exponent):
        return elementwise.pow(self, exponent)

    def __rpow__(self, base):
        return elementwise.rpow(self, base)

    def __matmul__(self, other):
        return linalg.matmul(self, other)

    def __rmatmul__(self, other):
        return linalg.matmul(other, self)

    def __neg__(self):
        return elementwise.neg(self)

    def __pos__(self):
        return self

    positive = __pos__

    def __abs__(self):
        return elementwise.abs(self)

    def __invert__(self):
        return compare.logical_not(self) if self._data.dtype == np.bool_ \
            else compare.bitwise_not(self)

    def __and__(self, other):
        return compare.bitwise_and(self, other)

    __rand__ = __and__

    def __or__(self, other):
        return compare.bitwise_or(self, other)

    __ror__ = __or__

    def __xor__(self, other):
        return compare.bitwise_xor(self, other)

    __rxor__ = __xor__

    # Comparisons with anything but a Tensor or a number are Python's to answer, as in
    # PyTorch: ``t == None`` is False (so ``None in [t]`` works), ``t < "a"`` a TypeError.
    def __eq__(self, other):
        return compare.eq(self, other) if _comparable(other) else NotImplemented

    __hash__ = TensorBase.__hash__  # (defining __eq__ would otherwise make tensors unhashable)

    def __ne__(self, other):
        return compare.ne(self, other) if _comparable(other) else NotImplemented

    def __lt__(self, other):
        return compare.lt(self, other) if _comparable(other) else NotImplemented

    def __le__(self, other):
        return compare.le(self, other) if _comparable(other) else NotImplemented

    def __gt__(self, other):
        return compare.gt(self, other) if _comparable(other) else NotImplemented

    def __ge__(self, other):
        return compare.ge(self, other) if _comparable(other) else NotImplemented

    def __iadd__(self, other):
        return self.add_(other)

    def __isub__(self, other):
        return self.sub_(other)

    def __imul__(self, other):
        return self.mul_(other)

    def __itruediv__(self, other):
        return self.div_(other)

    def __getitem__(self, key):
        return index.getitem(self, key)

    def __setitem__(self, key, value):
        index.setitem(self, key, value)

    # ------------------------------------------------------------------ in-place
    def _inplace(self, fn, *args):
        return inplace_ops.apply_inplace(self, fn, args)

    def _view_inplace(self, fn, *args):
        return inplace_ops.apply_view_inplace(self, fn, args)

    def squeeze_(self, dim=None):
        return self._view_inplace(shape_ops.squeeze, dim)

    def unsqueeze_(self, dim):
        return self._view_inplace(shape_ops.unsqueeze, dim)

    def t_(self):
        return self._view_inplace(shape_ops.t)

    def transpose_(self, dim0, dim1):
        return self._view_inplace(shape_ops.transpose, dim0, dim1)

    def add_(self, other, *, alpha=1):
        return self._inplace(elementwise.add, other, alpha)

    def sub_(self, other, *, alpha=1):
        return self._inplace(elementwise.sub, other, alpha)

    def mul_(self, other):
        return self._inplace(elementwise.mul, other)

    def div_(self, other, *, rounding_mode=None):
        return self._inplace(elementwise.div, other, rounding_mode)

    def pow_(self, exponent):
        return self._inplace(elementwise.pow, exponent)

    def neg_(self):
        return self._inplace(elementwise.neg)

    def abs_(self):
        return self._inplace(elementwise.abs)

    def exp_(self):
        return self._inplace(elementwise.exp)

    def log_(self):
        return self._inplace(elementwise.log)

    def sqrt_(self):
        return self._inplace(elementwise.sqrt)

    def sin_(self):
        return self._inplace(elementwise.sin)

    def cos_(self):
        return self._inplace(elementwise.cos)

    def tanh_(self):
        return self._inplace(elementwise.tanh)

    def sigmoid_(self):
        return self._inplace(elementwise.sigmoid)

    def relu_(self):
        return self._inplace(elementwise.relu)

    def clamp_(self, min=None, max=None):
        return self._inplace(selection.clamp, min, max)

    clip_ = clamp_

    def masked_fill_(self, mask, value):
        return self._inplace(index.masked_fill, mask, value)

    def fill_(self, value):
        return self._inplace(copy_ops.fill, value)

    def zero_(self):
        return self._inplace(copy_ops.fill, 0)

    def copy_(self, src, non_blocking=False):
        return self._inplace(copy_ops.copy, src)

    def addmm_(self, mat1, mat2, *, beta=1, alpha=1):
        return self._inplace(linalg.addmm, mat1, mat2, beta, alpha)

    def uniform_(self, a=0.0, b=1.0, generator=None):
        return _random.uniform_(self, a, b, generator)

    def normal_(self, mean=0.0, std=1.0, generator=None):
        return _random.normal_(self, mean, std, generator)

    def bernoulli_(self, p=0.5, generator=None):
        return _random.bernoulli_(self, p, generator)

    def random_(self, low=0, high=None, generator=None):
        return _random.random_(self, low, high, generator)

    # ------------------------------------------------------------------ elementwise
    def add(self, other, *, alpha=1):
        return elementwise.add(self, other, alpha)

    def sub(self, other, *, alpha=1):
        return elementwise.sub(self, other, alpha)

    subtract = sub

    def mul(self, other):
        return elementwise.mul(self, other)

    multiply = mul

    def div(self, other, *, rounding_mode=None):
        return elementwise.div(self, other, rounding_mode)

    divide = true_divide = div

    def pow(self, exponent):
        return elementwise.pow(self, exponent)

    def exp(self):
        return elementwise.exp(self)

    def log(self):
        return elementwise.log(self)

    def sqrt(self):
        return elementwise.sqrt(self)

    def rsqrt(self):
        return elementwise.rsqrt(self)

    def abs(self):
        return elementwise.abs(self)

    absolute = abs

    def neg(self):
        return elementwise.neg(self)

    negative = neg

    def sin(self):
        return elementwise.sin(self)

    def cos(self):
        return elementwise.cos(self)

    def tanh(self):
        return elementwise.tanh(self)

    def sigmoid(self):
        return elementwise.sigmoid(self)

    def relu(self):
        return elementwise.relu(self)

    def reciprocal(self):
        return elementwise.reciprocal(self)

    def sign(self):
        return elementwise.sign(self)

    def floor(self):
        return elementwise.floor(self)

    def ceil(self):
        return elementwise.ceil(self)

    def round(self):
        return elementwise.round(self)

    def log1p(self):
        return elementwise.log1p(self)

    def expm1(self):
        return special.expm1(self)

    def log2(self):
        return special.log2(self)

    def log10(self):
        return special.log10(self)

    def tan(self):
        return special.tan(self)

    def trunc(self):
        return special.trunc(self)

    fix = trunc

    def frac(self):
        return special.frac(self)

    def erf(self):
        return nn_ops.erf(self)

    def exp2(self):
        return special.exp2(self)

    def fmod(self, other):
        return special.fmod(self, other)

    def atan2(self, other):
        return special.atan2(self, tensor_argument("atan2", "other", 1, other))


    def lerp(self, end, weight):
        return ternary.lerp(self, end, weight)

    def lerp_(self, end, weight):
        return self._inplace(ternary.lerp, end, weight)

    def addcmul(self, tensor1, tensor2, *, value=1):
        return ternary.addcmul(self, tensor1, tensor2, value)

    def addcmul_(self, tensor1, tensor2, *, value=1):
        return self._inplace(ternary.addcmul, tensor1, tensor2, value)

    def addcdiv(self, tensor1, tensor2, *, value=1):
        return ternary.addcdiv(self, tensor1, tensor2, value)

    def addcdiv_(self, tensor1, tensor2, *, value=1):
        return self._inplace(ternary.addcdiv, tensor1, tensor2, value)

    def nan_to_num(self, nan=0.0, posinf=None, neginf=None):
        return special.nan_to_num(self, nan, posinf, neginf)

    def square(self):
        return elementwise.pow(self, 2)

    def square_(self):
        return self._inplace(elementwise.pow, 2)

    def sinh(self):
        return trig.sinh(self)

    def cosh(self):
        return trig.cosh(self)

    def asin(self):
        return trig.asin(self)

    def acos(self):
        return trig.acos(self)

    def atan(self):
        return trig.atan(self)

    def asinh(self):
        return trig.asinh(self)

    def acosh(self):
        return trig.acosh(self)

    def atanh(self):
        return trig.atanh(self)

    arcsin, arccos, arctan, arcsinh, arccosh, arctanh = asin, acos, atan, asinh, acosh, atanh

    def sgn(self):
        return special.sgn(self)

    def deg2rad(self):
        return special.deg2rad(self)

    def rad2deg(self):
        return special.rad2deg(self)

    def logit(self, eps=None):
        return special.logit(self, eps)

    def sinc(self):
        return special.sinc(self)

    def xlogy(self, other):
        return special.xlogy(self, other)

    def signbit(self):
        return derived.signbit(self)

    def diff(self, n=1, dim=-1, prepend=None, append=None):
        return derived.diff(self, n, dim, prepend, append)

    def msort(self):
        return derived.msort(self)

    def logaddexp(self, other):
        return special.logaddexp(self, other)

    def hypot(self, other):
        return special.hypot(self, other)

    def fmax(self, other):
        return special.fmax(self, other)

    def fmin(self, other):
        return special.fmin(self, other)

    def aminmax(self, *, dim=None, keepdim=False):
        return reduce.aminmax(self, dim, keepdim)

    def logcumsumexp(self, dim):
        return scan.logcumsumexp(self, dim)

    def copysign(self, other):
        return special.copysign(self, other)

    def cummax(self, dim):
        return scan.cummax(self, dim)

    def cummin(self, dim):
        return scan.cummin(self, dim)

    def clamp(self, min=None, max=None):
        return selection.clamp(self, min, max)

    clip = clamp

    def clamp_min(self, min):
        return selection.clamp_min(self, min)

    def clamp_max(self, max):
        return selection.clamp_max(self, max)

    def maximum(self, other):
        return selection.maximum(self, tensor_argument("maximum", "other", 1, other))

    def minimum(self, other):
        return selection.minimum(self, tensor_argument("minimum", "other", 1, other))

    def where(self, condition, other):
        return selection.where(condition, self, other)

    def eq(self, other):
        return compare.eq(self, other)

    def ne(self, other):
        return compare.ne(self, other)

    def lt(self, other):
        return compare.lt(self, other)

    def le(self, other):
        return compare.le(self, other)

    def gt(self, other):
        return compare.gt(self, other)

    def ge(self, other):
        return compare.ge(self, other)

    greater, less, greater_equal, less_equal, not_equal = gt, lt, ge, le, ne

    def equal(self, other):
        return self._data.shape == other._data.shape and bool((self._data == other._data).all())

    def allclose(self, other, rtol=1e-05, atol=1e-08, equal_nan=False):
        return bool(np.allclose(self._data, other._data, rtol, atol, equal_nan))

    def isclose(self, other, rtol=1e-05, atol=1e-08, equal_nan=False):
        return derived.isclose(self, other, rtol, atol, equal_nan)

    def count_nonzero(self, dim=None):
        return derived.count_nonzero(self, dim)

    def isnan(self):
        return compare.isnan(self)

    def isinf(self):
        return compare.isinf(self)

    def isfinite(self):
        return compare.isfinite(self)

    def logical_and(self, other):
        return compare.logical_and(self, tensor_argument("logical_and", "other", 1, other))

    def logical_or(self, other):
        return compare.logical_or(self, tensor_argument("logical_or", "other", 1, other))

    def logical_xor(self, other):
        return compare.logical_xor(self, tensor_argument("logical_xor", "other", 1, other))

    def logical_not(self):
        return compare.logical_not(self)

    # ------------------------------------------------------------------ reductions
    def sum(self, dim=None, keepdim=False, *, dtype=None):
        return reduce.sum(self, dim, keepdim, dtype)

    def mean(self, dim=None, keepdim=False, *, dtype=None):
        return reduce.mean(self, dim, keepdim, dtype)

    def max(self, dim=None, keepdim=False):
        return reduce.max(self, dim, keepdim)

    def min(self, dim=None, keepdim=False):
        return reduce.min(self, dim, keepdim)

    def amax(self, dim=(), keepdim=False):
        return reduce.amax(self, dim, keepdim)

    def amin(self, dim=(), keepdim=False):
        return reduce.amin(self, dim, keepdim)

    def argmax(self, dim=None, keepdim=False):
        return reduce.argmax(self, dim, keepdim)

    def argmin(self, dim=None, keepdim=False):
        return reduce.argmin(self, dim, keepdim)

    def median(self, dim=None, keepdim=False):
        return sort_ops.median(self, dim, keepdim)

    def nansum(self, dim=None, keepdim=False):
        return nan_reduce.nansum(self, dim, keepdim)

    def nanmean(self, dim=None, keepdim=False):
        return nan_reduce.nanmean(self, dim, keepdim)

    def unique(self, sorted=True, return_inverse=False, return_counts=False, dim=None):
        return derived.unique(self, sorted, return_inverse, return_counts, dim)

    def sort(self, dim=-1, descending=False, stable=False):
        return sort_ops.sort(self, dim, descending, stable)

    def argsort(self, dim=-1, descending=False, stable=False):
        return sort_ops.argsort(self, dim, descending, stable)

    def topk(self, k, dim=-1, largest=True, sorted=True):
        return sort_ops.topk(self, k, dim, largest, sorted)

    def var(self, dim=None, unbiased=None, keepdim=False, *, correction=None):
        return reduce.var(self, dim, unbiased, keepdim, correction)

    def std(self, dim=None, unbiased=None, keepdim=False, *, correction=None):
        return reduce.std(self, dim, unbiased, keepdim, correction)

    def norm(self, p="fro", dim=None, keepdim=False, dtype=None):
        return reduce.norm(self, p, dim, keepdim)

    def prod(self, dim=None, keepdim=False, *, dtype=None):
        return reduce.prod(self, dim, keepdim)

    def softmax(self, dim, dtype=None):
        return softmax_ops.softmax(self, dim)

    def log_softmax(self, dim, dtype=None):
        return softmax_ops.log_softmax(self, dim)

    def logsumexp(self, dim, keepdim=False):
        return softmax_ops.logsumexp(self, dim, keepdim)

    def all(self, dim=None, keepdim=False):
        return reduce.all(self, dim, keepdim)

    def any(self, dim=None, keepdim=False):
        return reduce.any(self, dim, keepdim)

    def sum_to_size(self, *size):
        return reduce.sum_to_size(self, _sizes(size))

    def cumsum(self, dim, *, dtype=None):
        return scan.cumsum(self, dim)

    def cumprod(self, dim, *, dtype=None):
        return scan.cumprod(self, dim)

    # ------------------------------------------------------------------ shape
    def view(self, *shape):
        if len(shape) == 1 and isinstance(shape[0], _dtype.dtype):
            raise NotImplementedError("view(dtype) is not supported; use .to(dtype)")
        return shape_ops.view(self, _sizes(shape))

    def view_as(self, other):
        return shape_ops.view(self, other._data.shape)

    def reshape(self, *shape):
        return shape_ops.reshape(self, _sizes(shape))

    def reshape_as(self, other):
        return shape_ops.reshape(self, other._data.shape)

    def flatten(self, start_dim=0, end_dim=-1):
        return shape_ops.flatten(self, start_dim, end_dim)

    def unflatten(self, dim, sizes):
        return shape_ops.unflatten(self, dim, sizes)

    def squeeze(self, dim=None):
        return shape_ops.squeeze(self, dim)

    def unsqueeze(self, dim):
        return shape_ops.unsqueeze(self, dim)

    def expand(self, *sizes):
        return shape_ops.expand(self, _sizes(sizes))

    def expand_as(self, other):
        return shape_ops.expand(self, other._data.shape)

    def repeat(self, *sizes):
        return shape_ops.repeat(self, _sizes(sizes))

    def permute(self, *dims):
        return shape_ops.permute(self, _sizes(dims))

    def transpose(self, dim0, dim1):
        return shape_ops.transpose(self, dim0, dim1)

    swapaxes = swapdims = transpose

    def t(self):
        return shape_ops.t(self)

    def split(self, split_size, dim=0):
        return shape_ops.split(self, split_size, dim)

    def chunk(self, chunks, dim=0):
        return shape_ops.chunk(self, chunks, dim)

    def unbind(self, dim=0):
        return shape_ops.unbind(self, dim)

    def narrow(self, dim, start, length):
        return shape_ops.narrow(self, dim, start, length)

    def fliplr(self):
        return shape_ops.fliplr(self)

    def flipud(self):
        return shape_ops.flipud(self)

    def flip(self, *dims):
        return shape_ops.flip(self, _sizes(dims))

    def roll(self, shifts, dims=None):
        return shape_ops.roll(self, shifts, dims)

    def unfold(self, dimension, size, step):
        return shape_ops.unfold(self, dimension, size, step)

    def diagonal(self, offset=0, dim1=0, dim2=1):
        return diagonal_ops.diagonal(self, offset, dim1, dim2)

    def trace(self):
        return diagonal_ops.trace(self)

    def diag(self, diagonal=0):
        return diagonal_ops.diag(self, diagonal)

    def tril(self, diagonal=0):
        return triangular.tril(self, diagonal)

    def triu(self, diagonal=0):
        return triangular.triu(self, diagonal)

    def movedim(self, source, destination):
        return derived.movedim(self, source, destination)

    moveaxis = movedim

    def broadcast_to(self, size):
        return shape_ops.expand(self, tuple(size))

    def tile(self, *dims):
        return derived.tile(self, _sizes(dims))

    def repeat_interleave(self, repeats, dim=None):
        return derived.repeat_interleave(self, repeats, dim)

    # ------------------------------------------------------------------ indexing
    def gather(self, dim, index_tensor):
        return index.gather(self, dim, index_tensor)

    def masked_fill(self, mask, value):
        return index.masked_fill(self, mask, value)

    def masked_select(self, mask):
        return index.masked_select(self, mask)

    def index_add(self, dim, index_tensor, source, *, alpha=1):
        return index.index_add(self, dim, index_tensor, source, alpha)

    def index_add_(self, dim, index_tensor, source, *, alpha=1):
        return self._inplace(index.index_add, dim, index_tensor, source, alpha)

    def index_copy(self, dim, index_tensor, source):
        return index.index_copy(self, dim, index_tensor, source)

    def index_copy_(self, dim, index_tensor, source):
        return self._inplace(index.index_copy, dim, index_tensor, source)

    def index_fill(self, dim, index_tensor, value):
        return index.index_fill(self, dim, index_tensor, value)

    def index_fill_(self, dim, index_tensor, value):
        return self._inplace(index.index_fill, dim, index_tensor, value)

    def take(self, index_tensor):
        return index.take(self, index_tensor)

    def scatter(self, dim, index_tensor, src=None, *, value=None, reduce=None):
        return index.scatter(self, dim, index_tensor, value if src is None else src, reduce)

    def scatter_(self, dim, index_tensor, src=None, *, value=None, reduce=None):
        return self._inplace(index.scatter, dim, index_tensor, value if src is None else src,
                             reduce)

    def scatter_add(self, dim, index_tensor, src):
        return index.scatter_add(self, dim, index_tensor, src)

    def scatter_add_(self, dim, index_tensor, src):
        return self._inplace(index.scatter_add, dim, index_tensor, src)

    def index_select(self, dim, index_tensor):
        return index.index_select(self, dim, index_tensor)

    def argwhere(self):
        return index.nonzero(self, False)

    def nonzero(self, *, as_tuple=False):
        return index.nonzero(self, as_tuple)

    # ------------------------------------------------------------------ linear algebra
    def matmul(self, other):
        return linalg.matmul(self, other)

    def mm(self, other):
        return linalg.mm(self, other)

    def bmm(self, other):
        return linalg.bmm(self, other)

    def mv(self, vec):
        return linalg.mv(self, vec)

    def dot(self, other):
        return linalg.dot(self, other)

    def addmm(self, mat1, mat2, *, beta=1, alpha=1):
        return linalg.addmm(self, mat1, mat2, beta, alpha)

    def outer(self, other):
        return linalg.outer(self, other)


def _rebuild(data, requires_grad):
    return _make(data, requires_grad)


_tensor_base._TENSOR = Tensor  # the class every tensor is made as (see _tensor_base._make)
