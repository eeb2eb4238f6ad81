"""Scoped interventions: replace module outputs on the way forward and their gradients back."""
from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from ..nn.modules.module import Module
from ._select import Selector, select_modules
from ._tool import Tool
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


class Hooks(Tool):
    """The interventions of :func:`hooks`, live while open (``with``, or ``open()`` to
    ``close()``)."""

    def __init__(self, model: Module, forward: Interventions = (),
                 backward: Interventions = ()):
        super().__init__()
        forward, backward = _pairs(forward, "forward"), _pairs(backward, "backward")
        # Resolve every selector here, so a bad name raises before anything is hooked.
        self._plan = [(select_modules(model, sel), fn, True) for sel, fn in forward]
        self._plan += [(select_modules(model, sel), fn, False) for sel, fn in backward]

    def _attach(self) -> None:
        # Forward fns are registered first, so a backward fn on the same module sees the
        # gradient w.r.t. the output after replacement: the one that flows on.
        for modules, fn, is_forward in self._plan:
            for name, module in modules:
                hook = partial(_run_forward if is_forward else self._on_output, fn, name)
                self._handles.add(module.register_forward_hook(hook))

    def _on_output(self, fn, name, module, args, output):
        tensor = next(iter_tensors(output), None)
        if tensor is not None and tensor.requires_grad:
            self._grad_handles.add(tensor.register_hook(partial(_run_backward, fn, name)))


def hooks(model: Module, forward: Interventions = (), backward: Interventions = ()) -> Hooks:
    """``with hooks(model, forward=[("fc1", fn)], backward=[("conv*", fn)]):``.

    Each selector is anything ``select_modules`` takes. ``fn(tensor, name)`` returns a
    replacement or None: a forward fn gets the module's output (its replacement becomes the
    output), a backward fn gets the gradient w.r.t. that output (for a tuple, list or dict
    output, its first tensor), and its replacement flows on. ``forward``/``backward`` may also
    be dicts ``{selector: fn}``. The interventions are live inside the ``with`` block (or
    between ``open()`` and ``close()``)."""
    return Hooks(model, forward, backward)
