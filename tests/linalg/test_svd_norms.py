"""The spectral (ord 2 / -2) and nuclear matrix norms and ``linalg.svdvals`` against values
recorded from PyTorch 2.13 (tools/record/svd_norms.py): values, result dtype, node name,
gradient, double backward, and PyTorch's errors for bad input."""
import numpy as np
import pytest
from _recorded import load

import hookgrad as torch
from linalg.svd_norm_cases import CASES, run

RECORDED = load("svd_norms")


@pytest.mark.parametrize("name", sorted(CASES))
def test_matches_pytorch(name):
    expected, got = RECORDED[name], run(torch, name)
    assert got.keys() == expected.keys()
    if "error" in expected:
        assert got["error"] == expected["error"]
        return
    assert (got["dtype"], got["node"]) == (expected["dtype"], expected["node"])
    for key in ("value", "grad", "grad_of_grad"):
        if key in expected:
            tolerance = 1e-4 if expected[key].dtype == np.float32 else 1e-10
            actual = got[key].detach().numpy()
            assert actual.shape == expected[key].shape and actual.dtype == expected[key].dtype
            np.testing.assert_allclose(actual, expected[key], rtol=tolerance, atol=tolerance)


def test_singular_values_are_output_1_of_the_svd_node():
    a = torch.tensor([[3.0, 1.0], [1.0, 2.0], [0.0, 1.0]], requires_grad=True)
    values = torch.linalg.svdvals(a)
    node = values.grad_fn
    assert node.name() == "LinalgSvdBackward0" and values.output_nr == 1
    assert node._saved_U.shape == (3, 2) and node._saved_Vh.shape == (2, 2)
    seen = []
    node.register_hook(lambda grad_inputs, grad_outputs: seen.append(
        [g is None for g in grad_outputs]))
    values.sum().backward()
    assert seen == [[True, False, True]]  # (U and Vh receive no gradient)
