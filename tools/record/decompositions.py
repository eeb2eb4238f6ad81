"""Record tests/recorded/decompositions.json with real PyTorch: every case of
tests/linalg/decomposition_cases.py.

    python tools/record/decompositions.py        # needs torch; rewrites the file"""
import warnings

import _paths  # noqa: F401  (tests/ on sys.path)
import torch
from _recorded import save
from linalg.decomposition_cases import CASES, run


def main():
    warnings.simplefilter("ignore")  # (torch.svd's and torch.qr's deprecation notes)
    save("decompositions", {name: run(torch, name) for name in CASES}, torch.__version__)


if __name__ == "__main__":
    main()
