"""Record PyTorch's values for tests/nn/utils/test_reparam_recorded.py (needs PyTorch).

    python tools/record_reparam.py      # writes tests/recorded/reparam.<ISA>.json"""
import sys
from pathlib import Path

import torch

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tests"), str(ROOT)]
from _recorded import save  # noqa: E402

from tests.nn.utils.reparam_runs import RUNS, prune_runs, run  # noqa: E402


def main():
    cases = {name: run(torch, name) for name in RUNS}
    cases["prune"] = prune_runs(torch)
    save("reparam", cases, torch.__version__,
         torch.backends.cpu.get_cpu_capability())


if __name__ == "__main__":
    main()
