"""Record tests/recorded/gemm.json with real PyTorch: the digests of the matrix products of
tests/ops/gemm_cases.py (forward and gradients, at 1 and 2 threads), bit for bit.

    python tools/record/gemm.py       # needs torch; rewrites the file"""
import _paths  # noqa: F401  (tests/ on sys.path)
import torch
from _recorded import save
from ops.gemm_cases import cases


def main():
    save("gemm", cases(torch, torch.set_num_threads), torch.__version__)


if __name__ == "__main__":
    main()
