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


def _map_grid(count: int, columns: int | None) -> tuple[int, int]:
    """Rows and columns for ``count`` maps: as square as possible, wider than tall, with no
    empty row (8 maps: 2 x 4; 16: 4 x 4)."""
    if columns is None:
        rows = max(1, math.isqrt(count))
        return rows, math.ceil(count / rows)
    if columns < 1:
        raise ValueError(f"columns must be at least 1, got {columns}")
    return _grid(count, columns)


def _one_sample(tensor: Any, sample: int) -> np.ndarray:
    """The (C, H, W) maps of sample ``sample`` of an (N, C, H, W) batch, or the (C, H, W)
    activation itself (where only ``sample=0`` makes sense)."""
    maps = np.asarray(tensor, dtype=np.float64)
    if maps.ndim == 4:
        if not -len(maps) <= sample < len(maps):
            raise IndexError(f"feature_maps: sample {sample} is out of range for a batch of "
                             f"{len(maps)}")
        return maps[sample]
    if maps.ndim == 3:
        if sample != 0:
            raise ValueError(f"feature_maps: a (C, H, W) activation is one sample; sample="
                             f"{sample} needs an (N, C, H, W) batch")
        return maps
    raise ValueError(f"feature_maps expects a (C, H, W) activation or an (N, C, H, W) batch, "
                     f"got shape {tuple(maps.shape)}")


def feature_maps(tensor: Any, *, sample: int = 0, max_maps: int = 16, columns: int | None = None,
                 title: str | None = None, cmap: str | None = None,
                 label: str = "activation") -> Figure:
    """One image per channel of sample ``sample`` of an (N, C, H, W) batch, or of a (C, H, W)
    activation (the first ``max_maps`` channels), on one colour scale with its colour bar, so
    weak channels look weak.

    ``cmap`` defaults to a diverging map centred on zero (red positive, blue negative) when
    the maps have both signs, and to ``viridis`` from zero otherwise. ``label`` names the
    colour bar; ``columns`` fixes the grid's width (default: about square, wider than tall)."""
    maps = _one_sample(tensor, sample)
    if max_maps < 1:
        raise ValueError(f"max_maps must be at least 1, got {max_maps}")
    maps = maps[:max_maps]
    rows, columns = _map_grid(len(maps), columns)
    low, high = float(maps.min()), float(maps.max())
    if cmap is None and low < 0 < high:
        cmap, low, high = "RdBu_r", -max(-low, high), max(-low, high)
    elif cmap is None:
        cmap = "viridis"
    if high <= low:  # a constant map: any non-empty range shows it as one colour
        high = low + 1
    # Laid out by hand, in inches: a layout engine would measure every panel's (hidden)
    # axis, which costs more than drawing the maps.
    side = 1.25 if len(maps) > 1 else 2.2       # one map
    label_height = 0.2 if len(maps) > 1 else 0.0  # "ch k" above each map
    gap, margin, top = 0.1, 0.1, 0.45 if title else 0.1
    bar_left, bar_width, bar_text = 0.15, 0.14, 0.75
    grid_width = columns * side + (columns - 1) * gap
    grid_height = rows * (side + label_height) + (rows - 1) * gap
    width = margin + grid_width + bar_left + bar_width + bar_text
    height = top + grid_height + margin
    figure = new_figure(figsize=(width, height))
    for index, values in enumerate(maps):
        row, column = divmod(index, columns)
        left = margin + column * (side + gap)
        bottom = height - top - (row + 1) * (side + label_height) - row * gap
        axes = figure.add_axes((left / width, bottom / height, side / width, side / height))
        image = axes.imshow(values, cmap=cmap, vmin=low, vmax=high)
        if len(maps) > 1:
            axes.set_title(f"ch {index}", fontsize=8, pad=2)
        # A thin frame and no ticks: pale pixels at a map's edge stay inside a visible border.
        axes.set_xticks([])
        axes.set_yticks([])
        for spine in axes.spines.values():
            spine.set_edgecolor("0.75")
    bar_height = grid_height if rows <= 2 else 0.7 * grid_height
    bar_axes = figure.add_axes(((margin + grid_width + bar_left) / width,
                                (height - top - grid_height / 2 - bar_height / 2) / height,
                                bar_width / width, bar_height / height))
    bar = figure.colorbar(image, cax=bar_axes)
    bar.set_label(label, fontsize=8)
    bar.ax.tick_params(labelsize=7)
    if title:
        figure.suptitle(title, fontsize=10, y=1 - 0.08 / height, va="top")
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


_KIND_LABELS = {"parameter": "parameter gradients", "output": "layer-output gradients"}
_KIND_GROUPS = {"parameter": "parameters", "output": "layer outputs"}  # above the bar groups


def _layer_colours(names: list[str], kinds: list[str]) -> list:
    """One hue per layer (a parameter belongs to the module that holds it), lightened for a
    layer's second and later parameters (``bias`` after ``weight``)."""
    from matplotlib import colormaps
    from matplotlib.colors import to_rgb

    layers = [name.rpartition(".")[0] if kind == "parameter" else name
              for name, kind in zip(names, kinds)]
    palette = colormaps["tab10" if len(set(layers)) <= 10 else "tab20"]
    hues: dict[str, int] = {}
    seen_params: dict[str, int] = {}
    colours = []
    for layer, kind in zip(layers, kinds):
        rgb = np.array(to_rgb(palette(hues.setdefault(layer, len(hues)) % palette.N)))
        if kind == "parameter":
            order = seen_params[layer] = seen_params.get(layer, -1) + 1
            rgb = rgb + (1 - rgb) * min(0.45 * order, 0.7)
        colours.append(tuple(rgb))
    return colours


def grad_flow(stats: GradientStats, names: list[str] | None = None) -> Figure:
    """Gradient norm per name of a ``GradientStats``: mean and max over all recorded backward
    passes (left), and each name's norm pass by pass (right; a running mean over 1/50 of the
    passes, so trends show through batch noise), both on a log scale.

    Parameter gradients and the gradients w.r.t. module outputs are told apart: two groups
    of bars, solid against dashed lines. Each layer has one colour in both panels; the legend
    sits outside the plot. ``names`` defaults to every name that received a gradient, in
    ``stats.names`` order."""
    history = stats.history
    if not stats.steps:
        raise ValueError("grad_flow: the GradientStats has recorded no backward pass yet "
                         "(was it open during backward?)")
    if names is None:
        names = [name for name in stats.names if any(v is not None for v in history[name])]
    unknown = [name for name in names if name not in history]
    if unknown:
        raise KeyError(f"grad_flow: not recorded by this GradientStats: {unknown}; "
                       f"recorded: {stats.names}")
    outputs = set(stats.output_names)
    kinds = ["output" if name in outputs else "parameter" for name in names]
    colours = _layer_colours(names, kinds)
    # A pass that did not reach a name is NaN: a gap in its line, left out of its mean and max.
    norms = {name: np.array([np.nan if v is None else v for v in history[name]], dtype=float)
             for name in names}
    figure = new_figure(figsize=(12.5, 4.8), layout="constrained")
    bars, lines = figure.subplots(1, 2, width_ratios=[1, 1.4])

    # Bars: the two kinds as two groups, a gap between them, each group named above it.
    starts = [i > 0 and kinds[i] != kinds[i - 1] for i in range(len(names))]
    positions = np.arange(len(names)) + np.cumsum(starts)
    bars.bar(positions, [np.nanmax(norms[n]) for n in names], color=colours, alpha=0.35)
    bars.bar(positions, [np.nanmean(norms[n]) for n in names], color=colours)
    bars.set_xticks(positions, names, rotation=60, ha="right", fontsize=8)
    bars.set_yscale("log")
    bars.set_ylabel("gradient L2 norm")
    bars.set_title("over all passes: mean (solid bar), max (pale bar)", fontsize=10)
    bars.margins(y=0.15)
    for kind in _KIND_GROUPS:
        where = positions[[k == kind for k in kinds]]
        if len(where):
            bars.text((where.min() + where.max()) / 2, 0.98, _KIND_GROUPS[kind], ha="center",
                      va="top", fontsize=8, transform=bars.get_xaxis_transform())
    if any(starts):
        bars.axvline(positions[starts.index(True)] - 1, color="0.6", linewidth=0.8,
                     linestyle=":")

    window = max(1, stats.steps // 50)
    handles = {kind: [] for kind in _KIND_LABELS}
    for name, kind, colour in zip(names, kinds, colours):
        (line,) = lines.plot(np.arange(1, stats.steps + 1), _running_mean(norms[name], window),
                             linewidth=1.3, color=colour, label=name,
                             linestyle="-" if kind == "parameter" else "--")
        handles[kind].append(line)
    lines.set_yscale("log")
    lines.set_xlabel("backward pass (training step)")
    lines.set_ylabel("gradient L2 norm")
    lines.set_title("pass by pass" + (f" (running mean of {window})" if window > 1 else ""),
                    fontsize=10)
    # One legend right of the plot (never over a curve), a heading line for each kind.
    from matplotlib.lines import Line2D

    entries, labels, headings = [], [], []
    for kind, style in (("parameter", "solid"), ("output", "dashed")):
        if handles[kind]:
            headings.append(len(labels))
            entries.append(Line2D([], [], linestyle="none"))
            labels.append(f"{_KIND_LABELS[kind]} ({style})")
            entries += handles[kind]
            labels += [line.get_label() for line in handles[kind]]
    legend = figure.legend(entries, labels, loc="outside right upper", fontsize=8,
                           frameon=False, handlelength=2.5)
    for index in headings:
        legend.get_texts()[index].set_fontweight("bold")
    return figure


def histograms(cache: Any, names: list[str] | None = None, bins: int = 50, *,
               log: bool = False, titles: dict[str, str] | None = None) -> Figure:
    """One histogram per recorded activation of a ``capture`` cache (or any mapping of name
    to tensor), with the fraction of exact zeros in its title (dead ReLU units show there).

    ``names`` defaults to every name in the cache; a tuple output pools all its tensors.
    ``log`` puts the counts on a log scale (a ReLU's spike at zero and its tail both show);
    ``titles`` replaces the name in a panel's title (``{"relu1": "relu1 (after conv1)"}``)."""
    names = list(cache.keys()) if names is None else list(names)
    titles = titles or {}
    if not names:
        raise ValueError("histograms: nothing to plot (the cache is empty: run the model "
                         "inside the capture block)")
    rows, columns = _grid(len(names), 3)
    figure = new_figure(figsize=(4.2 * columns, 3.2 * rows), layout="constrained")
    for index, name in enumerate(names):
        values = np.concatenate([np.asarray(t, dtype=np.float64).ravel()
                                 for t in iter_tensors(cache[name])] or [np.zeros(0)])
        axes = figure.add_subplot(rows, columns, index + 1)
        axes.hist(values[np.isfinite(values)], bins=bins, color="#3182bd", log=log)
        zeros = float(np.mean(values == 0)) if values.size else 0.0
        axes.set_title(f"{titles.get(name, name)}: {values.size:,} values, {zeros:.0%} zero",
                       fontsize=9)
        axes.set_xlabel("activation value", fontsize=8)
        axes.set_ylabel("count (log scale)" if log else "count", fontsize=8)
        axes.tick_params(labelsize=7)
    return figure
