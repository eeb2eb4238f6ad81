"""``hookgrad demo``: train a small CNN on the bundled digits, watching it with ``lens``, and
write an HTML report of what lens saw.

The training pieces (``build_model``, ``split_digits``, ``train_epoch``, ``predict``) need only
hookgrad; ``run`` needs the ``viz`` extra (matplotlib and tqdm) for its figures and progress."""
from __future__ import annotations

import html
import os
import tempfile
import time
from collections import OrderedDict
from dataclasses import dataclass, field

import numpy as np

import hookgrad
from hookgrad import datasets, lens, nn
from hookgrad.lens import plot
from hookgrad.utils.data import DataLoader, Dataset, TensorDataset, random_split

__all__ = ["DemoError", "attribution", "build_model", "pick_digits", "predict", "run",
           "split_digits", "train_epoch", "whole"]

DEFAULT_EPOCHS = 10
DEFAULT_OUT = "hookgrad-demo"
BATCH_SIZE = 32
LEARNING_RATE = 1e-2
SHOWN_DIGITS = 4  # test digits whose feature maps go in the report, one misclassified
CONV_LAYERS = ["conv1", "conv2"]
ACTIVATIONS = {"relu1": "conv1", "relu2": "conv2"}  # each non-linearity and what it follows


class DemoError(Exception):
    """A problem the user can fix (an unwritable directory, a missing extra): one line."""


def build_model() -> nn.Sequential:
    """8x8 digit -> conv 1->8 -> pool -> conv 8->16 -> pool -> 16x2x2 -> linear 64->10."""
    return nn.Sequential(OrderedDict([
        ("conv1", nn.Conv2d(1, 8, 3, padding=1)), ("relu1", nn.ReLU()), ("pool1", nn.MaxPool2d(2)),
        ("conv2", nn.Conv2d(8, 16, 3, padding=1)), ("relu2", nn.ReLU()), ("pool2", nn.MaxPool2d(2)),
        ("flatten", nn.Flatten()), ("fc", nn.Linear(64, 10)),
    ]))


def split_digits(seed: int, test_fraction: float = 0.2) -> tuple[Dataset, Dataset]:
    """The bundled digits as (train, test) datasets, split by a permutation seeded by ``seed``."""
    images, labels = datasets.load_digits()
    generator = hookgrad.Generator().manual_seed(seed)
    train, test = random_split(TensorDataset(images, labels),
                               [1 - test_fraction, test_fraction], generator=generator)
    return train, test


def whole(dataset: Dataset) -> tuple[hookgrad.Tensor, hookgrad.Tensor]:
    """``(images, labels)``: every sample of ``dataset`` as one batch."""
    return next(iter(DataLoader(dataset, batch_size=len(dataset))))


def train_epoch(model, optimizer, batches) -> tuple[float, float]:
    """One pass over ``batches`` of (images, labels); returns (mean loss, accuracy)."""
    loss_fn = nn.CrossEntropyLoss()
    model.train()
    total_loss, correct, seen = 0.0, 0, 0
    for images, labels in batches:
        logits = model(images)
        loss = loss_fn(logits, labels)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        total_loss += loss.item() * len(labels)
        correct += int((logits.argmax(1) == labels).sum())
        seen += len(labels)
    return total_loss / seen, correct / seen


def predict(model, images) -> np.ndarray:
    """Predicted class of each image, in eval mode without building a graph."""
    model.eval()
    with hookgrad.no_grad():
        return model(images).argmax(1).numpy()


def pick_digits(labels: np.ndarray, predictions: np.ndarray,
                count: int = SHOWN_DIGITS) -> list[int]:
    """Indices of up to ``count`` digits of different classes: correctly classified ones
    first (the earliest of each class), then the first misclassified digit, if any."""
    wrong = np.flatnonzero(labels != predictions)[:1].tolist()
    classes = {int(labels[i]) for i in wrong}
    right = []
    for index in np.flatnonzero(labels == predictions).tolist():
        if len(right) + len(wrong) == count:
            break
        if int(labels[index]) not in classes:
            classes.add(int(labels[index]))
            right.append(index)
    return right + wrong


# --------------------------------------------------------------------------- the command

@dataclass
class ReportFigure:
    """One PNG of the report with its heading (may be empty) and one-line caption."""

    file: str
    heading: str
    caption: str


@dataclass
class Report:
    """What ``run`` measured; ``run`` also writes it as ``index.html`` in ``out``."""

    out: str
    summary: str
    epochs: list[tuple[float, float, float]] = field(default_factory=list)  # loss, train, test
    test_accuracy: float = 0.0
    test_size: int = 0
    seconds: float = 0.0
    # (heading, [input, conv1, conv2]) per sample digit; then histograms, gradients, confusion
    digits: list[tuple[str, list[ReportFigure]]] = field(default_factory=list)
    figures: list[ReportFigure] = field(default_factory=list)


def _require_viz():
    try:
        import matplotlib  # noqa: F401
        import tqdm  # noqa: F401
    except ImportError as error:
        raise DemoError(f"the demo needs matplotlib and tqdm ({error.name} is missing): "
                        f"{plot.VIZ_HINT}") from None


def attribution() -> str:
    """The digits' source and licence, from ``hookgrad.datasets``' docstring, on one line."""
    paragraphs = datasets.__doc__.split("\n\n")
    return " ".join(paragraphs[-1].replace("``", "").split())


def _prepare(out: str) -> str:
    """Create ``out`` if needed and check a file can be written there, before training."""
    try:
        os.makedirs(out, exist_ok=True)
        with tempfile.TemporaryFile(dir=out):
            pass
    except OSError as error:
        raise DemoError(f"cannot write to output directory {out!r}: "
                        f"{error.strerror or error}") from None
    return os.path.abspath(out)


def run(epochs: int = DEFAULT_EPOCHS, out: str = DEFAULT_OUT, seed: int = 0,
        echo=print) -> Report:
    """Train, print progress with ``echo``, and write ``out/index.html`` with its figures."""
    _require_viz()
    out = _prepare(out)
    started = time.perf_counter()
    echo(attribution())
    hookgrad.manual_seed(seed)
    train_set, test_set = split_digits(seed)
    test_images, test_labels = whole(test_set)
    echo(f"{len(train_set)} training and {len(test_set)} held-out test digits (seed {seed})\n")
    model = build_model()
    report = Report(out, str(lens.summary(model, test_images[:1])), test_size=len(test_set))
    echo(report.summary)

    stats = _train(model, train_set, test_images, test_labels, epochs, report, echo)
    model.eval()
    with lens.capture(model, [*CONV_LAYERS, *ACTIVATIONS]) as cache, hookgrad.no_grad():
        predictions = model(test_images).argmax(1).numpy()
    labels = test_labels.numpy()
    report.test_accuracy = float(np.mean(predictions == labels))
    echo(f"\nfinal test accuracy: {report.test_accuracy:.1%} "
         f"({int(np.sum(predictions == labels))} of {len(labels)})")
    echo("writing report…")
    try:
        _write_figures(report, stats, cache, test_images, labels, predictions)
        report.seconds = time.perf_counter() - started
        with open(os.path.join(out, "index.html"), "w", encoding="utf-8") as file:
            file.write(_html(report))
    except OSError as error:
        raise DemoError(f"cannot write the report to {out!r}: {error.strerror or error}") from None
    echo(f"report: {os.path.join(out, 'index.html')}  ({report.seconds:.1f} s)")
    return report


def _train(model, train_set, test_images, test_labels, epochs, report, echo):
    """Adam with a cosine schedule, a progress bar per epoch; returns the GradientStats."""
    from tqdm import tqdm

    optimizer = hookgrad.optim.Adam(model.parameters(), lr=LEARNING_RATE)
    schedule = hookgrad.optim.lr_scheduler.CosineAnnealingLR(optimizer, epochs)
    loader = DataLoader(train_set, batch_size=BATCH_SIZE, shuffle=True)
    with lens.GradientStats(model, [nn.Conv2d, nn.Linear]) as stats:
        for epoch in range(1, epochs + 1):
            # disable=None: no bar when stderr is not a terminal (logs, CI)
            batches = tqdm(loader, desc=f"epoch {epoch}/{epochs}", unit="batch", leave=False,
                           disable=None)
            loss, train_accuracy = train_epoch(model, optimizer, batches)
            schedule.step()
            test_accuracy = float(np.mean(predict(model, test_images) == test_labels.numpy()))
            report.epochs.append((loss, train_accuracy, test_accuracy))
            echo(f"epoch {epoch:>2}/{epochs}  loss {loss:.4f}  train acc {train_accuracy:6.1%}"
                 f"  test acc {test_accuracy:6.1%}")
    return stats


def _save(report: Report, figure, file: str, caption: str, heading: str = "") -> ReportFigure:
    figure.savefig(os.path.join(report.out, file), dpi=100)
    return ReportFigure(file, heading, caption)


def _write_figures(report, stats, cache, images, labels, predictions):
    for number, index in enumerate(pick_digits(labels, predictions)):
        label, guess = int(labels[index]), int(predictions[index])
        verdict = "correct" if label == guess else "misclassified"
        article = "An" if label == 8 else "A"
        heading = f"{article} {label} (test digit #{index}), predicted {guess}: {verdict}"
        row = [_save(report, plot.feature_maps(images, sample=index, cmap="gray_r",
                                               label="ink", title=f"input ({label})"),
                     f"digit{number}_input.png",
                     f"The 8x8 input image; the network predicted {guess}.")]
        for name in CONV_LAYERS:
            maps = cache[name]
            channels, height, width = maps.shape[1:]
            figure = plot.feature_maps(maps, sample=index, title=f"{name} output")
            row.append(_save(report, figure, f"digit{number}_{name}.png",
                             f"{name}: {channels} channels of {height}x{width}, before its "
                             "ReLU; red positive, blue negative, one colour scale."))
        report.digits.append((heading, row))
    report.figures.append(_save(
        report, plot.histograms(cache, list(ACTIVATIONS), log=True,
                                titles={r: f"{r} (after {c})" for r, c in ACTIVATIONS.items()}),
        "histograms.png",
        "Values after each ReLU over the whole test set; the tall bar at 0 is the units the "
        "ReLU switched off.", "Activations after the non-linearity (lens.capture)"))
    report.figures.append(_save(
        report, plot.grad_flow(stats), "grad_flow.png",
        "One colour per layer: its parameters' gradient norms as solid lines (bias paler), "
        "the norm of the gradient w.r.t. its output dashed; one point per training step.",
        "Gradient flow over training (lens.GradientStats)"))
    report.figures.append(_save(
        report, _confusion_figure(labels, predictions), "confusion.png",
        "Rows: the true digit; columns: the prediction. Off the diagonal are the mistakes.",
        "Confusion matrix on the test set"))


def _confusion_figure(labels, predictions):
    counts = np.zeros((10, 10), dtype=int)
    np.add.at(counts, (labels, predictions), 1)
    figure = plot.new_figure(figsize=(5, 4.4), layout="constrained")
    axes = figure.add_subplot()
    axes.imshow(counts, cmap="Blues")
    for (true, guess), count in np.ndenumerate(counts):
        if count:
            axes.text(guess, true, str(count), ha="center", va="center", fontsize=8,
                      color="white" if count > counts.max() / 2 else "black")
    axes.set_xticks(range(10))
    axes.set_yticks(range(10))
    axes.set_xlabel("predicted")
    axes.set_ylabel("true label")
    axes.set_title(f"{int(np.trace(counts))} of {len(labels)} test digits right")
    return figure


def _html(report: Report) -> str:
    def figure(item: ReportFigure) -> str:
        return (f'<figure><img src="{html.escape(item.file)}" alt="{html.escape(item.caption)}">'
                f"<figcaption>{html.escape(item.caption)}</figcaption></figure>")

    epochs = "\n".join(f"<tr><td>{i}</td><td>{loss:.4f}</td><td>{train:.1%}</td>"
                       f"<td>{test:.1%}</td></tr>"
                       for i, (loss, train, test) in enumerate(report.epochs, 1))
    digits = "\n".join(f"<h3>{html.escape(heading)}</h3>\n<div class=\"row\">"
                       + "".join(figure(item) for item in row) + "</div>"
                       for heading, row in report.digits)
    figures = "\n".join(f"<h2>{html.escape(item.heading)}</h2>\n{figure(item)}"
                        for item in report.figures)
    correct = round(report.test_accuracy * report.test_size)
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>hookgrad demo</title>
<style>body{{font-family:sans-serif;max-width:1250px;margin:2em auto;padding:0 1em}}
img{{max-width:100%}} td,th{{padding:2px 10px;text-align:right}}
figure{{margin:0 0 1em 0}} figcaption{{font-size:90%;color:#444;max-width:60em}}
.row{{display:flex;flex-wrap:wrap;gap:1.5em;align-items:flex-start}}
pre{{background:#f4f4f4;padding:1em;overflow-x:auto}}</style></head><body>
<h1>hookgrad demo: a small CNN on handwritten digits</h1>
<p><b>Final test accuracy: {report.test_accuracy:.1%}</b> ({correct} of {report.test_size}
held-out digits) after {len(report.epochs)} epochs, in {report.seconds:.1f} s.</p>
<h2>Model (lens.summary)</h2>
<pre>{html.escape(report.summary)}</pre>
<h2>Training</h2>
<table><tr><th>epoch</th><th>loss</th><th>train acc</th><th>test acc</th></tr>
{epochs}</table>
<h2>What the conv layers see (lens.capture)</h2>
<p>Test digits of different classes, the last one misclassified (when any is): each input,
then the output of each conv layer for it.</p>
{digits}
{figures}
<hr><p><small>Data: {html.escape(attribution())}</small></p>
</body></html>
"""
