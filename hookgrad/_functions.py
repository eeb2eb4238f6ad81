"""The ``torch.<op>`` functions: the op functions themselves (``torch.exp is Tensor.exp``),
plus the few that exist only as functions (cat, stack, where(condition), einsum, ...)."""
from . import _dtype
from . import _tensor_queries as _queries
from ._ops import arithmetic as _arith
from ._ops import arrange as _arrange
from ._ops import bucketing as _bucket
from ._ops import cdist as _cdist
from ._ops import compare as _cmp
from ._ops import complex_ops as _cx
from ._ops import copy as _copy
from ._ops import derived as _derived
from ._ops import determinant as _det
from ._ops import diagonal as _diag
from ._ops import einsum as _einsum
from ._ops import elementwise as _ew
from ._ops import extremes as _ext
from ._ops import gamma as _gamma
from ._ops import index as _index
from ._ops import linalg as _linalg
from ._ops import linalg_methods as _lm
from ._ops import matrix_derived as _mderived
from ._ops import nan_reduce as _nan
from ._ops import nn as _nn
from ._ops import numeric_gradient as _numeric_gradient
from ._ops import order_stats as _stats
from ._ops import patches as _patches
from ._ops import polar as _polar
from ._ops import powers as _powers
from ._ops import products as _prod
from ._ops import put as _put
from ._ops import reduce as _red
from ._ops import renorm as _renorm
from ._ops import scan as _scan
from ._ops import scatter_into as _scatter_into
from ._ops import scatter_reduce as _scatter_reduce
from ._ops import selection as _sel
from ._ops import sequence_compositions as _seq
from ._ops import shape as _shape
from ._ops import softmax as _softmax
from ._ops import sort as _sort
from ._ops import special as _special
from ._ops import strided as _strided
from ._ops import ternary as _ternary
from ._ops import triangular as _tri
from ._ops import trig as _trig
from ._ops import uniques as _uniques
from ._ops import views as _views
from ._tensor_base import TensorBase as _TensorBase

# elementwise
add, sub, mul, div, pow = _arith.add, _arith.sub, _arith.mul, _arith.div, _arith.pow
rsub = _arith.rsub
subtract, multiply, divide, true_divide = sub, mul, div, div
floor_divide, remainder, fmod = _arith.floor_divide, _special.remainder, _special.fmod
neg, abs, sign, sgn, reciprocal = _ew.neg, _ew.abs, _ew.sign, _special.sgn, _ew.reciprocal
negative, absolute, positive, square = neg, abs, _ew.positive, _arith.square
exp, exp2, expm1, log, log1p = _ew.exp, _special.exp2, _special.expm1, _ew.log, _ew.log1p
log2, log10, sqrt, rsqrt = _special.log2, _special.log10, _ew.sqrt, _ew.rsqrt
sin, cos, tan, tanh, sigmoid = _ew.sin, _ew.cos, _special.tan, _ew.tanh, _ew.sigmoid
sinh, cosh, asin, acos, atan = _trig.sinh, _trig.cosh, _trig.asin, _trig.acos, _trig.atan
asinh, acosh, atanh, atan2 = _trig.asinh, _trig.acosh, _trig.atanh, _special.atan2
arcsin, arccos, arctan, arcsinh, arccosh, arctanh = asin, acos, atan, asinh, acosh, atanh
arctan2, relu, erf, logit, sinc = _special.arctan2, _ew.relu, _nn.erf, _special.logit, _special.sinc
floor, ceil, round, trunc, frac = _ew.floor, _ew.ceil, _ew.round, _special.trunc, _special.frac
fix, deg2rad, rad2deg = trunc, _special.deg2rad, _special.rad2deg
nan_to_num, xlogy, logaddexp, hypot = (_special.nan_to_num, _special.xlogy,
                                       _special.logaddexp, _special.hypot)
fmax, fmin, copysign = _special.fmax, _special.fmin, _special.copysign
lerp, addcmul, addcdiv = _ternary.lerp, _ternary.addcmul, _ternary.addcdiv
clamp, clip, clamp_min, clamp_max = _sel.clamp, _sel.clip, _sel.clamp_min, _sel.clamp_max
maximum, minimum = _sel.maximum, _sel.minimum
eq, ne, lt, le, gt, ge = _cmp.eq, _cmp.ne, _cmp.lt, _cmp.le, _cmp.gt, _cmp.ge
greater, less, greater_equal, less_equal, not_equal = gt, lt, ge, le, ne
isnan, isinf, isfinite, signbit = _cmp.isnan, _cmp.isinf, _cmp.isfinite, _derived.signbit
logical_and, logical_or, logical_xor = _cmp.logical_and, _cmp.logical_or, _cmp.logical_xor
logical_not, bitwise_not = _cmp.logical_not, _cmp.bitwise_not
bitwise_and, bitwise_or, bitwise_xor = _cmp.bitwise_and, _cmp.bitwise_or, _cmp.bitwise_xor
isclose, allclose, equal = _derived.isclose, _derived.allclose, _derived.equal

# reductions
sum, mean, prod, nansum, nanmean = _red.sum, _red.mean, _red.prod, _nan.nansum, _nan.nanmean
max, min, amax, amin, aminmax = _ext.max, _ext.min, _ext.amax, _ext.amin, _ext.aminmax
argmax, argmin, all, any = _ext.argmax, _ext.argmin, _red.all, _red.any
var, std, var_mean, std_mean = _red.var, _red.std, _red.var_mean, _red.std_mean
norm, count_nonzero = _red.norm, _derived.count_nonzero
unique, unique_consecutive = _uniques.unique, _uniques.unique_consecutive
median, sort, argsort, msort, topk = (_sort.median, _sort.sort, _sort.argsort, _derived.msort,
                                      _sort.topk)
softmax, log_softmax, logsumexp = _softmax.softmax, _softmax.log_softmax, _softmax.logsumexp
cumsum, cumprod, cummax, cummin = _scan.cumsum, _scan.cumprod, _scan.cummax, _scan.cummin
logcumsumexp = _scan.logcumsumexp

# shape, indexing, linear algebra
flatten = _views.flatten
squeeze, unsqueeze, transpose, t = (_views.squeeze, _views.unsqueeze, _views.transpose,
                                    _views.t)
swapaxes, swapdims, movedim, moveaxis = (_views.swapaxes, _views.swapdims, _derived.movedim,
                                         _derived.moveaxis)
cat, concat, stack, hstack, vstack = (_shape.cat, _shape.concat, _shape.stack, _derived.hstack,
                                      _derived.vstack)
split, chunk, unbind, narrow = _shape.split, _shape.chunk, _shape.unbind, _views.narrow
fliplr, flipud, roll = _shape.fliplr, _shape.flipud, _shape.roll
diagonal, diag, trace, tril, triu = _diag.diagonal, _diag.diag, _diag.trace, _tri.tril, _tri.triu
repeat_interleave, diff, meshgrid = (_derived.repeat_interleave, _derived.diff,
                                     _derived.meshgrid)
gather, take, index_select = _index.gather, _index.take, _index.index_select
masked_fill, masked_select = _index.masked_fill, _put.masked_select
index_add, index_copy, index_fill = _index.index_add, _index.index_copy, _put.index_fill
scatter, scatter_add, nonzero, argwhere = (_index.scatter, _index.scatter_add, _index.nonzero,
                                           _index.argwhere)
matmul, mm, bmm, mv, dot = _linalg.matmul, _linalg.mm, _linalg.bmm, _linalg.mv, _linalg.dot
addmm, outer, einsum, clone = _linalg.addmm, _linalg.outer, _einsum.einsum, _copy.clone

# more ops
erfc, erfinv, lgamma, digamma, polygamma = (_gamma.erfc, _gamma.erfinv, _gamma.lgamma,
                                            _gamma.digamma, _gamma.polygamma)
mvlgamma, i0 = _gamma.mvlgamma, _gamma.i0
float_power, ldexp, logaddexp2, heaviside = (_powers.float_power, _powers.ldexp,
                                             _powers.logaddexp2, _powers.heaviside)
nextafter, angle, isposinf, isneginf = (_powers.nextafter, _powers.angle, _powers.isposinf,
                                        _powers.isneginf)
gcd, lcm = _powers.gcd, _powers.lcm
bitwise_left_shift, bitwise_right_shift = (_powers.bitwise_left_shift,
                                           _powers.bitwise_right_shift)
select, tensor_split, split_with_sizes = (_arrange.select, _arrange.tensor_split,
                                          _arrange.split_with_sizes)
atleast_1d, atleast_2d, atleast_3d = _arrange.atleast_1d, _arrange.atleast_2d, _arrange.atleast_3d
ravel, rot90, diag_embed, block_diag = (_arrange.ravel, _arrange.rot90, _arrange.diag_embed,
                                        _arrange.block_diag)
column_stack, dstack, concatenate = _arrange.column_stack, _arrange.dstack, _arrange.concatenate
cartesian_prod, unflatten, as_strided = (_arrange.cartesian_prod, _views.unflatten,
                                         _strided.as_strided)
addmv, addr, addbmm, baddbmm = _prod.addmv, _prod.addr, _prod.addbmm, _prod.baddbmm
vdot, cross, kron, inner, tensordot = (_prod.vdot, _prod.cross, _prod.kron, _prod.inner,
                                       _prod.tensordot)
det, inverse, cdist = _det.det, _det.inverse, _cdist.cdist
svd, qr, cholesky, slogdet, logdet = _lm.svd, _lm.qr, _lm.cholesky, _lm.slogdet, _lm.logdet
pinverse, dist, pdist = _lm.pinverse, _lm.dist, _lm.pdist
mode, kthvalue, nanmedian = _stats.mode, _stats.kthvalue, _stats.nanmedian
quantile, nanquantile = _stats.quantile, _stats.nanquantile
scatter_reduce, index_put = _scatter_reduce.scatter_reduce, _put.index_put
masked_scatter, take_along_dim = _put.masked_scatter, _put.take_along_dim
searchsorted, bucketize, bincount = _bucket.searchsorted, _bucket.bucketize, _bucket.bincount
pixel_shuffle, pixel_unshuffle = _patches.pixel_shuffle, _patches.pixel_unshuffle


# ---------------------------------------------------------------------------- functions only

def where(condition, input=None, other=None, *, out=None):
    """``where(condition)`` is ``nonzero(condition, as_tuple=True)``."""
    if input is None and other is None and out is None:
        return _index.nonzero(condition, as_tuple=True)
    return _sel.where(condition, input, other, out=out)


# The functions taking sizes as one sequence (their methods also take them one by one)

_MISSING = object()  # (an argument not given: PyTorch's parser names it)

def reshape(input=_MISSING, shape=_MISSING, *extra):
    return _views.reshape(input, _sequence_argument("reshape", "shape", shape, input, extra))


def permute(input=_MISSING, dims=_MISSING, *extra):
    return _views.permute(input, _sequence_argument("permute", "dims", dims, input, extra))


def broadcast_to(input=_MISSING, size=_MISSING, *extra):
    size = _sequence_argument("broadcast_to", "size", size, input, extra)
    return _views.broadcast_to(input, size)


def flip(input=_MISSING, dims=_MISSING, *extra):
    return _shape.flip(input, _sequence_argument("flip", "dims", dims, input, extra))


def tile(input=_MISSING, dims=_MISSING, *extra):
    return _derived.tile(input, _sequence_argument("tile", "dims", dims, input, extra))


def _sequence_argument(function, name, value, input, extra):
    """PyTorch's TypeErrors for a missing size or dims argument (its parser's wording, number
    agreement included), for too many arguments and for one that is not a sequence."""
    if extra:
        raise TypeError(f"{function}() takes 2 positional arguments but {2 + len(extra)} were "
                        "given")
    if value is _MISSING:
        if input is _MISSING:
            raise TypeError(f'{function}() missing 2 required positional argument: "input", '
                            f'"{name}"')
        raise TypeError(f'{function}() missing 1 required positional arguments: "{name}"')
    if not isinstance(value, (tuple, list)):
        raise TypeError(f"{function}(): argument '{name}' (position 2) must be tuple of ints, "
                        f"not {type(value).__name__}")
    return value


def detach(input):
    return input.detach()


def is_tensor(obj):
    return isinstance(obj, _TensorBase)


def _is_zerotensor(input):
    """``torch._is_zerotensor``: whether ``input`` is PyTorch's immutable ZeroTensor (sgn's
    gradient of a real input)."""
    return input._zero_tensor


def is_floating_point(input):
    return input.is_floating_point()


def numel(input):
    return input.numel()


def result_type(tensor, other):
    return _dtype.result_type((tensor, other))


def can_cast(from_, to):
    return from_.category <= to.category


# complex tensors
real, imag, conj, conj_physical = _cx.real, _cx.imag, _cx.conj_view, _cx.conj_physical
is_conj, resolve_conj, is_complex, complex = (_cx.is_conj, _cx.resolve_conj, _cx.is_complex,
                                              _cx.complex)
view_as_real, view_as_complex = _cx.view_as_real, _cx.view_as_complex


# compositions and questions (hookgrad/_ops/matrix_derived.py, hookgrad/_tensor_queries.py)
ger, matrix_power, adjoint = _linalg.outer, _mderived.matrix_power, _mderived.adjoint
cov, corrcoef, diagflat = _mderived.cov, _mderived.corrcoef, _mderived.diagflat
hsplit, vsplit, dsplit = _mderived.hsplit, _mderived.vsplit, _mderived.dsplit
is_signed, is_nonzero, is_same_size = _queries.is_signed, _queries.is_nonzero, \
    _queries.is_same_size
is_neg, resolve_neg, isreal = _queries.is_neg, _queries.resolve_neg, _queries.isreal
frexp, histc = _queries.frexp, _queries.histc

combinations, vander, unravel_index = _seq.combinations, _seq.vander, _seq.unravel_index
trapezoid, trapz, cumulative_trapezoid = _seq.trapezoid, _seq.trapz, _seq.cumulative_trapezoid
gradient = _numeric_gradient.gradient
put, renorm = _scatter_into.put, _renorm.renorm
select_scatter, slice_scatter = _scatter_into.select_scatter, _scatter_into.slice_scatter
diagonal_scatter = _scatter_into.diagonal_scatter
polar = _polar.polar

row_stack = vstack

__all__ = sorted(name for name in dir() if not name.startswith("_"))
