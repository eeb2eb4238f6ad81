"""The op base: one small ``Op`` subclass per differentiable op; the instance is the context.

A subclass sets ``arity`` (how many leading arguments of ``apply`` are differentiable inputs:
Tensors or Python scalars; the rest are plain parameters), defines
``forward(self, *args) -> ndarray | tuple[ndarray]`` (computing with NumPy on ``t._data`` and
keeping what backward needs on ``self``) and ``backward(self, *grads) -> grad | tuple``
returning one gradient Tensor (or None) per input, written with Tensor operations so that it
is differentiable again under ``create_graph=True``. Broadcasting and dtype are undone by the
engine, not by each op. Its class name is PyTorch's node name (``MulBackward0``)."""
from collections import OrderedDict

import numpy as np

from .._tensor_base import TensorBase, _make
from ..autograd.anomaly_mode import anomaly, record_forward
from ..autograd.engine import grad_accumulator
from ..autograd.grad_mode import state as _grad_state
from ..autograd.graph import Node, SavedTensor, _sequence, _strip_backward
from ..utils.hooks import register_hook

_new = object.__new__
_NO_EDGE = (None, 0)
_ndarray = np.ndarray

# Observers of every op call (``fn(op_class, args, result)``): the one op-level hook point,
# used by hookgrad.lens to see ops that are not modules. Empty, it costs one falsy check.
_op_hooks = OrderedDict()


def register_op_hook(fn):
    """Call ``fn(op_class, args, result)`` after every differentiable op; returns a handle.

    ``op_class.op_name()`` is a short name (``"mul"``, ``"relu"``, ``"convolution"``);
    ``result`` is a Tensor or a tuple of Tensors."""
    return register_hook(_op_hooks, fn)


class Op(Node):
    __slots__ = ()
    arity = 1             # leading ``apply`` arguments that are differentiable inputs
    is_view = False       # output shares memory and version counter with input 0
    saves_output = False  # keep the output for backward (``self.saved()[-1]``)
    _n_outputs = 1

    @classmethod
    def apply(cls, *args):
        self = _new(cls)
        record = False
        if _grad_state.grad_enabled:
            for a in args[:cls.arity]:
                if isinstance(a, TensorBase) and a._requires_grad:
                    record = True
                    self._start_recording(args)
                    break
        self._record = record
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
            result = _make(out, True, self, 0)
            if cls.saves_output:
                saved = SavedTensor(result, is_output=True)
                before = self._for_backward
                self._for_backward = (saved,) if before is None else before + (saved,)
        else:
            result = _make(out)
        if cls.is_view:
            _mark_view(result, args[0], cls, args[cls.arity:])
        if _op_hooks:
            _notify(cls, args, result)
        return result

    def _start_recording(self, args):
        """Become a graph node: edges to the inputs' nodes, their metadata, a sequence nr.
        (Nodes of ops run without recording never get these: nothing reads them.)"""
        self._for_backward = None
        self._hooks = None
        edges = []
        meta = []
        for a in args[:self.arity]:
            if isinstance(a, TensorBase) and a._requires_grad:
                node = a._grad_fn if a._view_base is None else a.grad_fn
                if node is not None:
                    edges.append((node, a._output_nr))
                else:
                    edges.append(_NO_EDGE if a._no_grad_view else (grad_accumulator(a), 0))
                data = a._data
                meta.append((data.shape, data.dtype))
            else:
                edges.append(_NO_EDGE)
                meta.append(None)
        self._next = tuple(edges)
        self._in_meta = tuple(meta)
        self._seq = next(_sequence)
        if anomaly.enabled:
            record_forward(self)

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
            if type(out) is not _ndarray:
                out = np.asarray(out)
            if record and out.dtype.kind == "f":
                results.append(_make(out, True, self, n_differentiable))
                n_differentiable += 1
            else:
                results.append(_make(out))
        if record:
            self._n_outputs = n_differentiable
        return tuple(results)

    def needs(self, i):
        """Whether input ``i`` needs a gradient (valid in forward and backward)."""
        return self._record and self._next[i][0] is not None

    def save(self, *tensors):
        """Save input tensors for backward (version-checked, saved-tensor hooks applied)."""
        if self._record:
            self._for_backward = tuple([None if t is None else SavedTensor(t) for t in tensors])

    def saved(self):
        return self._unpack_saved()

    def _apply(self, grads):
        if len(grads) == 1:
            grad = grads[0]
            if grad is None:
                return (None,) * len(self._next)
            result = self.backward(grad)
        else:
            if all(g is None for g in grads):
                return (None,) * len(self._next)
            result = self.backward(*grads)
        return result if type(result) is tuple else (result,)

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


def plain_backward():
    """Whether a backward formula may compute on arrays directly: nothing records (no
    ``create_graph``) and no op hook watches the ops it would run."""
    return not _grad_state.grad_enabled and not _op_hooks


def _notify(cls, args, result):
    for fn in list(_op_hooks.values()):
        fn(cls, args, result)


def _mark_view(result, source, op, params):
    """Make ``result`` a view of ``source``'s base: shared version counter and a replayable
    chain of view ops (used when an in-place op through the view rewrites the base)."""
    out, src = result._data, source._data
    base = out.base  # NumPy points a view at the array owning the memory
    if (base is None or (base is not src and base is not src.base)) and \
            not np.may_share_memory(out, src):
        return  # e.g. reshape of a non-contiguous array had to copy
    result._vc = source._vc
    result._view_version = source._vc[0]
    base = source._view_base
    result._view_base = source if base is None else base
    result._view_chain = (source._view_chain or ()) + ((op, params),)
    if source._multi_output_view:
        result._multi_output_view = True
    if result._grad_fn is None and source._requires_grad:
        # made without grad mode: PyTorch reports requires_grad, but no gradient flows
        # through it, and an in-place op on it with grad mode on is refused
        result._requires_grad = True
        result._no_grad_view = True


def replay_view(chain, array):
    """Apply a view chain (``op.view_array`` steps) to an array shaped like the base."""
    for op, params in chain:
        array = op.view_array(array, *params)
    return array


def arr(x):
    """The ndarray of a Tensor, or a Python scalar unchanged."""
    return x._data if isinstance(x, TensorBase) else x
