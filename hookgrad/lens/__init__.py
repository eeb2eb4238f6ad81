"""hookgrad.lens: tools built on the public hook API, each removing its hooks on exit.

Every tool selects modules the same way (``select_modules``): a dotted name, an ``fnmatch``
glob, a Module class, a submodule, a predicate ``(name, module) -> bool``, or a list of these.
"""
from ._select import UnknownNameError, select_modules
from .capture import Cache, capture, run_with_cache
from .features import FeatureExtractor
from .gradients import GradientStats, clip_gradients
from .interventions import Hooks, hooks
from .nonfinite import NonFiniteError, detect_nonfinite
from .summary import Summary, SummaryRow, summary
from .trace import Trace, trace

from . import plot  # noqa: E402  (matplotlib is imported only when a plot is drawn)

__all__ = ["plot", "capture", "run_with_cache", "Cache", "FeatureExtractor", "hooks", "Hooks",
           "summary", "Summary", "SummaryRow", "trace", "Trace", "clip_gradients",
           "GradientStats", "detect_nonfinite", "NonFiniteError", "select_modules",
           "UnknownNameError"]
