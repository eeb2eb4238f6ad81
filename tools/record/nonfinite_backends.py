"""Record tests/recorded/nonfinite_backends.json with real PyTorch: every case of
tests/nn/nonfinite_backend_cases.py (gelu of infinities, convolutions with a non-finite
weight).

    python tools/record/nonfinite_backends.py        # needs torch; rewrites the file"""
import _paths  # noqa: F401  (tests/ on sys.path)
import torch
from _recorded import save
from nn.nonfinite_backend_cases import CASES, run


def main():
    save("nonfinite_backends", {name: run(torch, name) for name in CASES}, torch.__version__)


if __name__ == "__main__":
    main()
