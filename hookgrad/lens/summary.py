"""summary(model, *inputs): a torchinfo-style table of every module call in one forward."""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial
from typing import Any

from .. import no_grad
from ..nn.modules.module import Module
from ._tool import Tool
from .capture import iter_tensors

__all__ = ["Summary", "SummaryRow", "summary"]


@dataclass
class SummaryRow:
    """One module call (or one module that never ran, with ``called=False``)."""

    name: str
    type: str
    depth: int
    input_shapes: list = field(default_factory=list)
    output_shapes: list = field(default_factory=list)
    params: int = 0
    trainable_params: int = 0
    recursive: bool = False  # a second call of a module: its parameters are counted once
    called: bool = True

    @property
    def trainable(self):
        """True, False, ``"partial"``, or None for a module without parameters."""
        if not self.params:
            return None
        if self.trainable_params == self.params:
            return True
        return "partial" if self.trainable_params else False


def _shapes(obj):
    return [list(t.shape) for t in iter_tensors(obj)]


def _count(params):
    unique = {id(p): p for p in params}.values()
    return (sum(p.numel() for p in unique),
            sum(p.numel() for p in unique if p.requires_grad))


class Summary:
    """``str()`` is the table; ``rows`` the rows shown; totals count each parameter once.

    At the depth limit a row's parameter count includes its hidden descendants', so the
    column adds up to the total."""

    def __init__(self, model, rows):
        self.model_name = type(model).__name__
        self.rows = rows
        self.total_params, self.trainable_params = _count(model.parameters())
        self.non_trainable_params = self.total_params - self.trainable_params
        self.params_bytes = sum(p.numel() * p.element_size()
                                for p in {id(p): p for p in model.parameters()}.values())

    def __str__(self):
        def shapes(row, value):
            if not row.called:
                return "--"
            return ", ".join(str(s) for s in value) or "--"

        def params(row):
            if row.recursive:
                return "(recursive)"
            return f"{row.params:,}" if row.params else "--"

        header = ("Layer (path)", "Type", "Input shape", "Output shape", "Param #", "Trainable")
        table = [header] + [("  " * row.depth + (row.name or self.model_name), row.type,
                             shapes(row, row.input_shapes), shapes(row, row.output_shapes),
                             params(row), "--" if row.trainable is None else str(row.trainable))
                            for row in self.rows]
        widths = [max(len(line[i]) for line in table) for i in range(len(header))]
        text = ["   ".join(cell.ljust(w) if i < 4 else cell.rjust(w)
                           for i, (cell, w) in enumerate(zip(line, widths))).rstrip()
                for line in table]
        rule = "=" * max(len(line) for line in text)
        return "\n".join([rule, text[0], rule, *text[1:], rule,
                          f"Total params: {self.total_params:,}",
                          f"Trainable params: {self.trainable_params:,}",
                          f"Non-trainable params: {self.non_trainable_params:,}",
                          f"Params size (MB): {self.params_bytes / 1e6:.2f}", rule])

    __repr__ = __str__


def _depth(name):
    return 0 if not name else name.count(".") + 1


class _CallRecorder(Tool):
    """A row per module call, in call order; each row gets its output shapes on return."""

    def __init__(self, named: list[tuple[str, Module]]):
        super().__init__()
        self._named = named
        self.calls: list[SummaryRow] = []
        self.seen: set[int] = set()
        self._stack: list[SummaryRow] = []

    def _attach(self) -> None:
        for name, module in self._named:
            self._handles.add(module.register_forward_pre_hook(partial(self._on_call, name)))
            self._handles.add(module.register_forward_hook(self._on_output))

    def _on_call(self, name, module, args):
        row = SummaryRow(name, type(module).__name__, _depth(name), _shapes(args),
                         recursive=id(module) in self.seen)
        self.seen.add(id(module))
        self.calls.append(row)
        self._stack.append(row)

    def _on_output(self, module, args, output):
        self._stack.pop().output_shapes = _shapes(output)


def summary(model: Module, *inputs: Any, depth: int | None = None, **kwargs: Any) -> Summary:
    """Run ``model(*inputs, **kwargs)`` once, in eval mode under no_grad, and tabulate it.

    Rows follow the order of calls (a parent before its children); modules that never ran
    follow their parent's rows. ``depth`` hides rows deeper than it (the root is depth 0).
    Every module's training flag is restored afterwards."""
    named = list(model.named_modules())
    recorder = _CallRecorder(named)
    modes = [(module, module.training) for _, module in named]
    try:
        model.eval()
        with recorder, no_grad():
            model(*inputs, **kwargs)
    finally:
        for module, training in modes:
            module.training = training

    calls, seen = recorder.calls, recorder.seen
    for name, module in named:  # modules that never ran go after their parent's rows
        if id(module) not in seen:
            parent = name.rpartition(".")[0]
            at = max((i + 1 for i, row in enumerate(calls)
                      if not parent or row.name == parent or row.name.startswith(parent + ".")),
                     default=len(calls))
            calls.insert(at, SummaryRow(name, type(module).__name__, _depth(name), called=False))
    modules = dict(named)
    rows = [row for row in calls if depth is None or row.depth <= depth]
    for row in rows:
        if not row.recursive:
            module = modules[row.name]
            row.params, row.trainable_params = _count(
                module.parameters(recurse=row.depth == depth))
    return Summary(model, rows)
