"""Record tests/recorded/spaced.json with real PyTorch: the seeded arange / linspace /
logspace calls of tests/ops/spaced_cases.py, each result as a digest of its bytes.

    python tools/record/spaced.py        # needs torch; rewrites the file"""
import _paths  # noqa: F401  (tests/ on sys.path)
import torch
from _recorded import save
from ops.spaced_cases import cases


def main():
    save("spaced", cases(torch), torch.__version__)


if __name__ == "__main__":
    main()
