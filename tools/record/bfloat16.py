"""Record tests/recorded/bfloat16.json with real PyTorch: every case of
tests/ops/bfloat16_cases.py.

    python tools/record/bfloat16.py        # needs torch; rewrites the file"""
import _paths  # noqa: F401  (tests/ on sys.path)
import torch
from _recorded import save
from ops.bfloat16_cases import CASES, run


def main():
    save("bfloat16", {name: run(torch, name) for name in CASES}, torch.__version__)


if __name__ == "__main__":
    main()
