"""Record tests/recorded/svd_lapack.json with real PyTorch: the SVD family of
tests/linalg/svd_lapack_cases.py, bit for bit.

    python tools/record/svd_lapack.py        # needs torch; rewrites the file"""
import _paths  # noqa: F401  (tests/ on sys.path)
import torch
from _recorded import save
from linalg.svd_lapack_cases import cases


def main():
    save("svd_lapack", cases(torch), torch.__version__)


if __name__ == "__main__":
    main()
