"""svd, qr, cholesky / cholesky_ex, eigh / eigvalsh, slogdet / logdet and solve_triangular
against values recorded from PyTorch 2.13 (tools/record/decompositions.py): sign-invariant
functions of the factors, node names, gradients, double backward and PyTorch's errors; and
the invariants (reconstruction, orthogonality) of the factors themselves."""
import warnings

import numpy as np
import pytest
from _recorded import load

import hookgrad as torch
from linalg.decomposition_cases import CASES, run

RECORDED = load("decompositions")


def _close(actual, expected):
    actual = actual.detach().numpy() if hasattr(actual, "detach") else actual
    tolerance = 1e-4 if expected.dtype == np.float32 else 1e-9
    assert actual.shape == expected.shape and actual.dtype == expected.dtype
    finite = expected[np.isfinite(expected)] if expected.dtype.kind == "f" else expected
    scale = max(1.0, float(np.abs(finite).max(initial=0)))  # (rounding grows with magnitude)
    np.testing.assert_allclose(actual, expected, rtol=tolerance, atol=tolerance * scale)
    # (-0 and -inf: their signs too; a zero that is rounding noise in one library is not)
    exact = ((expected == 0) & (actual == 0)) | np.isinf(expected)
    np.testing.assert_array_equal(np.signbit(actual[exact]), np.signbit(expected[exact]))


@pytest.mark.parametrize("name", sorted(CASES))
def test_matches_pytorch(name):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        expected, got = RECORDED[name], run(torch, name)
    assert got.keys() == expected.keys()
    if "error" in expected:
        assert got["error"] == expected["error"]
        return
    assert (got["dtypes"], got["nodes"]) == (expected["dtypes"], expected["nodes"])
    assert got["strides"] == expected["strides"]  # (LAPACK's column-major results)
    for actual, wanted in zip(got["values"], expected["values"]):
        _close(actual, wanted)
    for key in ("grad_error", "grad_of_grad_error"):
        if key in expected:
            assert got[key] == expected[key]
    for key in ("grad", "grad_of_grad"):
        if key in expected:
            _close(got[key], expected[key])


@pytest.mark.parametrize("shape", [(5, 3), (3, 5), (2, 4, 4)])
@pytest.mark.parametrize("full_matrices", [True, False])
def test_svd_reconstructs_with_orthonormal_factors(shape, full_matrices):
    a = torch.randn(*shape, dtype=torch.float64)
    u, s, vh = torch.linalg.svd(a, full_matrices=full_matrices)
    k = min(shape[-2:])
    assert u.shape == shape[:-2] + ((shape[-2],) * 2 if full_matrices else (shape[-2], k))
    eye_u = np.eye(u.shape[-1])
    np.testing.assert_allclose((u.mT @ u).numpy(), np.broadcast_to(eye_u, u.mT.shape[:-1]
                                                                   + (u.shape[-1],)), atol=1e-12)
    rebuilt = (u[..., :k] * s.unsqueeze(-2)) @ vh[..., :k, :]
    np.testing.assert_allclose(rebuilt.numpy(), a.numpy(), atol=1e-12)
    assert (np.diff(s.numpy(), axis=-1) <= 0).all()


@pytest.mark.parametrize("mode", ["reduced", "complete"])
def test_qr_reconstructs_with_upper_triangular_r(mode):
    a = torch.randn(2, 5, 3, dtype=torch.float64)
    q, r = torch.linalg.qr(a, mode=mode)
    np.testing.assert_allclose((q @ r).numpy(), a.numpy(), atol=1e-12)
    np.testing.assert_allclose(r.numpy(), np.triu(r.numpy()))
    assert type(torch.linalg.qr(a)).__name__ == "linalg_qr"


def test_eigh_reconstructs_and_reads_one_triangle():
    a = torch.randn(4, 4, dtype=torch.float64)
    w, v = torch.linalg.eigh(a)  # (the lower triangle, mirrored)
    lower = np.tril(a.numpy()) + np.tril(a.numpy(), -1).T
    np.testing.assert_allclose((v * w.unsqueeze(-2) @ v.mT).numpy(), lower, atol=1e-12)
    np.testing.assert_allclose(torch.linalg.eigvalsh(a, UPLO="U").numpy(),
                               np.linalg.eigvalsh(np.triu(a.numpy()) + np.triu(a.numpy(), 1).T))


def test_cholesky_ex_reports_instead_of_raising():
    a = torch.tensor([[[4.0, 2.0], [2.0, 3.0]], [[1.0, 2.0], [2.0, 1.0]]])
    result = torch.linalg.cholesky_ex(a)
    assert type(result).__name__ == "linalg_cholesky_ex"
    assert result.info.tolist() == [0, 2] and result.info.dtype == torch.int32
    with pytest.raises(torch.linalg.LinAlgError, match="Batch element 1"):
        torch.linalg.cholesky_ex(a, check_errors=True)


def test_deprecated_forms_and_methods():
    a = torch.randn(3, 3, dtype=torch.float64)
    spd = a @ a.mT + torch.eye(3, dtype=torch.float64)
    with pytest.warns(UserWarning):
        torch.set_warn_always(True)
        try:
            torch.qr(a)
        finally:
            torch.set_warn_always(False)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        upper = spd.requires_grad_().cholesky(upper=True)
    assert upper.grad_fn.name() == "CholeskyBackward0"
    np.testing.assert_allclose((upper.mT @ upper).detach().numpy(), spd.detach().numpy(),
                               atol=1e-12)
    sign, log = a.slogdet()
    np.testing.assert_allclose(sign.item() * np.exp(log.item()), np.linalg.det(a.numpy()))
    assert a.svd().V.grad_fn is None and type(a.svd()).__name__ == "svd"


def test_saved_arguments_as_pytorch_names_them():
    a = torch.randn(3, 3, dtype=torch.float64, requires_grad=True)
    spd = (a @ a.mT + torch.eye(3, dtype=torch.float64)).detach().requires_grad_()
    svd_node = torch.linalg.svd(a).U.grad_fn
    assert svd_node._saved_full_matrices is True and svd_node._saved_S_sym_argsize_minus_1 == 3
    assert svd_node._saved_U.shape == (3, 3)
    assert torch.linalg.qr(a, mode="complete").Q.grad_fn._saved_mode == "complete"
    assert torch.linalg.cholesky(spd, upper=True).grad_fn._saved_upper is True
    solve_node = torch.linalg.solve_triangular(a, a, upper=False, left=False).grad_fn
    assert (solve_node._saved_upper, solve_node._saved_left,
            solve_node._saved_unitriangular) == (False, False, False)
    assert solve_node._saved_result.shape == (3, 3)
    dist_node = torch.dist(a, a.detach() + 1, 3).grad_fn
    assert dist_node._saved_p == 3 and dist_node._saved_result.ndim == 0
    assert torch.nn.functional.pdist(a).grad_fn._saved_p == 2.0


def test_deprecation_warnings_are_pytorchs():
    a = torch.eye(2)
    torch.set_warn_always(True)
    try:
        with pytest.warns(UserWarning) as caught:
            torch.qr(a)
            torch.cholesky(a)
    finally:
        torch.set_warn_always(False)
    first, second = (str(w.message) for w in caught)
    assert first.startswith("torch.qr is deprecated in favor of torch.linalg.qr")
    assert first.endswith("BatchLinearAlgebra.cpp:2505.)")
    assert "U = torch.linalg.cholesky(A).mH" in second
