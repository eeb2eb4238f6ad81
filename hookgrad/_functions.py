"""The ``torch.<op>`` function forms of tensor methods, plus cat/stack/where & co."""
from ._ops import compare as _compare
from ._ops import derived as _derived
from ._ops import diagonal as _diagonal
from ._ops import nan_reduce as _nan_reduce
from ._ops import ternary as _ternary
from ._ops.einsum import einsum as _einsum
from ._ops import elementwise as _ew
from ._ops import index as _index
from ._ops import linalg as _linalg
from ._ops import reduce as _reduce
from ._ops import selection as _selection
from ._ops import shape as _shape
from ._ops import softmax as _softmax
from ._ops import scan as _scan
from ._ops import sort as _sort
from ._ops import special as _special
from ._ops import triangular as _triangular
from ._ops import trig as _trig
from ._ops.nn import erf as _erf
from ._tensor_base import TensorBase, tensor_argument

__all__ = ["add", "sub", "mul", "div", "pow", "neg", "exp", "log", "log1p", "sqrt", "rsqrt",
           "abs", "sin", "cos", "tanh", "sigmoid", "relu", "sign", "floor", "ceil", "round",
           "reciprocal", "clamp", "clip", "maximum", "minimum", "where", "eq", "ne", "lt", "le",
           "gt", "ge", "logical_and", "logical_or", "logical_xor", "logical_not", "isnan",
           "isinf", "isfinite", "sum", "mean", "max", "min", "amax", "amin", "argmax", "argmin",
           "var", "std", "norm", "prod", "softmax", "log_softmax", "logsumexp", "all", "any",
           "cumsum", "matmul", "mm", "bmm", "mv", "dot", "addmm", "outer", "t", "transpose",
           "permute", "reshape", "flatten", "squeeze", "unsqueeze", "cat", "concat", "stack",
           "split", "chunk", "unbind", "narrow", "gather", "masked_fill", "index_select",
           "nonzero", "clone", "detach", "square", "allclose", "equal", "flip", "var_mean",
           "std_mean", "sort", "argsort", "topk", "expm1", "log2", "log10", "tan", "trunc",
           "frac", "erf", "tril", "triu", "roll", "scatter", "scatter_add", "masked_select",
           "broadcast_to", "movedim", "moveaxis", "swapaxes", "swapdims", "tile", "hstack",
           "vstack", "isclose", "count_nonzero", "einsum", "diagonal", "trace", "nan_to_num",
           "median", "nansum", "nanmean", "lerp", "addcmul", "addcdiv", "repeat_interleave",
           "meshgrid", "unique", "exp2", "remainder", "fmod", "atan2", "floor_divide",
           "cumprod", "diag", "index_add", "index_copy", "index_fill", "take", "sinh", "cosh",
           "asin", "acos", "atan", "asinh", "acosh", "atanh", "arcsin", "arccos", "arctan",
           "arcsinh", "arccosh", "arctanh", "sgn", "deg2rad", "rad2deg", "logit", "sinc",
           "xlogy", "positive", "fix", "signbit", "diff", "msort", "clamp_min", "clamp_max",
           "true_divide", "rsub", "bitwise_and", "bitwise_or", "bitwise_xor", "bitwise_not",
           "greater", "less", "greater_equal", "less_equal", "not_equal", "absolute", "fliplr",
           "flipud", "argwhere", "logaddexp", "hypot", "fmax", "fmin", "cummax", "cummin",
           "aminmax", "logcumsumexp", "copysign"]


def add(a, b, *, alpha=1):
    return _ew.add(a, b, alpha)


def sub(a, b, *, alpha=1):
    return _ew.sub(a, b, alpha)


def mul(a, b):
    return _ew.mul(a, b)


def div(a, b, *, rounding_mode=None):
    return _ew.div(a, b, rounding_mode)


def pow(a, exponent):
    return _ew.pow(a, exponent)


neg, exp, log, log1p, sqrt, rsqrt = _ew.neg, _ew.exp, _ew.log, _ew.log1p, _ew.sqrt, _ew.rsqrt
abs, sin, cos, tanh, sigmoid, relu = _ew.abs, _ew.sin, _ew.cos, _ew.tanh, _ew.sigmoid, _ew.relu
sign, floor, ceil, round, reciprocal = _ew.sign, _ew.floor, _ew.ceil, _ew.round, _ew.reciprocal
eq, ne, lt, le, gt, ge = (_compare.eq, _compare.ne, _compare.lt, _compare.le, _compare.gt,
                          _compare.ge)
logical_not, isnan, isinf, isfinite = (_compare.logical_not, _compare.isnan, _compare.isinf,
                                       _compare.isfinite)
matmul, mm, bmm, mv, dot, outer = (_linalg.matmul, _linalg.mm, _linalg.bmm, _linalg.mv,
                                   _linalg.dot, _linalg.outer)


def _tensors(function, input, other):
    """Both operands of a function whose signature takes two Tensors."""
    return (tensor_argument(function, "input", 1, input),
            tensor_argument(function, "other", 2, other))


def maximum(input, other):
    return _selection.maximum(*_tensors("maximum", input, other))


def minimum(input, other):
    return _selection.minimum(*_tensors("minimum", input, other))


def logical_and(input, other):
    return _compare.logical_and(*_tensors("logical_and", input, other))


def logical_or(input, other):
    return _compare.logical_or(*_tensors("logical_or", input, other))


def logical_xor(input, other):
    return _compare.logical_xor(*_tensors("logical_xor", input, other))


def clamp(a, min=None, max=None):
    return _selection.clamp(a, min, max)


clip = clamp
clamp_min, clamp_max = _selection.clamp_min, _selection.clamp_max
bitwise_and, bitwise_or, bitwise_xor, bitwise_not = (_compare.bitwise_and, _compare.bitwise_or,
                                                     _compare.bitwise_xor, _compare.bitwise_not)
true_divide = div


def rsub(input, other, *, alpha=1):
    return _ew.rsub(input, other, alpha)


def where(condition, a=None, b=None):
    if a is None and b is None:
        return _index.nonzero(condition, as_tuple=True)
    return _selection.where(condition, a, b)


def square(a):
    return _ew.pow(a, 2)


def clone(a, *, memory_format=None):
    return a.clone()


def detach(a):
    return a.detach()


def sum(a, dim=None, keepdim=False, *, dtype=None):
    return _reduce.sum(a, dim, keepdim, dtype)


def mean(a, dim=None, keepdim=False, *, dtype=None):
    return _reduce.mean(a, dim, keepdim, dtype)


def max(a, dim=None, keepdim=False):
    if isinstance(dim, TensorBase):
        return _selection.maximum(a, dim)
    return _reduce.max(a, dim, keepdim)


def min(a, dim=None, keepdim=False):
    if isinstance(dim, TensorBase):
        return _selection.minimum(a, dim)
    return _reduce.min(a, dim, keepdim)


def amax(a, dim=(), keepdim=False):
    return _reduce.amax(a, dim, keepdim)


def amin(a, dim=(), keepdim=False):
    return _reduce.amin(a, dim, keepdim)


def argmax(a, dim=None, keepdim=False):
    return _reduce.argmax(a, dim, keepdim)


def sort(input, dim=-1, descending=False, stable=False):
    return _sort.sort(input, dim, descending, stable)


def argsort(input, dim=-1, descending=False, stable=False):
    return _sort.argsort(input, dim, descending, stable)


def topk(input, k, dim=-1, largest=True, sorted=True):
    return _sort.topk(input, k, dim, largest, sorted)


def argmin(a, dim=None, keepdim=False):
    return _reduce.argmin(a, dim, keepdim)


def var(a, dim=None, unbiased=None, keepdim=False, *, correction=None):
    return _reduce.var(a, dim, unbiased, keepdim, correction)


def std(a, dim=None, unbiased=None, keepdim=False, *, correction=None):
    return _reduce.std(a, dim, unbiased, keepdim, correction)


def var_mean(a, dim=None, unbiased=None, keepdim=False, *, correction=None):
    return _reduce.var_mean(a, dim, unbiased, keepdim, correction)


def std_mean(a, dim=None, unbiased=None, keepdim=False, *, correction=None):
    return _reduce.std_mean(a, dim, unbiased, keepdim, correction)


def norm(a, p="fro", dim=None, keepdim=False, dtype=None):
    return _reduce.norm(a, p, dim, keepdim)


def prod(a, dim=None, keepdim=False, *, dtype=None):
    return _reduce.prod(a, dim, keepdim)


def softmax(a, dim, dtype=None):
    return _softmax.softmax(a, dim)


def log_softmax(a, dim, dtype=None):
    return _softmax.log_softmax(a, dim)


def logsumexp(a, dim, keepdim=False):
    return _softmax.logsumexp(a, dim, keepdim)


def all(a, dim=None, keepdim=False):
    return _reduce.all(a, dim, keepdim)


def any(a, dim=None, keepdim=False):
    return _reduce.any(a, dim, keepdim)


def cumsum(a, dim, *, dtype=None):
    return _scan.cumsum(a, dim)


def cumprod(input, dim, *, dtype=None):
    return _scan.cumprod(input, dim)


def addmm(bias, mat1, mat2, *, beta=1, alpha=1):
    return _linalg.addmm(bias, mat1, mat2, beta, alpha)


def t(a):
    return _shape.t(a)


def transpose(a, dim0, dim1):
    return _shape.transpose(a, dim0, dim1)


def permute(a, dims):
    return _shape.permute(a, tuple(dims))


def reshape(a, shape):
    return a.reshape(shape)


def flatten(a, start_dim=0, end_dim=-1):
    return _shape.flatten(a, start_dim, end_dim)


def squeeze(a, dim=None):
    return _shape.squeeze(a, dim)


def unsqueeze(a, dim):
    return _shape.unsqueeze(a, dim)


def cat(tensors, dim=0):
    return _shape.cat(tensors, dim)


concat = cat


def stack(tensors, dim=0):
    return _shape.stack(tensors, dim)


def split(a, split_size_or_sections, dim=0):
    return _shape.split(a, split_size_or_sections, dim)


def chunk(a, chunks, dim=0):
    return _shape.chunk(a, chunks, dim)


def unbind(a, dim=0):
    return _shape.unbind(a, dim)


def narrow(a, dim, start, length):
    return _shape.narrow(a, dim, start, length)


def flip(a, dims):
    return _shape.flip(a, dims)


def gather(a, dim, index):
    return _index.gather(a, dim, index)


def masked_fill(a, mask, value):
    return _index.masked_fill(a, mask, value)


def index_select(a, dim, index):
    return _index.index_select(a, dim, index)


def nonzero(a, *, as_tuple=False):
    return _index.nonzero(a, as_tuple)


def allclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    return a.allclose(b, rtol, atol, equal_nan)


def equal(a, b):
    return a.equal(b)


# ----------------------------------------------------------------------- more maths and layout

def expm1(input):
    return _special.expm1(input)


def log2(input):
    return _special.log2(input)


def log10(input):
    return _special.log10(input)


def tan(input):
    return _special.tan(input)


def trunc(input):
    return _special.trunc(input)


def frac(input):
    return _special.frac(input)


def erf(input):
    return _erf(input)


def tril(input, diagonal=0):
    return _triangular.tril(input, diagonal)


def triu(input, diagonal=0):
    return _triangular.triu(input, diagonal)


def roll(input, shifts, dims=None):
    return _shape.roll(input, shifts, dims)


def scatter(input, dim, index, src=None, *, value=None, reduce=None):
    return _index.scatter(input, dim, index, value if src is None else src, reduce)


def scatter_add(input, dim, index, src):
    return _index.scatter_add(input, dim, index, src)


def masked_select(input, mask):
    return _index.masked_select(input, mask)


def broadcast_to(input, size):
    return _shape.expand(input, tuple(size))


def movedim(input, source, destination):
    return _derived.movedim(input, source, destination)


moveaxis = movedim


def swapaxes(input, axis0, axis1):
    return _shape.transpose(input, axis0, axis1)


swapdims = swapaxes


def tile(input, dims):
    return _derived.tile(input, dims)


def hstack(tensors):
    return _derived.hstack(tensors)


def vstack(tensors):
    return _derived.vstack(tensors)


def isclose(input, other, rtol=1e-05, atol=1e-08, equal_nan=False):
    return _derived.isclose(input, other, rtol, atol, equal_nan)


def count_nonzero(input, dim=None):
    return _derived.count_nonzero(input, dim)


def einsum(equation, *operands):
    return _einsum(equation, *operands)


def diagonal(input, offset=0, dim1=0, dim2=1):
    return _diagonal.diagonal(input, offset, dim1, dim2)


def trace(input):
    return _diagonal.trace(input)


def nan_to_num(input, nan=0.0, posinf=None, neginf=None):
    return _special.nan_to_num(input, nan, posinf, neginf)


def median(input, dim=None, keepdim=False):
    return _sort.median(input, dim, keepdim)


def nansum(input, dim=None, keepdim=False):
    return _nan_reduce.nansum(input, dim, keepdim)


def nanmean(input, dim=None, keepdim=False):
    return _nan_reduce.nanmean(input, dim, keepdim)


def lerp(input, end, weight):
    return _ternary.lerp(input, end, weight)


def addcmul(input, tensor1, tensor2, *, value=1):
    return _ternary.addcmul(input, tensor1, tensor2, value)


def addcdiv(input, tensor1, tensor2, *, value=1):
    return _ternary.addcdiv(input, tensor1, tensor2, value)


def repeat_interleave(input, repeats, dim=None):
    return _derived.repeat_interleave(input, repeats, dim)


def meshgrid(*tensors, indexing=None):
    return _derived.meshgrid(*tensors, indexing=indexing)


def unique(input, sorted=True, return_inverse=False, return_counts=False, dim=None):
    return _derived.unique(input, sorted, return_inverse, return_counts, dim)


def exp2(input):
    return _special.exp2(input)


def remainder(input, other):
    if not isinstance(input, TensorBase):  # a number % a tensor: not differentiable
        return _ew.remainder_reflected(other, input)
    return _special.remainder(input, other)


def fmod(input, other):
    return _special.fmod(input, other)


def atan2(input, other):
    return _special.atan2(*_tensors("atan2", input, other))


def floor_divide(input, other):
    return _ew.floor_divide(input, other)


def diag(input, diagonal=0):
    return _diagonal.diag(input, diagonal)


def index_add(input, dim, index, source, *, alpha=1):
    return _index.index_add(input, dim, index, source, alpha)


def index_copy(input, dim, index, source):
    return _index.index_copy(input, dim, index, source)


def index_fill(input, dim, index, value):
    return _index.index_fill(input, dim, index, value)


def take(input, index):
    return _index.take(input, index)


sinh, cosh, asin, acos, atan = _trig.sinh, _trig.cosh, _trig.asin, _trig.acos, _trig.atan
asinh, acosh, atanh = _trig.asinh, _trig.acosh, _trig.atanh
arcsin, arccos, arctan, arcsinh, arccosh, arctanh = asin, acos, atan, asinh, acosh, atanh
sgn, deg2rad, rad2deg, sinc = _special.sgn, _special.deg2rad, _special.rad2deg, _special.sinc
fix, signbit, msort = _special.trunc, _derived.signbit, _derived.msort


def logit(input, eps=None):
    return _special.logit(input, eps)


def xlogy(input, other):
    return _special.xlogy(input, other)


def positive(input):
    return input


def diff(input, n=1, dim=-1, prepend=None, append=None):
    return _derived.diff(input, n, dim, prepend, append)


greater, less, greater_equal, less_equal, not_equal = gt, lt, ge, le, ne
absolute = abs


fliplr, flipud = _shape.fliplr, _shape.flipud


def argwhere(input):
    return _index.nonzero(input, False)

logaddexp, hypot, fmax, fmin = _special.logaddexp, _special.hypot, _special.fmax, _special.fmin
cummax, cummin = _scan.cummax, _scan.cummin


def aminmax(input, *, dim=None, keepdim=False):
    return _reduce.aminmax(input, dim, keepdim)


logcumsumexp, copysign = _scan.logcumsumexp, _special.copysign
