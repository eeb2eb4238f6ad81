"""Record tests/recorded/svd_norms.json with real PyTorch: every case of
tests/linalg/svd_norm_cases.py.

    python tools/record/svd_norms.py        # needs torch; rewrites the file"""
import _paths  # noqa: F401  (tests/ on sys.path)
import torch
from _recorded import save
from linalg.svd_norm_cases import CASES, run


def main():
    save("svd_norms", {name: run(torch, name) for name in CASES}, torch.__version__)


if __name__ == "__main__":
    main()
