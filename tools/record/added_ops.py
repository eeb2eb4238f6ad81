"""Record tests/recorded/added_ops.json with real PyTorch: every case of
tests/ops/added_op_cases.py (the ops, in-place forms and arguments added for the fuzzer's
missing-op tasks) run under PyTorch: outputs (dtype, shape, values, node name,
requires_grad) and gradients, or the exception.

    python tools/record/added_ops.py        # needs torch; rewrites the file"""
import _paths  # noqa: F401  (tests/ on sys.path)
import torch
from _recorded import save
from ops.added_op_cases import CASES, run


def main():
    save("added_ops", {name: run(torch, case) for name, case in CASES.items()},
         torch.__version__)


if __name__ == "__main__":
    main()
