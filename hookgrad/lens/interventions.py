"""Scoped interventions: replace module outputs on the way forward and their gradients back."""
from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from ..nn.modules.module import Module
from ._select import Selector, select_modules
from .capture import iter_tensors

# ``fn(tensor, name) -> replacement | None``, given as ``[(selector, fn)]`` or ``{selector: fn}``.
InterventionFn = Callable[[Any, str], Any]
Interventions = list[tuple[Selector, InterventionFn]] | dict[Any, InterventionFn]

__all__ = ["Hooks", "hooks"]


def _pairs(spec, kind):
    pairs = list(spec.items()) if isinstance(spec, dict) else list(spec)
    for pair in pairs:
        if not (isinstance(pair, tuple) and len(pair) == 2 and callable(pair[1])):
            raise TypeError(f"{kind} interventions are (selector, fn) pairs with "
                            f"fn(tensor, name) -> replacement or None; got {pair!r}")
    return pairs


def _run_forward(fn, name, module, args, output):
    return fn(output, name)


def _run_backward(fn, name, grad):
    return fn(grad, name)


class Hooks:
    """The interventions of ``hooks(...)``; ``close()`` (or leaving the block) removes them."""

    def __init__(self, model: Module, forward: Interventions = (),
                 backward: Interventions = ()):
        forward, backward = _pairs(forward, "forward"), _pairs(backward, "backward")
        # Resolve every selector first, so a bad name leaves the model untouched.
        plan = [(select_modules(model, sel), fn, True) for sel, fn in forward]
        plan += [(select_modules(model, sel), fn, False) for sel, fn in backward]
        self._handles, self._grad_handles = [], []
        self._prune_at = 64
        try:
            # Forward fns are registered first, so a backward fn on the same module sees the
            # gradient w.r.t. the output after replacement: the one that flows on.
            for modules, fn, is_forward in plan:
                for name, module in modules:
                    hook = partial(_run_forward if is_forward else self._attach, fn, name)
                    self._handles.append(module.register_forward_hook(hook))
        except BaseException:
            self.close()
            raise

    def _attach(self, fn, name, module, args, output):
        tensor = next(iter_tensors(output), None)
        if tensor is None or not tensor.requires_grad:
            return
        self._grad_handles.append(tensor.register_hook(partial(_run_backward, fn, name)))
        if len(self._grad_handles) > self._prune_at:
            # Handles whose tensor's graph is gone have nothing left to remove.
            self._grad_handles = [h for h in self._grad_handles
                                  if h.hooks_dict_ref() is not None]
            self._prune_at = max(64, 2 * len(self._grad_handles))

    def close(self) -> None:
        """Remove every hook these interventions added, tensor hooks included."""
        for handle in (*self._handles, *self._grad_handles):
            handle.remove()
        self._handles, self._grad_handles = [], []

    def __enter__(self) -> Hooks:
        return self

    def __exit__(self, exc_type, exc_value, traceback):
        self.close()


def hooks(model: Module, forward: Interventions = (), backward: Interventions = ()) -> Hooks:
    """``with hooks(model, forward=[("fc1", fn)], backward=[("conv*", fn)]):``.

    Each selector is anything ``select_modules`` takes. ``fn(tensor, name)`` returns a
    replacement or None: a forward fn gets the module's output (its replacement becomes the
    output), a backward fn gets the gradient w.r.t. that output (for a tuple, list or dict
    output, its first tensor), and its replacement flows on. ``forward``/``backward`` may also
    be dicts ``{selector: fn}``."""
    return Hooks(model, forward, backward)
