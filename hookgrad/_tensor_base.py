"""TensorBase: an ndarray plus autograd identity, the part of a tensor the engine knows.

State, metadata, the Python protocol, requires_grad / grad / grad_fn, the version counter,
views, and tensor hooks. It imports nothing of the op surface: ``Tensor`` (``_tensor.py``)
subclasses it and adds the ops, as PyTorch's ``torch.Tensor`` subclasses ``torch._C.TensorBase``.
The engine, the graph and the ops import this module and ``_make``, never ``_tensor.py``."""
import re
import warnings
import weakref
from collections import OrderedDict

from . import _memory_format
from ._dtype import from_numpy_dtype
from ._empty_layout import empty_view_layout
from ._printing import tensor_repr
from ._size import Size
from .utils.hooks import RemovableHandle

_CONTIGUOUS = _memory_format.contiguous_format  # (one global load on the hot path)

_GRAD_DTYPE_HELP = (
    "The gradient must match the tensor's grad_dtype (defaults to the tensor's dtype). You can "
    "set the tensor's grad_dtype attribute with a specific dtype, or None to allow any dtype. "
    "Set grad_dtype with caution. Diverging the dtypes of a tensor and its gradient may break "
    "downstream systems that assume they match.")

_new = object.__new__

# The class ``_make`` instantiates: ``Tensor``, which ``_tensor.py`` binds here once it is
# defined (PyTorch's ``THPVariableClass``). The one late binding in the package: the classes
# below ``Tensor`` create tensors without importing the op surface that ``Tensor`` carries.
_TENSOR = None

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
    t = _new(_TENSOR)
    t._data = data
    t._requires_grad = requires_grad
    t._grad_fn = grad_fn
    t._vc = [0]
    if output_nr:
        t._output_nr = output_nr
    return t


def view_node_label(node):
    """How PyTorch's view errors name a view's node: ``SplitBackward0`` as ``Split``, but
    ``SqueezeBackward2`` as ``Squeeze2`` (only a 0 goes with "Backward")."""
    return re.sub(r"Backward0$|Backward(?=[0-9]+$)", "", node.name())


def _rebased_multi_output_view_message(node, output_nr):
    """PyTorch's refusal to give a grad_fn to an output of split / chunk / unbind (or a view
    of one) after it, its base or another view of its base was modified in place."""
    if node is None:
        what = ("A view was created in no_grad mode and its base or another view of its base "
                "has been modified inplace with grad mode enabled.")
    else:
        what = (f"Output {output_nr} of {view_node_label(node)} is a view and its base or "
                "another view of its base has been modified inplace.")
    return (what + " This view is the output of a function that returns multiple views. Such "
            "functions do not allow the output views to be modified inplace. You should replace "
            "the inplace operation by an out-of-place one.")


def _no_grad_view_rebased_message(node, output_nr):
    """PyTorch's refusal to give a grad_fn to a view made in no_grad mode (or a view of one,
    ``node`` its own node) after its base or another view of it was modified in place."""
    what = "A view was created in" if node is None else (
        f"Output {output_nr} of {view_node_label(node)} is a view of a "
        "view which was created in")
    return (what + " no_grad mode and its base or another view of its base has been modified "
            "inplace with grad mode enabled. Given that this use case is ambiguous and "
            "error-prone, it is forbidden. You can clarify your code by moving both the view "
            "and the inplace either both inside the no_grad block (if you don't want the "
            "inplace to be tracked) or both outside (if you want the inplace to be tracked).")


def _requires_grad_leaf_message(value):
    """PyTorch's refusal to set ``requires_grad`` on a non-leaf; the hint only when turning
    it off."""
    message = "you can only change requires_grad flags of leaf variables."
    if not value:
        message += (" If you want to use a computed variable in a subgraph that doesn't "
                    "require differentiation use var_no_grad = var.detach().")
    return message


class TensorBase:
    """What every tensor is (``isinstance(t, TensorBase)``); ``Tensor`` adds the ops."""

    __slots__ = ("_data", "_requires_grad", "_grad_fn", "_vc", "__dict__", "__weakref__")

    # Rarely set attributes live in the instance dict; these are their defaults.
    _output_nr = 0
    _view_base = None   # the tensor an autograd view (a view op's output) shares memory with
    _alias_base = None  # the same for an input a custom Function returned as-is
    _grad = None
    _backward_hooks = None
    _post_accumulate_grad_hooks = None
    _retains_grad = False
    _grad_accumulator = None
    _view_chain = None
    _empty_layout = None  # (strides, storage offset) of an empty detached view, as PyTorch's
    _view_version = 0
    _multi_output_view = False  # a view from split / chunk / unbind (no in-place ops)
    _no_grad_view = False  # a view made without grad mode of a tensor that requires grad
    # (grad_fn, (shape, dtype)): what the graph recorded of this tensor before an in-place
    # view op without grad mode changed its shape
    _graph_meta = None
    _zero_tensor = False  # PyTorch's immutable ZeroTensor (the gradient sgn gives)
    _detached_from = None  # weak reference to the grad_fn a detach_() dropped
    __array_priority__ = 1000  # NumPy defers to our reflected operators

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

    @property
    def itemsize(self):
        return self._data.itemsize

    @property
    def nbytes(self):
        return self._data.nbytes

    def stride(self, dim=None):
        data = self._data
        if data.size:
            strides = tuple(s // data.itemsize for s in data.strides)
        else:  # NumPy keeps no strides for an empty array: a view's as PyTorch computes
            # them, else PyTorch's contiguous ones (a size 0 counts as 1)
            layout = self._empty_layout or (empty_view_layout(self) if self._view_chain
                                            else None)
            if layout is not None:
                strides = layout[0]
            else:
                strides, step = [], 1
                for size in reversed(data.shape):
                    strides.append(step)
                    step *= max(size, 1)
                strides = tuple(reversed(strides))
        return strides if dim is None else strides[_wrap_dim(dim, self._data.ndim)]

    def is_contiguous(self, memory_format=_CONTIGUOUS):
        if memory_format is _CONTIGUOUS:
            return self._data.flags.c_contiguous
        _memory_format.check_type(memory_format, "is_contiguous")
        if memory_format.rank is None:  # (preserve_format: PyTorch's plain test)
            return self._data.flags.c_contiguous
        return _memory_format.is_contiguous_as(self._data.shape, self.stride(), memory_format)

    def is_floating_point(self):
        return self._data.dtype.kind in "fV"

    def is_complex(self):
        return self._data.dtype.kind == "c"

    is_cuda = False
    is_sparse = False
    is_quantized = False
    is_meta = False
    layout = "torch.strided"

    def data_ptr(self):
        return self._data.__array_interface__["data"][0]

    # ------------------------------------------------------------------ Python protocol
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
        return int(_real_item(self, "int64_t"))

    def __float__(self):
        return float(_real_item(self, "double"))

    def __complex__(self):
        return complex(self.item())

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
        if self.requires_grad and not force:
            raise RuntimeError("Can't call numpy() on Tensor that requires grad. Use "
                               "tensor.detach().numpy() instead.")
        if self._data.dtype.kind == "V":  # (NumPy itself has no bfloat16, as PyTorch says)
            raise TypeError("Got unsupported ScalarType BFloat16")
        if len(self._vc) > 1 and not force:  # (a family with conj / negative views)
            from ._ops.complex_ops import is_conj, is_neg
            for name, short, has in (("conjugate", "conj", is_conj), ("negative", "neg", is_neg)):
                if has(self):
                    raise RuntimeError(f"Can't call numpy() on Tensor that has {name} bit set. "
                                       f"Use tensor.resolve_{short}().numpy() instead.")
        return self._data

    def __array__(self, dtype=None, copy=None):
        return self._data if dtype is None else self._data.astype(dtype)

    def __repr__(self, *, tensor_contents=None):
        return tensor_repr(self)

    def __format__(self, spec):
        if self._data.ndim == 0:
            return self.item().__format__(spec)
        return object.__format__(self, spec)

    # ------------------------------------------------------------------ autograd identity
    @property
    def requires_grad(self):
        return self._requires_grad or (self._view_base is not None
                                       and self._requires_grad_from_base())

    def _requires_grad_from_base(self):
        """Whether this view's base started requiring grad after the view was made (an in-place
        op wrote a tensor that requires grad into the base or into another of its views): a
        view requires grad with its base, as in PyTorch. If so, the view takes that over now;
        its grad_fn into the base's new history comes when something reads ``grad_fn`` (as
        PyTorch's: until then the view has none, and an in-place op on it is refused as on a
        leaf)."""
        base = self._view_base
        if base is None or not base._requires_grad:
            return False
        if self._no_grad_view and self._grad_fn is None:
            return True  # (made without grad mode: follows its base, never takes it over)
        self._requires_grad = True
        return True

    @requires_grad.setter
    def requires_grad(self, value):
        if self._grad_fn is not None:
            raise RuntimeError(_requires_grad_leaf_message(value))
        if value and self._data.dtype.kind not in "fVc":
            raise RuntimeError(
                "only Tensors of floating point and complex dtype can require gradients")
        self._requires_grad = bool(value)

    def requires_grad_(self, requires_grad=True):
        if requires_grad and self._grad_fn is not None:
            return self  # (a non-leaf already requires grad; only the property refuses)
        if requires_grad and self._data.dtype.kind not in "fVc":  # (the method's own words)
            raise RuntimeError("only Tensors of floating point dtype can require gradients")
        self.requires_grad = requires_grad
        return self

    @property
    def is_leaf(self):
        return self.grad_fn is None

    @property
    def grad_fn(self):
        if self._view_base is not None and self._view_version != self._vc[0]:
            if self._no_grad_view and self._view_base._requires_grad:
                raise RuntimeError(_no_grad_view_rebased_message(self._grad_fn,
                                                                 self._output_nr))
            if self._multi_output_view and (self._grad_fn is not None or
                                            self._view_base._requires_grad):
                raise RuntimeError(_rebased_multi_output_view_message(self._grad_fn,
                                                                      self._output_nr))
            # The base changed history since this view was made: Tensor points the view's
            # grad_fn at the base's new history (the in-place machinery lives with the ops).
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
            warnings.warn(NON_LEAF_GRAD_WARNING, UserWarning, stacklevel=2)
        return self._grad

    @grad.setter
    def grad(self, value):
        if value is not None:
            if not isinstance(value, TensorBase):
                raise TypeError(f"assigned grad expected to be a Tensor or None but got grad of "
                                f"type {type(value).__name__}")
            if value._data.dtype != self._data.dtype:
                from ._ops.op import cpp_type_name, type_name  # (the ops import this module)

                raise RuntimeError(
                    f"attempting to assign a gradient with dtype '{cpp_type_name(value._data)}' "
                    f"to a tensor with grad_dtype '{type_name(self._data)}'. {_GRAD_DTYPE_HELP}")
            if value._data.shape != self._data.shape:
                raise RuntimeError(
                    f"attempting to assign a gradient of size '{list(value._data.shape)}' to a "
                    f"tensor of size '{list(self._data.shape)}'. Please ensure that the gradient "
                    "and the tensor are the same size")
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
    def _base(self):
        """The tensor this one views, as in PyTorch; for an alias made by a custom Function or a
        module's backward-hook wrapper, the tensor it aliases (which is no autograd view here)."""
        base = self._view_base
        return base if base is not None else self._alias_base

    def _is_zerotensor(self):
        """Whether this is PyTorch's immutable ZeroTensor (a gradient; see _zero_tensor.py)."""
        return self._zero_tensor

    def _is_view(self):
        return self._view_base is not None or self._alias_base is not None

    def detach(self):
        t = _make(self._data)
        t._vc = self._vc
        if not self._data.size and (self._view_chain or self._empty_layout):
            t._empty_layout = self._empty_layout or empty_view_layout(self)  # (same memory)
        return t

    def detach_(self):
        if self._view_base is not None:
            raise RuntimeError(
                "Can't detach views in-place. Use detach() instead. If you are using "
                "DistributedDataParallel (DDP) for training, and gradient_as_bucket_view is set "
                "as True, gradients are views of DDP buckets, and hence detach_() cannot be "
                "called on these gradients. To fix this error, please refer to the "
                "Optimizer.zero_grad() function in torch/optim/optimizer.py as the solution.")
        if self._grad_fn is not None:  # (a node that saved this tensor then refuses it)
            self._detached_from = weakref.ref(self._grad_fn)
        self._grad_fn = None
        self._requires_grad = False
        return self

    def _set_history(self, node, output_nr, move_retained=True):
        """Rebind this tensor to a new grad_fn after an in-place op: its tensor hooks stay with
        the old node (they saw the old value), retain_grad moves to the new one. Not after an
        in-place view op such as ``unsqueeze_`` (``move_retained=False``): PyTorch leaves
        both on the old node, which then fills ``.grad`` in the old shape, and a hook
        registered later joins the old node's hooks while any are registered."""
        old, old_nr = self._grad_fn, self._output_nr
        self._grad_fn = node
        self._output_nr = output_nr
        self._requires_grad = node is not None
        self._view_version = self._vc[0]
        if self._backward_hooks is not None and move_retained:
            # a leaf's dict stays on the tensor attached to no node (PyTorch's register_hook
            # then adds to it, and neither its hooks nor later ones fire)
            self._backward_hooks = None if old is not None else OrphanHooks()
        if self._retains_grad and node is not None and move_retained:
            if old is not None:
                old._forget_retained(old_nr)
            node._retain_grad_of(output_nr, self)

    # ------------------------------------------------------------------ hooks
    def register_hook(self, hook):
        """Call ``hook(grad)`` when the gradient of this tensor is computed."""
        if not self.requires_grad:
            raise RuntimeError("cannot register a hook on a tensor that doesn't require gradient")
        # As PyTorch: a hook joins the tensor's hook dict if it has one, without reading
        # grad_fn. A view's grad_fn regenerated after an in-place write on its base gets a
        # fresh dict, so hooks added to the old one before that read stay on the old node.
        if self._backward_hooks is None:
            node = self.grad_fn
            self._backward_hooks = OrderedDict()
            if node is not None:
                node._add_tensor_hooks(self._output_nr, self._backward_hooks)
        handle = RemovableHandle(self._backward_hooks)
        self._backward_hooks[handle.id] = hook
        return handle

    def register_post_accumulate_grad_hook(self, hook):
        """Call ``hook(tensor)`` after the gradient was accumulated into this leaf's ``.grad``."""
        if not self.requires_grad:
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
        # The property, not the slot: a view whose base came to require grad through an
        # in-place write requires grad too, though its own flag is set only when read.
        if not self.requires_grad:
            raise RuntimeError("can't retain_grad on Tensor that has requires_grad=False")
        if self._grad_fn is None:
            # PyTorch asks whether the tensor is a leaf without regenerating a view's grad_fn:
            # a view whose base changed history, with no grad_fn read since, counts as a leaf
            return
        node = self.grad_fn
        if node is None or self._retains_grad:
            return
        node._retain_grad_of(self._output_nr, self)
        self._retains_grad = True


class OrphanHooks(OrderedDict):
    """The tensor-hook dict of a leaf that gained history in place: no node runs it."""


ZERO_TENSOR_MESSAGE = (
    "ZeroTensors are immutable. Please use the materialized zero tensor obtained using .clone() "
    "if you want a mutable tensor.")


def _real_item(t, c_type):
    """``t.item()`` for ``int(t)`` / ``float(t)``: a complex value with a non-zero imaginary
    part is refused with PyTorch's error (its C++ conversion calls that an overflow)."""
    value = t.item()
    if type(value) is complex:
        if value.imag:
            raise RuntimeError(f"value cannot be converted to type {c_type} without overflow")
        value = value.real
    return value


def tensor_argument(function, name, position, value):
    """``value``, which must be a Tensor (PyTorch's TypeError for a number or anything else
    where its signature only takes a Tensor)."""
    if not isinstance(value, TensorBase):
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


def _sizes(args, keyword=None):
    """Accept ``f(2, 3)``, ``f((2, 3))``, ``f([2, 3])`` / ``f(torch.Size)`` and, given as
    ``keyword``, ``f(size=(2, 3))`` alike."""
    if keyword is not None:
        if args:
            raise TypeError("sizes given both positionally and by keyword")
        return tuple(keyword)
    if len(args) == 1 and isinstance(args[0], (tuple, list)):
        return tuple(args[0])
    return args
