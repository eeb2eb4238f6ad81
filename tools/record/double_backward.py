"""Record tests/recorded/double_backward.json with real PyTorch: every case of
tests/autograd/double_backward_cases.py, with a plain and a grad-requiring grad_outputs.

    python tools/record/double_backward.py        # needs torch; rewrites the file"""
import _paths  # noqa: F401  (tests/ on sys.path)
import torch
from _recorded import save
from autograd.double_backward_cases import CASES, run


def main():
    cases = {}
    for name in CASES:
        for grad_requires_grad in (False, True):
            key = f"{name}/{'differentiable' if grad_requires_grad else 'plain'}"
            cases[key] = run(torch, name, grad_requires_grad)
    save("double_backward", cases, torch.__version__)


if __name__ == "__main__":
    main()
