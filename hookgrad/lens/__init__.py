"""hookgrad.lens: tools built on the public hook API, on one lifecycle.

A tool's hooks are live inside its ``with`` block, or between ``open()`` and ``close()``,
and are removed on the way out even when the block raises; constructing a tool hooks
nothing, and a closed tool can be opened again (see ``_tool.py``). Every tool selects
modules the same way (``select_modules``): a dotted name, an ``fnmatch`` glob, a Module
class, a submodule, a predicate ``(name, module) -> bool``, or a list of these. Classes are
CapWords; the lowercase names are the functions that make or run them.
"""
from . import plot  # matplotlib is imported only when a plot is drawn
from ._select import UnknownNameError, select_modules
from .capture import Cache, capture, run_with_cache
from .features import FeatureExtractor
from .gradients import GradientClipper, GradientStats, clip_gradients
from .interventions import Hooks, hooks
from .nonfinite import NonFiniteDetector, NonFiniteError, detect_nonfinite
from .summary import Summary, SummaryRow, summary
from .trace import Trace, trace

__all__ = ["plot", "capture", "run_with_cache", "Cache", "FeatureExtractor", "hooks", "Hooks",
           "summary", "Summary", "SummaryRow", "trace", "Trace", "clip_gradients",
           "GradientClipper", "GradientStats", "detect_nonfinite", "NonFiniteDetector",
           "NonFiniteError", "select_modules", "UnknownNameError"]
