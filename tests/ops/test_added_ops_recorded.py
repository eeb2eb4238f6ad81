"""The ops, in-place forms and arguments added for the fuzzer's missing-op tasks, against
PyTorch: each case of added_op_cases.py run by hookgrad must give what PyTorch gave (recorded
in tests/recorded/added_ops.json): values, dtypes, shapes, node names, requires_grad and
gradients, or the same exception type and message."""
import numpy as np
import pytest
from _recorded import load

import hookgrad
from tests.ops.added_op_cases import CASES, run

RECORDED = load("added_ops")
# (NaN and infinities on purpose: NumPy's warnings about them are ignored at run time by
# hookgrad's own filter, which pytest resets)
pytestmark = pytest.mark.filterwarnings(
    "ignore:(overflow|divide by zero|invalid value|underflow) encountered:RuntimeWarning")


def _same(expected, got, path="result"):
    if isinstance(expected, np.ndarray) or isinstance(got, np.ndarray):
        expected, got = np.asarray(expected), np.asarray(got)
        assert got.shape == expected.shape, f"{path}: shape {got.shape} != {expected.shape}"
        if expected.dtype.kind == "f" or got.dtype.kind == "f":
            np.testing.assert_allclose(got.astype(float), expected.astype(float), rtol=1e-4,
                                       atol=1e-5, equal_nan=True, err_msg=path)
        else:
            np.testing.assert_array_equal(got, expected, err_msg=path)
        return
    if isinstance(expected, (list, tuple)):
        assert isinstance(got, (list, tuple)) and len(got) == len(expected), \
            f"{path}: {got!r} != {expected!r}"
        for i, (e, g) in enumerate(zip(expected, got)):
            _same(e, g, f"{path}[{i}]")
        return
    assert got == expected, f"{path}: {got!r} != {expected!r}"


def test_every_case_is_recorded():
    assert set(RECORDED) == set(CASES)


@pytest.mark.parametrize("name", sorted(CASES))
def test_case_matches_pytorch(name):
    _same(RECORDED[name], run(hookgrad, CASES[name]))


@pytest.mark.parametrize("dtype", ["complex32", "chalf"])
def test_dtypes_without_tensors_exist_and_refuse_tensors_clearly(dtype):
    d = getattr(hookgrad, dtype)
    assert repr(d) == "torch.complex32" and isinstance(d, hookgrad.dtype)
    assert d.is_complex and d.to_real() is hookgrad.float16
    with pytest.raises(TypeError, match=f"hookgrad has no {d!r} tensors"):
        hookgrad.ones(2).to(d)
    with pytest.raises(TypeError, match="hookgrad has no"):
        hookgrad.zeros(2, dtype=d)
    with pytest.raises(TypeError, match="hookgrad has no"):  # (PyTorch's result: complex32)
        hookgrad.ones(2, dtype=hookgrad.float16) * 1j
