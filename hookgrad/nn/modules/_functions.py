"""The identity node that full module backward hooks hang on (``BackwardHookFunctionBackward``).

PyTorch builds it from a custom ``autograd.Function``; this is the same node (name, edges,
zero-filled gradients for inputs that need none, outputs sharing memory with the inputs)
without the generic Function machinery, which dominated the cost of a hooked module call."""
import numpy as np

from ..._tensor import _alias_with_history, _make
from ...autograd.engine import gradient_edge
from ...autograd.graph import Node, _sequence


class BackwardHookFunctionBackward(Node):
    """Identity in forward and backward; the module's hooks are this node's post-hooks."""

    # Like a custom Function: what backward returns for an input that needs no gradient (a
    # zero-filled tensor) reaches the post-hooks, i.e. the module's grad_input.
    _masks_unneeded_grads = False

    @classmethod
    def wrap(cls, tensors):
        """New tensors over the same memory, with this node as grad_fn for those that
        require grad (the others are returned as they are)."""
        node = object.__new__(cls)
        node._for_backward = None
        node._hooks = None
        node._record = True
        node._next = tuple(gradient_edge(t) if t._requires_grad else (None, 0) for t in tensors)
        node._in_meta = tuple((t._data.shape, t._data.dtype) for t in tensors)
        node._seq = next(_sequence)
        node._n_outputs = len(tensors)
        wrapped = []
        for nr, t in enumerate(tensors):
            wrapped.append(_alias_with_history(t, node, nr) if t._requires_grad else t)
        return tuple(wrapped)

    def _apply(self, grads):
        if all(g is None for g in grads):
            return (None,) * len(grads)
        # missing gradients are materialised as zeros, as for a custom Function
        return tuple(g if g is not None else _make(np.zeros(shape, dtype))
                     for g, (shape, dtype) in zip(grads, self._in_meta))
