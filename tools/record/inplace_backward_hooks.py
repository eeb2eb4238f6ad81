"""Record tests/recorded/inplace_backward_hooks.json with real PyTorch: every scenario of
tests/nn/inplace_hook_scenarios.py run out of place (PyTorch raises for the in-place forms
hookgrad supports), keys sorted.

    python tools/record/inplace_backward_hooks.py        # needs torch; rewrites the file"""
import _paths  # noqa: F401  (tests/ on sys.path)
import torch
from _recorded import save
from nn.inplace_hook_scenarios import SCENARIOS


def sorted_keys(value):
    if isinstance(value, dict):
        return {key: sorted_keys(value[key]) for key in sorted(value)}
    if isinstance(value, (list, tuple)):
        return [sorted_keys(item) for item in value]
    return value


def main():
    save("inplace_backward_hooks",
         sorted_keys({s.__name__: s(torch, inplace=False) for s in SCENARIOS}),
         torch.__version__)


if __name__ == "__main__":
    main()
