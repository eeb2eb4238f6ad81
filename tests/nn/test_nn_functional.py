"""torch.nn.functional against values recorded from PyTorch 2.13
(tests/recorded/nn_functional.json): output and input-gradient signatures of every case in
functional_cases.py, and the name of the node each output comes from.

Re-record with ``python tools/record/nn_functional.py`` (needs torch)."""
import warnings

import pytest
from _recorded import load

import hookgrad as torch
import hookgrad.nn.functional as F

from .functional_cases import CASES, make_tensors, node_name, run

RECORDED = load("nn_functional")


def close(got, expected, scale):
    return abs(got - expected) <= 2e-4 * scale + 1e-6


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_against_pytorch(case):
    expected = RECORDED[case.name]["signatures"]
    got = run(torch, F, case)
    assert len(got) == len(expected), (got, expected)
    for index, (g, e) in enumerate(zip(got, expected)):
        where = f"{case.name}: signature #{index}"
        if e is None or g is None:
            assert g is e, where
            continue
        assert g[0] == e[0], f"{where}: shape {g[0]} != {e[0]}"
        assert all(close(a, b, e[2]) for a, b in zip(g[1:], e[1:])), f"{where}: {g} != {e}"


# Known differences: PyTorch's C++ calls overloads that Python cannot reach (MulBackward1,
# clamp_min, at::norm), and builds circular padding from slice copies where we record one node.
SAME_NODE = {"torch::autograd::CopySlices": "CircularPadBackward0"}


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_node_names_and_dtype(case):
    expected = RECORDED[case.name]["node"]
    tensors = make_tensors(torch, case.name, case.inputs)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        out = case.fn(F, torch, *tensors)
    assert node_name(out) == SAME_NODE.get(expected, expected)
    for o in out if isinstance(out, tuple) else (out,):
        assert o.dtype in (torch.float32, torch.int64), case.name
