"""Stop at the first op that turns finite values into NaN or Inf, in forward or in backward.

Forward: every op's output is checked through the op hook point; an op is blamed only when
all its tensor inputs were finite (so a NaN is reported once, where it appears, not at every
op it flows through). Backward: a post-hook on each graph node created inside the block
blames the node when its incoming gradients were finite and a gradient it produced is not.
Sites are named as in :mod:`hookgrad.lens.trace` (``fc2/log#0``); the numbering restarts at
every call of ``model``, so a site names the same op in every training step.

Only graphs recorded inside the block are watched, so call ``backward()`` inside it too::

    with lens.detect_nonfinite(model):
        loss = criterion(model(x), y)
        loss.backward()
"""
from __future__ import annotations

import numpy as np

from .. import Tensor
from ..nn.modules.module import Module
from ._tool import Tool, register_op_hook
from .trace import SiteNamer, dtype_name, format_shape, in_backward

__all__ = ["NonFiniteDetector", "NonFiniteError", "detect_nonfinite"]


class NonFiniteError(RuntimeError):
    """An op produced NaN or Inf from finite inputs; ``.site``, ``.op``, ``.module`` and
    ``.phase`` (``"forward"`` or ``"backward"``) say where."""

    def __init__(self, message: str, *, site: str, op: str, module: str, phase: str):
        super().__init__(message)
        self.site = site
        self.op = op
        self.module = module
        self.phase = phase


def _is_finite(data: np.ndarray) -> bool:
    # Integer and bool tensors are always finite; only inexact dtypes are scanned.
    return data.dtype.kind not in "fcV" or bool(np.isfinite(data).all())


def _values(tensor: Tensor) -> np.ndarray:
    return tensor.detach()._data  # (not numpy(), which refuses bfloat16 as PyTorch does)


def _describe_bad(data: np.ndarray) -> str:
    nan = int(np.isnan(data).sum())
    inf = int(np.isinf(data).sum())
    kinds = [f"{count} {name}" for count, name in ((nan, "NaN"), (inf, "Inf")) if count]
    return (f"{' and '.join(kinds)} of {data.size} element(s) in a tensor of shape "
            f"{format_shape(data.shape)} ({dtype_name(data.dtype)})")


def _where(site: str, op: str, module: str) -> str:
    place = f" in module '{module}'" if module else ""
    return f"op '{op}'{place} (site '{site}')"


class _BackwardCheck:
    """Node post-hook: blame this node if it made finite gradients non-finite."""

    __slots__ = ("module", "op", "site")

    def __init__(self, site, op, module):
        self.site = site
        self.op = op
        self.module = module

    def __call__(self, grad_inputs, grad_outputs):
        for grad in grad_outputs:
            if grad is not None and not _is_finite(_values(grad)):
                return  # already non-finite when it reached this node
        for i, grad in enumerate(grad_inputs):
            if grad is not None and not _is_finite(_values(grad)):
                raise NonFiniteError(
                    f"detect_nonfinite: the backward of {_where(self.site, self.op, self.module)}"
                    f" produced {_describe_bad(_values(grad))} as the gradient of its input {i}, "
                    "from finite incoming gradients.",
                    site=self.site, op=self.op, module=self.module, phase="backward")
        return


class NonFiniteDetector(Tool):
    """Raise :class:`NonFiniteError` at the first op that turns finite inputs into NaN/Inf,
    in forward or backward, while open. Made by :func:`detect_nonfinite`. ``model`` names
    the module paths of sites; without it every site is just ``<op>#<k>``."""

    def __init__(self, model: Module | None = None):
        super().__init__()
        if model is not None and not isinstance(model, Module):
            raise TypeError(f"detect_nonfinite(model) expects an nn.Module or None, got "
                            f"{type(model).__name__}")
        self.model = model
        self._namer: SiteNamer | None = None

    def _attach(self) -> None:
        self._namer = SiteNamer(self.model, per_call=True)
        self._namer.attach(self._handles)
        self._handles.add(register_op_hook(self._on_op))

    def _on_op(self, op_class, args, result) -> None:
        if in_backward():
            return  # backward formulas are checked per node, by _BackwardCheck
        op = op_class.op_name()
        site, module, _ = self._namer.next(op)
        outputs = result if isinstance(result, tuple) else (result,)
        for out in outputs:
            if not _is_finite(_values(out)):
                self._check_forward(site, op, module, args, out)
        node = next((out.grad_fn for out in outputs if out.grad_fn is not None), None)
        if node is not None:
            self._grad_handles.add(node.register_hook(_BackwardCheck(site, op, module)))

    def _check_forward(self, site, op, module, args, out) -> None:
        inputs = [a for a in args if isinstance(a, Tensor)]
        scalars = [a for a in args if isinstance(a, float)]
        if all(_is_finite(_values(a)) for a in inputs) and all(np.isfinite(scalars)):
            shapes = ", ".join(format_shape(a.shape) for a in inputs) or "none"
            raise NonFiniteError(
                f"detect_nonfinite: the forward of {_where(site, op, module)} produced "
                f"{_describe_bad(_values(out))} from finite inputs (tensor shapes: {shapes}).",
                site=site, op=op, module=module, phase="forward")


def detect_nonfinite(model: Module | None = None) -> NonFiniteDetector:
    """``with detect_nonfinite(model): ...``: a :class:`NonFiniteDetector`."""
    return NonFiniteDetector(model)
