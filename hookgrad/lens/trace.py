"""Record every op a call executes, modules or not, under stable site names.

A site is ``<module path>/<op>#<k>``: the dotted name (from ``model.named_modules()``) of the
innermost module executing, the op's short name, and how many times that op already ran in
that module during the trace. Ops of the root module or of a plain function have an empty
module path and no slash: ``add#0``. A module called twice keeps counting (``fc/addmm#1``).

The module stack comes from a global forward pre-hook and an ``always_call`` global forward
hook; ops come from the op hook point (``register_op_hook``). Both exist only while tracing.
Ops run by a backward pass (backward formulas are ops too) are not recorded."""
from __future__ import annotations

import difflib
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import numpy as np

from .. import Tensor, from_numpy
from ..nn.modules.module import (
    Module,
    register_module_forward_hook,
    register_module_forward_pre_hook,
)
from ._table import Table
from ._tool import HandleList, Tool, backward_pass_id, register_op_hook

__all__ = ["OpRecord", "Trace", "trace"]


# --------------------------------------------------------------------------- site naming

class _ModuleStack:
    """The innermost executing module of ``model`` (by its dotted name), kept by global
    forward hooks while open. Modules outside ``model`` are transparent."""

    def __init__(self, model: Module, on_root_call: Callable[[], None] | None = None):
        self.model = model
        self.on_root_call = on_root_call
        self.names = {}
        for name, module in model.named_modules():
            self.names.setdefault(module, name)
        self.stack: list[tuple[Module, str | None]] = []

    def attach(self, handles: HandleList):
        """Register the two global module hooks, their handles into ``handles``."""
        self.stack.clear()
        handles.add(register_module_forward_pre_hook(self._enter))
        handles.add(register_module_forward_hook(self._exit, always_call=True))

    def _enter(self, module, args):
        if module is self.model and not self.stack and self.on_root_call is not None:
            self.on_root_call()
        self.stack.append((module, self.names.get(module)))

    def _exit(self, module, args, output):
        # Pop by identity: if a hook registered before ours raised, ours never pushed.
        stack = self.stack
        for i in range(len(stack) - 1, -1, -1):
            if stack[i][0] is module:
                del stack[i:]
                return

    def path(self) -> str:
        for _, name in reversed(self.stack):
            if name is not None:
                return name
        return ""


class SiteNamer:
    """Names each forward op ``<module path>/<op>#<k>``; shared by the lens tools so that
    a site found by one tool can be looked up in another. With ``per_call``, numbering
    restarts at every top-level call of ``model`` (one training step names its ops as the
    next one does)."""

    def __init__(self, model: Module | None = None, per_call: bool = False):
        self.counts: dict[tuple[str, str], int] = {}
        self.modules = None
        if isinstance(model, Module):
            self.modules = _ModuleStack(model, self.counts.clear if per_call else None)

    def attach(self, handles: HandleList):
        """Start following the module stack (a no-op without a model)."""
        if self.modules is not None:
            self.modules.attach(handles)

    def next(self, op: str) -> tuple[str, str, int]:
        """``(site, module path, k)`` for the next ``op`` in the current module."""
        path = self.modules.path() if self.modules is not None else ""
        key = (path, op)
        k = self.counts.get(key, 0)
        self.counts[key] = k + 1
        return site_name(path, op, k), path, k


def site_name(path: str, op: str, k: int) -> str:
    return f"{path}/{op}#{k}" if path else f"{op}#{k}"


def in_backward() -> bool:
    """Whether a backward pass is running on this thread (its formulas are ops too)."""
    return backward_pass_id() != -1


def format_shape(shape) -> str:
    return "[" + ", ".join(str(s) for s in shape) + "]"


def dtype_name(dtype) -> str:
    return str(dtype).replace("torch.", "")


# --------------------------------------------------------------------------- records

@dataclass
class OpRecord:
    """One op executed during a trace."""

    index: int                    # position in execution order
    site: str                     # "<module path>/<op>#<k>"
    module: str                   # dotted module path, "" for the root or a function
    op: str                       # op_class.op_name(): "add", "relu", "select", ...
    k: int                        # how many times ``op`` ran before in ``module``
    input_shapes: tuple           # shape of each tensor argument, in argument order
    input_dtypes: tuple
    input_sources: tuple          # per tensor argument: index of the producing record or None
    output_shape: Any             # a shape, or a tuple of shapes for multi-output ops
    output_dtype: Any             # a dtype, or a tuple of dtypes
    output: Any                   # detached copy of the output (a Tensor or tuple of Tensors)

    def describe_inputs(self) -> str:
        return ", ".join(format_shape(s) for s in self.input_shapes)

    def describe_output(self) -> str:
        if self.output_shape and isinstance(self.output_shape[0], tuple):
            return ", ".join(format_shape(s) for s in self.output_shape)
        return format_shape(self.output_shape)

    def describe_dtype(self) -> str:
        if isinstance(self.output_dtype, tuple):
            return ", ".join(dtype_name(d) for d in self.output_dtype)
        return dtype_name(self.output_dtype)


def _snapshot(t: Tensor) -> Tensor:
    """A detached copy, made with NumPy so that no op (and no op hook) runs."""
    return from_numpy(np.array(t.detach()._data, copy=True))  # (numpy() refuses bfloat16)


# --------------------------------------------------------------------------- the tracer

class Trace(Tool):
    """Every forward op run while open (``with Trace(model) as t: model(x)``, or ``open()``
    to ``close()``), or of one call through :func:`trace`. Opened again, it goes on
    recording and numbering (sites stay unique). After an error the records so far stay."""

    def __init__(self, model: Module | None = None):
        super().__init__()
        self.model = model
        self.records: list[OpRecord] = []
        self.output: Any = None
        self._by_site: dict[str, OpRecord] = {}
        self._namer = SiteNamer(model)  # kept across openings, so sites stay unique
        self._by_node: dict = {}   # grad_fn node -> record index (while open)
        self._by_id: dict = {}     # id(output tensor) -> record index (while open)
        self._alive: list = []     # keeps those outputs alive so their ids stay unique

    def _attach(self) -> None:
        self._namer.attach(self._handles)
        self._handles.add(register_op_hook(self._on_op))

    def _detach(self) -> None:
        self._by_node.clear()
        self._by_id.clear()
        self._alive.clear()

    # ---------------------------------------------------------------- recording
    def _on_op(self, op_class, args, result) -> None:
        if in_backward():
            return
        site, path, k = self._namer.next(op_class.op_name())
        shapes, dtypes, sources = [], [], []
        for a in args:
            if isinstance(a, Tensor):
                shapes.append(tuple(a.shape))
                dtypes.append(a.dtype)
                sources.append(self._producer(a))
        index = len(self.records)
        if isinstance(result, tuple):
            output = tuple(_snapshot(r) for r in result)
            out_shape = tuple(tuple(r.shape) for r in result)
            out_dtype = tuple(r.dtype for r in result)
            outputs = result
        else:
            output = _snapshot(result)
            out_shape, out_dtype = tuple(result.shape), result.dtype
            outputs = (result,)
        for r in outputs:
            self._by_id[id(r)] = index
            self._alive.append(r)
            node = r.grad_fn
            if node is not None:
                self._by_node[node] = index
        record = OpRecord(index, site, path, op_class.op_name(), k, tuple(shapes),
                          tuple(dtypes), tuple(sources), out_shape, out_dtype, output)
        self.records.append(record)
        self._by_site[site] = record

    def _producer(self, tensor: Tensor) -> int | None:
        # The grad_fn first: after an in-place op the tensor is the same object but its
        # history (and so its producer) is the in-place op's node.
        node = tensor.grad_fn
        nr = tensor.output_nr
        for _ in range(8):
            if node is None:
                break
            index = self._by_node.get(node)
            if index is not None:
                return index
            # Module backward hooks wrap tensors in an identity node: look through it.
            if node.name() != "BackwardHookFunctionBackward" or nr >= len(node.next_functions):
                break
            node, nr = node.next_functions[nr]
        return self._by_id.get(id(tensor))

    # ---------------------------------------------------------------- reading
    def __len__(self) -> int:
        return len(self.records)

    def __iter__(self) -> Iterator[OpRecord]:
        return iter(self.records)

    def __contains__(self, site: str) -> bool:
        return self._lookup(site) is not None

    def __getitem__(self, site: str):
        """The output (a detached copy) of the op at ``site``."""
        return self.record(site).output

    @property
    def sites(self) -> list[str]:
        return [r.site for r in self.records]

    def record(self, site: str) -> OpRecord:
        """The record of the op at ``site`` (``"fc1/addmm#0"``; ``"/add#0"`` = ``"add#0"``)."""
        record = self._lookup(site)
        if record is None:
            close = difflib.get_close_matches(str(site), self._by_site, n=3)
            hint = f"; did you mean {', '.join(map(repr, close))}?" if close else \
                f"; the trace has {len(self.records)} sites (see .sites)"
            raise KeyError(f"no op recorded at site {site!r}{hint}")
        return record

    def _lookup(self, site):
        if not isinstance(site, str):
            raise TypeError(f"a Trace is indexed by site name (str), got {type(site).__name__}; "
                            "use .records[i] for the i-th op")
        return self._by_site.get(site.removeprefix("/"))

    def summary(self) -> Table:
        """A table: one row per op, with its site, input shapes, output shape and dtype (a
        ``str`` that also shows as the table at the interactive prompt)."""
        header = ("#", "site", "inputs", "output", "dtype")
        rows = [(str(r.index), r.site, r.describe_inputs(), r.describe_output(),
                 r.describe_dtype()) for r in self.records]
        widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header))]

        def line(row):
            return "  ".join(cell.ljust(width) for cell, width in zip(row, widths)).rstrip()

        modules = len({r.module for r in self.records})
        out = [line(header), line(tuple("-" * w for w in widths))]
        out += [line(row) for row in rows]
        out.append(f"{len(self.records)} ops in {modules} module path(s)")
        return Table("\n".join(out))

    def to_dot(self, name: str = "trace") -> str:
        """Graphviz DOT text: one node per op (site and shapes), an edge from the op that
        produced a tensor to each op that consumed it, one nested cluster per module."""
        lines = [f"digraph {_quote(name)} {{", "  rankdir=TB;",
                 '  node [shape=box, fontname="monospace", fontsize=10];']
        by_path: dict[str, list[OpRecord]] = {}
        for r in self.records:
            by_path.setdefault(r.module, []).append(r)
        children: dict[str, list[str]] = {}
        for path in sorted(_with_ancestors(by_path)):
            if path:
                parent = path.rpartition(".")[0]
                children.setdefault(parent, []).append(path)
        clusters = iter(range(len(by_path) + len(children) + 1))

        def emit(path, indent):
            pad = "  " * indent
            for r in by_path.get(path, ()):
                label = f"{r.site}\\n{r.describe_inputs()} -> {r.describe_output()}"
                lines.append(f"{pad}op{r.index} [label={_quote(label, escaped_newlines=True)}];")
            for child in children.get(path, ()):
                lines.append(f"{pad}subgraph cluster_{next(clusters)} {{")
                lines.append(f"{pad}  label={_quote(child)};")
                emit(child, indent + 1)
                lines.append(f"{pad}}}")

        emit("", 1)
        for r in self.records:
            seen = set()
            for source in r.input_sources:
                if source is not None and source not in seen:
                    seen.add(source)
                    lines.append(f"  op{source} -> op{r.index};")
        lines.append("}")
        return "\n".join(lines) + "\n"

    def __repr__(self) -> str:
        return f"<Trace of {len(self.records)} ops>"


def _with_ancestors(paths) -> set[str]:
    result = set()
    for path in paths:
        parts = path.split(".") if path else []
        for i in range(1, len(parts) + 1):
            result.add(".".join(parts[:i]))
    return result


def _quote(text: str, escaped_newlines: bool = False) -> str:
    """A DOT double-quoted string. With ``escaped_newlines``, ``\\n`` sequences already in
    ``text`` are kept as DOT line breaks."""
    if escaped_newlines:
        parts = text.split("\\n")
        return '"' + "\\n".join(p.replace("\\", "\\\\").replace('"', '\\"') for p in parts) + '"'
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def trace(model_or_fn: Callable, *args, **kwargs) -> Trace:
    """Call ``model_or_fn(*args, **kwargs)`` and return the :class:`Trace` of every op it ran;
    ``.output`` is the call's return value. Module paths come from ``named_modules()`` when
    ``model_or_fn`` is a Module; a plain function's ops all have the empty module path."""
    model = model_or_fn if isinstance(model_or_fn, Module) else None
    with Trace(model) as recorded:
        recorded.output = model_or_fn(*args, **kwargs)
    return recorded
