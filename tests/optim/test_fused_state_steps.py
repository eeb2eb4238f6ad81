"""The in-place fused multiply-adds the optimizers step their state with (``add_product_``
behind ``addcmul_array_``, ``lerp_array_`` and ``add_scaled_``): bit for bit the arrays'
``fma`` / ``addcmul_array`` / ``lerp_array``, on midpoints, subnormals and special values.
(Their bits against PyTorch's optimizers: tests/parity/s48c_optimizer_bits.py.)"""
import numpy as np
import pytest

import hookgrad as torch
from hookgrad._ops.fused import _scaled_sum, add_product_, add_scaled, fma
from hookgrad._ops.ternary import addcmul_array, addcmul_array_, lerp_array, lerp_array_


def _arrays(kind, n=2000, seed=0):
    rng = np.random.default_rng(seed)
    x, y = (rng.standard_normal(n).astype(np.float32) for _ in range(2))
    if kind == "midpoints":  # (few bits each: float64 sums often land on float32 midpoints)
        x, y = np.round(x * 8) / 8, np.round(y * 4) / 4
    elif kind == "subnormal":  # (sums near and below float32's normal range)
        x = np.float32(2.0 ** -126) + rng.integers(-50, 50, n).astype(np.float32) * 2.0 ** -149
        y = (y * 2.0 ** -75).astype(np.float32)
    elif kind == "special":
        x[:8] = [np.nan, -0.0, 1e-40, np.inf, 0.0, -1e-39, -np.inf, 0.0]
        y[:8] = [1.0, 0.0, -1e-40, 1.0, -0.0, np.nan, np.inf, -0.0]
    return x.astype(np.float32), y.astype(np.float32)


@pytest.mark.parametrize("kind", ["plain", "midpoints", "subnormal", "special"])
@pytest.mark.parametrize("factor", [np.float32(0.5), np.float32(-2.0 ** -75 * 0.7),
                                    np.float32(-0.01), "array"])
def test_add_product_is_fma(kind, factor):
    x, y = _arrays(kind)
    a = _arrays(kind, seed=1)[1] if isinstance(factor, str) else factor
    got = x.copy()
    add_product_(got, a, y)
    assert got.view(np.int32).tolist() == fma(a, y, x).view(np.int32).tolist()


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_the_in_place_forms_match_the_array_functions(dtype):
    x, y = (a.astype(dtype) for a in _arrays("plain"))
    for value in (1, 0.001, -1):
        got = x.copy()
        addcmul_array_(got, y, y, dtype(value))
        assert got.tolist() == addcmul_array(x, y, y, dtype(value)).tolist()
    for weight in (0.1, 0.5, 0.999):
        got = x.copy()
        lerp_array_(got, y, weight)
        assert got.tolist() == lerp_array(x, y, weight).tolist()


def test_other_layouts_take_the_general_route():
    x = np.arange(12, dtype=np.float32).reshape(3, 4).T / 7  # (not C-contiguous)
    y = np.ones((4, 3), np.float32) / 3
    want = fma(np.float32(0.1), y, x)
    add_product_(x, np.float32(0.1), y)
    assert x.tolist() == want.tolist()


# (PyTorch's version counters after two steps: one bump per in-place op, mul_ then addcmul_
# two; NAdam adds to its parameter twice a step)
_VERSIONS = {"Adagrad": (2, {"sum": 2}), "RMSprop": (2, {"square_avg": 4}),
             "Adadelta": (2, {"square_avg": 4, "acc_delta": 4}),
             "Adamax": (2, {"exp_avg": 2, "exp_inf": 4}),
             "NAdam": (4, {"exp_avg": 2, "exp_avg_sq": 4}),
             "RAdam": (2, {"exp_avg": 2, "exp_avg_sq": 4})}


@pytest.mark.parametrize("name", sorted(_VERSIONS))
def test_steps_write_into_the_parameter_and_state_in_place(name):
    w = torch.ones(5, 3, requires_grad=True)
    data = w.data_ptr()
    opt = getattr(torch.optim, name)([w], lr=0.1)
    for _ in range(2):
        w.grad = torch.full((5, 3), 0.5)
        opt.step()
    versions, state_versions = _VERSIONS[name]
    assert w.data_ptr() == data and w._version == versions
    assert {k: opt.state[w][k]._version for k in state_versions} == state_versions


def test_a_complex_adagrad_sum_starts_at_value_plus_value_j():
    w = torch.zeros(2, dtype=torch.complex64, requires_grad=True)
    opt = torch.optim.Adagrad([w], initial_accumulator_value=0.25)
    assert opt.state[w]["sum"].tolist() == [0.25 + 0.25j] * 2


def test_add_scaled_takes_the_shorter_route_only_for_two_dense_float32_arrays():
    x = np.arange(12, dtype=np.float32).reshape(4, 3) / 7
    for y in (np.ones((3, 4), np.float32).T / 3, np.ones((4, 3)) / 3, np.float32(0.3)):
        want = _scaled_sum(x, y, 0.1)
        got = add_scaled(x, y, 0.1)
        assert got.dtype == want.dtype and got.tolist() == want.tolist()


def test_fma64_is_the_exactly_rounded_sum():
    # (Fraction's float() divides integers, correctly rounded: the exact a * b + c rounded once)
    from fractions import Fraction
    rng = np.random.default_rng(2)
    a, b = rng.standard_normal(400), rng.standard_normal(400)
    c = -a * b * (1 + rng.integers(-4, 5, 400) * 2.0 ** -52)  # (cancelling: the low bits count)
    c[::3] = rng.standard_normal(134) * 2.0 ** -30
    want = [float(Fraction(x) * Fraction(y) + Fraction(z)) for x, y, z in zip(a, b, c)]
    assert fma(a, b, c).tolist() == want
    assert fma(np.float64(a[0]), b, c).tolist() == [
        float(Fraction(a[0]) * Fraction(y) + Fraction(z)) for y, z in zip(b, c)]
