"""Record tests/recorded/optim.json with real PyTorch: for every configuration of
tests/optim/optim_cases.py, the 20 losses, the final weights (to 8 significant digits) and
the learning rate after each scheduler step (to 12).

    python tools/record/optim.py        # needs torch; rewrites the file"""
import _paths  # noqa: F401  (tests/ on sys.path)
import numpy as np
import torch
from _recorded import save
from optim.optim_cases import CONFIGS, train


def rounded(values, digits):
    return np.array([float(f"{v:.{digits}g}") for v in values], dtype=np.float64)


def main():
    cases = {}
    for name in CONFIGS:
        losses, weights, lrs = train(torch, name)
        cases[name] = {"losses": rounded(losses, 8), "weights": rounded(weights, 8),
                       "lrs": rounded(lrs, 12)}
    save("optim", cases, torch.__version__)


if __name__ == "__main__":
    main()
