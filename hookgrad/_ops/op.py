"""The op base: one small ``Op`` subclass per differentiable op; the instance is the context.

A subclass sets ``arity`` (how many leading arguments of ``apply`` are differentiable inputs:
Tensors or Python scalars; the rest are plain parameters), defines
``forward(self, *args) -> ndarray | tuple[ndarray]`` (computing with NumPy on ``t._data`` and
keeping what backward needs on ``self``) and ``backward(self, *grads) -> grad | tuple``
returning one gradient Tensor (or None) per input, written with Tensor operations so that it
is differentiable again under ``create_graph=True``. Broadcasting and dtype are undone by the
engine, not by each op. Its class name is PyTorch's node name (``MulBackward0``)."""
import collections

import numpy as np

from .. import _dtype
from .._tensor_base import TensorBase, _make, tensor_argument
from ..autograd.grad_mode import state as _grad_state
from ..autograd.graph import (
    Node,
    _op_hooks,
    _strip_backward,
)
from .c_strides import c_strided
from .complex_support import complex_form
from .elementwise_layout import first_operand_layout, laid_out_unary, promoted
from .unary_forwards import _UNARY_FORWARDS, float_input

_complex_tensors_made = _dtype.complex_tensors_made

_new = object.__new__
_ndarray = np.ndarray
_FLOAT32 = np.dtype(np.float32)
in_place_integer = [0]  # (inside an in-place op on an integer tensor: see apply_inplace)


# PyTorch builds these nodes' input gradients in place, which their version counters show
# (``_version``, and the versions in "modified by an inplace operation" errors): at::zeros
# (empty, then zero_: version 1) then scatter_ (2) for the value-selecting reductions along a
# dim; zeros_like then one index_put_ / scatter_add_ / masked_scatter_ / put_ (1) for the
# indexing ops and the whole-tensor max / min / median (measured, torch 2.13)
_GRAD_VERSIONS = {
    **dict.fromkeys(("MaxBackward0", "MinBackward0", "SortBackward0", "TopkBackward0",
                     "KthvalueBackward0", "MedianBackward1", "NanmedianBackward1",
                     "ModeBackward0", "CummaxBackward0", "CumminBackward0"), 2),
    **dict.fromkeys(("MaxBackward1", "MinBackward1", "MedianBackward0", "NanmedianBackward0",
                     "IndexBackward0", "GatherBackward0", "IndexSelectBackward0",
                     "MaskedSelectBackward0", "TakeBackward0"), 1),
}


def _versioned(grads, version):
    """``grads`` (tensors or None), each fresh one at version counter ``version``: not one
    with history or needing a gradient (under create_graph a node may have saved it; an
    input returned as its own gradient), nor a view (its counter is its base's)."""
    for g in grads:
        if (g is not None and g._vc[0] == 0 and g._grad_fn is None and g._view_base is None
                and not g._requires_grad and g._data.size):
            g._vc[0] = version  # (not an empty one: formulas return their input for those)
    return grads


class Op(Node):
    __slots__ = ()
    arity = 1             # leading ``apply`` arguments that are differentiable inputs
    is_view = False       # output shares memory and version counter with input 0
    saves_output = False  # keep the output for backward (``self.saved()[-1]``)
    saves_indices = False  # keep the non-differentiable outputs too (PyTorch's ``indices``)
    supports_complex = False  # computes on complex inputs (see complex_support.py)
    # its backward raises PyTorch's "not implemented" also when no gradient reaches it
    raises_without_gradient = False
    grad_version = 0  # the version counter of the gradients it returns (_GRAD_VERSIONS)

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        # PyTorch's built-in nodes are C++ classes: ``type(y.grad_fn)`` shows the bare name
        cls.__module__ = "builtins"
        cls.grad_version = _GRAD_VERSIONS.get(cls.node_name or cls.__name__, cls.grad_version)

    @classmethod
    def apply(cls, *args):
        if _complex_tensors_made[0] and not cls.supports_complex:  # (False until one exists)
            cls = complex_form(cls, args)
        self = _new(cls)
        record = False
        if _grad_state.grad_enabled:
            for a in args[:cls.arity]:
                if isinstance(a, TensorBase) and (a._requires_grad or (
                        a._view_base is not None and a._requires_grad_from_base())):
                    record = True
                    self._link(args[:cls.arity])
                    break
        if not record:
            self._record = False  # (needs() and save() read it in forward)
        try:
            out = self.forward(*args)
        except ValueError as error:
            if "could not be broadcast" not in str(error):
                raise
            raise broadcast_error([a._data.shape for a in args if isinstance(a, TensorBase)]) \
                from None
        if type(out) is tuple:
            results = self._wrap_many(out, record)
            if _op_hooks:
                _notify(cls, args, results)
            return results
        if type(out) is not _ndarray:
            out = np.asarray(out)
        if record:
            dtype = out.dtype  # (an integer result needing a gradient: PyTorch's error)
            if dtype is not _FLOAT32 and dtype.kind not in "fVc" and not in_place_integer[0]:
                raise _dtype.autograd_dtype_error(dtype)
            result = _make(out, True, self, 0)
            if cls.saves_output:
                self._save_output(result)
        else:
            result = _make(out)
        if cls.is_view:
            _mark_view(result, args[0], cls, args[cls.arity:])
        if _op_hooks:
            _notify(cls, args, result)
        return result

    @classmethod
    def op_name(cls):
        """The op's short name: ``MulBackward0`` -> ``"mul"``."""
        return _strip_backward(cls.node_name or cls.__name__).lower()

    def _wrap_many(self, outputs, record):
        """Wrap several outputs; only floating ones are differentiable and numbered as the
        node's outputs (``max(dim)``'s indices are not an output of its node)."""
        results = []
        n_differentiable = 0
        for out in outputs:
            if out is None:  # an output the op left undefined (a gradient nobody needs)
                results.append(None)
                n_differentiable += 1
                continue
            if type(out) is not _ndarray:
                out = np.asarray(out)
            if record and out.dtype.kind in "fVc":
                results.append(_make(out, True, self, n_differentiable))
                n_differentiable += 1
            else:
                results.append(_make(out))
        if record:
            self._set_output_count(n_differentiable)
            if self.saves_indices:
                self._save_more(*[r for r in results if not r._requires_grad])
        return tuple(results)

    def needs(self, i):
        """Whether input ``i`` needs a gradient (valid in forward and backward)."""
        return self._record and self._next[i][0] is not None

    def saved(self):
        return self._unpack_saved()

    def _apply(self, grads):
        if len(grads) == 1:
            grad = grads[0]
            if grad is None:
                return self._undefined_gradients(grads)
            result = self.backward(grad)
        else:
            if all(g is None for g in grads):
                return self._undefined_gradients(grads)
            result = self.backward(*grads)
        if self.grad_version:
            return _versioned(result if type(result) is tuple else (result,), self.grad_version)
        return result if type(result) is tuple else (result,)

    def _undefined_gradients(self, grads):
        """No gradient for any input; but the node unpacks what it saved (PyTorch's version
        checks) and raises if PyTorch does not implement its derivative, as PyTorch's do."""
        _ = self._for_backward and self._unpack_saved()  # (None: nothing saved)
        if self.node_name == "torch::autograd::NotImplemented" or self.raises_without_gradient:
            self.backward(*grads)
        return (None,) * len(self._next)

    def forward(self, *args):
        raise NotImplementedError

    def backward(self, *grads):
        raise NotImplementedError


def broadcast_error(shapes):
    """PyTorch's error for operands whose shapes do not broadcast: the first pair that fails,
    its last mismatching dimension (counted in the broadcast result)."""
    result = ()
    for i, shape in enumerate(shapes):
        ndim = max(len(result), len(shape))
        a = (1,) * (ndim - len(result)) + tuple(result)
        b = (1,) * (ndim - len(shape)) + tuple(shape)
        for d in range(ndim - 1, -1, -1):
            if i and a[d] != b[d] and a[d] != 1 and b[d] != 1:
                return RuntimeError(f"The size of tensor a ({a[d]}) must match the size of "
                                    f"tensor b ({b[d]}) at non-singleton dimension {d}")
        result = tuple(y if x == 1 else x for x, y in zip(a, b))
    return RuntimeError(f"shapes {', '.join(map(str, shapes))} do not broadcast")


def refuse_out(name):
    """PyTorch's ``out=`` argument: hookgrad's ops always return a new tensor, so say what to
    write instead."""
    raise NotImplementedError(
        f"hookgrad does not support out= (in {name}): use the returned tensor, y = "
        f"torch.{name}(...), or copy it into an existing one, y.copy_(torch.{name}(...))")


def apply_to_tensors(op, name, input, other, out):
    """``op`` of two Tensors, for the binary ops whose PyTorch signature takes Tensors only
    (PyTorch's TypeError for a number; ``out=`` refused)."""
    if out is not None:
        refuse_out(name)
    return op.apply(tensor_argument(name, "input", 1, input),
                    tensor_argument(name, "other", 2, other))


def plain_backward():
    """Whether a backward formula may compute on arrays directly: nothing records (no
    ``create_graph``) and no op hook watches the ops it would run."""
    return not _grad_state.grad_enabled and not _op_hooks


def _notify(cls, args, result):
    for fn in list(_op_hooks.values()):
        fn(cls, args, result)


def _mark_view(result, source, op, params, copied=False):
    """Make ``result`` a view of ``source``'s base: shared version counter and a replayable
    chain of view ops (used when an in-place op through the view rewrites the base).
    ``copied``: a view hookgrad holds as a copy (see materialized_views)."""
    out, src = result._data, source._data
    base = out.base  # NumPy points a view at the array owning the memory
    if (base is None or (base is not src and base is not src.base)) and not copied and \
            not np.may_share_memory(out, src) and out.size:
        return  # e.g. reshape of a non-contiguous array had to copy (never an empty one)
    result._vc = source._vc
    result._view_version = source._vc[0]
    base = source._view_base
    result._view_base = source if base is None else base
    result._view_chain = (source._view_chain or ()) + ((op, params),)
    if source._multi_output_view:
        result._multi_output_view = True
    if result._grad_fn is None and source._requires_grad:
        # made without grad mode: PyTorch reports requires_grad (its base's, read each time:
        # ``detach_`` on the base turns it off), but no gradient flows through it, and an
        # in-place op on it with grad mode on is refused
        result._no_grad_view = True
    elif source._no_grad_view or not (_grad_state.grad_enabled or source._multi_output_view):
        # (PyTorch's creation meta: made in no_grad mode, or a view of such a view, even of a
        # tensor that does not require grad: an in-place op recorded on it is refused too)
        result._no_grad_view = True


def replay_view(chain, array):
    """Apply a view chain (``op.view_array`` steps) to an array shaped like the base."""
    for op, params in chain:
        array = op.view_array(array, *params)
    return array




# --------------------------------------------------------------------------- shared helpers

def type_name(x):
    """PyTorch's ScalarType name of an array's dtype: ``Float``, ``Long``, ``Bool``."""
    return _dtype.from_numpy_dtype(x.dtype).legacy_name[:-6]  # "FloatTensor" -> "Float"


def cpp_type_name(x):
    """The C++ name of an array's dtype, as some PyTorch messages print it (``long int``)."""
    return _CPP_NAMES.get(x.dtype.name, x.dtype.name)


_CPP_NAMES = {"float32": "float", "float64": "double", "float16": "c10::Half", "int64": "long int",
              "int32": "int", "int16": "short int", "int8": "signed char",
              "uint8": "unsigned char", "bool": "bool",
              "bfloat16": "c10::BFloat16", "complex64": "c10::complex<float>",
              "complex128": "c10::complex<double>"}


def return_type(name, fields):
    """A ``torch.return_types.<name>`` look-alike: a named tuple that prints like PyTorch's."""
    cls = collections.namedtuple(name, fields)
    cls.__module__ = "torch.return_types"
    cls.__repr__ = lambda self: (f"torch.return_types.{name}(\n"
                                 + ",\n".join(f"{f}={v!r}" for f, v in zip(fields, self)) + ")")
    return cls


def operands(a, b):
    """The two NumPy operands of a binary op, cast so NumPy computes in PyTorch's result dtype.

    ``a`` is a Tensor; ``b`` a Tensor or Python scalar (weakly typed: ``x * 0.5`` stays
    float32, but an integer tensor times a float scalar becomes float32, not float64)."""
    x = a._data
    if isinstance(b, TensorBase):
        y = b._data
        if x.dtype is y.dtype or x.dtype == y.dtype:  # (the same dtype object, mostly: cheap)
            return x, y
        target = _dtype.result_type((a, b)).np_dtype  # (copies laid out as PyTorch's)
        return promoted(x, target), promoted(y, target)
    if isinstance(b, np.generic):
        b = b.item()
    if not isinstance(b, (int, float)):
        if type(b) is not complex:
            raise TypeError(f"unsupported operand: a Tensor and a {type(b).__name__} (expected "
                            "a Tensor or a Python number)")
        return promoted(x, _dtype.result_type((a, b)).np_dtype), b
    kind = x.dtype.kind
    if kind == "f":
        return x, b
    if kind == "V":  # bfloat16 (ml_dtypes): a number would make NumPy compute in float32
        return x, x.dtype.type(b)
    if type(b) is float and kind != "c":
        return promoted(x, _dtype.get_default_dtype().np_dtype), b
    if type(b) is int and kind == "b":
        return promoted(x, np.dtype(np.int64)), b
    return x, b


# NumPy's reductions are called as ufunc methods (np.add.reduce, not np.sum or
# ndarray.mean): NumPy's Python wrappers raise their floating-point warnings (inf - inf,
# overflow) from NumPy's own modules, where hookgrad's warnings filter does not reach, and
# np.mean adds "Mean of empty slice". PyTorch computes these values silently.

def mean_array(x, axis=None, keepdims=False, dtype=None):
    """The mean of ``x`` over ``axis`` (a tuple, or None for all) as np.mean computes it
    (float16 and bfloat16 accumulated in float32), without NumPy's warnings; over nothing it
    is NaN."""
    count = x.size if axis is None else int(np.prod([x.shape[d] for d in axis]))
    accumulate = dtype if dtype is not None else (  # (2-byte floats: float16, bfloat16)
        np.float32 if x.itemsize == 2 and x.dtype.kind in "fV" else None)
    total = np.add.reduce(x, axis, accumulate, keepdims=keepdims)
    # over nothing: PyTorch's 0 / 0, a NaN with its sign bit set (x86's default NaN), made
    # without NumPy's warning
    mean = total / count if count else total * -np.nan
    return mean.astype(x.dtype, copy=False) if accumulate is not dtype else mean


def float_operands(a, b):
    """Both operands in their promoted dtype, the default float for integers and bools."""
    x, y = operands(a, b)
    if x.dtype.kind not in "fV":
        x, y = float_input(a), float_input(b) if isinstance(b, TensorBase) else float(b)
    return x, y


def restore_dims(grad, shape, dims, keepdim):
    """Give a reduced gradient its reduced dims back (size 1) so it broadcasts against the
    input ``shape``: a reshape of the array in a plain backward; under create_graph one
    ``unsqueeze`` per dim, as PyTorch's formulas record it (views of the gradient even when
    that needs no grad: one written in place later must fail a saved view's version check)."""
    if keepdim or not dims or grad._data.ndim == len(shape):
        return grad
    if not grad._requires_grad and not _op_hooks and not _grad_state.grad_enabled:
        return _make(grad._data.reshape([1 if i in dims else s for i, s in enumerate(shape)]))
    for dim in sorted(dims):
        grad = grad.unsqueeze(dim)
    return grad


def broadcast_view(x, shape, writeable=False):
    """A view of ``x`` broadcast to ``shape`` (known compatible): np.broadcast_to without its
    argument handling, which dominates for small tensors. Read-only where its elements share
    memory (an expanded dim of size > 1), unless ``writeable`` (``expand``'s views, which
    ``fill_`` may write; ``_write`` refuses the other writes); writable only if ``x`` is."""
    if not x.ndim:  # a reduction's 0-d gradient (the common case): every stride is 0
        view = np.ndarray(shape, x.dtype, x, 0, (0,) * len(shape))
        # (with every stride 0, elements are shared exactly when there are two or more)
        if not writeable and view.size > 1:
            view.flags.writeable = False
        return view
    lead = len(shape) - x.ndim  # (a kept dim keeps its stride, size 1 too: not NumPy's 0)
    strides = tuple(0 if d == 1 and t != 1 else st
                    for d, t, st in zip(x.shape, shape[lead:], x.strides))
    for size in reversed(shape[:lead]):  # (a new dim of size 1: PyTorch's size * stride of
        strides = (0 if size != 1 else shape[-len(strides)] * strides[0],) + strides  # next)
    if not x.flags.c_contiguous:  # (a strided array is no buffer for np.ndarray)
        view = np.lib.stride_tricks.as_strided(x, shape, strides, writeable=x.flags.writeable)
    else:
        view = np.ndarray(shape, x.dtype, x, 0, strides)
    if not writeable and shares_elements(view):
        view.flags.writeable = False
    return view


def shares_elements(view):
    """Whether elements of an array share memory (a dim of stride 0 and size > 1: an expanded
    tensor), PyTorch's test before most in-place writes. An empty array has no elements to
    share."""
    if not view.size:
        return False
    for size, stride in zip(view.shape, view.strides):
        if size > 1 and not stride:
            return True
    return False


def expand_view(x, shape):
    """``expand``'s view: see ``broadcast_view``."""
    return broadcast_view(x, shape, True)


def expand_grad(grad, shape):
    """Expand a reduced gradient back to ``shape``: a plain read-only view when nothing
    records (the common case), the differentiable ``expand`` under create_graph (a view of
    the gradient even when that needs no grad: a node may save it, and once the gradient is
    written in place the version error names the view's regenerated grad_fn, as PyTorch's)."""
    if grad._requires_grad or _grad_state.grad_enabled:
        return grad.expand(shape)
    return _make(broadcast_view(grad._data, shape))


# --------------------------------------------------------------------------- op families
# A simple op is a subclass of one of these: its NumPy function, what it saves and its
# backward formula. Options are class attributes; the forward that implements exactly the
# chosen ones is picked once, when the class is created, so no call pays for an option.

class UnaryOp(Op):
    """An elementwise op of one tensor: ``function`` of its array.

    ``saves``: ``"self"`` (the input) or ``"result"`` (the output) for backward, or None;
    ``float_input``: an integer or bool input is computed in the default float dtype;
    ``quiet``: the NumPy floating-point errors the op expects (``log(0)`` divides by zero),
    silenced with ``np.errstate``."""

    function = None
    saves = None
    float_input = True
    quiet = ()

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        _static_function(cls)
        if cls.saves is not None:
            cls.saves_output = cls.saves == "result"
            cls.saved_names = ("result",) if cls.saves_output else ("self",)
        if "forward" in cls.__dict__:  # (its own: laid out after it, as the generated ones,
            if not cls.__dict__.get("own_layout"):  # unless it lays its result out itself)
                cls.forward = laid_out_unary(cls.__dict__["forward"])
        elif _generated_forward(cls, _UNARY_FORWARDS.values()):
            cls.forward = _UNARY_FORWARDS[cls.saves == "self", cls.float_input, bool(cls.quiet)]
            cls._quiet = dict.fromkeys(cls.quiet, "ignore")


def _generated_forward(cls, variants):
    """Whether ``cls`` takes a generated forward: it defines none, and inherits none but a
    generated one (or Op's)."""
    if "forward" in cls.__dict__:
        return False
    return cls.forward is Op.forward or cls.forward in variants


def _static_function(cls):
    """Store a class's ``function`` so that ``self.function(x)`` calls it with ``x`` alone: a
    Python function (or NumPy's dispatching wrappers, such as ``np.sinc``) would bind ``self``
    as its first argument; a ufunc is stored as it is (the faster lookup)."""
    function = cls.__dict__.get("function")
    if function is not None and not isinstance(function, (np.ufunc, staticmethod)):
        cls.function = staticmethod(function)


class BinaryOp(Op):
    """An elementwise op of two broadcast operands (a Tensor and a Tensor or number):
    ``function`` of their arrays in PyTorch's result dtype (``float_operands``: the default
    float dtype for integers). It saves both inputs for backward in PyTorch's order (its
    nodes save and unpack their inputs by name: ``saved()`` gives other, self)."""

    arity = 2
    function = None
    float_operands = False
    saved_names = ("other", "self")

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        _static_function(cls)
        if _generated_forward(cls, (_binary, _binary_float)):
            cls.forward = _binary_float if cls.float_operands else _binary


def _binary(self, a, b):
    self.save(b, a)
    x, y = operands(a, b)
    return first_operand_layout(self.function(x, y), x, y)


def _binary_float(self, a, b):
    self.save(b, a)
    x, y = float_operands(a, b)
    return first_operand_layout(self.function(x, y), x, y)


class ReductionOp(Op):
    """A reduction of one tensor over ``dims`` (sorted, non-negative) with ``keepdim``. Its
    forward keeps ``self.dims`` and ``self.keepdim``; backward gives a reduced gradient (or
    result) its dims back with ``restore``, and broadcasts it over the input with
    ``unreduce``. Its result is C-contiguous whatever the input's layout, as PyTorch
    allocates a reduction's result (NumPy's follows the input's)."""

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if "forward" in cls.__dict__:
            cls.forward = _contiguous_result(cls.__dict__["forward"])

    @property
    def shape(self):
        """The input's shape (recorded with the node's edges)."""
        return self._in_meta[0][0]

    def unreduce(self, grad):
        """The gradient of the reduced output, broadcast back over the input's shape."""
        shape = self._in_meta[0][0]
        return expand_grad(restore_dims(grad, shape, self.dims, self.keepdim), shape)

    def restore(self, reduced):
        """A reduced tensor (a gradient or the result) with the reduced dims back, size 1."""
        return restore_dims(reduced, self._in_meta[0][0], self.dims, self.keepdim)

    def restore_by_reshape(self, reduced):
        """``restore`` as one reshape, as PyTorch's ``restore_reduced_dims`` (amax, amin)."""
        shape = self._in_meta[0][0]
        if self.keepdim or not self.dims or reduced._data.ndim == len(shape):
            return reduced
        kept = [1 if i in self.dims else s for i, s in enumerate(shape)]
        if not reduced._requires_grad and not _op_hooks and not _grad_state.grad_enabled:
            return _make(reduced._data.reshape(kept))
        return reduced.reshape(kept)


def _contiguous_result(forward):
    """``forward`` whose array results are given C strides (c_strides: size-1 dims too)."""
    def contiguous_forward(self, *args):
        out = forward(self, *args)
        if type(out) is np.ndarray:
            return c_strided(out)
        if type(out) is tuple:
            return tuple(c_strided(o) if type(o) is np.ndarray else o for o in out)
        return out
    contiguous_forward.__doc__ = forward.__doc__
    return contiguous_forward


class ViewOp(Op):
    """An op whose output is a view of its input: ``view_array(x, *params)`` (a staticmethod,
    also replayed on the base's array when an in-place op writes through the view). The
    forward keeps ``params`` for backward; ``shape`` is the input's shape. A view moves
    elements without computing on them, so complex ones too."""

    is_view = True
    supports_complex = True

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        view_array = getattr(cls, "view_array", None)
        if view_array is not None and _generated_forward(cls, _VIEW_FORWARDS):
            n_params = view_array.__code__.co_argcount - 1  # (at class creation only)
            cls.forward = _VIEW_FORWARDS[n_params]

    @property
    def shape(self):
        """The input's shape (recorded with the node's edges)."""
        return self._in_meta[0][0]


# (a fixed number of parameters: ``f(*params)`` is the slower call in CPython)
def _view0(self, a):
    self.params = ()
    return self.view_array(a._data)


def _view1(self, a, p):
    self.params = (p,)
    return self.view_array(a._data, p)


def _view2(self, a, p, q):
    self.params = (p, q)
    return self.view_array(a._data, p, q)


def _view3(self, a, p, q, r):
    self.params = (p, q, r)
    return self.view_array(a._data, p, q, r)


_VIEW_FORWARDS = (_view0, _view1, _view2, _view3)
