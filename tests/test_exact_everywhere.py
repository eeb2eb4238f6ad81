"""hookgrad.set_exact_everywhere / HOOKGRAD_EXACT: every size limit of the exact kernels
lifted and restored (the bits themselves: tests/parity/s50_exact_everywhere.py)."""
import importlib

import pytest

import hookgrad
from hookgrad import _exact_everywhere


def _limits():
    return {(m, n): getattr(importlib.import_module("hookgrad._ops." + m), n)
            for m, n in _exact_everywhere._LIMITS}


@pytest.fixture
def restore():
    yield
    hookgrad.set_exact_everywhere(False)


def test_every_limit_is_lifted_and_restored(restore):
    defaults = _limits()
    assert not hookgrad.is_exact_everywhere()
    assert all(isinstance(v, int) and 0 < v < 1 << 40 for v in defaults.values())
    hookgrad.set_exact_everywhere(True)
    assert hookgrad.is_exact_everywhere()
    assert all(v >= 1 << 62 for v in _limits().values())
    hookgrad.set_exact_everywhere(False)
    assert not hookgrad.is_exact_everywhere() and _limits() == defaults


def test_a_large_layer_norm_takes_the_exact_path_only_when_lifted(restore):
    import numpy as np

    from hookgrad._ops.norm_kernels import exact_layer_norm
    rows = np.zeros((1024, 128), np.float32)
    assert not exact_layer_norm(rows)
    hookgrad.set_exact_everywhere(True)
    assert exact_layer_norm(rows)


def test_refusals(restore, monkeypatch):
    with pytest.raises(TypeError, match="must be bool, not int"):
        hookgrad.set_exact_everywhere(1)
    monkeypatch.setenv("HOOKGRAD_EXACT", "always")
    with pytest.raises(ValueError, match="expected 'everywhere'"):
        _exact_everywhere._from_environment()
    monkeypatch.setenv("HOOKGRAD_EXACT", "everywhere")
    _exact_everywhere._from_environment()
    assert hookgrad.is_exact_everywhere()
