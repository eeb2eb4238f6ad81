"""Gradient tools: clip during backward (:class:`clip_gradients`) and record gradient norms per
parameter and per module output (:class:`GradientStats`)."""
from __future__ import annotations

import math

import numpy as np

from .. import Tensor, enable_grad
from ..nn.modules.module import Module
from ..nn.utils.clip_grad import clip_grad_norm_, clip_grad_value_
from ._select import select_modules
from ._table import Table
from ._tool import Tool, backward_pass_id, will_engine_run

__all__ = ["GradientClipper", "GradientStats", "clip_gradients"]


def _check_model(tool, model):
    if not isinstance(model, Module):
        raise TypeError(f"{tool} expects an nn.Module, got {type(model).__name__}")


# --------------------------------------------------------------------------- clipping

class _ClipHook:
    """Post-accumulate-grad hook of one parameter."""

    __slots__ = ("owner",)

    def __init__(self, owner):
        self.owner = owner

    def __call__(self, param):
        self.owner._accumulated(param)


class GradientClipper(Tool):
    """Clip parameter gradients during every backward while open, with the result of
    calling ``nn.utils.clip_grad_value_`` and/or ``clip_grad_norm_`` right after each
    ``backward()``. Made by :func:`clip_gradients`.

    Clipping applies to each backward's accumulated ``.grad``: with gradient accumulation
    (several ``backward()`` calls before ``step()``), every backward clips the sum so far,
    exactly like calling the utilities after every backward, not like clipping each
    micro-batch's own gradient. ``max_value`` clamps each parameter's ``.grad`` right after it
    accumulates (a post-accumulate-grad hook per parameter); ``max_norm`` rescales all
    ``.grad`` by ``min(max_norm / (total_norm + 1e-6), 1)`` once the last parameter this
    backward reaches has accumulated. The total norm covers every parameter with a ``.grad``,
    as ``clip_grad_norm_(model.parameters())`` does; ``total_norms`` lists it (before
    clipping) for each backward. With both limits, values are clamped first.

    ``autograd.grad()`` accumulates nothing, so nothing is clipped there. A parameter that a
    backward reaches but hands no gradient (``None``) never accumulates, so the norm is not
    clipped in that pass; clip with ``clip_grad_norm_`` after such a backward."""

    def __init__(self, model: Module, *, max_value: float | None = None,
                 max_norm: float | None = None, norm_type: float = 2.0):
        super().__init__()
        _check_model("clip_gradients", model)
        if max_value is None and max_norm is None:
            raise ValueError("clip_gradients needs max_value=..., max_norm=..., or both")
        for label, value in (("max_value", max_value), ("max_norm", max_norm)):
            if value is not None and not float(value) >= 0:
                raise ValueError(f"clip_gradients: {label} must be a number >= 0, got {value!r}")
        self.model = model
        self.max_value = None if max_value is None else float(max_value)
        self.max_norm = None if max_norm is None else float(max_norm)
        self.norm_type = float(norm_type)
        self.total_norms: list[float] = []
        self._params: list[Tensor] = []
        self._accumulators: list = []
        self._task = None       # the backward whose parameters are being counted
        self._remaining = 0     # parameters of that backward still to accumulate

    def _attach(self) -> None:
        self._params = [p for p in self.model.parameters() if p.requires_grad]
        if self.max_norm is not None:
            # Each leaf's AccumulateGrad node, held so the engine keeps using it; it tells
            # which parameters a backward will reach.
            with enable_grad():
                self._accumulators = [p.view_as(p).grad_fn.next_functions[0][0]
                                      for p in self._params]
        hook = _ClipHook(self)
        for p in self._params:
            self._handles.add(p.register_post_accumulate_grad_hook(hook))

    def _detach(self) -> None:
        self._accumulators = []
        self._task = None

    def _accumulated(self, param) -> None:
        if self.max_value is not None:
            clip_grad_value_(param, self.max_value)
        if self.max_norm is None:
            return
        task = backward_pass_id()
        if task != self._task:
            self._task = task
            self._remaining = sum(will_engine_run(node) for node in self._accumulators)
        self._remaining -= 1
        if self._remaining == 0:
            total = clip_grad_norm_(self._params, self.max_norm, self.norm_type)
            self.total_norms.append(float(total))


def clip_gradients(model: Module, *, max_value: float | None = None,
                   max_norm: float | None = None, norm_type: float = 2.0) -> GradientClipper:
    """``with clip_gradients(model, max_norm=1.0): loss.backward()``: a
    :class:`GradientClipper` (see there for what is clipped when)."""
    return GradientClipper(model, max_value=max_value, max_norm=max_norm, norm_type=norm_type)


# --------------------------------------------------------------------------- statistics

def _norm(grad: Tensor) -> float:
    data = grad.detach()._data.astype(np.float64, copy=False).ravel()  # (bfloat16 too)
    return float(np.sqrt(np.dot(data, data)))


class _ParamHook:
    __slots__ = ("name", "owner")

    def __init__(self, owner, name):
        self.owner = owner
        self.name = name

    def __call__(self, grad):
        if grad is not None:
            self.owner._record(self.name, _norm(grad))


class _OutputHook:
    """Forward hook of one module: watch the gradient of each output that requires grad."""

    __slots__ = ("name", "owner")

    def __init__(self, owner, name):
        self.owner = owner
        self.name = name

    def __call__(self, module, args, output):
        outputs = output if isinstance(output, (tuple, list)) else (output,)
        hook = _ParamHook(self.owner, self.name)
        for out in outputs:
            if isinstance(out, Tensor) and out.requires_grad:
                self.owner._grad_handles.add(out.register_hook(hook))


class GradientStats(Tool):
    """Record, on every backward inside it, the L2 norm of each parameter's gradient
    (``"fc1.weight"``) and of each module's output gradient (``"fc1"``).

    ``names`` lists ``parameter_names`` then ``output_names`` (the modules' dotted names).
    ``history[name]`` has one entry per backward pass seen (``None`` where that tensor got no
    gradient in that pass). A module called several times in one forward gets the norm of all
    its output gradients together. ``names`` selects modules as every lens tool does
    (``select_modules``); their parameters are the ones under them. ``None`` watches every
    submodule (not the root) and every parameter. The gradient is the one of this backward,
    before accumulation into ``.grad``. Recording happens while the tool is open (``with``, or
    ``open()`` to ``close()``); the history stays after ``close()``."""

    def __init__(self, model: Module, names=None):
        super().__init__()
        _check_model("GradientStats", model)
        self.model = model
        if names is None:
            modules = [(n, m) for n, m in model.named_modules() if n]
            params = list(model.named_parameters())
        else:
            modules = select_modules(model, names)
            prefixes = [n for n, _ in modules]
            params = [(n, p) for n, p in model.named_parameters()
                      if any(not prefix or n.startswith(prefix + ".") for prefix in prefixes)]
        self._modules = modules
        self._params = [(n, p) for n, p in params if p.requires_grad]
        self.parameter_names: list[str] = [n for n, _ in self._params]
        self.output_names: list[str] = [n for n, _ in modules]
        self.names: list[str] = self.parameter_names + self.output_names
        self._steps: list[dict[str, float]] = []
        self._task = None

    def _attach(self) -> None:
        for name, param in self._params:
            self._handles.add(param.register_hook(_ParamHook(self, name)))
        for name, module in self._modules:
            self._handles.add(module.register_forward_hook(_OutputHook(self, name)))

    def _record(self, name: str, norm: float) -> None:
        task = backward_pass_id()
        if task != self._task or not self._steps:
            self._task = task
            self._steps.append({})
        step = self._steps[-1]
        old = step.get(name)
        step[name] = norm if old is None else math.hypot(old, norm)

    @property
    def steps(self) -> int:
        """How many backward passes were recorded."""
        return len(self._steps)

    @property
    def history(self) -> dict[str, list[float | None]]:
        return {name: [step.get(name) for step in self._steps] for name in self.names}

    def latest(self) -> dict[str, float]:
        """Each name's norm in the latest backward pass (names it did not reach are left out)."""
        return dict(self._steps[-1]) if self._steps else {}

    def flagged(self, vanish: float = 1e-7, explode: float = 1e3) -> dict[str, str]:
        """Names whose latest norm is below ``vanish`` (``"vanishing"``), above ``explode``
        (``"exploding"``) or NaN/Inf (``"non-finite"``), in ``names`` order."""
        latest = self.latest()
        flags = {}
        for name in self.names:
            norm = latest.get(name)
            if norm is None:
                continue
            if not math.isfinite(norm):
                flags[name] = "non-finite"
            elif norm < vanish:
                flags[name] = "vanishing"
            elif norm > explode:
                flags[name] = "exploding"
        return flags

    def summary(self) -> Table:
        """A table of the latest norms, flagged names marked (shows as the table at the
        interactive prompt too)."""
        latest, flags = self.latest(), self.flagged()
        width = max([4, *map(len, self.names)])
        lines = [f"{'name'.ljust(width)}  grad norm (step {self.steps})", "-" * (width + 24)]
        for name in self.names:
            norm = latest.get(name)
            text = "-" if norm is None else f"{norm:.4g}"
            flag = f"  <- {flags[name]}" if name in flags else ""
            lines.append(f"{name.ljust(width)}  {text}{flag}")
        return Table("\n".join(lines))

    def __repr__(self) -> str:
        return f"<GradientStats of {len(self.names)} tensors over {self.steps} backward passes>"
