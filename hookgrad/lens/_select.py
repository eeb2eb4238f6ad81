"""Choosing modules by name, glob, class, instance or predicate: the one selector of every
tool."""
from __future__ import annotations

import difflib
import fnmatch
from collections.abc import Callable
from typing import Any

from ..nn.modules.module import Module

__all__ = ["select_modules", "UnknownNameError", "unknown_name"]

# What every tool's ``names`` / ``layers`` / selector argument accepts.
Selector = None | str | type | Module | Callable[[str, Module], bool] | list | tuple

_GLOB_CHARS = frozenset("*?[")


class UnknownNameError(KeyError):
    """A KeyError whose message prints as written (KeyError would quote it)."""

    def __str__(self):
        return str(self.args[0]) if self.args else ""


def _quoted(names, limit=12):
    shown = ", ".join(repr(n) for n in names[:limit])
    return shown + (f", ... (+{len(names) - limit} more)" if len(names) > limit else "")


def unknown_name(name: str, available: Any, where: str) -> UnknownNameError:
    """The error for a name that is not in ``available``, naming the closest real names."""
    available = list(available)
    # A bare last component ("attn") most likely means the dotted names that end with it.
    suffix = [n for n in available if n.endswith("." + name)]
    close = suffix[:3] + [n for n in difflib.get_close_matches(name, available, n=3, cutoff=0.6)
                          if n not in suffix]
    if close:
        return UnknownNameError(f"{where} has no {name!r}; did you mean {_quoted(close)}?")
    if not available:
        return UnknownNameError(f"{where} has no {name!r}; it is empty")
    return UnknownNameError(f"{where} has no {name!r}; it has {_quoted(available)}")


def _model_label(model):
    return f"model {type(model).__name__}"


def _match(model, named, item):
    """The (name, module) pairs of ``named`` that one selector item picks, in model order."""
    if isinstance(item, str):
        if _GLOB_CHARS.isdisjoint(item):
            for name, module in named:
                if name == item:
                    return [(name, module)]
            raise unknown_name(item, [n for n, _ in named], _model_label(model))
        found = [(n, m) for n, m in named if fnmatch.fnmatchcase(n, item)]
        if not found:
            raise UnknownNameError(f"{item!r} matched no module of {_model_label(model)}; "
                                   f"its modules are {_quoted([n for n, _ in named])}")
        return found
    if isinstance(item, type) or (isinstance(item, tuple) and item
                                   and all(isinstance(c, type) for c in item)):
        found = [(n, m) for n, m in named if isinstance(m, item)]
        if not found:
            kinds = sorted({type(m).__name__ for _, m in named})
            label = item.__name__ if isinstance(item, type) else str([c.__name__ for c in item])
            raise UnknownNameError(f"{_model_label(model)} has no module of type {label}; "
                                   f"its module types are {_quoted(kinds)}")
        return found
    if isinstance(item, Module):
        for name, module in named:
            if module is item:
                return [(name, module)]
        raise UnknownNameError(f"the {type(item).__name__} given is not a submodule of "
                               f"{_model_label(model)}")
    if callable(item):
        found = [(n, m) for n, m in named if item(n, m)]
        if not found:
            raise UnknownNameError(f"the predicate {item!r} selected no module of "
                                   f"{_model_label(model)}")
        return found
    raise TypeError("a module selector is a name or glob (str), a Module class, a Module, a "
                    f"predicate (name, module) -> bool, or a list of these; got {item!r}")


def select_modules(model: Module, names: Selector = None) -> list[tuple[str, Module]]:
    """``[(dotted_name, module)]`` for the modules of ``model`` that ``names`` selects.

    ``names`` is None (every module, the root included under ``""``), a dotted name, an
    ``fnmatch`` glob on dotted names (``"layers.*.attn"``), a Module class (or tuple of
    classes), a submodule instance, a predicate ``(name, module) -> bool``, or a list of
    these (their union, in list order, without repeats). Selecting nothing raises KeyError."""
    named = list(model.named_modules())
    if names is None:
        return named
    if not isinstance(names, (list, tuple)) or (
            isinstance(names, tuple) and names and all(isinstance(c, type) for c in names)):
        return _match(model, named, names)
    selected, seen = [], set()
    for item in names:
        for name, module in _match(model, named, item):
            if name not in seen:
                seen.add(name)
                selected.append((name, module))
    if not selected:
        raise UnknownNameError(f"an empty selection picks no module of {_model_label(model)}")
    return selected
