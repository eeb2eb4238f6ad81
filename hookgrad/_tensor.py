"""Tensor: TensorBase plus the op surface, attached in one place.

Most methods are the op functions themselves (``Tensor.exp is torch.exp``); the rest are short
``def``s where a method's signature differs from its function's (``view(*shape)``)."""
import numpy as np

from . import _creation, _dtype, _memory_format, _random, _tensor_base
from . import _memory_format_ops as _format_ops
from . import _tensor_queries as _queries
from ._memory_format import contiguous_format as _CONTIGUOUS
from ._ops import arithmetic as _arith
from ._ops import arrange as _arrange
from ._ops import bucketing as _bucket
from ._ops import compare as _cmp
from ._ops import copy as _copy
from ._ops import derived as _derived
from ._ops import diagonal as _diag
from ._ops import elementwise as _ew
from ._ops import extremes as _ext
from ._ops import gamma as _gamma
from ._ops import index as _index
from ._ops import inplace as _inplace
from ._ops import inplace_forms as _ipf
from ._ops import linalg as _linalg
from ._ops import linalg_methods as _lm
from ._ops import masked_fill as _masked_fill
from ._ops import matrix_derived as _mderived
from ._ops import nan_reduce as _nan
from ._ops import nn as _nn
from ._ops import order_stats as _stats
from ._ops import powers as _powers
from ._ops import products as _prod
from ._ops import put as _put
from ._ops import reduce as _red
from ._ops import scan as _scan
from ._ops import scatter_reduce as _scatter_reduce
from ._ops import selection as _sel
from ._ops import shape as _shape
from ._ops import softmax as _softmax
from ._ops import sort as _sort
from ._ops import special as _special
from ._ops import strided as _strided
from ._ops import subscript as _subscript
from ._ops import ternary as _ternary
from ._ops import triangular as _tri
from ._ops import trig as _trig
from ._ops import uniques as _uniques
from ._ops import views as _views
from ._ops.inplace import in_place
from ._size_arguments import size_arguments
from ._tensor_base import TensorBase, _make, _sizes, tensor_argument
from ._tensor_more import MoreTensorMethods
from .autograd import backward as _autograd_backward
from .autograd import engine as _engine
from .utils.hooks import warn_if_has_hooks


def _comparable(other):
    return isinstance(other, (TensorBase, int, float, np.generic, complex))


class Tensor(TensorBase, MoreTensorMethods):
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
        _inplace.regenerate_view(self)

    def backward(self, gradient=None, retain_graph=None, create_graph=False, inputs=None):
        """Compute the gradient of this tensor w.r.t. graph leaves."""
        if (gradient is None and inputs is None and not create_graph and self._requires_grad
                and self._data.size == 1 and self._data.dtype.kind in "fV"):
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
        if "memory_format" in kwargs:
            fmt = kwargs["memory_format"]
            if fmt is not None and type(fmt) is not _memory_format.memory_format:
                _format_ops.refuse_to(args, kwargs)
            return _format_ops.to(self, dtype, copy, fmt)
        if dtype is None or (dtype.np_dtype == self._data.dtype and not copy):
            return self.clone() if copy else self
        return _copy.to_dtype(self, dtype)

    def type_as(self, other):
        return self.to(other.dtype)

    def float(self):
        return self.to(_dtype.float32)

    def double(self):
        return self.to(_dtype.float64)

    def half(self):
        return self.to(_dtype.float16)

    def bfloat16(self):
        return self.to(_dtype.bfloat16)

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

    clone = _copy.clone

    def contiguous(self, memory_format=_CONTIGUOUS):
        if memory_format is not _CONTIGUOUS:
            return _format_ops.contiguous(self, memory_format)
        return self if self._data.flags.c_contiguous else _copy.clone(
            self, memory_format=memory_format)

    def new_zeros(self, *size_args, size=None, dtype=None, device=None, requires_grad=False):
        size = _sizes(size_args, size)
        return _creation.new_like(self, np.zeros, size, None, dtype, requires_grad)

    def new_ones(self, *size_args, size=None, dtype=None, device=None, requires_grad=False):
        size = _sizes(size_args, size)
        return _creation.new_like(self, np.ones, size, None, dtype, requires_grad)

    def new_empty(self, *size_args, size=None, dtype=None, device=None, requires_grad=False):
        size = _sizes(size_args, size)
        return _creation.new_like(self, np.zeros, size, None, dtype, requires_grad)

    def new_full(self, size, fill_value, *, dtype=None, device=None, requires_grad=False):
        return _creation.new_like(self, None, size, fill_value, dtype, requires_grad)

    def new_tensor(self, data, dtype=None, device=None, requires_grad=False):
        return _creation.tensor(data, dtype=dtype or self.dtype, requires_grad=requires_grad)

    # ------------------------------------------------------------------ operators
    # (reflected forms take the tensor first: ``2 - x`` is ``x.__rsub__(2)``)
    __add__ = __radd__ = _arith.add
    __sub__ = _arith.sub
    __rsub__ = _arith.rsub
    __mul__ = __rmul__ = _arith.mul
    __truediv__ = _arith.div
    __rtruediv__ = _arith.rdiv
    __floordiv__ = _arith.floor_divide
    __rfloordiv__ = _arith.floor_divide_reflected
    __mod__ = _special.remainder
    __rmod__ = _arith.remainder_reflected
    __pow__ = _arith.pow
    __rpow__ = _arith.rpow
    __matmul__ = _linalg.matmul
    __neg__ = _ew.neg
    __pos__ = _ew.positive
    __abs__ = _ew.abs
    __and__ = __rand__ = _cmp.bitwise_and
    __or__ = __ror__ = _cmp.bitwise_or
    __xor__ = __rxor__ = _cmp.bitwise_xor
    __getitem__ = _subscript.getitem
    __setitem__ = _subscript.setitem

    def __rmatmul__(self, other):
        return _linalg.matmul(other, self)

    def __invert__(self):
        if self._data.dtype == np.bool_:
            return _cmp.logical_not(self)
        if self._data.dtype.kind in "fV":
            raise TypeError("~ (operator.invert) is only implemented on integer and Boolean-type "
                            "tensors")
        return _cmp.bitwise_not(self)

    # Comparisons with anything but a Tensor or a number are Python's to answer, as in
    # PyTorch: ``t == None`` is False (so ``None in [t]`` works), ``t < "a"`` a TypeError.
    def __eq__(self, other):
        return _cmp.eq(self, other) if _comparable(other) else NotImplemented

    def __ne__(self, other):
        return _cmp.ne(self, other) if _comparable(other) else NotImplemented

    def __lt__(self, other):
        return _cmp.lt(self, other) if _comparable(other) else NotImplemented

    def __le__(self, other):
        return _cmp.le(self, other) if _comparable(other) else NotImplemented

    def __gt__(self, other):
        return _cmp.gt(self, other) if _comparable(other) else NotImplemented

    def __ge__(self, other):
        return _cmp.ge(self, other) if _comparable(other) else NotImplemented

    __hash__ = TensorBase.__hash__  # (defining __eq__ would otherwise make tensors unhashable)

    # ------------------------------------------------------------------ elementwise
    # One definition per op: each method is the op function itself (Tensor.exp is torch.exp).
    add, sub, mul, div, pow = _arith.add, _arith.sub, _arith.mul, _arith.div, _arith.pow
    subtract, multiply, divide, true_divide = sub, mul, div, div
    floor_divide, remainder, fmod = _arith.floor_divide, _special.remainder, _special.fmod
    neg, abs, sign, sgn, reciprocal = _ew.neg, _ew.abs, _ew.sign, _special.sgn, _ew.reciprocal
    negative, absolute, positive, square = neg, abs, _ew.positive, _arith.square
    exp, exp2, expm1, log, log1p = _ew.exp, _special.exp2, _special.expm1, _ew.log, _ew.log1p
    log2, log10, sqrt, rsqrt = _special.log2, _special.log10, _ew.sqrt, _ew.rsqrt
    sin, cos, tan, tanh, sigmoid = _ew.sin, _ew.cos, _special.tan, _ew.tanh, _ew.sigmoid
    sinh, cosh, asin, acos, atan = _trig.sinh, _trig.cosh, _trig.asin, _trig.acos, _trig.atan
    asinh, acosh, atanh = _trig.asinh, _trig.acosh, _trig.atanh
    arcsin, arccos, arctan, arcsinh, arccosh, arctanh = asin, acos, atan, asinh, acosh, atanh
    relu, erf, logit, sinc = _ew.relu, _nn.erf, _special.logit, _special.sinc
    floor, ceil, round, trunc, frac = _ew.floor, _ew.ceil, _ew.round, _special.trunc, _special.frac
    fix, deg2rad, rad2deg = trunc, _special.deg2rad, _special.rad2deg
    nan_to_num, xlogy, copysign = _special.nan_to_num, _special.xlogy, _special.copysign
    lerp, addcmul, addcdiv = _ternary.lerp, _ternary.addcmul, _ternary.addcdiv
    clamp_min, clamp_max = _sel.clamp_min, _sel.clamp_max
    eq, ne, lt, le, gt, ge = _cmp.eq, _cmp.ne, _cmp.lt, _cmp.le, _cmp.gt, _cmp.ge
    greater, less, greater_equal, less_equal, not_equal = gt, lt, ge, le, ne
    isnan, isinf, isfinite, signbit = _cmp.isnan, _cmp.isinf, _cmp.isfinite, _derived.signbit
    logical_not, bitwise_not = _cmp.logical_not, _cmp.bitwise_not
    bitwise_and, bitwise_or, bitwise_xor = _cmp.bitwise_and, _cmp.bitwise_or, _cmp.bitwise_xor
    equal = _derived.equal

    # Tensor-only arguments: PyTorch counts a method's positions from ``other`` (position 1),
    # its function's from ``input``.
    def maximum(self, other):
        return _sel.MaximumBackward0.apply(self, tensor_argument("maximum", "other", 1, other))

    def minimum(self, other):
        return _sel.MinimumBackward0.apply(self, tensor_argument("minimum", "other", 1, other))

    def atan2(self, other):
        return _special.Atan2Backward0.apply(self, tensor_argument("atan2", "other", 1, other))

    def hypot(self, other):
        return _special.HypotBackward0.apply(self, tensor_argument("hypot", "other", 1, other))

    def logaddexp(self, other):
        return _special.LogaddexpBackward0.apply(
            self, tensor_argument("logaddexp", "other", 1, other))

    def fmax(self, other):
        return _special.FmaxBackward0.apply(self, tensor_argument("fmax", "other", 1, other))

    def fmin(self, other):
        return _special.FminBackward0.apply(self, tensor_argument("fmin", "other", 1, other))

    def isclose(self, other, rtol=1e-05, atol=1e-08, equal_nan=False):
        return _derived.isclose(self, tensor_argument("isclose", "other", 1, other), rtol,
                                atol, equal_nan)

    def allclose(self, other, rtol=1e-05, atol=1e-08, equal_nan=False):
        return _derived.allclose(self, tensor_argument("allclose", "other", 1, other), rtol,
                                 atol, equal_nan)

    arctan2 = _special.arctan2_method

    def logical_and(self, other):
        return _cmp.logical_and(self, tensor_argument("logical_and", "other", 1, other))

    def logical_or(self, other):
        return _cmp.logical_or(self, tensor_argument("logical_or", "other", 1, other))

    def logical_xor(self, other):
        return _cmp.logical_xor(self, tensor_argument("logical_xor", "other", 1, other))

    # (the method's error for a Tensor bound mixed with a number differs from the function's)
    def clamp(self, min=None, max=None):
        return _sel.clamp_bounds(self, min, max, "clamp", True)

    def clip(self, min=None, max=None):
        return _sel.clamp_bounds(self, min, max, "clip", True)


    def where(self, condition, other):
        return _sel.where(condition, self, other)

    # ------------------------------------------------------------------ in place
    add_, sub_, mul_ = _ipf.add_, _ipf.sub_, in_place(_arith.mul)
    div_, pow_ = in_place(_arith.div), in_place(_arith.pow)
    __iadd__, __isub__, __imul__, __itruediv__ = add_, sub_, mul_, div_
    # (PyTorch's other in-place operators; the shifts wait for the shift ops)
    __ipow__, __imod__ = pow_, in_place(_special.remainder)
    __ifloordiv__ = in_place(_ipf.floor_divide_in_place)
    __iand__, __ior__, __ixor__ = (in_place(_cmp.bitwise_and), in_place(_cmp.bitwise_or),
                                   in_place(_cmp.bitwise_xor))
    neg_, abs_, exp_, log_, sqrt_ = (in_place(_ew.neg), in_place(_ew.abs_), in_place(_ew.exp),
                                     in_place(_ew.log), in_place(_ew.sqrt))
    sin_, cos_, tanh_, sigmoid_, relu_ = (in_place(_ew.sin), in_place(_ew.cos),
                                          in_place(_ew.tanh), in_place(_ew.sigmoid),
                                          in_place(_ew.relu))
    square_, clamp_, clip_ = in_place(_arith.square), _ipf.clamp_, _ipf.clip_
    lerp_, addcmul_, addcdiv_ = (in_place(_ternary.lerp), in_place(_ternary.addcmul),
                                 in_place(_ternary.addcdiv))
    masked_fill_ = in_place(_masked_fill.masked_fill_in_place, _inplace.MASKED_FILL_ON_EXPANDED,
                            check_inputs=False)
    addmm_ = _ipf.addmm_
    index_add_, index_copy_, index_fill_ = (in_place(_index.index_add),
                                            in_place(_index.index_copy),
                                            in_place(_put.index_fill,
                                                     _inplace.INDEX_FILL_ON_EXPANDED, False))
    scatter_, scatter_add_ = (in_place(_index.scatter, check_inputs=False),
                             in_place(_index.scatter_add, check_inputs=False))
    copy_, fill_, zero_ = _copy.copy_, _copy.fill_, _copy.zero_
    unsqueeze_, t_, transpose_ = _views.unsqueeze_, _views.t_, _views.transpose_

    def squeeze_(self, *dim_args, dim=None):
        return _views.squeeze_(self, _dims(dim_args, dim))
    uniform_, normal_ = _random.uniform_, _random.normal_
    bernoulli_, random_ = _random.bernoulli_, _random.random_

    # ------------------------------------------------------------------ reductions
    sum, mean, prod, nansum, nanmean = _red.sum, _red.mean, _red.prod, _nan.nansum, _nan.nanmean
    max, min, amax, amin = _ext.max, _ext.min, _ext.amax, _ext.amin

    def aminmax(self, *extra, dim=None, keepdim=False):
        if extra:
            raise TypeError(_ext.aminmax_positional_error(0, len(extra)))
        return _ext.aminmax(self, dim=dim, keepdim=keepdim)
    argmax, argmin, all, any = _ext.argmax, _ext.argmin, _red.all, _red.any
    var, std = _red.var, _red.std
    median, sort, argsort, msort, topk = (_sort.median, _sort.sort, _sort.argsort,
                                          _derived.msort, _sort.topk)
    unique, unique_consecutive = _uniques.unique, _uniques.tensor_unique_consecutive
    softmax, log_softmax = _softmax.softmax, _softmax.log_softmax
    logsumexp, logcumsumexp = _softmax.logsumexp, _scan.logcumsumexp
    cumsum, cumprod, cummax, cummin = _scan.cumsum, _scan.cumprod, _scan.cummax, _scan.cummin

    sum_to_size = _red.sum_to_size_method

    def count_nonzero(self, *dim_args, dim=None):
        return _derived.count_nonzero(self, _dims(dim_args, dim))

    def norm(self, p="fro", dim=None, keepdim=False, dtype=None):
        return _red.norm(self, p, dim, keepdim, dtype=dtype)

    # ------------------------------------------------------------------ shape
    flatten, unflatten, transpose, t = (_views.flatten, _views.unflatten, _views.transpose,
                                        _views.t)
    swapaxes, swapdims, movedim, moveaxis = (_views.swapaxes, _views.swapdims, _derived.movedim,
                                             _derived.moveaxis)
    unsqueeze, narrow, unfold = _views.unsqueeze, _views.narrow, _views.unfold
    chunk, unbind, roll, fliplr, flipud = (_shape.chunk, _shape.unbind, _shape.roll,
                                           _shape.fliplr, _shape.flipud)
    diagonal, diag, trace, tril, triu = (_diag.diagonal, _diag.diag, _diag.trace, _tri.tril,
                                         _tri.triu)
    repeat_interleave, diff = _derived.repeat_interleave, _derived.diff

    # Methods that take sizes as ``f(2, 3)``, ``f((2, 3))`` or by keyword, where the function
    # (if any) takes one sequence.
    def view(self, *size_args, size=None):
        if len(size_args) == 1 and isinstance(size_args[0], _dtype.dtype):
            return _views.view_as_dtype(self, size_args[0])
        return _views.view(self, size_arguments(size_args, size, "view", "size"))

    def reshape(self, *shape_args, shape=None):
        return _views.reshape(self, size_arguments(shape_args, shape, "reshape", "shape"))

    def expand(self, *size_args, size=None):
        return _views.expand(self, size_arguments(size_args, size, "expand", "size"))

    def broadcast_to(self, *size_args, size=None):
        return _views.expand(self, size_arguments(size_args, size, "broadcast_to", "size"))

    def permute(self, *dims_args, dims=None):
        return _views.permute(self, size_arguments(dims_args, dims, "permute", "dims"))

    def flip(self, *dims_args, dims=None):
        return _shape.flip(self, size_arguments(dims_args, dims, "flip", "dims"))

    def repeat(self, *repeats_args, repeats=None):
        return _shape.repeat(self, size_arguments(repeats_args, repeats, "repeat", "repeats"))

    def tile(self, *dims_args, dims=None):
        return _derived.tile(self, size_arguments(dims_args, dims, "tile", "dims"))

    def squeeze(self, *dim_args, dim=None):
        return _views.squeeze(self, _dims(dim_args, dim))

    def view_as(self, other):
        return _views.view(self, other._data.shape)

    def reshape_as(self, other):
        return _views.reshape(self, other._data.shape)

    def expand_as(self, other):
        return _views.expand(self, other._data.shape)

    def split(self, split_size, dim=0):
        return _shape.split(self, split_size, dim)

    T, mT = property(_views.reversed_dims), property(_views.matrix_transpose)

    # ------------------------------------------------------------------ indexing
    gather, take, index_select = _index.gather, _index.take, _index.index_select
    masked_fill, masked_select = _index.masked_fill, _put.masked_select
    index_add, index_copy, index_fill = _index.index_add, _index.index_copy, _put.index_fill
    scatter, scatter_add = _index.scatter, _index.scatter_add
    nonzero, argwhere = _index.nonzero, _index.argwhere_method

    # ------------------------------------------------------------------ linear algebra
    matmul, mm, bmm, mv, dot = _linalg.matmul, _linalg.mm, _linalg.bmm, _linalg.mv, _linalg.dot
    addmm, outer = _linalg.addmm, _linalg.outer
    ger, matrix_power, adjoint = _linalg.outer, _mderived.matrix_power, _mderived.adjoint
    mH, H = property(_mderived.adjoint), property(_mderived.matrix_H)
    cov, corrcoef, diagflat = _mderived.cov, _mderived.corrcoef, _mderived.diagflat
    hsplit, vsplit, dsplit = _mderived.hsplit, _mderived.vsplit, _mderived.dsplit
    fill_diagonal_ = _mderived.fill_diagonal_

    # ------------------------------------------------------------------ questions
    is_signed, is_nonzero, is_same_size = _queries.is_signed, _queries.is_nonzero, \
        _queries.is_same_size
    is_neg, resolve_neg, isreal = _queries.is_neg, _queries.resolve_neg, _queries.isreal
    frexp, histc, is_cpu = _queries.frexp, _queries.histc, True

    # ------------------------------------------------------------------ more ops
    erfc, erfinv, lgamma, digamma, i0 = (_gamma.erfc, _gamma.erfinv, _gamma.lgamma,
                                         _gamma.digamma, _gamma.i0)
    polygamma, mvlgamma = _gamma.polygamma_method, _gamma.mvlgamma
    float_power, ldexp = _powers.float_power, _powers.ldexp_method
    logaddexp2, heaviside = _powers.logaddexp2_method, _powers.heaviside_method
    nextafter, angle, isposinf, isneginf = (_powers.nextafter_method, _powers.angle,
                                            _powers.isposinf, _powers.isneginf)
    gcd, lcm = _powers.gcd_method, _powers.lcm_method
    bitwise_left_shift = __lshift__ = _powers.bitwise_left_shift
    bitwise_right_shift = __rshift__ = _powers.bitwise_right_shift
    __rlshift__, __rrshift__ = _powers.reflected_left_shift, _powers.reflected_right_shift
    select, tensor_split, split_with_sizes = (_arrange.select, _arrange.tensor_split,
                                              _arrange.split_with_sizes)
    ravel, rot90, diag_embed, as_strided = (_arrange.ravel, _arrange.rot90, _arrange.diag_embed,
                                            _strided.as_strided)
    addmv, addr, addbmm, baddbmm = _prod.addmv, _prod.addr, _prod.addbmm, _prod.baddbmm
    vdot, cross, kron, inner = _prod.vdot, _prod.cross, _prod.kron, _prod.inner
    det, inverse, svd, qr, cholesky, slogdet, logdet, pinverse, dist, matrix_exp = \
        _lm.TENSOR_METHODS
    mode, kthvalue, nanmedian = _stats.mode, _stats.kthvalue, _stats.nanmedian
    quantile, nanquantile = _stats.quantile, _stats.nanquantile
    scatter_reduce, index_put = _scatter_reduce.scatter_reduce, _put.index_put
    masked_scatter, take_along_dim = _put.masked_scatter, _put.take_along_dim
    bincount = _bucket.bincount

    # ------------------------------------------------------------------ the in-place family
    absolute_, negative_, sign_, sgn_ = (abs_, neg_, in_place(_ew.sign),
                                         in_place(_special.sgn))
    floor_, ceil_, round_ = in_place(_ew.floor), in_place(_ew.ceil), in_place(_ew.round)
    trunc_, frac_, reciprocal_ = (in_place(_special.trunc), in_place(_special.frac),
                                  in_place(_ew.reciprocal))
    fix_, rsqrt_, log1p_, expm1_ = trunc_, in_place(_ew.rsqrt), in_place(_ew.log1p), \
        in_place(_special.expm1)
    log2_, log10_, exp2_, erf_ = (in_place(_special.log2), in_place(_special.log10),
                                  in_place(_special.exp2), in_place(_nn.erf))
    tan_, sinh_, cosh_ = in_place(_special.tan), in_place(_trig.sinh), in_place(_trig.cosh)
    asin_, acos_, atan_ = in_place(_trig.asin), in_place(_trig.acos), in_place(_trig.atan)
    asinh_, acosh_, atanh_ = _ipf.asinh_, _ipf.acosh_, _ipf.atanh_
    arcsin_, arccos_, arctan_, arcsinh_, arccosh_, arctanh_ = (asin_, acos_, atan_, asinh_,
                                                               acosh_, atanh_)
    deg2rad_, rad2deg_ = in_place(_special.deg2rad), in_place(_special.rad2deg)
    logit_, sinc_ = in_place(_special.logit), in_place(_special.sinc)
    nan_to_num_ = in_place(_special.nan_to_num)
    erfc_, erfinv_, lgamma_ = (in_place(_gamma.erfc), in_place(_gamma.erfinv),
                               in_place(_gamma.lgamma))
    digamma_, i0_, mvlgamma_ = (in_place(_gamma.digamma), in_place(_gamma.i0),
                                in_place(_gamma.mvlgamma))
    polygamma_ = _gamma.polygamma_
    multiply_, true_divide_, divide_ = mul_, div_, div_
    subtract_ = in_place(_arith.sub)
    floor_divide_, remainder_, fmod_ = (_ipf.floor_divide_, in_place(_special.remainder),
                                        in_place(_special.fmod))
    atan2_, arctan2_ = _ipf.atan2_, _ipf.arctan2_
    hypot_, xlogy_, copysign_ = _ipf.hypot_, in_place(_special.xlogy), in_place(_special.copysign)
    float_power_, ldexp_ = _ipf.float_power_, _ipf.ldexp_
    heaviside_, nextafter_ = _ipf.heaviside_, _ipf.nextafter_
    gcd_, lcm_ = _powers.gcd_, _powers.lcm_
    bitwise_left_shift_ = __ilshift__ = in_place(_powers.bitwise_left_shift)
    bitwise_right_shift_ = __irshift__ = in_place(_powers.bitwise_right_shift)
    bitwise_and_, bitwise_or_ = in_place(_cmp.bitwise_and), in_place(_cmp.bitwise_or)
    bitwise_xor_, bitwise_not_ = in_place(_cmp.bitwise_xor), in_place(_cmp.bitwise_not)
    eq_, ne_, lt_, le_, gt_, ge_ = _ipf.eq_, _ipf.ne_, _ipf.lt_, _ipf.le_, _ipf.gt_, _ipf.ge_
    greater_, less_, greater_equal_, less_equal_, not_equal_ = gt_, lt_, ge_, le_, ne_
    logical_and_, logical_or_ = _ipf.logical_and_, _ipf.logical_or_
    logical_xor_, logical_not_ = _ipf.logical_xor_, _ipf.logical_not_
    clamp_min_, clamp_max_ = _ipf.clamp_min_, _ipf.clamp_max_
    cumsum_, cumprod_ = (in_place(_scan.cumsum, check_inputs=False),
                         in_place(_scan.cumprod, check_inputs=False))
    tril_, triu_ = _tri.tril_, _tri.triu_
    addmv_, addr_, baddbmm_ = _ipf.addmv_, _ipf.addr_, _ipf.baddbmm_
    addbmm_ = in_place(_prod.addbmm, check_inputs=False)
    # (into a tensor whose elements share memory, index_put_ writes after PyTorch's warning)
    index_put_, masked_scatter_ = (
        in_place(_put.index_put, _inplace.INDEX_PUT_ON_EXPANDED, check_inputs=False),
        in_place(_put.masked_scatter, check_inputs=False))
    scatter_reduce_ = in_place(_scatter_reduce.scatter_reduce)

    def swapaxes_(self, axis0, axis1):
        return _views.transpose_(self, axis0, axis1)

    def swapdims_(self, dim0, dim1):
        return _views.transpose_(self, dim0, dim1)

    from ._ops import complex_ops as _cx  # (real and imag are views; see complex_ops.py)
    real, imag, conj, conj_physical = property(_cx.real), property(_cx.imag), _cx.conj_view, \
        _cx.conj_physical
    is_conj, resolve_conj, cfloat, cdouble = (_cx.is_conj, _cx.resolve_conj, _cx.cfloat,
                                              _cx.cdouble)
    # --- legacy API (api branch) ----------------------------------------------------------
    # The device methods of a PyTorch build without CUDA, storages, the legacy ``type()``,
    # sampling methods, and the deprecated scalar-first overloads (``x.add_(0.5, y)``),
    # which wrap the methods above. Their code is in hookgrad/_tensor_legacy.py.
    from . import _tensor_legacy as _legacy
    from . import storage as _storage
    to = _legacy.checks_device(to)
    type = _legacy.type_  # x.type(), x.type(torch.LongTensor) (replaces the former method)
    cuda = _legacy.cuda
    get_device = _legacy.get_device
    is_pinned = _legacy.is_pinned
    pin_memory = _legacy.pin_memory
    untyped_storage = _storage.untyped_storage
    storage = _storage.typed_storage
    storage_offset = _storage.storage_offset
    multinomial = _legacy.multinomial
    bernoulli = _legacy.bernoulli
    add = _legacy.scalar_first(add, "add", 1, "alpha")
    add_ = _legacy.scalar_first(add_, "add_", 1, "alpha")
    sub = _legacy.scalar_first(sub, "sub", 1, "alpha")
    sub_ = _legacy.scalar_first(sub_, "sub_", 1, "alpha")
    addcmul = _legacy.scalar_first(addcmul, "addcmul", 2, "value")
    addcmul_ = _legacy.scalar_first(addcmul_, "addcmul_", 2, "value")
    addcdiv = _legacy.scalar_first(addcdiv, "addcdiv", 2, "value")
    addcdiv_ = _legacy.scalar_first(addcdiv_, "addcdiv_", 2, "value")
    del _legacy, _storage, _cx
    # --- end of legacy API (api branch) ---------------------------------------------------


def _dims(args, keyword):
    """``x.squeeze(0, 1)``, ``x.squeeze((0, 1))``, ``x.squeeze(0)`` or ``x.squeeze(dim=0)``:
    the ``dim`` argument of the function form (None, an int or a tuple)."""
    if keyword is not None or not args:
        return keyword
    return args[0] if len(args) == 1 else args


def _rebuild(data, requires_grad):
    return _make(data, requires_grad)


_tensor_base._TENSOR = Tensor  # the class every tensor is made as (see _tensor_base._make)
