"""nn layers against values recorded from PyTorch 2.13 (tests/recorded/layers.json): outputs,
gradients, reprs, parameters and buffers of every case in layer_cases.py, every Conv2d
padding/stride/dilation/groups combination, and a model holding one of every layer.

Re-record with ``python tools/record/layers.py`` (needs torch); layer_recording.py says what
is run and what is stored."""
import warnings

import numpy as np
import pytest
from _recorded import load

import hookgrad

from .layer_cases import CASES
from .layer_recording import (
    FULL,
    _flat,
    compact,
    conv_grid,
    everything,
    grid_key,
    run_case,
    run_grid,
)

RTOL, ATOL = 1e-4, 2e-5
RECORDED = load("layers")


def check(array, expected, what):
    """Compare ``[shape, *values]`` with its recorded form: the values (an array), or for
    more than FULL values their summary (``{"shape": ..., "summary": ...}``)."""
    summarised = isinstance(expected, dict)
    shape = expected["shape"] if summarised else list(expected.shape)
    assert array[0] == shape, f"{what}: shape {array[0]} != {shape}"
    actual = compact(array)[1:]
    atol = ATOL if len(array) - 1 <= FULL else 1e-4
    wanted = expected["summary"] if summarised else expected.reshape(-1)
    np.testing.assert_allclose(_flat(actual), _flat(wanted), rtol=RTOL, atol=atol,
                               err_msg=what)


@pytest.mark.parametrize("name", sorted(CASES))
def test_case(name):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        result = run_case(hookgrad, CASES[name])
    expected = RECORDED["modules"][name]
    assert result["repr"] == expected["repr"]
    assert result["params"] == expected["params"]
    default_state = [name for name, _ in expected["params"]] + list(expected["buffers"])
    assert result["state"] == expected.get("state", default_state)
    for kind in ("buffers", "grads"):
        assert sorted(result[kind]) == sorted(expected[kind]), kind
        for key, array in result[kind].items():
            check(array, expected[kind][key], f"{kind} {key}")
    assert len(result["out"]) == len(expected["out"])
    for i, array in enumerate(result["out"]):
        check(array, expected["out"][i], f"output {i}")


@pytest.mark.parametrize("combo", conv_grid(), ids=grid_key)
def test_conv2d_grid(combo):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # padding='same' with an even kernel warns, as in PyTorch
        result = run_grid(hookgrad, combo)
    expected = RECORDED["conv2d_grid"][grid_key(combo)]
    assert result.pop("repr") == expected["repr"]
    assert sorted(result) == sorted(k for k in expected if k != "repr")
    for name, array in result.items():
        check(array, expected[name], name)


def test_model_repr():
    model = everything(hookgrad)
    expected = RECORDED["model"]
    assert repr(model) == expected["repr"]
    assert [name for name, _ in model.named_modules()] == expected["modules"]
    assert [[n, list(p.shape)] for n, p in model.named_parameters()] == expected["params"]
    assert list(model.state_dict()) == expected["state"]
