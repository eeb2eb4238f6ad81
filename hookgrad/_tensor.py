"""Tensor: an ndarray plus autograd identity (requires_grad, grad_fn, version counter, views).

Methods are thin calls into ``_ops``; the hook registration of spec section 2 lives here."""
import weakref
from collections import OrderedDict

import numpy as np

from . import _dtype
from ._dtype import from_numpy_dtype
from ._size import Size
from .autograd import engine as _engine
from .utils.hooks import RemovableHandle

_new = object.__new__

# PyTorch raises this warning in C++, which appends where: the text is PyTorch 2.13's, whole.
NON_LEAF_GRAD_WARNING = (
    "The .grad attribute of a Tensor that is not a leaf Tensor is being accessed. Its .grad "
    "attribute won't be populated during autograd.backward(). If you indeed want the .grad field "
    "to be populated for a non-leaf Tensor, use .retain_grad() on the non-leaf Tensor. If you "
    "access the non-leaf Tensor by mistake, make sure you access the leaf Tensor instead. See "
    "github.com/pytorch/pytorch/pull/30531 for more information. (Triggered internally at "
    "/__w/pytorch/pytorch/build/aten/src/ATen/core/TensorBody.h:493.)")


def _make(data, requires_grad=False, grad_fn=None, output_nr=0):
    """Wrap an ndarray without validation (the hot-path constructor)."""
    t = _new(Tensor)
    t._data = data
    t._requires_grad = requires_grad
    t._grad_fn = grad_fn
    t._vc = [0]
    if output_nr:
        t._output_nr = output_nr
    return t


def _comparable(other):
    return isinstance(other, (Tensor, int, float, np.generic))


def _alias_with_history(t, node, output_nr):
    """A new tensor over ``t``'s memory and version counter whose grad_fn is ``node``: what a
    custom Function returns for an input passed through as-is. It reports ``_is_view()`` and
    ``_base`` like PyTorch's, but is no autograd view, so an in-place op on it chains after
    ``node`` instead of rewriting ``t``'s history (why in-place works under module backward
    hooks here)."""
    alias = _make(t._data, True, node, output_nr)
    alias._vc = t._vc
    root = t._view_base  # PyTorch's _base of a view of a view is the first base
    if root is None:
        root = t._alias_base
        if root is None:
            root = t
    alias._alias_base = root
    return alias


class Tensor:
    """A multi-dimensional array that records operations for automatic differentiation."""

    __module__ = "hookgrad"  # public name, as torch.Tensor (repr, annotations, pickling)

    __slots__ = ("_data", "_requires_grad", "_grad_fn", "_vc", "__dict__", "__weakref__")

    # Rarely set attributes live in the instance dict; these are their defaults.
    _output_nr = 0
    _view_base = None   # the tensor an autograd view (a view op's output) shares memory with
    _alias_base = None  # the same for an input a custom Function returned as-is (see below)
    _grad = None
    _backward_hooks = None
    _post_accumulate_grad_hooks = None
    _retains_grad = False
    _grad_accumulator = None
    _view_chain = None
    _view_version = 0
    _multi_output_view = False  # a view from split / chunk / unbind (no in-place ops)
    _no_grad_view = False  # a view made without grad mode of a tensor that requires grad
    __array_priority__ = 1000  # NumPy defers to our reflected operators

    def __new__(cls, *args, **kwargs):
        """Legacy constructor: ``Tensor([1, 2])`` (float32 data) or ``Tensor(2, 3)`` (sizes)."""
        from ._creation import legacy_new
        return legacy_new(cls, *args, **kwargs)

    # ------------------------------------------------------------------ metadata
    @property
    def dtype(self):
        return from_numpy_dtype(self._data.dtype)

    @property
    def shape(self):
        return Size(self._data.shape)

    def size(self, dim=None):
        if dim is None:
            return Size(self._data.shape)
        return self._data.shape[_wrap_dim(dim, self._data.ndim)]

    def dim(self):
        return self._data.ndim

    ndimension = dim

    @property
    def ndim(self):
        return self._data.ndim

    def numel(self):
        return self._data.size

    nelement = numel

    def element_size(self):
        return self._data.itemsize

    def stride(self, dim=None):
        strides = tuple(s // self._data.itemsize for s in self._data.strides)
        return strides if dim is None else strides[_wrap_dim(dim, self._data.ndim)]

    def is_contiguous(self, memory_format=None):
        return self._data.flags.c_contiguous

    def is_floating_point(self):
        return self._data.dtype.kind == "f"

    @property
    def device(self):
        from ._creation import device
        return device("cpu")

    is_cuda = False
    is_sparse = False
    is_quantized = False
    is_meta = False
    layout = "torch.strided"

    def cpu(self):
        return self

    def data_ptr(self):
        return self._data.__array_interface__["data"][0]

    def __len__(self):
        if self._data.ndim == 0:
            raise TypeError("len() of a 0-d tensor")
        return self._data.shape[0]

    def __iter__(self):
        if self._data.ndim == 0:
            raise TypeError("iteration over a 0-d tensor")
        return iter(self.unbind(0))

    def __hash__(self):
        return id(self)

    def __bool__(self):
        if self._data.size != 1:
            raise RuntimeError(
                "Boolean value of Tensor with more than one value is ambiguous")
        return bool(self._data.reshape(()))

    def __int__(self):
        return int(self.item())

    def __float__(self):
        return float(self.item())

    def __index__(self):
        if self._data.dtype.kind not in "iub" or self._data.size != 1:
            raise TypeError("only integer tensors of a single element can be converted to an index")
        return int(self._data.reshape(()))

    def item(self):
        if self._data.size != 1:
            raise RuntimeError(f"a Tensor with {self._data.size} elements cannot be converted "
                               "to Scalar")
        return self._data.reshape(()).item()

    def tolist(self):
        return self._data.tolist()

    def numpy(self, *, force=False):
        if self._requires_grad and not force:
            raise RuntimeError("Can't call numpy() on Tensor that requires grad. Use "
                               "tensor.detach().numpy() instead.")
        return self._data

    def __array__(self, dtype=None, copy=None):
        return self._data if dtype is None else self._data.astype(dtype)

    def __repr__(self, *, tensor_contents=None):
        from ._printing import tensor_repr
        return tensor_repr(self)

    def __format__(self, spec):
        if self._data.ndim == 0:
            return self.item().__format__(spec)
        return object.__format__(self, spec)

    def __reduce_ex__(self, protocol):
        from .utils.hooks import warn_if_has_hooks
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

    # ------------------------------------------------------------------ autograd identity
    @property
    def requires_grad(self):
        return self._requires_grad

    @requires_grad.setter
    def requires_grad(self, value):
        if self._grad_fn is not None:
            raise RuntimeError(
                "you can only change requires_grad flags of leaf variables. If you want to use "
                "a computed variable in a subgraph that doesn't require differentiation use "
                "var_no_grad = var.detach().")
        if value and self._data.dtype.kind != "f":
            raise RuntimeError(
                "only Tensors of floating point and complex dtype can require gradients")
        self._requires_grad = bool(value)

    def requires_grad_(self, requires_grad=True):
        self.requires_grad = requires_grad
        return self

    @property
    def is_leaf(self):
        return self.grad_fn is None

    @property
    def grad_fn(self):
        if self._view_base is not None and self._view_version != self._vc[0]:
            if self._no_grad_view:
                raise RuntimeError(
                    "A view was created in no_grad mode and its base or another view of its "
                    "base has been modified inplace with grad mode enabled. Given that this use "
                    "case is ambiguous and error-prone, it is forbidden. You can clarify your "
                    "code by moving both the view and the inplace either both inside the "
                    "no_grad block (if you don't want the inplace to be tracked) or both outside "
                    "(if you want the inplace to be tracked).")
            self._regenerate_view_grad_fn()
        return self._grad_fn

    @property
    def _version(self):
        """How many in-place writes this tensor's storage has seen (shared with its views)."""
        return self._vc[0]

    @property
    def output_nr(self):
        return self._output_nr

    @property
    def retains_grad(self):
        return self._retains_grad

    @property
    def grad(self):
        if self._grad is None and self._grad_fn is not None and not self._retains_grad:
            import warnings
            warnings.warn(NON_LEAF_GRAD_WARNING, UserWarning, stacklevel=2)
        return self._grad

    @grad.setter
    def grad(self, value):
        if value is not None:
            if not isinstance(value, Tensor):
                raise TypeError(f"assigned grad expected to be a Tensor or None but got grad of "
                                f"type {type(value).__name__}")
            if value._data.dtype != self._data.dtype:
                raise RuntimeError("assigned grad has data of a different type")
            if value._data.shape != self._data.shape:
                raise RuntimeError("assigned grad has data of a different size")
        self._grad = value

    @grad.deleter
    def grad(self):
        self._grad = None

    @property
    def data(self):
        return _make(self._data)

    @data.setter
    def data(self, value):
        self._data = value._data
        self._vc = [0]

    @property
    def T(self):
        return self.permute(*range(self._data.ndim - 1, -1, -1))

    @property
    def mT(self):
        return self.transpose(-2, -1)

    @property
    def _base(self):
        """The tensor this one views, as in PyTorch; for an alias made by a custom Function or a
        module's backward-hook wrapper, the tensor it aliases (which is no autograd view here)."""
        base = self._view_base
        return base if base is not None else self._alias_base

    def _is_view(self):
        return self._view_base is not None or self._alias_base is not None

    def detach(self):
        t = _make(self._data)
        t._vc = self._vc
        return t

    def detach_(self):
        if self._view_base is not None:
            raise RuntimeError("Can't detach views in-place. Use detach() instead.")
        self._grad_fn = None
        self._requires_grad = False
        return self

    def _set_history(self, node, output_nr):
        """Rebind this tensor to a new grad_fn after an in-place op (spec 2.9, 2.15)."""
        old, old_nr = self._grad_fn, self._output_nr
        self._grad_fn = node
        self._output_nr = output_nr
        self._requires_grad = node is not None
        self._view_version = self._vc[0]
        if self._backward_hooks is not None:
            self._backward_hooks = None
        if self._retains_grad and node is not None:
            if old is not None and old._hooks is not None and old._hooks.retains_grad:
                old._hooks.retains_grad.pop(old_nr, None)
            node._aux().get("retains_grad")[output_nr] = weakref.ref(self)

    def _regenerate_view_grad_fn(self):
        from ._ops.inplace import regenerate_view
        regenerate_view(self)

    # ------------------------------------------------------------------ hooks (spec 2)
    def register_hook(self, hook):
        """Call ``hook(grad)`` when the gradient of this tensor is computed."""
        if not self._requires_grad:
            raise RuntimeError("cannot register a hook on a tensor that doesn't require gradient")
        node = self.grad_fn
        if self._backward_hooks is None:
            self._backward_hooks = OrderedDict()
            if node is not None:
                # The node runs its outputs' hook dicts in the order each tensor got its first
                # hook, then each dict in registration order (as PyTorch does).
                node._aux().get("tensor_pre_hooks")[self._output_nr] = self._backward_hooks
        handle = RemovableHandle(self._backward_hooks)
        self._backward_hooks[handle.id] = hook
        return handle

    def register_post_accumulate_grad_hook(self, hook):
        """Call ``hook(tensor)`` after the gradient was accumulated into this leaf's ``.grad``."""
        if not self._requires_grad:
            raise RuntimeError("cannot register a hook on a tensor that doesn't require gradient")
        if self.grad_fn is not None:
            raise RuntimeError("post accumulate grad hooks cannot be registered on non-leaf "
                               "tensors")
        if self._post_accumulate_grad_hooks is None:
            self._post_accumulate_grad_hooks = OrderedDict()
        handle = RemovableHandle(self._post_accumulate_grad_hooks)
        self._post_accumulate_grad_hooks[handle.id] = hook
        return handle

    def retain_grad(self):
        """Populate ``.grad`` for this non-leaf tensor during backward."""
        if not self._requires_grad:
            raise RuntimeError("can't retain_grad on Tensor that has requires_grad=False")
        node = self.grad_fn
        if node is None or self._retains_grad:
            return
        node._aux().get("retains_grad")[self._output_nr] = weakref.ref(self)
        self._retains_grad = True

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
        from .autograd import backward
        backward(self, gradient, retain_graph, create_graph, inputs=inputs)

    # ------------------------------------------------------------------ conversion
    def to(self, *args, **kwargs):
        dtype = kwargs.get("dtype")
        copy = kwargs.get("copy", False)
        for a in args:
            if isinstance(a, _dtype.dtype):
                dtype = a
            elif isinstance(a, Tensor):
                dtype = a.dtype
        if dtype is None or (dtype.np_dtype == self._data.dtype and not copy):
            return self.clone() if copy else self
        return copy_ops.to_dtype(self, dtype)

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

    @property
    def itemsize(self):
        return self._data.itemsize

    @property
    def nbytes(self):
        return self._data.nbytes

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
        from ._ops.inplace import apply_inplace
        return apply_inplace(self, fn, args)

    def _view_inplace(self, fn, *args):
        from ._ops.inplace import apply_view_inplace
        return apply_view_inplace(self, fn, args)

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
        from ._random import uniform_
        return uniform_(self, a, b, generator)

    def normal_(self, mean=0.0, std=1.0, generator=None):
        from ._random import normal_
        return normal_(self, mean, std, generator)

    def bernoulli_(self, p=0.5, generator=None):
        from ._random import bernoulli_
        return bernoulli_(self, p, generator)

    def random_(self, low=0, high=None, generator=None):
        from ._random import random_
        return random_(self, low, high, generator)

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
    del _legacy, _storage
    # --- end of legacy API (api branch) ---------------------------------------------------


def tensor_argument(function, name, position, value):
    """``value``, which must be a Tensor (PyTorch's TypeError for a number or anything else
    where its signature only takes a Tensor)."""
    if not isinstance(value, Tensor):
        raise TypeError(f"{function}(): argument '{name}' (position {position}) must be Tensor, "
                        f"not {type(value).__name__}")
    return value


def _wrap_dim(dim, ndim):
    """Normalise a possibly negative dim, with PyTorch's error for one out of range."""
    n = max(ndim, 1)
    if not -n <= dim < n:
        raise IndexError(f"Dimension out of range (expected to be in range of [{-n}, {n - 1}], "
                         f"but got {dim})")
    return dim + n if dim < 0 else dim


def _sizes(args):
    """Accept ``f(2, 3)``, ``f((2, 3))`` and ``f([2, 3])`` / ``f(torch.Size)`` alike."""
    if len(args) == 1 and isinstance(args[0], (tuple, list)):
        return tuple(args[0])
    return args


def _rebuild(data, requires_grad):
    return _make(data, requires_grad)


from . import _creation  # noqa: E402  (these modules import Tensor)
from ._ops import compare, elementwise, index, linalg, reduce, selection  # noqa: E402
from ._ops import copy as copy_ops  # noqa: E402
from ._ops import shape as shape_ops  # noqa: E402
from ._ops import softmax as softmax_ops  # noqa: E402
from ._ops import sort as sort_ops  # noqa: E402
from ._ops import derived, nan_reduce, scan, special, ternary, triangular, trig  # noqa: E402
from ._ops import diagonal as diagonal_ops  # noqa: E402
from ._ops import nn as nn_ops  # noqa: E402
