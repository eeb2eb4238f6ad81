"""Record PyTorch's numbers for tests/optim/test_optimizers_recorded.py (needs PyTorch).

    python tools/record_optimizers.py      # writes tests/recorded/optimizers.json"""
import sys
from pathlib import Path

import numpy as np
import torch

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "tests" / "optim")]
from _recorded import save  # noqa: E402
from optimizer_runs import CONFIGS, run  # noqa: E402


def _plain(value):
    """A state-dict value as JSON: tensors as arrays, tuples as lists, the rest unchanged."""
    if isinstance(value, torch.Tensor):
        return value.detach().numpy()
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def main():
    cases = {}
    for name in CONFIGS:
        result = run(torch, name)
        state_dict = result["state_dict"]
        cases[name] = {
            "losses": result["losses"],
            "weights": result["weights"].astype(np.float32),
            "state": _plain(state_dict["state"]),
            "state_keys": {str(k): list(v) for k, v in state_dict["state"].items()},
            "param_groups": _plain(state_dict["param_groups"]),
            "defaults": _plain(result["defaults"]),
        }
    save("optimizers", cases, torch.__version__)


if __name__ == "__main__":
    main()
