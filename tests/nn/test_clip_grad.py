"""nn.utils: clip_grad_norm_, clip_grad_value_, parameters_to_vector, vector_to_parameters.

clip_grad_norm_ is compared with values recorded from PyTorch 2.13
(tests/recorded/clip_grad.json; re-record with ``python tools/record/clip_grad.py``, needs
torch)."""
import numpy as np
import pytest
from _recorded import load

import hookgrad as torch
from hookgrad.nn.utils import (
    clip_grad_norm,
    clip_grad_norm_,
    clip_grad_value_,
    parameters_to_vector,
    vector_to_parameters,
)

from .clip_grad_cases import CASES, clip

RECORDED = load("clip_grad")


@pytest.mark.parametrize("name", list(CASES))
def test_clip_grad_norm_matches_pytorch(name):
    np.testing.assert_allclose(clip(torch, name), RECORDED[name], rtol=1e-6, atol=1e-7)


def _param(grad):
    p = torch.zeros(len(grad), requires_grad=True)
    p.grad = torch.tensor(grad)
    return p


def test_clip_grad_norm_details():
    p, q = _param([3.0, 4.0]), torch.zeros(2, requires_grad=True)
    norm = clip_grad_norm_(p, 1.0)  # a single tensor is accepted; q has no grad
    assert norm.dtype == torch.float32 and norm.shape == () and not norm.requires_grad
    assert p.grad.tolist() == pytest.approx([0.6, 0.8], abs=1e-6)
    assert clip_grad_norm_([q], 1.0).item() == 0.0 and q.grad is None
    with pytest.warns(UserWarning, match="`parameters` is an empty generator, no gradient "
                                         "clipping will occur."):
        clip_grad_norm_((x for x in []), 1.0)
    with pytest.warns(FutureWarning, match="`torch.nn.utils.clip_grad_norm` is now deprecated"):
        clip_grad_norm([_param([1.0])], 1.0)
    bad = _param([float("inf"), 1.0])
    with pytest.raises(RuntimeError, match="^The total norm of order 2.0 for gradients from "
                                           "`parameters` is non-finite, so it cannot be clipped"):
        clip_grad_norm_([bad], 1.0, error_if_nonfinite=True)
    assert bad.grad.tolist()[1] == 1.0  # left unchanged by the error
    assert clip_grad_norm_([bad], 1.0).item() == float("inf")


def test_clip_grad_value():
    p, q = _param([-3.0, 0.5, 2.0]), torch.zeros(1, requires_grad=True)
    grad = p.grad
    assert clip_grad_value_([p, q], 1) is None
    assert p.grad is grad and p.grad.tolist() == [-1.0, 0.5, 1.0] and q.grad is None


def test_parameters_to_vector_and_back():
    a = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
    b = torch.tensor([5.0], requires_grad=True)
    vec = parameters_to_vector([a, b])
    assert vec.tolist() == [1.0, 2.0, 3.0, 4.0, 5.0] and vec.grad_fn is not None
    (vec * torch.arange(5).float()).sum().backward()
    assert a.grad.tolist() == [[0.0, 1.0], [2.0, 3.0]] and b.grad.tolist() == [4.0]
    new = torch.arange(5).float() * 10
    vector_to_parameters(new, [a, b])
    assert a.tolist() == [[0.0, 10.0], [20.0, 30.0]] and b.tolist() == [40.0]
    assert a.requires_grad and a.is_leaf
    new[0] = -1.0  # the parameters share the vector's memory, as in PyTorch
    assert a[0, 0].item() == -1.0
    with pytest.raises(TypeError, match="^expected torch.Tensor, but got: list$"):
        vector_to_parameters([1.0], [a])
