"""The derivative of a backward formula written as a composite of tensor ops.

A backward formula recorded as one node (``NativeLayerNormBackwardBackward0``, ...) computes
its value on arrays; its own derivative is that of the formula written once with tensor ops,
obtained here by recording the formula and running the engine back to its inputs. Under
create_graph it is recorded on aliases of the real inputs, so the result is differentiable
in them once more; otherwise on detached copies (nothing outside sees those graphs)."""
from .._tensor_base import TensorBase, _make
from ..autograd import engine
from ..autograd.grad_mode import state as _grad_state
from .index import AliasBackward0
from .op import Op, plain_backward


def composite_vjp(formula, inputs, grad_outputs, needed):
    """The gradients of ``sum_k <grad_outputs[k], formula(*inputs)[k]>`` with respect to each
    ``inputs[i]`` whose ``needed[i]`` is set (None for the others, or where no output depends
    on it). ``inputs`` may hold None (an absent optional tensor); ``grad_outputs`` may hold None
    (an output nobody differentiates)."""
    create = _grad_state.grad_enabled
    args, targets, positions = [], [], []
    for i, (t, need) in enumerate(zip(inputs, needed)):
        if t is None:
            args.append(None)
        elif need:
            alias = AliasBackward0.apply(t) if create else _make(t._data, True)
            args.append(alias)
            targets.append(alias)
            positions.append(i)
        else:
            args.append(t if create else _make(t._data))
    results = [None] * len(inputs)
    if not targets:
        return results
    _grad_state.grad_enabled = True
    try:
        outputs = formula(*args)
    finally:
        _grad_state.grad_enabled = create
    roots, seeds = [], []
    for out, seed in zip(outputs, grad_outputs):
        if out is not None and seed is not None and out._requires_grad:
            roots.append(out)
            seeds.append(seed)
    if not roots:
        return results
    captured = engine.run_backward(roots, seeds, create, create, targets, accumulate=False)
    for i, grad in zip(positions, captured):
        results[i] = grad
    return results


class FormulaGrad(Op):
    """A backward formula written once with tensor ops, ``formula(*tensors, *params)`` (a
    tuple of tensors, None for one not wanted), recorded under create_graph as one node of
    its ``arity`` leading tensor arguments, as PyTorch records ``mse_loss_backward(grad,
    self, target)``: every output requires grad when any input does. Its value is the
    formula on detached inputs; its derivative, the formula's. A plain backward calls the
    formula directly (``of``)."""

    formula = None

    def forward(self, *args):
        n = self.arity
        tensors, self.params = args[:n], args[n:]
        self.save(*tensors)
        detached = [_make(t._data) if isinstance(t, TensorBase) else t for t in tensors]
        outputs = self.formula(*detached, *self.params)
        if len(outputs) == 1:
            return outputs[0]._data
        return tuple(None if out is None else out._data for out in outputs)

    def backward(self, *grad_grads):
        needed = [self.needs(i) for i in range(self.arity)]
        return tuple(composite_vjp(self._bound, self.saved(), grad_grads, needed))

    def _bound(self, *tensors):
        return self.formula(*tensors, *self.params)

    @classmethod
    def of(cls, *args):
        """The formula's value: computed directly in a plain backward, recorded otherwise."""
        if plain_backward():
            outputs = cls.formula(*args)
            return outputs[0] if len(outputs) == 1 else outputs
        return cls.apply(*args)
