"""Record tests/recorded/edge_cases.json with real PyTorch: every case of
tests/ops/edge_cases.py, run and described by tests/ops/edge_record.py (its value, or its
exception, and its warnings).

    python tools/record/edge_cases.py        # needs torch; rewrites the file"""
import _paths  # noqa: F401  (tests/ on sys.path)
import torch
import torch.nn.functional as F
from _recorded import save
from ops.edge_cases import CASES
from ops.edge_record import record


def main():
    torch.set_warn_always(True)  # warnings PyTorch gives once per process come every time
    save("edge_cases", {name: record(torch, F, case) for name, case in CASES.items()},
         torch.__version__)


if __name__ == "__main__":
    main()
