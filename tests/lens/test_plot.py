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
    assert len(figure.axes) == expected
    assert all(len(axes.images) == 1 for axes in figure.axes)
    assert figure.get_suptitle() == "conv1"
    assert png_bytes(figure).startswith(b"\x89PNG\r\n\x1a\n")


@needs_matplotlib
def test_feature_maps_rejects_a_batch():
    with pytest.raises(ValueError, match="index one sample"):
        plot.feature_maps(np.zeros((2, 3, 4, 4)))


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
    assert len(plot.histograms(cache, names=["3"]).axes) == 1
    assert png_bytes(figure).startswith(b"\x89PNG")
    with pytest.raises(ValueError, match="cache is empty"):
        plot.histograms(lens.capture(model, "0"))


def test_missing_matplotlib_names_the_extra(monkeypatch):
    for name in ("matplotlib", "matplotlib.figure", "matplotlib.backends.backend_agg"):
        monkeypatch.setitem(sys.modules, name, None)
    with pytest.raises(ImportError, match=r"pip install 'hookgrad\[viz\]'"):
        plot.feature_maps(np.zeros((1, 2, 2)))
