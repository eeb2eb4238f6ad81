"""Record tests/recorded/clip_grad.json with real PyTorch: for every case of
tests/nn/clip_grad_cases.py, the total norm and then the clipped gradients, flattened, to 9
significant digits.

    python tools/record/clip_grad.py        # needs torch; rewrites the file"""
import _paths  # noqa: F401  (tests/ on sys.path)
import numpy as np
import torch
from _recorded import save
from nn.clip_grad_cases import CASES, clip


def main():
    save("clip_grad", {name: np.array([float(f"{v:.9g}") for v in clip(torch, name)])
                       for name in CASES}, torch.__version__)


if __name__ == "__main__":
    main()
