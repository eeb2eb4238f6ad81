"""Record tests/recorded/rounding.json with real PyTorch: every case of
tests/ops/rounding_cases.py, bit for bit.

    python tools/record/rounding.py        # needs torch; rewrites the file"""
import _paths  # noqa: F401  (tests/ on sys.path)
import torch
import torch.nn.functional as F
from _recorded import save
from ops.rounding_cases import cases


def main():
    save("rounding", cases(torch, F), torch.__version__)


if __name__ == "__main__":
    main()
