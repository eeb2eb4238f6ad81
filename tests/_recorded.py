"""Values recorded from PyTorch, kept as data files in one format: ``tests/recorded/NAME.json``.

A file is ``{"torch": "<version>", "cases": {...}}``; inside ``cases`` any JSON value may
appear, and an array is stored as ``{"dtype": "float32", "shape": [2, 3], "data": [...]}``
(``data`` flat, C order; NaN and infinities as JSON's NaN / Infinity). ``load`` turns those
back into NumPy arrays; ``save`` (used by the recorders under tools/, with PyTorch) writes
them, accepting NumPy arrays and anything with ``.detach().numpy()``."""
import json
from pathlib import Path

import numpy as np

RECORDED = Path(__file__).resolve().parent / "recorded"
_ARRAY_KEYS = {"dtype", "shape", "data"}


def _decode(value):
    if isinstance(value, dict):
        if value.keys() == _ARRAY_KEYS:
            return np.array(value["data"], dtype=value["dtype"]).reshape(value["shape"])
        return {k: _decode(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_decode(v) for v in value]
    return value


def _encode(value):
    if hasattr(value, "detach") and hasattr(value, "numpy"):
        value = value.detach().numpy()
    if isinstance(value, np.ndarray):
        return {"dtype": str(value.dtype), "shape": list(value.shape),
                "data": value.reshape(-1).tolist()}
    if isinstance(value, np.generic):
        return value.item()
    if isinstance(value, dict):
        return {str(k): _encode(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_encode(v) for v in value]
    return value


def load(name):
    """The recorded cases of ``tests/recorded/NAME.json``, arrays as NumPy arrays. Cases whose
    bits depend on the kernels PyTorch (and MKL) pick by the CPU's vector ISA are recorded
    per ISA, as ``NAME.<ISA>.json``: the one of this CPU is read, and without one the calling
    test module is skipped."""
    path = RECORDED / f"{name}.json"
    if not path.exists():
        from hookgrad.backends.cpu import get_cpu_capability
        isa = get_cpu_capability()
        path = RECORDED / f"{name}.{isa}.json"
        if not path.exists():
            import pytest
            recorded_on = sorted(p.name.split(".")[1] for p in RECORDED.glob(f"{name}.*.json"))
            pytest.skip(f"tests/recorded/{name} was recorded on {', '.join(recorded_on)} CPUs, "
                        f"whose kernels round differently from this {isa} one (record it "
                        "here with its tools/record script)", allow_module_level=True)
    with open(path) as f:
        return _decode(json.load(f)["cases"])


def save(name, cases, torch_version, isa=None):
    """Write ``cases`` (a dict) to ``tests/recorded/NAME.json``, or with ``isa`` (PyTorch's
    ``torch.backends.cpu.get_cpu_capability()``) to ``NAME.<ISA>.json``."""
    RECORDED.mkdir(exist_ok=True)
    with open(RECORDED / (f"{name}.json" if isa is None else f"{name}.{isa}.json"), "w") as f:
        json.dump({"torch": torch_version, "cases": _encode(cases)}, f, indent=1)
        f.write("\n")
