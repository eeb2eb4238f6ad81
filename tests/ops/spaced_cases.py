"""Seeded cases for ``arange``, ``linspace`` and ``logspace``, run by tools/record/spaced.py
with PyTorch and by test_spaced_recorded.py with hookgrad. Each result is kept as a SHA-256
of its bytes (with dtype and shape), so thousands of values are compared bit for bit in a
small file; errors as their type and message."""
import hashlib
import random

import numpy as np

DTYPES = ("float32", "float64", "float16", "bfloat16", "int64", "int32", "int16", "uint8")
THREADS = (1, 2)  # arange's values over 32768 elements depend on the thread count


def _arguments(rng):
    """``(name, fn, args, kwargs-without-dtype)`` for one random call."""
    kind = rng.choice(("arange", "linspace", "logspace"))
    if kind == "arange":
        start = rng.choice((rng.uniform(-50, 50), rng.randint(-20, 20)))
        step = rng.choice((0.1, 0.3, 1 / 3, -0.7, 1, 2, -3, rng.uniform(-3, 3)))
        count = rng.choice((rng.randint(0, 200), rng.randint(1000, 70000)))
        return kind, (start, start + step * count, step)
    start, end = rng.uniform(-100, 100), rng.uniform(-100, 100)
    if kind == "logspace":
        start, end = start / 30, end / 30
    if rng.random() < 0.3:
        start, end = round(start), round(end)
    steps = rng.choice((rng.randint(0, 300), rng.randint(1000, 50000)))
    return kind, (start, end, steps)


def _small(dtype_name, kind):
    """float16 / bfloat16 linspace beyond about 80 elements follows PyTorch's vector kernel
    in a way not modelled (see the README's Known gaps): those cases are kept small."""
    return kind == "linspace" and dtype_name in ("float16", "bfloat16")


def calls(count=400, seed=0):
    """``[(label, kind, args, dtype_name, threads)]``, the same list every time."""
    rng = random.Random(seed)
    out = []
    for i in range(count):
        kind, args = _arguments(rng)
        dtype_name = rng.choice(DTYPES)
        if _small(dtype_name, kind):
            args = args[:2] + (min(args[2], 64),)
        if dtype_name == "uint8" and kind != "arange":
            args = (abs(args[0]), abs(args[1])) + args[2:]
        threads = rng.choice(THREADS)
        out.append((f"{i}:{kind}{args}:{dtype_name}:{threads}", kind, args, dtype_name, threads))
    return out


def digest(tensor):
    array = tensor.numpy()
    return {"dtype": str(tensor.dtype), "shape": list(tensor.shape),
            "sha256": hashlib.sha256(np.ascontiguousarray(array).tobytes()).hexdigest()}


def run(torch, kind, args, dtype_name, threads):
    """The recorded form of one call under ``torch`` (PyTorch or hookgrad)."""
    previous = torch.get_num_threads()
    torch.set_num_threads(threads)
    try:
        dtype = getattr(torch, dtype_name)
        result = getattr(torch, kind)(*args, dtype=dtype)
        if dtype_name == "bfloat16":  # NumPy has no bfloat16: float32 holds it exactly
            return digest(result.float()) | {"dtype": "torch.bfloat16"}
        return digest(result)
    except Exception as error:  # noqa: BLE001  (the error is the recorded result)
        return {"error": [type(error).__name__, str(error)]}
    finally:
        torch.set_num_threads(previous)


def cases(torch):
    return {label: run(torch, kind, args, dtype_name, threads)
            for label, kind, args, dtype_name, threads in calls()}
