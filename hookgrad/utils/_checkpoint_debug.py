"""``checkpoint(..., debug=True)``: when the recomputation does not match the forward, say
which ops ran each time and where from.

The ops are observed through hookgrad's op hook point (``hookgrad.autograd.graph.register_op_hook``)
while the forward and the recomputation run; the report lists them in order, each with the
user code lines that called it, and ends with the error itself."""
import contextlib
import os
import traceback

from ..autograd.graph import register_op_hook

_PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

REPORT = """An error happened while unpacking tensors; dumping logs of latest computation
because you passed `debug=True` to `torch.utils.checkpoint.checkpoint()`.

+------------------------------------------------------------------------------+
|        1. Operators that ran in the original forward, with their callers     |
+------------------------------------------------------------------------------+

{forward_traces}
+------------------------------------------------------------------------------+
|        2. Operators that ran during recomputation, with their callers        |
+------------------------------------------------------------------------------+

{recompute_traces}
+------------------------------------------------------------------------------+
 ERROR: Detected non-determinism while running activation checkpointing

 The tensors saved during the original forward differ from those saved during
 recomputation: different operators ran (compare the two lists above).
+------------------------------------------------------------------------------+
{error}"""


class _OpLog:
    """The ops run inside ``capture()`` (the latest run only), with their callers."""

    def __init__(self):
        self.entries = []

    @contextlib.contextmanager
    def capture(self):
        self.entries = []
        handle = register_op_hook(self._record)
        try:
            yield self
        finally:
            handle.remove()

    def _record(self, op, args, result):
        shapes = ", ".join(_describe(a) for a in args if hasattr(a, "_data"))
        callers = [f"{frame.filename}:{frame.lineno}:{frame.name}"
                   for frame in traceback.extract_stack()[:-2]
                   if not os.path.abspath(frame.filename).startswith(_PACKAGE)]
        self.entries.append((f"{op.op_name()}({shapes})", callers[-3:]))

    def report(self, label):
        total = len(self.entries)
        lines = []
        for index, (entry, callers) in enumerate(self.entries, 1):
            lines.append(f"{entry}   ({index} of {total} in {label})")
            lines.extend(callers)
            lines.append("")
        return "\n".join(lines) + "\n"


def _describe(tensor):
    data = tensor._data
    return f"{data.dtype.name}[{', '.join(map(str, data.shape))}]"


def debug_context_and_callback(error_class):
    """A ``context_fn`` logging the ops of the forward and of the recomputation, and the
    unpack error callback that reports them (raising ``error_class``)."""
    forward_log, recompute_log = _OpLog(), _OpLog()

    def context_fn():
        return forward_log.capture(), recompute_log.capture()

    def on_unpack_error(error):
        raise error_class(REPORT.format(forward_traces=forward_log.report("original"),
                                            recompute_traces=recompute_log.report("recompute"),
                                            error=error)) from error

    return context_fn, on_unpack_error
