"""Reductions that combine elements: sum, mean, var/std, norm, prod, all/any (the ones that
pick an element, max/min & co, are in extremes.py)."""
import builtins
import warnings

import numpy as np

from .. import _dtype
from .._tensor_base import _make, _sizes, _wrap_dim
from ..autograd.grad_mode import state as _grad_state
from . import libm
from .arithmetic import DivBackward1
from .c_strides import c_strided
from .complex_support import check_real_array, warn_discarded_imaginary
from .half import FLOAT32, forward_in_float32, is_half, number_in_float32
from .norm_checks import refuse_norm_without_identity
from .norm_grad import norm_backward
from .norm_nans import sequential_sum, two_norm
from .op import Op, ReductionOp, expand_grad, mean_array, plain_backward, refuse_out, type_name
from .packed_on_error import checked_dims
from .prod_nans import ordered_product
from .scalar_forms import MulBackward1
from .selection import where
from .shape import cat
from .sum_order import mean_in_order, sum_all, sum_array
from .variance_order import ordered_deviations, welford_mean


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


def _sum_dtype(x, dtype):
    if dtype is not None:
        return dtype.np_dtype
    return np.int64 if x.dtype.kind in "biu" else None


# Reductions call NumPy's ufunc methods (np.add.reduce, not np.sum): see op.mean_array. sum
# and mean add float32 / float64 in PyTorch's order (sum_order.py).

class SumBackward0(Op):
    supports_complex = True

    def forward(self, a, dtype=None):
        if a._data.itemsize == 2 and dtype is None and is_half(a._data):
            return forward_in_float32(self, SumBackward0._forward_widened, a, dtype)
        x = a._data
        self.shape = x.shape
        if dtype is None and x.dtype.char in "fdFD":
            return sum_all(x)
        return sum_array(x, tuple(range(x.ndim)), False, _sum_dtype(x, dtype))

    @staticmethod
    def _forward_widened(op, a, dtype):
        # a float16 / bfloat16 sum: PyTorch's reduced-float kernel adds in an order not
        # modelled by sum_order, so NumPy's (over the float32 values)
        x = a._data
        op.shape = x.shape
        return np.add.reduce(x, None, _sum_dtype(x, dtype))

    def backward(self, grad):
        g = grad._data
        if not g.ndim and not grad._requires_grad and not _grad_state.grad_enabled:
            # expand_grad of a 0-d gradient in a plain pass (every loss's first node), its
            # broadcast_view written out: every stride 0, read-only once elements repeat
            shape = self.shape
            view = np.ndarray(shape, g.dtype, g, 0, (0,) * len(shape))
            if view.size > 1:
                view.flags.writeable = False
            elif type(g) is not np.ndarray:
                # a NumPy scalar's memory is read-only for good, while PyTorch lets a hook
                # write this one element in place, reaching the gradient it views: the
                # gradient gets a 0-d array of its own to view
                g = grad._data = np.array(g)
                view = np.ndarray(shape, g.dtype, g, 0, (0,) * len(shape))
            return _make(view)
        return expand_grad(grad, self.shape)


class SumBackward1(ReductionOp):
    supports_complex = True

    def forward(self, a, dims, keepdim, dtype=None):
        if a._data.itemsize == 2 and dtype is None and is_half(a._data):
            return forward_in_float32(self, SumBackward1._forward_widened, a, dims, keepdim,
                                      dtype)
        self.dims, self.keepdim = dims, keepdim
        x = a._data
        return sum_array(x, dims, keepdim, _sum_dtype(x, dtype))

    @staticmethod
    def _forward_widened(op, a, dims, keepdim, dtype):
        # (as SumBackward0._forward_widened)
        op.dims, op.keepdim = dims, keepdim
        x = a._data
        return np.add.reduce(x, dims, _sum_dtype(x, dtype), keepdims=keepdim)

    def backward(self, grad):
        return self.unreduce(grad)


class MeanBackward0(Op):
    supports_complex = True

    def forward(self, a, dtype=None):
        if a._data.itemsize == 2 and dtype is None and is_half(a._data):
            return forward_in_float32(self, MeanBackward0.forward, a, dtype)
        x = a._data
        self.shape = x.shape
        self.count = x.size
        return mean_in_order(x, tuple(range(x.ndim)), False, dtype.np_dtype if dtype else None)

    def backward(self, grad):
        g = grad._data
        if self.count and not g.ndim and not grad._requires_grad and plain_backward():
            # What the division below gives (each element the 0-d gradient divided by the
            # count, in its dtype), as one fill: dividing the broadcast costs 20 times more
            share = number_in_float32(np.divide, g, self.count) if g.itemsize == 2 and \
                is_half(g) else g / self.count  # (2-byte floats: in float32, as PyTorch's)
            return _make(np.full(self.shape, share, g.dtype))
        # (divided after the broadcast, as PyTorch: a new tensor, which hooks may write into)
        return DivBackward1.apply(expand_grad(grad, self.shape), self.count)  # (div.Scalar)


class MeanBackward1(ReductionOp):
    supports_complex = True

    def forward(self, a, dims, keepdim, dtype=None):
        if a._data.itemsize == 2 and dtype is None and is_half(a._data):
            return forward_in_float32(self, MeanBackward1.forward, a, dims, keepdim, dtype)
        self.dims, self.keepdim = dims, keepdim
        x = a._data
        self.count = int(np.prod([x.shape[d] for d in dims]))
        return mean_in_order(x, dims, keepdim, dtype.np_dtype if dtype else None)

    def backward(self, grad):
        return DivBackward1.apply(self.unreduce(grad), self.count)


def refuse_integer_grad(input, dtype):
    """PyTorch's refusal of a differentiable op asked (``dtype=``) for an integer or bool
    result of an input that requires grad, while grad mode is on."""
    if dtype is None or not input.requires_grad or not _grad_state.grad_enabled:
        return
    dtype = _dtype.to_dtype(dtype)
    if dtype.category < _dtype.FLOAT:
        raise RuntimeError(f"Autograd not support dtype: {dtype.legacy_name[:-6]}")


def sum(input, dim=None, keepdim=False, *, dtype=None, out=None):
    if out is not None:
        refuse_out("sum")
    if dtype is not None:
        refuse_integer_grad(input, dtype)
        if input._data.dtype.kind == "c" and not _dtype.to_dtype(dtype).is_complex:
            # (PyTorch sums the real parts, with its warning)
            warn_discarded_imaginary(2, input._data.size)
            input = input.real
    if dim is None:
        if keepdim:
            return SumBackward1.apply(input, dims_of(None, input._data.ndim), True, dtype)
        return SumBackward0.apply(input, dtype)
    return SumBackward1.apply(input, dims_of(dim, input._data.ndim), keepdim, dtype)


def _check_float_mean(a, dtype):
    if dtype is not None:
        dtype = _dtype.to_dtype(dtype)
        if dtype.category < _dtype.FLOAT:
            raise RuntimeError("mean(): could not infer output dtype. Optional dtype must be "
                               "either a floating point or complex dtype. Got: "
                               f"{dtype.legacy_name[:-6]}")
    elif a._data.dtype.kind not in "fVc":  # (complex: see complex_ops)
        raise RuntimeError("mean(): could not infer output dtype. Input dtype must be either a "
                           f"floating point or complex dtype. Got: {type_name(a._data)}")


def mean(input, dim=None, keepdim=False, *, dtype=None, out=None):
    if out is not None:
        refuse_out("mean")
    _check_float_mean(input, dtype)
    if dim is None:
        if keepdim:
            return MeanBackward1.apply(input, dims_of(None, input._data.ndim), True, dtype)
        return MeanBackward0.apply(input, dtype)
    return MeanBackward1.apply(input, dims_of(dim, input._data.ndim), keepdim, dtype)


def sum_to_size_method(self, *size_args, size=None):
    """``Tensor.sum_to_size``: its size is required, once (PyTorch's parser's errors)."""
    if size is None and not size_args:
        raise TypeError('sum_to_size() missing 1 required positional arguments: "size"')
    if size is not None and size_args:
        raise TypeError("sum_to_size() got multiple values for argument 'size'")
    return sum_to_size(self, _sizes(size_args, size))


def sum_to_size(a, shape):
    """Sum ``a`` down to ``shape`` (the inverse of broadcasting ``shape`` up to ``a``): ``a``
    itself where the shapes match, except to 0-d, which PyTorch's sum_to always sums (a new
    tensor; recorded, ``SumBackward0``)."""
    shape = tuple(shape)
    src = a._data.shape
    if src == shape and shape:
        return a
    lead = len(src) - len(shape)
    if lead < 0 or builtins.any(s != 1 and s != g for s, g in zip(shape, src[lead:])):
        raise RuntimeError(f"size {{[{', '.join(map(str, shape))}]}} is not expandable to size "
                           f"{{[{', '.join(map(str, src))}]}}.")
    dims = tuple(range(lead)) + tuple(lead + i for i, s in enumerate(shape)
                                      if s == 1 and src[lead + i] != 1)
    if plain_backward():  # e.g. un-broadcasting a gradient: NumPy directly
        x = a._data
        if x.itemsize == 2 and is_half(x):  # (accumulated in float32, as PyTorch's)
            summed = sum_array(x.astype(FLOAT32), dims, False, None)
            return _make(np.asarray(summed).astype(x.dtype).reshape(shape))
        return _make(np.asarray(sum_array(x, dims, False, _sum_dtype(x, None))).reshape(shape))
    if not shape:  # (PyTorch's sum_to: the plain sum, SumBackward0)
        return sum(a)
    out = sum(a, dims, keepdim=True) if dims else a
    return out.reshape(shape) if out._data.shape != shape else out


# --------------------------------------------------------------------------- var / std

def _plus(a, b):
    return b if a is None else a if b is None else a + b


class VarBackward0(ReductionOp):
    saved_names = ("self",)

    def forward(self, a, dims, keepdim, correction, whole=False):
        """``whole``: no dim was given (PyTorch's formula then takes the plain mean)."""
        if a._data.itemsize == 2 and is_half(a._data):  # (in float32)
            return forward_in_float32(
                self, VarBackward0.forward, a, dims, keepdim, correction, whole)
        self.save(a)
        self.dims, self.keepdim, self.whole = dims, keepdim, whole
        return self.variance(a._data, dims, keepdim, correction)

    take_sqrt = False  # (std: the square root taken before rounding to the dtype)
    welford_whole = False  # (var_mean: Welford's update over every element too)

    def variance(self, x, dims, keepdim, correction):
        self.count = int(np.prod([x.shape[d] for d in dims]))
        self.dof = self.count - correction
        total = None
        if x.dtype.kind == "f" and x.itemsize >= 4 and self.count:
            total = ordered_deviations(x, dims, self.welford_whole)
        with np.errstate(divide="ignore", invalid="ignore"):
            if total is None:
                centred = x - mean_array(x, dims, True)
                total = np.add.reduce(centred * centred, dims, keepdims=keepdim)
                variance = total / x.dtype.type(builtins.max(self.dof, 0))
                variance = np.sqrt(variance) if self.take_sqrt else variance
            else:  # (in double, as PyTorch's kernels)
                variance = total / float(builtins.max(self.dof, 0))
                variance = np.sqrt(variance) if self.take_sqrt else variance
                variance = variance.astype(x.dtype)
                variance = np.expand_dims(variance, dims) if keepdim else variance
        # over nothing PyTorch returns a NaN without the sign bit of 0 / 0's (one value: 0 / 0)
        return variance if self.count else np.copysign(variance, 1)

    def backward(self, grad):
        return self.var_grad(self.saved()[0], grad)

    def var_grad(self, a, grad):
        """PyTorch's var_backward, op by op: ``(2 / dof) * grad * (self - self.mean(...))``,
        the right operand's nodes first (GCC's order of evaluation)."""
        if self.whole or a._data.ndim == 0:
            if self.dof <= 0:  # 2 / 0: NaN where the input equals its mean (an infinite one
                # too, where their difference is NaN), inf elsewhere
                return grad * where(a == a.mean(), float("nan"), float("inf"))
            deviation = a - a.mean()
            return MulBackward1.apply(grad, 2.0 / self.dof) * deviation
        if a._data.ndim > 1:
            grad = self.restore(grad)
        scale = 2.0 / self.dof if self.dof else float("inf")
        deviation = a - a.mean(self.dims, keepdim=True)
        return MulBackward1.apply(grad, scale) * deviation

    def std_grad(self, a, result, grad):
        # (in place, as PyTorch's formula: a ZeroTensor gradient's quotient refuses the write)
        return self.var_grad(a, (grad / MulBackward1.apply(result, 2)).masked_fill_(result == 0, 0))

    def mean_grad(self, a, grad):
        grad = grad if self.whole else self.restore(grad)
        return DivBackward1.apply(grad.expand(self.shape), self.count)


class StdBackward0(VarBackward0):
    saves_output = True
    saved_names = ("self", "result")
    take_sqrt = True

    def backward(self, grad):
        a, result = self.saved()
        return self.std_grad(a, result, grad)


class VarMeanBackward0(VarBackward0):
    """One node with two outputs, ``(var, mean)``."""

    welford_whole = True

    def variance(self, x, dims, keepdim, correction):
        variance = super().variance(x, dims, keepdim, correction)  # (sets self.count)
        mean = mean_array(x, dims, keepdim)  # (over nothing a NaN without sign, unlike mean's)
        if self.count:
            mean = welford_mean(x, dims, mean)
        return variance, mean if self.count else np.copysign(mean, 1)

    def backward(self, grad_var, grad_mean):
        (a,) = self.saved()
        return _plus(None if grad_var is None else self.var_grad(a, grad_var),
                     None if grad_mean is None else self.mean_grad(a, grad_mean))


class StdMeanBackward0(VarMeanBackward0):
    """``(std, mean)``. Like PyTorch's node it saves its std output (``result0``), so an
    in-place write to the std fails any backward through the node, even the mean's."""

    saved_names = ("self", "result0")
    take_sqrt = True

    @classmethod
    def apply(cls, *args):
        # (the op base saves only single outputs: save output 0 once it is wrapped)
        std, mean = super(StdMeanBackward0, cls).apply(*args)
        node = std.grad_fn
        if node is not None and std._requires_grad:
            node._save_output(std)
        return std, mean

    def backward(self, grad_std, grad_mean):
        a, result = self.saved()
        grad_input = None if grad_std is None else self.std_grad(a, result, grad_std)
        return _plus(grad_input, None if grad_mean is None else self.mean_grad(a, grad_mean))


def _var_args(a, dim, unbiased, correction, name):
    check_real_array(name, a._data)
    if a._data.dtype.kind not in "fV":
        what = name if name.endswith("_mean") else "std and var"
        raise RuntimeError(f"{what} only support floating point and complex dtypes")
    if isinstance(dim, bool):  # ``x.var(False)``: the ``unbiased`` overload
        dim, unbiased = None, dim
    if unbiased is not None and correction is not None:
        raise TypeError(f"{name}() received an invalid combination of arguments - got both "
                        "unbiased and correction")
    if correction is None:
        correction = 0 if unbiased is False else 1
    dims = checked_dims(dims_of, a, dim)  # (wrapped after the node saves a: packed_on_error)
    # PyTorch's reduction factor: input numel over output numel, 0 for an empty output
    shape = a._data.shape
    kept = [size for d, size in enumerate(shape) if d not in dims]
    factor = 0 if 0 in kept else int(np.prod([shape[d] for d in dims]))
    if factor <= correction:
        warnings.warn(f"{name}(): degrees of freedom is <= 0. Correction should be strictly "
                      "less than the reduction factor (input numel divided by output numel). "
                      "(Triggered internally at /__w/pytorch/pytorch/aten/src/ATen/native/"
                      "ReduceOps.cpp:1861.)", UserWarning,
                      stacklevel=3)  # the caller of Tensor.var / torch.var
    return dims, correction


def _whole(dim):
    """Whether ``dim`` asks for a reduction over everything (PyTorch's ``dim=None``)."""
    return dim is None or isinstance(dim, bool)


def var(input, dim=None, unbiased=None, keepdim=False, *, correction=None, out=None):
    if out is not None:
        refuse_out("var")
    dims, correction = _var_args(input, dim, unbiased, correction, "var")
    return VarBackward0.apply(input, dims, keepdim, correction, _whole(dim))


def std(input, dim=None, unbiased=None, keepdim=False, *, correction=None, out=None):
    if out is not None:
        refuse_out("std")
    dims, correction = _var_args(input, dim, unbiased, correction, "std")
    return StdBackward0.apply(input, dims, keepdim, correction, _whole(dim))


def var_mean(input, dim=None, unbiased=None, keepdim=False, *, correction=None):
    dims, correction = _var_args(input, dim, unbiased, correction, "var_mean")
    return VarMeanBackward0.apply(input, dims, keepdim, correction, _whole(dim))


def std_mean(input, dim=None, unbiased=None, keepdim=False, *, correction=None):
    dims, correction = _var_args(input, dim, unbiased, correction, "std_mean")
    return StdMeanBackward0.apply(input, dims, keepdim, correction, _whole(dim))


# --------------------------------------------------------------------------- norm, prod

class LinalgVectorNormBackward0(ReductionOp):
    """``linalg.vector_norm``; the backward is PyTorch's ``norm_backward`` case by case."""

    saves_output, saved_names = True, ("self", "result")

    def forward(self, a, dims, keepdim, p, dtype=None, whole=False):
        """``whole``: no dim was given (PyTorch's formula then restores no dims)."""
        if a._data.itemsize == 2 and is_half(a._data):  # (in float32)
            return forward_in_float32(
                self, LinalgVectorNormBackward0.forward, a, dims, keepdim, p, dtype, whole)
        self.save(a)
        self.dims, self.keepdim, self.p, self.whole = dims, keepdim, p, whole
        x = np.abs(a._data if dtype is None else a._data.astype(dtype.np_dtype))  # (no cast node)
        if (x.ndim or whole) and _sizes_are_one(x.shape, dims):
            # PyTorch's shortcut for a norm of one element: its absolute value (|x| != 0 for
            # p = 0), with no power taken (so no overflow, no rounding)
            x = x if p else (x != 0).astype(x.dtype)
            return x if keepdim else x.reshape(tuple(n for d, n in enumerate(x.shape)
                                                     if d not in dims))
        if p == np.inf:
            return np.max(x, axis=dims, keepdims=keepdim)
        if p == -np.inf:
            return np.min(x, axis=dims, keepdims=keepdim)
        if p == 0:
            return np.add.reduce(x != 0, dims, x.dtype, keepdims=keepdim)
        if p == 1:
            return sequential_sum(x, dims, keepdim)
        if p == 2:  # (with the NaN sign of PyTorch's sum of squares)
            return two_norm(x, a._data, dims, keepdim)
        with np.errstate(divide="ignore"):
            if x.dtype == np.float32:
                return _float32_p_norm(x, dims, keepdim, p)
            return libm.power(sequential_sum(libm.power(x, p), dims, keepdim), 1.0 / p)

    def backward(self, grad):
        a, norm = self.saved()
        p = self.p
        if not self.whole:
            grad, norm = self.restore(grad), self.restore(norm)
        return norm_backward(a, norm, grad, p, self.dims)


def _sizes_are_one(shape, dims):
    for d in dims:
        if shape[d] != 1:
            return False
    return True


def _float32_p_norm(x, dims, keepdim, p):
    """sum(|x| ** p) ** (1 / p) as PyTorch computes it in float32: each power a correctly
    rounded powf (NumPy's float32 power is a vectorised approximation, off by an ulp or
    two: the norm of one element 1.5 came out 1.5000001), the exponent 1 / p in float32."""
    p32 = np.float32(p)
    powered = libm.power(x.astype(np.float64), np.float64(p32)).astype(np.float32)
    total = sequential_sum(powered, dims, keepdim)
    root = np.float64(np.float32(1) / p32)
    return libm.power(np.asarray(total, np.float64), root).astype(np.float32)


class NormBackward0(LinalgVectorNormBackward0):
    """``at::norm`` of the whole tensor, as ``norm_except_dim(v, p, -1)`` records it."""


class NormBackward1(LinalgVectorNormBackward0):
    """``at::norm`` along dims, as ``F.pairwise_distance`` records it (the same maths)."""


def norm(input, p="fro", dim=None, keepdim=False, out=None, dtype=None):
    if out is not None:
        refuse_out("norm")
    if p is not None and not isinstance(p, (str, int, float, np.number)):
        # (PyTorch's argument parser refuses it before looking at the tensor or the dtype)
        raise TypeError("linalg_vector_norm(): argument 'ord' (position 2) must be Number, not "
                        f"{type(p).__name__}")
    x = input._data
    if dtype is not None:
        dtype = _dtype.to_dtype(dtype)
        if x.dtype.kind == "f" and np.promote_types(x.dtype, dtype.np_dtype) != dtype.np_dtype:
            raise RuntimeError(
                f"linalg.vector_norm: the dtype of the input ({type_name(x)}) should be "
                f"convertible without narrowing to the specified dtype ({dtype.legacy_name[:-6]})")
    if p is None:  # (the 2-norm)
        p = 2
    if isinstance(p, str):
        if p == "nuc":
            raise NotImplementedError("hookgrad: norm(p='nuc') is not supported")
        if p != "fro":
            raise RuntimeError(f"linalg.matrix_norm: Order {p} not supported.")
        p = 2
    check_real_array("linalg_vector_norm", x)
    if x.dtype.kind not in "fV":
        raise RuntimeError("linalg.vector_norm: Expected a floating point or complex tensor as "
                           f"input. Got {type_name(x)}")
    p = float(p)
    dims = checked_dims(dims_of, input, dim)  # (as var's)
    # (the dims as given, in their order: PyTorch names the first empty one as given)
    given = dims if dim is None else tuple(dim) if isinstance(dim, (tuple, list)) else (dim,)
    refuse_norm_without_identity(x, p, given, dim is None)
    return LinalgVectorNormBackward0.apply(input, dims, keepdim, p, dtype, dim is None)


class ProdBackward0(ReductionOp):
    """The whole-tensor product (``ProdBackward1``: along one dim)."""

    saves_output, saved_names = True, ("self", "result")

    def forward(self, a, dims, keepdim, dtype=None):
        self.save(a)
        self.dims, self.keepdim = dims, keepdim
        x = a._data if dtype is None else a._data.astype(dtype.np_dtype)  # (no cast node)
        with np.errstate(over="ignore"):  # (an overflow is inf, silently, as in PyTorch)
            out = np.multiply.reduce(x, dims, _sum_dtype(x, dtype), keepdims=keepdim)
        return ordered_product(out, x, dims)  # (its roundings; which NaN where several meet)

    def backward(self, grad):
        a, result = self.saved()
        if a._data.dtype == grad._data.dtype:
            return self.input_grad(a, result, grad)
        # (``dtype=``: PyTorch's formula takes the input cast to the gradient's dtype and casts
        # the gradient back, a ToCopyBackward0 at each end when recorded)
        return self.input_grad(a.to(grad.dtype), result, grad).to(a.dtype)

    def input_grad(self, a, result, grad):
        shape = a._data.shape
        if not shape:
            return grad
        whole = type(self) is ProdBackward0
        if not whole:  # (the whole product's 0-d gradient and result broadcast as they are)
            grad, result = self.restore(grad), self.restore(result)
        zeros = np.count_nonzero(a._data == 0)
        if not zeros:
            return grad * (result / a)
        if whole and zeros > 1 and plain_backward():  # PyTorch's shortcut (no NaN from inf)
            return _make(np.zeros(shape, grad._data.dtype))
        # with a zero anywhere, PyTorch multiplies the products before and after each element
        # (no division, so zeros are exact), over the flattened tensor for the whole product
        # (along a dim of size 1 PyTorch's zero-safe formula returns the gradient itself)
        if whole:
            if a._data.size == 1:
                return grad.reshape(shape)
            return (grad * _product_of_others(a.reshape(-1), 0)).reshape(shape)
        if shape[self.dims[0]] == 1:
            return grad
        return grad * _product_of_others(a, self.dims[0])


class ProdBackward1(ProdBackward0):
    pass


def _product_of_others(a, dim):
    """For each element, the product of the others along ``dim``: the exclusive cumulative
    products from the front and from the back, multiplied."""
    n = a._data.shape[dim]
    if n <= 1:
        return _make(np.ones(a._data.shape, a._data.dtype))
    ones = _make(np.ones(a._data.shape[:dim] + (1,) + a._data.shape[dim + 1:], a._data.dtype))
    before = cat([ones, a.narrow(dim, 0, n - 1)], dim).cumprod(dim)
    after = cat([ones, a.narrow(dim, 1, n - 1).flip(dim)], dim).cumprod(dim).flip(dim)
    return before * after


def prod(input, dim=None, keepdim=False, *, dtype=None, out=None):
    if out is not None:
        refuse_out("prod")
    dtype = None if dtype is None else _dtype.to_dtype(dtype)
    refuse_integer_grad(input, dtype)
    ndim = input._data.ndim
    if dim is None:
        return ProdBackward0.apply(input, tuple(range(ndim)), False, dtype)
    if not isinstance(dim, int):
        raise TypeError("prod(): argument 'dim' (position 1) must be int, not "
                        f"{type(dim).__name__}")
    return ProdBackward1.apply(input, checked_dims(dims_of, input, dim), keepdim, dtype)


# --------------------------------------------------------------------------- all, any, cumsum

def _all_any(reduce, a, dim, keepdim):
    x = a._data
    axes = () if dim == () or dim == [] else dims_of(dim, x.ndim)  # () reduces nothing here
    out = reduce(x, axis=axes, keepdims=keepdim)  # (C strides: PyTorch's result layout)
    return _make(c_strided(np.asarray(out, np.uint8 if x.dtype == np.uint8 else np.bool_)))


def all(input, dim=None, keepdim=False, *, out=None):
    return _all_any(np.all, input, dim, keepdim) if out is None else refuse_out("all")


def any(input, dim=None, keepdim=False, *, out=None):
    return _all_any(np.any, input, dim, keepdim) if out is None else refuse_out("any")
