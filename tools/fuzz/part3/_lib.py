"""The library a part-3 probe runs against: ``python probe.py torch`` or ``... hookgrad``."""
import importlib
import sys

torch = importlib.import_module(sys.argv[1] if len(sys.argv) > 1 else "torch")
nn = torch.nn


def attempt(label, fn):
    """Print ``label`` and what ``fn()`` returns or raises."""
    try:
        print(label, "->", fn())
    except Exception as error:
        print(label, "raises", type(error).__name__, str(error).split("\n")[0][:160])


def linear(weight, bias):
    layer = nn.Linear(len(weight[0]), len(weight))
    with torch.no_grad():
        layer.weight.copy_(torch.tensor(weight))
        layer.bias.copy_(torch.tensor(bias))
    return layer
