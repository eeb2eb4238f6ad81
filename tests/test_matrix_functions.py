"""matrix_exp, linalg.solve, linalg.householder_product and _weight_norm: forward against
NumPy constructions, gradients (and second derivatives) against finite differences."""
import numpy as np
import pytest

import hookgrad as torch
from hookgrad.autograd import gradcheck, gradgradcheck
from hookgrad.autograd.gradcheck import GradcheckError

RNG = np.random.default_rng(5)


def _t(array):
    return torch.tensor(array, dtype=torch.float64, requires_grad=True)


def test_matrix_exp_matches_its_series_and_scales():
    a = RNG.normal(size=(4, 4)) * 0.3
    series, term = np.eye(4), np.eye(4)
    for k in range(1, 30):
        term = term @ a / k
        series = series + term
    np.testing.assert_allclose(torch.matrix_exp(torch.tensor(a)).numpy(), series, rtol=1e-12)
    big = np.array([[3.0, 5.0], [-4.0, 1.0]]) * 4  # needs scaling and squaring
    w, v = np.linalg.eig(big)
    exact = (v @ np.diag(np.exp(w)) @ np.linalg.inv(v)).real
    np.testing.assert_allclose(torch.linalg.matrix_exp(torch.tensor(big)).numpy(), exact,
                               rtol=1e-9)
    skew = RNG.normal(size=(3, 5, 5))
    q = torch.matrix_exp(torch.tensor(skew - skew.transpose(0, 2, 1))).numpy()
    np.testing.assert_allclose(q @ q.transpose(0, 2, 1), np.broadcast_to(np.eye(5), q.shape),
                               atol=1e-12)


@pytest.mark.parametrize("make", [
    lambda: (torch.matrix_exp, (_t(RNG.normal(size=(3, 3)) * 0.5),)),
    lambda: (torch.matrix_exp, (_t(RNG.normal(size=(2, 3, 3))),)),
    lambda: (torch.linalg.solve, (_t(RNG.normal(size=(3, 3)) + 3 * np.eye(3)),
                                  _t(RNG.normal(size=(3, 2))))),
    lambda: (torch.linalg.solve, (_t(RNG.normal(size=(3, 3)) + 3 * np.eye(3)),
                                  _t(RNG.normal(size=3)))),
    lambda: (torch.linalg.householder_product, (_t(RNG.normal(size=(4, 3))),
                                                _t(RNG.uniform(0.5, 1.5, size=3)))),
])
def test_gradients_and_second_derivatives(make):
    fn, inputs = make()
    assert gradcheck(fn, inputs)
    assert gradgradcheck(fn, inputs)


@pytest.mark.parametrize("dim, g_shape", [(0, (3, 1)), (1, (1, 4))])
def test_weight_norm_second_derivative_is_pytorchs(dim, g_shape):
    # PyTorch's fused weight-norm node differentiates its gradient with the saved norms held
    # constant (_weight_norm_differentiable_backward), so its second derivative is not the
    # exact one: PyTorch 2.13's own gradgradcheck of _weight_norm fails. hookgrad gives
    # PyTorch's (tests/parity/s34a_weight_norm_graph.py pins its graph and values).
    inputs = (_t(RNG.normal(size=(3, 4))), _t(RNG.uniform(1, 2, size=g_shape)))

    def fn(v, g):
        return torch._weight_norm(v, g, dim)
    assert gradcheck(fn, inputs)
    with pytest.raises(GradcheckError, match="Jacobian mismatch"):
        gradgradcheck(fn, inputs)


def test_householder_product_is_orthogonal_and_matches_the_reflections():
    a = RNG.normal(size=(5, 3))
    tau = 2.0 / (1.0 + (np.tril(a, -1) ** 2).sum(axis=0))
    q = torch.linalg.householder_product(torch.tensor(a), torch.tensor(tau)).numpy()
    full = np.eye(5)
    for i in range(3):
        v = np.zeros(5)
        v[i], v[i + 1:] = 1.0, a[i + 1:, i]
        full = full @ (np.eye(5) - tau[i] * np.outer(v, v))
    np.testing.assert_allclose(q, full[:, :3], atol=1e-12)
    np.testing.assert_allclose(q.T @ q, np.eye(3), atol=1e-12)


def test_solve_errors():
    with pytest.raises(torch.linalg.LinAlgError, match="input matrix is singular"):
        torch.linalg.solve(torch.zeros(2, 2), torch.ones(2))
    with pytest.raises(RuntimeError, match="must be batches of square matrices"):
        torch.linalg.solve(torch.zeros(2, 3), torch.ones(2))
