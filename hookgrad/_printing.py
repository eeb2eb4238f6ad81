"""Tensor repr/str, character for character what PyTorch prints for a CPU tensor."""

from __future__ import annotations

import contextlib
import dataclasses
import math
from collections.abc import Iterator
from typing import Any

import numpy as np

from ._dtype import get_default_complex_dtype, get_default_dtype

# Besides the default floating dtype (and its complex one), the dtypes that literals infer go
# unnamed on a non-empty tensor (PyTorch's `has_default_dtype`).
_LITERAL_DTYPES = (np.dtype(np.int64), np.dtype(np.bool_))


@dataclasses.dataclass
class PrintOptions:
    precision: int = 4
    threshold: float = 1000
    edgeitems: int = 3
    linewidth: int = 80
    sci_mode: bool | None = None


PRINT_OPTS = PrintOptions()

_PROFILES = {
    "default": dict(precision=4, threshold=1000, edgeitems=3, linewidth=80),
    "short": dict(precision=2, threshold=1000, edgeitems=2, linewidth=80),
    "full": dict(precision=4, threshold=math.inf, edgeitems=3, linewidth=80),
}


def set_printoptions(
    precision: int | None = None,
    threshold: float | None = None,
    edgeitems: int | None = None,
    linewidth: int | None = None,
    profile: str | None = None,
    sci_mode: bool | None = None,
) -> None:
    """Set options for printing tensors.

    As in PyTorch, `sci_mode` is always assigned, so omitting it restores automatic choice.
    """
    if profile in _PROFILES:
        for name, value in _PROFILES[profile].items():
            setattr(PRINT_OPTS, name, value)
    given = dict(precision=precision, threshold=threshold, edgeitems=edgeitems,
                 linewidth=linewidth)
    for name, value in given.items():
        if value is not None:
            setattr(PRINT_OPTS, name, value)
    PRINT_OPTS.sci_mode = sci_mode


def get_printoptions() -> dict[str, Any]:
    """Return the current options as keyword arguments for `set_printoptions`."""
    return dataclasses.asdict(PRINT_OPTS)


@contextlib.contextmanager
def printoptions(**kwargs: Any) -> Iterator[None]:
    """Change the print options inside a `with` block only."""
    saved = get_printoptions()
    set_printoptions(**kwargs)
    try:
        yield
    finally:
        set_printoptions(**saved)


class _Formatter:
    """Choose one notation and one column width for all printed elements of a tensor."""

    def __init__(self, values: np.ndarray) -> None:
        self.is_float = values.dtype.kind in "fV"
        self.int_mode = True  # floats that are all whole numbers print as `3.`
        self.sci_mode = False
        self.width = 1
        if values.size == 0:
            return
        if not self.is_float:
            # str() length grows with magnitude, so the extremes give the widest element;
            # for bool, min is False (5 chars) whenever one is present.
            self.width = max(len(str(v)) for v in (values.min().item(), values.max().item()))
            return

        finite = values[np.isfinite(values) & (values != 0)]
        if finite.size == 0:
            return  # only zeros and non-finite values: printed as `0.`, `nan`, `inf`
        # Decide in float64, as PyTorch does: float16 would overflow computing the ratio.
        magnitudes = np.abs(finite).astype(np.float64)
        smallest, largest = float(magnitudes.min()), float(magnitudes.max())
        self.int_mode = bool(np.all(finite == np.ceil(finite)))
        if PRINT_OPTS.sci_mode is None:
            self.sci_mode = largest / smallest > 1000.0 or largest > 1.0e8 or smallest < 1.0e-4
        else:
            self.sci_mode = PRINT_OPTS.sci_mode

        # Rounded decimal text is monotonic in magnitude, so the widest element is among the
        # largest and smallest magnitudes of each sign (the smallest matters for e-05 vs e-100).
        candidates = []
        for same_sign in (finite[finite > 0], finite[finite < 0]):
            if same_sign.size:
                candidates += [same_sign.min().item(), same_sign.max().item()]
        if self.sci_mode:
            self.width = max(len(f"{v:.{PRINT_OPTS.precision}e}") for v in candidates)
        elif self.int_mode:
            # +1 for the trailing "." that marks a whole-valued float.
            self.width = max(len(f"{v:.0f}") + 1 for v in candidates)
        else:
            self.width = max(len(f"{v:.{PRINT_OPTS.precision}f}") for v in candidates)

    def format(self, value: Any) -> str:
        if not self.is_float:
            text = str(value)
        elif self.sci_mode:
            text = f"{value:.{PRINT_OPTS.precision}e}"
        elif self.int_mode:
            text = f"{value:.0f}"
            if math.isfinite(value):
                text += "."
        else:
            text = f"{value:.{PRINT_OPTS.precision}f}"
        # Non-finite values were left out of the width, so they may overflow the column.
        return text.rjust(self.width)


class _ComplexFormatter:
    """A complex element as PyTorch prints it: the real part in its column, then the imaginary
    part (formatted on its own, its padding dropped) with its sign and a ``j``."""

    def __init__(self, values: np.ndarray) -> None:
        self.real = _Formatter(values.real)
        self.imag = _Formatter(values.imag)
        self.width = self.real.width + self.imag.width + 1  # (+1 for the "j")

    def format(self, value: Any) -> str:
        value = complex(value)
        imag = (self.imag.format(value.imag) + "j").lstrip()
        if imag[0] not in "+-":
            imag = "+" + imag
        return self.real.format(value.real) + imag


def _edges(data: np.ndarray) -> np.ndarray:
    """The elements a summarized print shows: `edgeitems` from each end of every long axis."""
    edge = PRINT_OPTS.edgeitems
    for axis, size in enumerate(data.shape):
        if size > 2 * edge:
            kept = np.r_[0:edge, size - edge:size]
            data = np.take(data, kept, axis=axis)
    return data


def _vector_str(data: np.ndarray, indent: int, summarize: bool, formatter: Any) -> str:
    edge = PRINT_OPTS.edgeitems
    if summarize and not edge:
        items = ["..."]
    elif summarize and data.shape[0] > 2 * edge:
        items = ([formatter.format(v) for v in data[:edge].tolist()] + [" ..."]
                 + [formatter.format(v) for v in data[-edge:].tolist()])
    else:
        items = [formatter.format(v) for v in data.tolist()]

    # Each element takes its column width plus ", ".
    per_line = max(1, math.floor((PRINT_OPTS.linewidth - indent) / (formatter.width + 2)))
    lines = [", ".join(items[i:i + per_line]) for i in range(0, len(items), per_line)]
    return "[" + (",\n" + " " * (indent + 1)).join(lines) + "]"


def _nested_str(data: np.ndarray, indent: int, summarize: bool, formatter: Any) -> str:
    if data.ndim == 0:
        return formatter.format(data.item())
    if data.ndim == 1:
        return _vector_str(data, indent, summarize, formatter)

    edge, size = PRINT_OPTS.edgeitems, data.shape[0]
    if summarize and size > 2 * edge:
        shown = [*range(edge), None, *range(size - edge, size)]  # None marks the "..." row
    else:
        shown = list(range(size))
    blocks = ["..." if i is None else _nested_str(data[i], indent + 1, summarize, formatter)
              for i in shown]
    # Blocks of a k-d tensor are separated by k-2 blank lines.
    return "[" + ("," + "\n" * (data.ndim - 1) + " " * (indent + 1)).join(blocks) + "]"


def tensor_str(data: np.ndarray, indent: int) -> str:
    """The bracketed contents of a tensor, continuation lines indented by `indent`."""
    if data.size == 0:
        return "[]"
    summarize = data.size > PRINT_OPTS.threshold
    shown = _edges(data) if summarize else data
    formatter = _ComplexFormatter(shown) if data.dtype.kind == "c" else _Formatter(shown)
    return _nested_str(data, indent, summarize, formatter)


def _add_suffixes(text: str, suffixes: list[str], indent: int) -> str:
    """Append `, name=value` suffixes, each moved to its own line if it would pass linewidth."""
    parts = [text]
    # PyTorch's measure, kept for identical wrapping: the last line's length plus 2.
    line_len = len(text) - text.rfind("\n") + 1
    for suffix in suffixes:
        if line_len + len(suffix) + 2 > PRINT_OPTS.linewidth:
            parts.append(",\n" + " " * indent + suffix)
            line_len = indent + len(suffix)
        else:
            parts.append(", " + suffix)
            line_len += len(suffix) + 2
    parts.append(")")
    return "".join(parts)


def tensor_repr(t: Any) -> str:
    """PyTorch's `repr(tensor)` for `t._data` with `t.grad_fn` and `t.requires_grad`."""
    data: np.ndarray = t._data
    prefix = "tensor("
    indent = len(prefix)
    suffixes = []
    dtype_suffix = f"dtype=torch.{data.dtype.name}"
    default_dtype = get_default_dtype().np_dtype
    if data.size == 0:
        # Nothing to infer the dtype from, so only the default floating dtype goes unnamed;
        # the shape is shown unless it is the (0,) that `tensor([])` implies.
        if data.ndim != 1:
            suffixes.append(f"size={tuple(data.shape)}")
        if data.dtype != default_dtype:
            suffixes.append(dtype_suffix)
    else:
        # edgeitems=0 summarizes to "[...]"; PyTorch then names the shape, even unsummarized.
        if not PRINT_OPTS.edgeitems:
            suffixes.append(f"size={tuple(data.shape)}")
        if data.dtype != default_dtype and data.dtype not in _LITERAL_DTYPES and \
                data.dtype != get_default_complex_dtype().np_dtype:
            suffixes.append(dtype_suffix)
    contents = tensor_str(data, indent)

    try:
        grad_fn = t.grad_fn
    except RuntimeError:  # a view whose grad_fn cannot be rebuilt after an in-place write
        suffixes.append("grad_fn=<Invalid>")
        return _add_suffixes(prefix + contents, suffixes, indent)
    if grad_fn is not None:
        # (the class name: C++-named nodes print without their "torch::autograd::")
        suffixes.append(f"grad_fn=<{grad_fn.name().rpartition('::')[2]}>")
    elif t.requires_grad:
        suffixes.append("requires_grad=True")
    return _add_suffixes(prefix + contents, suffixes, indent)
