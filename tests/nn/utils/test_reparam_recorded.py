"""Parametrizations (orthogonal, weight_norm, spectral_norm), the hook-based weight and
spectral norms, and the norm-based pruning methods against PyTorch 2.13: weights, gradients
and losses over three SGD steps, and pruning masks (ties included). Values recorded by
tools/record_reparam.py from the runs in reparam_runs.py."""
import warnings

import numpy as np
import pytest
from _recorded import load

import hookgrad as torch
from tests.nn.utils.reparam_runs import RUNS, prune_runs, run

RECORDED = load("reparam")


def _close(actual, expected):
    """float32 agreement, relative to the size of the values (matrix exponentials, QR and
    norms round differently in the last bits)."""
    scale = float(np.abs(expected).max()) or 1.0
    np.testing.assert_allclose(actual, expected, rtol=1e-4, atol=2e-6 * scale)


@pytest.mark.parametrize("name", list(RUNS))
def test_weights_and_gradients_match_pytorch(name):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", FutureWarning)  # the old weight_norm's deprecation
        result = run(torch, name)
    for key in ("loss", "weight", "grads"):
        _close(result[key], RECORDED[name][key])


@pytest.fixture(scope="module")
def pruned():
    return prune_runs(torch)


@pytest.mark.parametrize("key", [k for k in RECORDED["prune"] if "weight" not in k
                                 and "training" not in k])
def test_pruning_masks_match_pytorch(pruned, key):
    np.testing.assert_array_equal(pruned[key], RECORDED["prune"][key])


@pytest.mark.parametrize("key", ["pruned_weight", "pruned_training", "removed_weight"])
def test_pruned_weights_and_gradients_match_pytorch(pruned, key):
    _close(pruned[key], RECORDED["prune"][key])


def test_orthogonal_weights_stay_orthogonal_while_training():
    for name in RUNS:
        if not name.startswith("orthogonal"):
            continue
        weights = run(torch, name)["weight"]
        for w in weights:
            small = w if w.shape[0] >= w.shape[1] else w.T
            np.testing.assert_allclose(small.T @ small, np.eye(small.shape[1]), atol=2e-5)
