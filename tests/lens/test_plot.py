"""lens.plot: each function returns a Figure with one axes per panel, saved as a PNG."""
import importlib.util
import io
import sys

import numpy as np
import pytest

import hookgrad as torch
from hookgrad import lens, nn
from hookgrad.lens import plot

needs_matplotlib = pytest.mark.skipif(importlib.util.find_spec("matplotlib") is None,
                                      reason="needs the viz extra (matplotlib)")


def small_cnn():
    torch.manual_seed(0)
    return nn.Sequential(nn.Conv2d(1, 3, 3, padding=1), nn.ReLU(), nn.Flatten(),
                         nn.Linear(3 * 4 * 4, 2))


def png_bytes(figure):
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png")
    return buffer.getvalue()


@needs_matplotlib
@pytest.mark.parametrize("shape, max_maps, expected", [
    ((5, 6, 6), 16, 5), ((1, 20, 4, 4), 16, 16), ((1, 20, 4, 4), 3, 3), ((1, 7, 7), 16, 1)])
def test_feature_maps_one_image_per_channel(shape, max_maps, expected):
    figure = plot.feature_maps(torch.randn(*shape), max_maps=max_maps, title="conv1")
    *maps, colour_bar = figure.axes
    assert len(maps) == expected
    assert all(len(axes.images) == 1 for axes in maps)
    assert colour_bar.get_ylabel() == "activation" and not colour_bar.images
    assert figure.get_suptitle() == "conv1"
    assert png_bytes(figure).startswith(b"\x89PNG\r\n\x1a\n")


@needs_matplotlib
def test_feature_maps_shows_the_chosen_sample_of_a_batch():
    batch = np.arange(2 * 3 * 4 * 4, dtype=np.float32).reshape(2, 3, 4, 4)
    for sample in (0, 1, -1):
        figure = plot.feature_maps(torch.from_numpy(batch), sample=sample)
        shown = [axes.images[0].get_array() for axes in figure.axes[:-1]]
        assert np.array_equal(np.stack(shown), batch[sample])
    assert len(plot.feature_maps(batch).axes) == 3 + 1  # sample 0 by default
    with pytest.raises(IndexError, match="sample 2 is out of range for a batch of 2"):
        plot.feature_maps(batch, sample=2)
    with pytest.raises(ValueError, match="is one sample"):
        plot.feature_maps(batch[0], sample=1)
    with pytest.raises(ValueError, match=r"got shape \(4, 4\)"):
        plot.feature_maps(batch[0, 0])


@needs_matplotlib
def test_feature_maps_colour_scale_is_shared_and_centred_for_signed_maps():
    signed = plot.feature_maps(np.array([[[-1.0, 0.5]], [[2.0, 0.0]]]))
    assert {axes.images[0].get_clim() for axes in signed.axes[:-1]} == {(-2.0, 2.0)}
    assert signed.axes[0].images[0].get_cmap().name == "RdBu_r"
    positive = plot.feature_maps(np.array([[[0.0, 0.5]], [[2.0, 1.0]]]), label="ink")
    assert positive.axes[0].images[0].get_clim() == (0.0, 2.0)
    assert positive.axes[-1].get_ylabel() == "ink"
    grid = plot.feature_maps(np.zeros((8, 2, 2)))      # 2 rows of 4, not 3 rows of 3
    lefts = sorted({round(axes.get_position().x0, 3) for axes in grid.axes[:-1]})
    assert len(lefts) == 4


@needs_matplotlib
def test_grad_flow_bars_and_lines_per_name():
    model = small_cnn()
    with lens.GradientStats(model, [nn.Conv2d, nn.Linear]) as stats:
        for _ in range(3):
            model(torch.randn(2, 1, 4, 4)).sum().backward()
    figure = plot.grad_flow(stats)
    bars, lines = figure.axes
    names = stats.names  # 0.weight, 0.bias, 3.weight, 3.bias, 0, 3
    assert len(bars.patches) == 2 * len(names)  # a max bar and a mean bar each
    assert [line.get_label() for line in lines.lines] == names
    assert bars.get_yscale() == lines.get_yscale() == "log"
    assert len(plot.grad_flow(stats, names=["0.weight"]).axes[1].lines) == 1
    assert png_bytes(figure).startswith(b"\x89PNG")


@needs_matplotlib
def test_grad_flow_tells_parameter_and_output_gradients_apart_outside_the_curves():
    model = small_cnn()
    with lens.GradientStats(model, [nn.Conv2d, nn.Linear]) as stats:
        model(torch.randn(2, 1, 4, 4)).sum().backward()
    assert stats.parameter_names == ["0.weight", "0.bias", "3.weight", "3.bias"]
    assert stats.output_names == ["0", "3"]
    figure = plot.grad_flow(stats)
    bars, lines = figure.axes
    styles = {line.get_label(): line.get_linestyle() for line in lines.lines}
    assert {styles[n] for n in stats.parameter_names} == {"-"}
    assert {styles[n] for n in stats.output_names} == {"--"}
    colour = {line.get_label(): line.get_color() for line in lines.lines}
    assert colour["0.weight"] == colour["0"] != colour["3"]  # one hue per layer
    assert lines.get_legend() is None and len(figure.legends) == 1  # beside the axes
    labels = [text.get_text() for text in figure.legends[0].get_texts()]
    assert labels == ["parameter gradients (solid)", *stats.parameter_names,
                      "layer-output gradients (dashed)", *stats.output_names]
    png_bytes(figure)  # laid out: the legend ends left of the figure's right edge
    legend_box = figure.legends[0].get_window_extent()
    assert legend_box.x0 >= lines.get_window_extent().x1
    assert legend_box.x1 <= figure.bbox.x1


@needs_matplotlib
def test_grad_flow_needs_a_backward_pass():
    with pytest.raises(ValueError, match="no backward pass"):
        plot.grad_flow(lens.GradientStats(small_cnn()))


@needs_matplotlib
def test_histograms_one_axes_per_activation():
    model = small_cnn()
    with lens.capture(model, ["0", "1", "3"]) as cache:
        model(torch.randn(4, 1, 4, 4))
    figure = plot.histograms(cache, bins=10)
    assert len(figure.axes) == 3
    assert all(len(axes.patches) == 10 for axes in figure.axes)
    assert "zero" in figure.axes[1].get_title()  # ReLU output: the dead fraction is shown
    assert [figure.axes[0].get_xlabel(), figure.axes[0].get_ylabel()] == [
        "activation value", "count"]
    logged = plot.histograms(cache, ["1"], log=True, titles={"1": "relu (after conv)"})
    assert logged.axes[0].get_yscale() == "log"
    assert logged.axes[0].get_ylabel() == "count (log scale)"
    assert logged.axes[0].get_title().startswith("relu (after conv): 192 values")
    assert len(plot.histograms(cache, names=["3"]).axes) == 1
    assert png_bytes(figure).startswith(b"\x89PNG")
    with pytest.raises(ValueError, match="cache is empty"):
        plot.histograms(lens.capture(model, "0"))


def test_missing_matplotlib_names_the_extra(monkeypatch):
    for name in ("matplotlib", "matplotlib.figure", "matplotlib.backends.backend_agg"):
        monkeypatch.setitem(sys.modules, name, None)
    with pytest.raises(ImportError, match=r"pip install 'hookgrad\[viz\]'"):
        plot.feature_maps(np.zeros((1, 2, 2)))
