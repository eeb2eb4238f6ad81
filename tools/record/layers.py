"""Record tests/recorded/layers.json with real PyTorch: every nn layer case of
tests/nn/layer_cases.py, the Conv2d option grid and the one-of-everything model.

    python tools/record/layers.py        # needs torch; rewrites the file

What is stored per array: up to FULL values whole, to 6 significant digits (a float64 or
int64 array); more as ``{"shape": [...], "summary": [four projections]}``."""
import math

import _paths  # noqa: F401  (tests/ on sys.path)
import numpy as np
import torch
from _recorded import save
from nn.layer_cases import CASES
from nn.layer_recording import (
    FULL,
    compact,
    conv_grid,
    everything,
    grid_key,
    run_case,
    run_grid,
)


def stored_array(array: list):
    """``[shape, *values]`` as recorded: an array, or the summary of a large one."""
    shape, *values = compact(array)
    if math.prod(shape) > FULL:
        return {"shape": shape, "summary": values}
    integral = values and all(isinstance(v, int) for v in values)
    return np.array(values, dtype=np.int64 if integral else np.float64).reshape(shape)


def stored_case(result: dict) -> dict:
    record = {"repr": result["repr"], "params": result["params"]}
    if result["state"] != [n for n, _ in result["params"]] + list(result["buffers"]):
        record["state"] = result["state"]  # only when not the common order (see the test)
    record["buffers"] = {k: stored_array(a) for k, a in result["buffers"].items()}
    record["out"] = [stored_array(a) for a in result["out"]]
    record["grads"] = {k: stored_array(a) for k, a in result["grads"].items()}
    return record


def stored_grid(result: dict) -> dict:
    return {k: v if k == "repr" else stored_array(v) for k, v in result.items()}


def main():
    modules = {name: stored_case(run_case(torch, CASES[name])) for name in sorted(CASES)}
    grid = {grid_key(combo): stored_grid(run_grid(torch, combo)) for combo in conv_grid()}
    model = everything(torch)
    save("layers", {
        "modules": modules,
        "conv2d_grid": grid,
        "model": {"repr": repr(model), "modules": [n for n, _ in model.named_modules()],
                  "params": [[n, list(p.shape)] for n, p in model.named_parameters()],
                  "state": list(model.state_dict())},
    }, torch.__version__)


if __name__ == "__main__":
    main()
