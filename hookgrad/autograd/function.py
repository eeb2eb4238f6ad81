"""Custom autograd Functions: ``class F(Function)`` with static forward/backward and a ctx.

The ctx is the backward node itself (class ``<Name>Backward``), as in PyTorch."""
import numpy as np

from .._tensor_base import TensorBase, _make
from . import engine
from .grad_mode import state as _grad_state
from .graph import Node, alias_with_history, no_grad_view

__all__ = ["Function", "FunctionCtx", "once_differentiable"]


class FunctionCtx:
    """What ``forward`` may call on ``ctx``."""

    def save_for_backward(self, *tensors):
        self.to_save = tensors

    def mark_non_differentiable(self, *tensors):
        self.non_differentiable = set(map(id, tensors))

    def mark_dirty(self, *tensors):
        self.dirty_tensors = set(map(id, tensors))

    def set_materialize_grads(self, value):
        self.materialize_grads = value

    @property
    def saved_tensors(self):
        saved = self._for_backward if self._record else None
        if saved is None:
            return ()
        return tuple(self._unpack_saved())


class BackwardCFunction(FunctionCtx, Node):
    """Node of one custom Function call; also the ctx its forward and backward receive."""

    _forward_cls = None
    to_save = ()
    non_differentiable = frozenset()
    dirty_tensors = frozenset()
    materialize_grads = True
    _masks_unneeded_grads = False
    _runs_unneeded = True  # (PyTorch's PyNode: backward runs when no gradient is needed)
    _handles_r_to_c = False
    _record = False  # (until _link: a call without grad mode is never linked)

    def _apply(self, grads):
        # (also when no gradient is defined: PyTorch's PyNode calls backward, with zeros)
        if self.materialize_grads:
            grads = [g if g is not None else _make(np.zeros(shape, dtype))
                     for g, (shape, dtype) in zip(grads, self._out_meta)]
        # user code: backward sees this node as _current_autograd_node()
        result = engine.call_as_node(self, self._forward_cls.backward, self, *grads)
        if not isinstance(result, tuple):
            result = (result,)
        n_args = len(self.needs_input_grad)
        if len(result) != n_args:
            if len(result) > n_args and all(r is None for r in result[n_args:]):
                result = result[:n_args]
            else:
                raise RuntimeError(f"function {self.name()} returned an incorrect number of "
                                   f"gradients (expected {n_args}, got {len(result)})")
        positions = self._tensor_positions
        for i, grad in enumerate(result):
            if grad is not None and (i not in positions or not isinstance(grad, TensorBase)):
                self._refuse_gradient(i, grad)
        return tuple(result[i] for i in positions)

    def _refuse_gradient(self, index, grad):
        """PyTorch's errors for a gradient that is not None where backward returned it: for
        an argument that was no Tensor, or not a Tensor itself."""
        if index not in self._tensor_positions:
            raise RuntimeError(f"function {self.name()} returned a gradient different than None "
                               f"at position {index + 1}, but the corresponding forward input "
                               "was not a Variable")
        raise RuntimeError(f"expected Variable or None (got {type(grad).__name__})")


class Function:
    """Subclass with ``forward(ctx, ...)`` and ``backward(ctx, *grads)``; call ``F.apply``."""

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        cls._backward_cls = type(cls.__name__ + "Backward", (BackwardCFunction,),
                                 {"_forward_cls": cls})

    @staticmethod
    def forward(ctx, *args, **kwargs):
        raise NotImplementedError("You must implement the forward function for custom "
                                  "autograd.Function.")

    @staticmethod
    def backward(ctx, *grad_outputs):
        raise NotImplementedError("You must implement either the backward or vjp method for "
                                  "your custom autograd.Function to use it with backward mode AD.")

    vjp = backward
    setup_context = None

    @classmethod
    def apply(cls, *args, **kwargs):
        ctx = object.__new__(cls._backward_cls)
        positions = tuple(i for i, a in enumerate(args) if isinstance(a, TensorBase))
        record = _grad_state.grad_enabled and any(args[i].requires_grad for i in positions)
        if record:  # (before forward, which runs without grad mode: no history changes)
            ctx._link([args[i] for i in positions])
        ctx._tensor_positions = positions
        # (from the inputs alone: PyTorch reports them under no_grad too)
        ctx.needs_input_grad = tuple(isinstance(a, TensorBase) and a.requires_grad for a in args)
        prev = _grad_state.grad_enabled
        _grad_state.grad_enabled = False
        try:
            if cls.setup_context is not None:
                outputs = cls.forward(*args, **kwargs)
                cls.setup_context(ctx, args, outputs)
            else:
                outputs = cls.forward(ctx, *args, **kwargs)
        finally:
            _grad_state.grad_enabled = prev
        single = not isinstance(outputs, tuple)
        outs = (outputs,) if single else outputs
        input_ids = {id(args[i]): args[i] for i in positions}
        if not record:  # (every output non-differentiable; an input comes back as a view)
            if not any(isinstance(o, TensorBase) and id(o) in input_ids for o in outs):
                return outputs
            wrapped = tuple(no_grad_view(o) if isinstance(o, TensorBase) and id(o) in input_ids
                            else o for o in outs)
            return wrapped[0] if single else wrapped
        wrapped = []
        for nr, out in enumerate(outs):
            if isinstance(out, TensorBase):
                out = _attach(ctx, out, nr, input_ids)
            wrapped.append(out)
        ctx._set_output_count(len(outs))
        ctx._out_meta = tuple((o._data.shape, o._data.dtype) if isinstance(o, TensorBase)
                              else ((), None) for o in wrapped)
        _save(ctx, wrapped)
        return wrapped[0] if single else tuple(wrapped)


def _attach(ctx, out, nr, input_ids):
    """Give a forward output its history: ``ctx`` at position ``nr``. An input returned as
    it is comes back as a new tensor (PyTorch's _wrap_outputs): an alias with this history,
    or if not differentiable a view (a detached alias if it requires grad), so that ``is``
    tells outputs from inputs (MultiheadAttention's ``key is value`` under module hooks)."""
    if id(out) in ctx.non_differentiable or out._data.dtype.kind not in "fVc":
        if id(out) in input_ids:
            return out.detach() if out.requires_grad else no_grad_view(out)
        return out
    if id(out) in ctx.dirty_tensors:
        out._set_history(ctx, nr)
        return out
    if id(out) in input_ids:
        return alias_with_history(out, ctx, nr)
    out._grad_fn = ctx
    out._requires_grad = True
    if nr:
        out._output_nr = nr
    return out


def _save(ctx, outputs):
    to_save = ctx.to_save
    if not to_save:
        return
    ctx.save(*to_save, outputs={id(o) for o in outputs})
    ctx.to_save = ()


def once_differentiable(fn):
    """Accepted for compatibility; backward here runs without recording unless asked."""
    return fn
