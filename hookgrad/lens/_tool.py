"""The one lifecycle every lens tool shares, and the few engine facts the tools read.

A tool's hooks are live while it is open: from entering its ``with`` block (or calling
``open()``) until leaving it (or ``close()``), and they are removed on the way out even when
the block raises. Constructing a tool only checks its arguments and resolves its module
selection, so a bad name raises before anything is hooked and an unused tool hooks nothing.
A closed tool can be opened again; what it recorded stays readable after ``close()`` and
grows at the next ``open()``. Opening a tool that is already open raises RuntimeError.

This is the lifecycle of PyTorch's own scoped tools (``detect_anomaly``,
``saved_tensors_hooks``, the profiler's ``start()``/``stop()``): hooks that change or watch a
model exist only where the code says so."""
from __future__ import annotations

from .. import _C

# The op-level hook point, public in the graph layer: the one import of it in lens.
from ..autograd.graph import register_op_hook

__all__ = ["HandleList", "Tool", "backward_pass_id", "register_op_hook",
           "will_engine_run"]


class HandleList:
    """The removable handles of one tool.

    Hooks on the tensors or graph nodes of a forward pass die with that graph; their handles
    are dropped whenever the list has doubled since the last pruning, so a tool that hooks
    every batch keeps a list bounded by what is still alive."""

    __slots__ = ("_handles", "_prune_at")

    _MIN_PRUNE_AT = 64

    def __init__(self):
        self._handles: list = []
        self._prune_at = self._MIN_PRUNE_AT

    def add(self, handle):
        self._handles.append(handle)
        if len(self._handles) > self._prune_at:
            self._handles = [h for h in self._handles if h.hooks_dict_ref() is not None]
            self._prune_at = max(self._MIN_PRUNE_AT, 2 * len(self._handles))
        return handle

    def remove_all(self) -> None:
        for handle in self._handles:
            handle.remove()
        self._handles = []
        self._prune_at = self._MIN_PRUNE_AT

    def __len__(self) -> int:
        return len(self._handles)

    def __iter__(self):
        return iter(self._handles)


class Tool:
    """Base of the lens tools: ``open()`` / ``close()`` and the context manager, defined once.

    A subclass registers its hooks in ``_attach()``, adding each handle to ``self._handles``
    (hooks on modules, parameters and the global hook points, registered once per opening)
    or, from inside its hooks, to ``self._grad_handles`` (hooks on one forward's tensors and
    graph nodes, which fire during its backward). ``close()`` removes both; ``_detach()`` is
    for any other state to drop at close."""

    def __init__(self):
        self._handles = HandleList()
        self._grad_handles = HandleList()
        self._is_open = False

    def _attach(self) -> None:
        raise NotImplementedError

    def _detach(self) -> None:
        pass

    @property
    def is_open(self) -> bool:
        """Whether the hooks are live (inside ``with`` or between ``open()`` and ``close()``)."""
        return self._is_open

    def open(self):
        """Register the hooks; returns the tool, so ``stats = GradientStats(model).open()``."""
        if self._is_open:
            raise RuntimeError(f"this {type(self).__name__} is already open; close it first "
                               "(a tool cannot be entered twice at once)")
        self._is_open = True
        try:
            self._attach()
        except BaseException:
            self.close()  # nothing stays half-attached
            raise
        return self

    def close(self) -> None:
        """Remove every hook this tool added; what it recorded stays. Closing twice is fine."""
        self._handles.remove_all()
        self._grad_handles.remove_all()
        self._is_open = False
        self._detach()

    def __enter__(self):
        return self.open()

    def __exit__(self, exc_type, exc_value, traceback) -> bool:
        self.close()
        return False


# --------------------------------------------------------------------------- engine facts
# PyTorch exposes these two under the same names in torch._C; its own hook utilities
# (register_multi_grad_hook) are built on them.

def backward_pass_id() -> int:
    """An id of the backward pass running on this thread, -1 outside backward."""
    return _C._current_graph_task_id()


def will_engine_run(node) -> bool:
    """Whether the running backward pass will execute graph node ``node``."""
    return bool(_C._will_engine_execute_node(node))
