"""Figures of what the lens tools record: feature maps, gradient flow, activation histograms.

Needs matplotlib (``pip install 'hookgrad[viz]'``), imported on first use. Each function
returns a ``matplotlib.figure.Figure`` drawn on an Agg canvas without touching pyplot, so it
neither changes the active backend nor stays alive in pyplot's figure list: save it with
``fig.savefig("x.png")``, or let Jupyter display it."""
from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import numpy as np

from .capture import iter_tensors

if TYPE_CHECKING:
    from matplotlib.figure import Figure

    from .gradients import GradientStats

__all__ = ["feature_maps", "grad_flow", "histograms"]

VIZ_HINT = "pip install 'hookgrad[viz]'"


def new_figure(**kwargs: Any) -> Figure:
    """A Figure with its own Agg canvas (the one import of matplotlib in hookgrad)."""
    try:
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure
    except ImportError as error:
        raise ImportError(f"hookgrad.lens.plot needs matplotlib: {VIZ_HINT}") from error
    figure = Figure(**kwargs)
    FigureCanvasAgg(figure)
    return figure


def _grid(count: int, max_columns: int) -> tuple[int, int]:
    columns = min(count, max_columns)
    return math.ceil(count / columns), columns


def feature_maps(tensor: Any, *, max_maps: int = 16, title: str | None = None) -> Figure:
    """One image per channel of a (C, H, W) or (1, C, H, W) activation (the first
    ``max_maps`` channels), on one shared colour scale so weak channels look weak."""
    maps = np.asarray(tensor, dtype=np.float64)
    if maps.ndim == 4 and maps.shape[0] == 1:
        maps = maps[0]
    if maps.ndim != 3:
        raise ValueError(f"feature_maps expects a (C, H, W) or (1, C, H, W) activation, got "
                         f"shape {tuple(np.shape(tensor))}; index one sample of a batch")
    if max_maps < 1:
        raise ValueError(f"max_maps must be at least 1, got {max_maps}")
    maps = maps[:max_maps]
    rows, columns = _grid(len(maps), math.ceil(math.sqrt(len(maps))))
    size = (max(1.4 * columns + 0.4, 2.4), 1.4 * rows + (0.5 if title else 0.2))
    figure = new_figure(figsize=size, layout="constrained")
    low, high = float(maps.min()), float(maps.max())
    for index, image in enumerate(maps):
        axes = figure.add_subplot(rows, columns, index + 1)
        axes.imshow(image, cmap="viridis", vmin=low, vmax=high if high > low else low + 1)
        if len(maps) > 1:
            axes.set_title(f"ch {index}", fontsize=8)
        axes.set_axis_off()
    if title:
        figure.suptitle(title, fontsize=10)
    return figure


def _running_mean(values: np.ndarray, window: int) -> np.ndarray:
    """Mean of the finite values among the last ``window`` (NaN where there are none)."""
    finite = np.isfinite(values)
    sums = np.cumsum(np.where(finite, values, 0.0))
    counts = np.cumsum(finite)
    sums[window:] = sums[window:] - sums[:-window]
    counts[window:] = counts[window:] - counts[:-window]
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(counts > 0, sums / counts, np.nan)


def grad_flow(stats: GradientStats, names: list[str] | None = None) -> Figure:
    """Gradient norm per name of a ``GradientStats``: mean and max over all recorded backward
    passes (left), and each name's norm pass by pass (right; a running mean over 1/50 of the
    passes, so trends show through batch noise), both on a log scale.

    ``names`` defaults to every name that received a gradient, in ``stats.names`` order."""
    history = stats.history
    if not stats.steps:
        raise ValueError("grad_flow: the GradientStats has recorded no backward pass yet")
    if names is None:
        names = [name for name in stats.names if any(v is not None for v in history[name])]
    unknown = [name for name in names if name not in history]
    if unknown:
        raise KeyError(f"grad_flow: not recorded by this GradientStats: {unknown}; "
                       f"recorded: {stats.names}")
    # A pass that did not reach a name is NaN: a gap in its line, left out of its mean and max.
    norms = {name: np.array([np.nan if v is None else v for v in history[name]], dtype=float)
             for name in names}
    figure = new_figure(figsize=(11, 4.2), layout="constrained")
    bars, lines = figure.subplots(1, 2, width_ratios=[1, 1.4])
    positions = np.arange(len(names))
    bars.bar(positions, [np.nanmax(norms[n]) for n in names], color="#9ecae1", label="max")
    bars.bar(positions, [np.nanmean(norms[n]) for n in names], color="#3182bd", label="mean")
    bars.set_xticks(positions, names, rotation=60, ha="right", fontsize=8)
    bars.set_yscale("log")
    bars.set_ylabel("gradient L2 norm")
    bars.set_title("per tensor, over all passes")
    bars.legend(fontsize=8)
    window = max(1, stats.steps // 50)
    for name in names:
        lines.plot(np.arange(1, stats.steps + 1), _running_mean(norms[name], window),
                   linewidth=1, label=name)
    lines.set_yscale("log")
    lines.set_xlabel("backward pass")
    lines.set_title("pass by pass" + (f" (running mean of {window})" if window > 1 else ""))
    lines.legend(fontsize=7, ncol=2 if len(names) > 6 else 1)
    return figure


def histograms(cache: Any, names: list[str] | None = None, bins: int = 50) -> Figure:
    """One histogram per recorded activation of a ``capture`` cache (or any mapping of name
    to tensor), with the fraction of exact zeros in its title (dead ReLU units show there).

    ``names`` defaults to every name in the cache; a tuple output pools all its tensors."""
    names = list(cache.keys()) if names is None else list(names)
    if not names:
        raise ValueError("histograms: nothing to plot (the cache is empty: run the model "
                         "inside the capture block)")
    rows, columns = _grid(len(names), 3)
    figure = new_figure(figsize=(3.6 * columns, 2.8 * rows), layout="constrained")
    for index, name in enumerate(names):
        values = np.concatenate([np.asarray(t, dtype=np.float64).ravel()
                                 for t in iter_tensors(cache[name])] or [np.zeros(0)])
        axes = figure.add_subplot(rows, columns, index + 1)
        axes.hist(values[np.isfinite(values)], bins=bins, color="#3182bd")
        zeros = float(np.mean(values == 0)) if values.size else 0.0
        axes.set_title(f"{name}  ({values.size:,} values, {zeros:.0%} zero)", fontsize=9)
        axes.set_xlabel("activation", fontsize=8)
        axes.tick_params(labelsize=7)
    return figure
