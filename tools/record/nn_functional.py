"""Record tests/recorded/nn_functional.json with real PyTorch: for every case of
tests/nn/functional_cases.py, the name of the node its output comes from and the signatures
(shape, sum, sum of absolute values, probe dot product) of its outputs and input gradients,
to 8 significant digits.

    python tools/record/nn_functional.py        # needs torch; rewrites the file"""
import warnings

import _paths  # noqa: F401  (tests/ on sys.path)
import torch
import torch.nn.functional as F
from _recorded import save
from nn.functional_cases import CASES, make_tensors, node_name, run


def stored_signature(signature):
    if signature is None:
        return None
    shape, *values = signature
    return [shape, *(float(f"{v:.8g}") for v in values)]


def main():
    cases = {}
    for case in CASES:
        tensors = make_tensors(torch, case.name, case.inputs)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            node = node_name(case.fn(F, torch, *tensors))
        cases[case.name] = {"node": node,
                            "signatures": [stored_signature(s) for s in run(torch, F, case)]}
    save("nn_functional", cases, torch.__version__)


if __name__ == "__main__":
    main()
