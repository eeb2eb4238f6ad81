"""nn.utils: clip_grad_norm_, clip_grad_value_, parameters_to_vector, vector_to_parameters.

Expected numbers were recorded once from PyTorch 2.13: ``PYTHONPATH=. python
tests/test_clip_grad.py`` (with real torch installed) prints the EXPECTED table."""
import numpy as np
import pytest

import hookgrad as torch
from hookgrad.nn.utils import (
    clip_grad_norm,
    clip_grad_norm_,
    clip_grad_value_,
    parameters_to_vector,
    vector_to_parameters,
)

CASES = {  # name: (max_norm, norm_type)
    "l2_clip": (1.0, 2.0),
    "l2_no_clip": (100.0, 2),
    "l1_clip": (0.5, 1),
    "inf_clip": (0.25, "inf"),
    "p3_clip": (0.7, 3.5),
    "l0": (4.0, 0),
}


def grads():
    """Three gradients of different shapes, one parameter without a gradient."""
    values = (np.arange(1, 22) * 37 % 23 - 11) / 7
    return [values[:6].reshape(2, 3), values[6:10], values[10:21].reshape(11, 1), None]


def clip(tm, name):
    max_norm, norm_type = CASES[name]
    params = []
    for g in grads():
        p = tm.zeros(g.shape if g is not None else (2,), requires_grad=True)
        if g is not None:
            p.grad = tm.tensor(g.astype(np.float32))
        params.append(p)
    total = clip_fn(tm)(params, max_norm, norm_type=float(norm_type))
    flat = [v for p in params if p.grad is not None for v in p.grad.reshape(-1).tolist()]
    return [total.item()] + flat


def clip_fn(tm):
    return tm.nn.utils.clip_grad_norm_ if tm is not torch else clip_grad_norm_


# Recorded with torch 2.13.0+cpu: total norm, then the clipped gradients, flattened.
EXPECTED = {
    'l2_clip': (
        '4.25464916 0.100730121 -0.201460242 0.268613666 -0.0335767083 -0.33576709 '
        '0.134306833 -0.167883545 0.302190363 0 -0.302190363 0.167883545 -0.134306833 '
        '0.33576709 0.0335767083 -0.268613666 0.201460242 -0.100730121 0.369343787 '
        '0.0671534166 -0.235036954 0.235036954'),
    'l2_no_clip': (
        '4.25464916 0.428571433 -0.857142866 1.14285719 -0.142857149 -1.42857146 0.571428597 '
        '-0.714285731 1.28571427 0 -1.28571427 0.714285731 -0.571428597 1.42857146 '
        '0.142857149 -1.14285719 0.857142866 -0.428571433 1.57142854 0.285714298 -1 1'),
    'l1_clip': (
        '17 0.0126050403 -0.0252100807 0.0336134434 -0.00420168042 -0.0420168042 0.0168067217 '
        '-0.0210084021 0.0378151201 0 -0.0378151201 0.0210084021 -0.0168067217 0.0420168042 '
        '0.00420168042 -0.0336134434 0.0252100807 -0.0126050403 0.0462184809 0.00840336084 '
        '-0.0294117611 0.0294117611'),
    'inf_clip': (
        '1.57142854 0.068181783 -0.136363566 0.181818083 -0.0227272604 -0.2272726 '
        '0.0909090415 -0.1136363 0.204545334 0 -0.204545334 0.1136363 -0.0909090415 0.2272726 '
        '0.0227272604 -0.181818083 0.136363566 -0.068181783 0.249999851 0.0454545207 '
        '-0.159090817 0.159090817'),
    'p3_clip': (
        '2.48019361 0.120958254 -0.241916507 0.322555363 -0.0403194204 -0.403194189 '
        '0.161277682 -0.201597095 0.362874746 0 -0.362874746 0.201597095 -0.161277682 '
        '0.403194189 0.0403194204 -0.322555363 0.241916507 -0.120958254 0.443513572 '
        '0.0806388408 -0.28223592 0.28223592'),
    'l0': (
        '3 0.428571433 -0.857142866 1.14285719 -0.142857149 -1.42857146 0.571428597 '
        '-0.714285731 1.28571427 0 -1.28571427 0.714285731 -0.571428597 1.42857146 '
        '0.142857149 -1.14285719 0.857142866 -0.428571433 1.57142854 0.285714298 -1 1'),
}


@pytest.mark.parametrize("name", list(CASES))
def test_clip_grad_norm_matches_pytorch(name):
    np.testing.assert_allclose(clip(torch, name), np.array(EXPECTED[name].split(), float),
                               rtol=1e-6, atol=1e-7)


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


def _record():
    import textwrap

    import torch as real_torch
    print("EXPECTED = {")
    for name in CASES:
        chunks = textwrap.wrap(" ".join(f"{v:.9g}" for v in clip(real_torch, name)), 84)
        chunks = [c + " " for c in chunks[:-1]] + chunks[-1:]
        print(f"    {name!r}: (\n" + "\n".join(f"        {c!r}" for c in chunks) + "),")
    print("}")


if __name__ == "__main__":
    _record()
