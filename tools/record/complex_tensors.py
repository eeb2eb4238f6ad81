"""Record tests/recorded/complex_tensors.json with real PyTorch: every case of
tests/ops/complex_cases.py.

    python tools/record/complex_tensors.py        # needs torch; rewrites the file"""
import _paths  # noqa: F401  (tests/ on sys.path)
import torch
from _recorded import save
from ops.complex_cases import CASES, run


def main():
    save("complex_tensors", {name: run(torch, name) for name in CASES}, torch.__version__)


if __name__ == "__main__":
    main()
