"""SGD's in-place fused multiply-add (``fused.add_scaled_``, PyTorch's ``add_(alpha=...)``):
one rounding, also where a float64 sum lands on a float32 midpoint (two roundings would err
there), with NaN, infinite, zero and subnormal values. (Its bits against PyTorch's:
tests/parity/s48_sgd_fused_step.py.)"""
import numpy as np

import hookgrad as torch
from hookgrad._ops.fused import _scaled_sum, add_scaled, add_scaled_


def test_a_float64_midpoint_is_rounded_once():
    # x + a * y is 1 + 2**-23 + 2**-24 - 2**-70 exactly: float64 rounds it to the float32
    # midpoint 1 + 2**-23 + 2**-24, which float32 rounds to even (1 + 2**-22); rounded once
    # it is 1 + 2**-23
    x = np.full(8, 1 + 2.0 ** -23, np.float32)
    y = np.full(8, 2.0 ** -12 * (1 - 2.0 ** -23), np.float32)
    alpha = float(np.float32(2.0 ** -12 * (1 + 2.0 ** -23)))
    add_scaled_(x, y, alpha)
    assert x.tolist() == [1 + 2.0 ** -23] * 8


def test_matches_the_exact_sum_on_special_values():
    rng = np.random.default_rng(0)
    x = rng.standard_normal(1000).astype(np.float32)
    y = rng.standard_normal(1000).astype(np.float32)
    x[:6] = [np.nan, -0.0, 1e-40, np.inf, 0.0, -1e-39]
    y[:6] = [1.0, 0.0, -1e-40, 1.0, -0.0, np.nan]
    y[10:13] = [np.inf, -np.inf, np.nan]
    for alpha in (-0.01, 0.5, -3e-4):
        want = _scaled_sum(x.copy(), y, alpha)  # (add_scaled itself takes add_scaled_)
        got = x.copy()
        add_scaled_(got, y, alpha)
        assert got.view(np.int32).tolist() == want.view(np.int32).tolist()


def test_other_layouts_take_the_general_route():
    x = np.arange(12, dtype=np.float32).reshape(3, 4).T  # (not C-contiguous)
    y = np.ones((4, 3), np.float32) / 3
    want = add_scaled(x.copy(), y, -0.1)
    add_scaled_(x, y, -0.1)
    assert x.tolist() == want.tolist()


def test_sgd_writes_into_the_parameter_in_place():
    w = torch.ones(5, 3, requires_grad=True)
    data = w.data_ptr()
    opt = torch.optim.SGD([w], lr=0.1, momentum=0.9)
    for _ in range(2):
        w.grad = torch.full((5, 3), 0.5)
        opt.step()
    assert w.data_ptr() == data and w._version == 2
    assert w.detach().numpy().tolist() == [[0.8549999594688416] * 3] * 5  # (PyTorch's)


def test_zero_dim_parameters_take_the_general_route():
    x = np.array(0.939846, np.float32)
    add_scaled_(x, np.float32(27.867468), -0.1)
    assert x.tolist() == add_scaled(np.array(0.939846, np.float32), np.float32(27.867468),
                                    -0.1).tolist()
