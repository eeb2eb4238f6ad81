"""How an edge case is run and written down, the same way under PyTorch (the recorder,
tools/record/edge_cases.py) and under hookgrad (test_edge_cases.py): a case is a function of
``(torch, F)`` that builds its inputs from explicit values and returns what the user sees (a
tensor, a tuple of them, gradients it computed, a stride, a number), or raises.

The record of a case: ``{"raises": [type name, message]}`` or ``{"value": ...}`` with every
tensor as ``{"tensor": array, "requires_grad": bool}``; and ``"warnings"``: the category and
message of every warning it gave."""
import warnings

import numpy as np


def describe(value):
    """The JSON-able description of what a case returned."""
    if hasattr(value, "detach") and hasattr(value, "requires_grad"):
        return {"tensor": np.array(value.detach().numpy(), copy=True),
                "requires_grad": bool(value.requires_grad)}
    if isinstance(value, (tuple, list)):  # torch.Size, stride(), return types
        return [describe(v) for v in value]
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    raise TypeError(f"an edge case returned a {type(value).__name__}")


def record(torch, F, case):
    """Run ``case(torch, F)``, recording every warning (none deduplicated)."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = {}
        try:
            result["value"] = describe(case(torch, F))
        except Exception as error:  # noqa: BLE001  (the exception is what is recorded)
            result["raises"] = [type(error).__name__, str(error)]
    result["warnings"] = [[w.category.__name__, str(w.message)] for w in caught]
    return result


def mismatch(got, expected, where="value"):
    """Where ``got`` differs from ``expected`` (both descriptions), or None. Floats compare
    with float32's tolerance, NaN equal to NaN and infinities exactly; integers and bools
    exactly."""
    if isinstance(expected, dict) and "tensor" in expected:
        if not isinstance(got, dict) or "tensor" not in got:
            return f"{where}: {got!r} is not a tensor"
        a, b = np.asarray(got["tensor"]), np.asarray(expected["tensor"])
        if a.dtype != b.dtype or a.shape != b.shape:
            return f"{where}: {a.dtype}{list(a.shape)} != {b.dtype}{list(b.shape)}"
        if got["requires_grad"] != expected["requires_grad"]:
            return f"{where}: requires_grad {got['requires_grad']} != {expected['requires_grad']}"
        if a.dtype.kind == "f":
            same = np.isclose(a, b, rtol=1e-5, atol=1e-6, equal_nan=True)
        else:
            same = a == b
        if not np.all(same):
            return f"{where}: {a.tolist()} != {b.tolist()}"
        return None
    if isinstance(expected, list):
        if not isinstance(got, list) or len(got) != len(expected):
            return f"{where}: {got!r} != {expected!r}"
        for i, (g, e) in enumerate(zip(got, expected)):
            found = mismatch(g, e, f"{where}[{i}]")
            if found:
                return found
        return None
    if isinstance(expected, float) and isinstance(got, float):
        same = np.isclose(got, expected, equal_nan=True)
        return None if same else f"{where}: {got} != {expected}"
    return None if got == expected else f"{where}: {got!r} != {expected!r}"
