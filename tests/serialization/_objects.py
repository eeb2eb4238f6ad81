"""Objects saved by both hookgrad and PyTorch to compare their files byte for byte.

``build(lib)`` takes ``hookgrad`` or ``torch`` and returns the same objects made with that
library, from fixed values (no random numbers), so ``lib.save`` of each must give the same
bytes (only the 40-digit ``.data/serialization_id`` record differs: PyTorch makes it
random). tools/make_checkpoints.py saves them with PyTorch into
tests/serialization/fixtures/torch_written/ and with hookgrad into hookgrad_written/, and
records what PyTorch loads from hookgrad's files."""
from collections import OrderedDict

import numpy as np


def _values(shape, dtype, start=0):
    count = int(np.prod(shape)) if shape else 1
    data = (np.arange(count) + start).reshape(shape)
    if dtype == np.bool_:
        return data % 3 == 0
    if np.issubdtype(dtype, np.floating):
        return (data / 4 - 1).astype(dtype)
    return (data - count // 2).astype(dtype)


def _tensor(lib, shape, dtype, start=0):
    return lib.tensor(_values(shape, dtype, start))


def tensors(lib):
    """Every dtype, 0-d and empty tensors, views sharing one storage at offsets, transposed
    and expanded (stride 0) views, parameters with and without grad, a non-leaf."""
    base = _tensor(lib, (4, 6), np.float32)
    objects = {name: _tensor(lib, (2, 3), dtype, i)
               for i, (name, dtype) in enumerate([
                   ("float32", np.float32), ("float64", np.float64), ("float16", np.float16),
                   ("int64", np.int64), ("int32", np.int32), ("int16", np.int16),
                   ("int8", np.int8), ("uint8", np.uint8), ("bool", np.bool_)])}
    leaf = lib.tensor(_values((3,), np.float32), requires_grad=True)
    objects.update({
        "scalar": lib.tensor(0.25, dtype=lib.float64),
        "empty": lib.zeros(0, 3),
        "base": base,
        "row": base[1],
        "column": base[:, 2],
        "block": base[1:3, 2:5],
        "transposed": base.t(),
        "expanded": _tensor(lib, (3, 1), np.float32).expand(3, 4),
        "parameter": lib.nn.Parameter(_tensor(lib, (2, 2), np.float32)),
        "frozen": lib.nn.Parameter(_tensor(lib, (2,), np.float32), requires_grad=False),
        "non_leaf": leaf * 2,
    })
    return objects


def state_dict(lib):
    """A state dict with ``_metadata``, as ``Module.state_dict()`` returns it."""
    model = lib.nn.Sequential(lib.nn.Linear(3, 4), lib.nn.ReLU(), lib.nn.BatchNorm1d(4))
    result = model.state_dict()
    with lib.no_grad():
        for i, value in enumerate(result.values()):
            dtype = np.int64 if value.dtype == lib.int64 else np.float32
            value.copy_(lib.tensor(_values(tuple(value.shape), dtype, i)))
    return result


def bundle(lib):
    """A training checkpoint: model, optimizer and scheduler state, epoch and friends."""
    weights = state_dict(lib)
    optimizer = {
        "state": {i: {"step": lib.tensor(3.0),
                      "exp_avg": _tensor(lib, tuple(v.shape), np.float32, i),
                      "exp_avg_sq": _tensor(lib, tuple(v.shape), np.float32, i + 1).abs()}
                  for i, v in enumerate(list(weights.values())[:2])},
        "param_groups": [{"lr": 0.01, "betas": (0.9, 0.999), "eps": 1e-08,
                          "weight_decay": 0, "amsgrad": False, "maximize": False,
                          "foreach": None, "capturable": False, "differentiable": False,
                          "fused": None, "decoupled_weight_decay": False, "params": [0, 1]}],
    }
    scheduler = {"step_size": 2, "gamma": 0.5, "base_lrs": [0.01], "last_epoch": 3,
                 "_step_count": 4, "_is_initial": False,
                 "_get_lr_called_within_step": False, "_last_lr": [0.005]}
    return {"epoch": 3, "model": weights, "optimizer": optimizer, "scheduler": scheduler,
            "loss": 0.25, "name": "run-1", "tags": ["a", "b"], "best": None,
            "history": OrderedDict([("train", [1.0, 0.5]), ("valid", (0.75,))]),
            "shape": lib.Size([2, 3]), "dtype": lib.float16, "device": lib.device("cpu"),
            "raw": b"\x00\x01", "big": 2 ** 70, "negative": -5, "ratio": -1.5e-300}


OBJECTS = {"tensors": tensors, "state_dict": state_dict, "bundle": bundle}


def build(lib):
    return {name: make(lib) for name, make in OBJECTS.items()}
