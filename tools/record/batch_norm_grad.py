"""Record tests/recorded/batch_norm_grad.json with real PyTorch: the gradients of
tests/nn/batch_norm_grad_cases.py, bit for bit.

    python tools/record/batch_norm_grad.py        # needs torch; rewrites the file"""
import _paths  # noqa: F401  (tests/ on sys.path)
import torch
from _recorded import save
from nn.batch_norm_grad_cases import cases


def main():
    save("batch_norm_grad", cases(torch), torch.__version__)


if __name__ == "__main__":
    main()
