"""The SVD family (linalg.svd thin and full, svdvals with and without a gradient to come,
torch.svd without vectors, matrix_rank, the 2- and nuclear norms) and the symmetric eigen
family (eigh, eigvalsh, matrix_rank(hermitian=True)), QR, Cholesky and LU (det, slogdet,
inv, inv_ex, solve) and lstsq: with MKL at PyTorch's version
installed, bit for bit PyTorch's results and errors (tests/recorded/lapack.json, written by
tools/record/lapack.py), infinities and NaNs included; otherwise NumPy's LAPACK, close to
them."""
import importlib.metadata
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from _recorded import load

import hookgrad as torch
from hookgrad._ops import mkl_lapack

from .lapack_cases import cases

RECORDED = load("lapack")


def _mkl_version():
    try:
        return importlib.metadata.version("mkl")
    except importlib.metadata.PackageNotFoundError:
        return None


# PyTorch 2.13 bundles MKL 2024.2.0; other MKL versions' LAPACK rounds differently
EXACT = mkl_lapack.available() and _mkl_version() == "2024.2.0"
RESULTS = cases(torch)


def _outputs(value):
    return value if isinstance(value, list) else [value]


@pytest.mark.skipif(not EXACT, reason="needs MKL 2024.2.0 (pip install 'hookgrad[mkl]')")
@pytest.mark.parametrize("key", sorted(RECORDED))
def test_bit_for_bit_pytorch_with_mkl(key):
    expected, got = RECORDED[key], RESULTS[key]
    if isinstance(expected, str):
        assert got == expected
        return
    assert not isinstance(got, str), got
    for want, have in zip(_outputs(expected), _outputs(got), strict=True):
        have = have.detach().numpy()
        assert have.dtype == want.dtype and have.shape == want.shape
        np.testing.assert_array_equal(have, want)


# (only the values of decompositions whose vectors are unique up to signs; factors left
# part-way by a failure, and inverses of near-singular matrices, are not compared)
_VALUES = {"svd": [1], "svd_full": [1], "eigh": [0], "eigh_upper": [0], "slogdet": [0, 1],
           "lstsq_gels": [0], "lstsq_gelsd": [0, 2, 3], "lstsq_gelss": [0, 2, 3]}
_SKIPPED = {"qr", "qr_complete", "qr_r", "cholesky_ex", "cholesky_ex_upper", "inv_ex"}


@pytest.mark.parametrize("key", sorted(k for k in RECORDED if "/inf" not in k
                                       and "/nan" not in k
                                       and k.rsplit("/", 1)[1] not in _SKIPPED))
def test_finite_matrices_close_to_pytorch(key):
    """Any LAPACK: the values agree to rounding."""
    expected, got = RECORDED[key], RESULTS[key]
    if isinstance(expected, str):
        assert got == expected
        return
    picked = _VALUES.get(key.rsplit("/", 1)[1], [0])
    for index in picked:
        want, have = _outputs(expected)[index], _outputs(got)[index].detach().numpy()
        tolerance = 1e-4 if have.dtype == np.float32 else 1e-10
        np.testing.assert_allclose(have, want, rtol=tolerance, atol=tolerance)


def test_nan_refused_as_pytorch_refuses_it():
    x = torch.tensor([[1.0, float("nan")], [2.0, 3.0]])
    with pytest.raises(torch.linalg.LinAlgError, match="contained non-finite values"):
        torch.linalg.svd(x)


_FORK_SCRIPT = """
import os, sys
sys.path.insert(0, {root!r})
import hookgrad as torch
a = torch.randn(200, 200, dtype=torch.float64)
torch.linalg.inv(a)  # (MKL's OpenMP workers start in the parent)
pid = os.fork()
if pid == 0:
    torch.linalg.inv(a)
    os._exit(0)
_, status = os.waitpid(pid, 0)
sys.exit(os.waitstatus_to_exitcode(status))
"""


@pytest.mark.skipif(not mkl_lapack.available() or not hasattr(os, "fork"),
                    reason="needs MKL and fork")
def test_forked_child_factors_without_hanging():
    """GNU OpenMP's workers do not survive a fork: a child's MKL runs on one thread (with the
    parent's thread count, its first parallel region would wait forever, as PyTorch's does)."""
    root = str(Path(__file__).resolve().parents[2])
    done = subprocess.run([sys.executable, "-c", _FORK_SCRIPT.format(root=root)], timeout=120)
    assert done.returncode == 0
