"""The padding, shuffle, fold, distance, local-response-norm and unpooling modules against
values recorded from PyTorch (tools/record/thin_modules.py): repr, output and gradients."""
import numpy as np
import pytest
from _recorded import load

import hookgrad as torch

from .thin_module_cases import CASES

RECORDED = load("thin_modules")
nn = torch.nn


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_module_matches_pytorch(case):
    name, source, _ = case
    rec = RECORDED[name]
    module = eval(source)
    assert repr(module) == rec["repr"]
    inputs = [torch.tensor(a, requires_grad=True) for a in rec["inputs"]]
    out = module(*inputs)
    np.testing.assert_allclose(out.detach().numpy(), rec["output"], rtol=1e-6, atol=1e-6)
    grads = torch.autograd.grad(out, inputs, torch.tensor(rec["grad_output"]))
    for grad, expected in zip(grads, rec["grads"]):
        np.testing.assert_allclose(grad.numpy(), expected, rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("dims", [1, 2])
def test_max_unpool_matches_pytorch(dims):
    rec = RECORDED[f"max_unpool{dims}d"]
    unpool = eval(rec["repr"].replace("MaxUnpool", "nn.MaxUnpool"))
    assert repr(unpool) == rec["repr"]
    source = torch.tensor(rec["input"], requires_grad=True)
    out = unpool(source, torch.tensor(rec["indices"]), output_size=rec["output_size"])
    np.testing.assert_array_equal(out.detach().numpy(), rec["output"])
    (grad,) = torch.autograd.grad(out, source, torch.tensor(rec["grad_output"]))
    np.testing.assert_array_equal(grad.numpy(), rec["grad"])


def test_max_unpool_rejects_an_index_outside_the_output():
    pooled, indices = torch.nn.functional.max_pool2d_with_indices(
        torch.arange(16.0).view(1, 1, 4, 4), 2)
    with pytest.raises(RuntimeError, match="Found an invalid max index: 15 \\(output volumes "
                                           "are of size 3x3\\)"):
        torch.nn.functional.max_unpool2d(pooled, indices, 2, output_size=(3, 3))
