"""Record tests/recorded/lapack.json with real PyTorch: the decompositions of
tests/linalg/lapack_cases.py, bit for bit.

    python tools/record/lapack.py        # needs torch; rewrites the file"""
import _paths  # noqa: F401  (tests/ on sys.path)
import torch
from _recorded import save
from linalg.lapack_cases import cases


def main():
    save("lapack", cases(torch), torch.__version__)


if __name__ == "__main__":
    main()
