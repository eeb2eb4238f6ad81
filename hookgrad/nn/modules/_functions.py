"""Full module backward hooks and backward pre-hooks: the identity node they run in
(``BackwardHookFunctionBackward``) and the per-call state that runs them (``BackwardHook``).

PyTorch wraps a module's tensor inputs and outputs in a custom ``autograd.Function`` and
registers the module's hooks as post-hooks of those nodes. Here the node is the same (name,
edges, zero-filled gradients for inputs that need none, outputs sharing memory with the
inputs) but runs the module's hooks itself, at the point where those post-hooks would run
(first, before any post-hook a user adds to the node). So a hooked module costs the engine two
plain nodes, with no Function machinery and no per-call hook registration."""
import warnings

import numpy as np

from ..._tensor import Tensor
from ..._tensor_base import _make
from ...autograd import engine as _engine
from ...autograd.grad_mode import state as _grad_state
from ...autograd.graph import Node, alias_with_history, no_grad_view

_new = object.__new__
_FIRST = (0,)  # tensor positions of a one-tensor call

FULL_HOOK_NO_INPUT_WARNING = (
    "Full backward hook is firing when gradients are computed with respect to module outputs "
    "since no inputs require gradients. See https://docs.pytorch.org/docs/main/generated/"
    "torch.nn.Module.html#torch.nn.Module.register_full_backward_hook for more details.")

# PyTorch's messages about a bad return value name the wrapper that runs the module's hooks.
_HOOK_NAME = "hook"


def _has_none(values):
    # (``None in values`` would compare tensors with ==)
    for value in values:
        if value is None:
            return True
    return False


class BackwardHookFunctionBackward(Node):
    """Identity in forward and backward; runs one side of a module call's hooks."""

    __slots__ = ("_n_outputs", "_module_hook", "_outputs_side")

    # Like a custom Function: what backward returns for an input that needs no gradient (a
    # zero-filled tensor) reaches the hooks, i.e. the module's grad_input.
    _masks_unneeded_grads = False
    # Outputs are the incoming gradients, or what a hook returned in their place after
    # check_hook_tuple compared it with them: the engine's own checks would find nothing.
    _checks_own_outputs = True
    # PyTorch's BackwardHookFunction is a custom Function, run (its pre-hooks, i.e. the module's
    # backward pre-hooks, with it) when a pass targets its output with backward(inputs=...)
    _runs_unneeded = True

    @classmethod
    def _node(cls, tensors, module_hook, outputs_side):
        node = _new(cls)
        node._link(tensors)
        node._set_output_count(len(tensors))
        node._module_hook = module_hook
        node._outputs_side = outputs_side
        return node

    @classmethod
    def wrap(cls, tensors, module_hook, outputs_side):
        """New tensors over the same memory, with a new node of this class as grad_fn for
        those that require grad (the others no-grad views, as PyTorch's Function returns
        them: ``key is value`` turns false inside MultiheadAttention, as in PyTorch)."""
        node = cls._node(tensors, module_hook, outputs_side)
        return [alias_with_history(t, node, nr) if t.requires_grad else no_grad_view(t)
                for nr, t in enumerate(tensors)]

    @classmethod
    def wrap_one(cls, tensor, module_hook, outputs_side):
        """``wrap([tensor], ...)[0]`` for one tensor that requires grad (the common module
        call), without the per-position bookkeeping."""
        return alias_with_history(tensor, cls._node((tensor,), module_hook, outputs_side), 0)

    def _apply(self, grads):
        # (one gradient, the common case, checked without a call)
        complete = grads[0] is not None if len(grads) == 1 else not _has_none(grads)
        if complete:
            outputs = tuple(grads)
        else:  # missing gradients are materialised as zeros, as for a custom Function (also
            # when none is defined: PyTorch's PyNode calls backward with zeros then too)
            outputs = tuple(g if g is not None else _make(np.zeros(shape, dtype))
                            for g, (shape, dtype) in zip(grads, self._in_meta))
        hook = self._module_hook
        if hook is None:
            return outputs
        if (self._outputs_side and complete and not hook.user_pre_hooks
                and hook.input_tensors_index is not None and hook.n_outputs == len(outputs)):
            # No user code runs on this side: just record grad_output for the full hooks.
            hook.grad_outputs = outputs
            return outputs
        running = _engine.running_nodes()
        running.append(self)  # module hooks see this node as _current_autograd_node()
        try:  # (call_as_node inlined: this runs for every hooked module call)
            if self._outputs_side:
                new = hook.on_grad_outputs(tuple(grads))
            else:
                new = hook.on_grad_inputs(outputs)
        finally:
            running.pop()
        if new is None:
            return outputs
        return _engine.check_hook_tuple(_HOOK_NAME, outputs, new)


class BackwardHook:
    """One module call's full backward hooks and backward pre-hooks.

    The positional tensor inputs and the outputs each pass through a
    ``BackwardHookFunctionBackward`` node. The output-side node runs the backward pre-hooks
    and records ``grad_output``; the input-side node runs the full hooks. The wrapped tensors
    share memory with the originals but are not autograd views, so in-place ops on them
    (``ReLU(inplace=True)``) chain after the wrapper node and the hooks see correct
    gradients, where PyTorch raises."""

    __slots__ = ("module", "user_hooks", "user_pre_hooks", "grad_outputs", "n_outputs",
                 "output_tensors_index", "n_inputs", "input_tensors_index")

    def __init__(self, module, user_hooks, user_pre_hooks):
        # n_inputs / input_tensors_index and n_outputs / output_tensors_index are set by
        # setup_input_hook and setup_output_hook, which the module call always runs first
        self.module = module
        self.user_hooks = user_hooks
        self.user_pre_hooks = user_pre_hooks
        self.grad_outputs = None

    def _wrap_tensors(self, args, outputs_side):
        """Pass the tensors in ``args`` through an identity node; (args, None) if there is
        nothing to do, else (new args, positions of the tensors)."""
        if len(args) == 1 and type(args) is tuple and isinstance(args[0], Tensor):
            # one tensor, the common module call: no position bookkeeping
            # (.requires_grad: a view made under no_grad follows its base, and counts here
            # as in PyTorch although no gradient reaches it)
            if not (args[0].requires_grad and _grad_state.grad_enabled):
                return args, None
            return (BackwardHookFunctionBackward.wrap_one(args[0], self, outputs_side),), _FIRST
        indices = []
        any_requires_grad = False
        for i, a in enumerate(args):
            if isinstance(a, Tensor):
                indices.append(i)
                any_requires_grad = any_requires_grad or a.requires_grad
        if not any_requires_grad or not _grad_state.grad_enabled:
            return args, None
        wrapped = BackwardHookFunctionBackward.wrap([args[i] for i in indices], self,
                                                    outputs_side)
        if len(indices) == len(args) and type(args) is tuple:
            return tuple(wrapped), indices
        new_args = list(args)
        for index, value in zip(indices, wrapped):
            new_args[index] = value
        if type(args) is tuple:
            return tuple(new_args), indices
        return type(args)(*new_args), indices  # namedtuple outputs keep their type

    def setup_input_hook(self, args):
        result, self.input_tensors_index = self._wrap_tensors(args, False)
        self.n_inputs = len(args)
        return result

    def setup_output_hook(self, output):
        is_tuple = isinstance(output, tuple)
        args = output if is_tuple else (output,)
        result, self.output_tensors_index = self._wrap_tensors(args, True)
        self.n_outputs = len(args)
        return result if is_tuple else result[0]

    @staticmethod
    def _pack_with_none(indices, values, size):
        if len(values) == size:  # every argument is a tensor
            return values if type(values) is tuple else tuple(values)
        packed = [None] * size
        for index, value in zip(indices, values):
            packed[index] = value
        return tuple(packed)

    def on_grad_inputs(self, grad_input):
        """The input-side node ran: call the full hooks; new node outputs or None."""
        if self.grad_outputs is None:
            return None  # gradient reached the inputs without passing the outputs
        result = self._pack_with_none(self.input_tensors_index, grad_input, self.n_inputs)
        replaced = False
        for user_hook in self.user_hooks:
            out = user_hook(self.module, result, self.grad_outputs)
            if out is None:
                continue
            if len(out) != len(result):
                raise RuntimeError("Backward hook returned an invalid number of grad_input, "
                                   f"got {len(out)}, but expected {len(result)}")
            result = out
            replaced = True
        self.grad_outputs = None
        return tuple(result[i] for i in self.input_tensors_index) if replaced else None

    def on_grad_outputs(self, grad_output):
        """The output-side node ran: call the backward pre-hooks (and, when no input needs a
        gradient, the full hooks); new node outputs or None."""
        packed = self.grad_outputs = self._pack_with_none(self.output_tensors_index,
                                                          grad_output, self.n_outputs)
        expected = len(self.grad_outputs)
        for user_hook in self.user_pre_hooks:
            out = user_hook(self.module, self.grad_outputs)
            if out is None:
                continue
            if len(out) != expected:
                raise RuntimeError("Backward pre hook returned an invalid number of "
                                   f"grad_output, got {len(out)}, but expected {expected}")
            self.grad_outputs = out
        grad_outputs = self.grad_outputs  # what flows on, also when the full hooks run now
        if self.input_tensors_index is None:
            # No input needs a gradient: the full hooks fire now, with all-None grad_input;
            # the (pre-hooked) grad_output still flows on to the parameters.
            warnings.warn(FULL_HOOK_NO_INPUT_WARNING, stacklevel=1)
            grad_inputs = (None,) * self.n_inputs
            for user_hook in self.user_hooks:
                out = user_hook(self.module, grad_inputs, grad_outputs)
                if out is not None and not (isinstance(out, tuple) and
                                            all(g is None for g in out)):
                    raise RuntimeError("Backward hook for Modules where no input requires "
                                       "gradient should always return None or None for all "
                                       "gradients.")
            self.grad_outputs = None
        if grad_outputs is packed and not _has_none(packed):
            return None  # the node's outputs stand: its incoming gradients, unchanged
        return tuple(grad_outputs[i] for i in self.output_tensors_index)
