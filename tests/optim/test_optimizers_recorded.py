"""Adadelta, Adagrad, Adamax, NAdam and RAdam against PyTorch 2.13: 20 steps of each under
several option sets (losses, weights after every step, final state dict: keys, layout and
values), defaults, and PyTorch's argument errors. Values from tools/record_optimizers.py;
the runs are in optimizer_runs.py."""
import copy

import numpy as np
import pytest
from _recorded import load

import hookgrad as torch
from tests.optim.optimizer_runs import CONFIGS, problem, run, take_steps

RECORDED = load("optimizers")


def _plain(value):
    if isinstance(value, torch.Tensor):
        return value.detach().numpy()
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


@pytest.mark.parametrize("name", list(CONFIGS))
def test_twenty_steps_match_pytorch(name):
    expected = RECORDED[name]
    result = run(torch, name)
    # The gradients are exact in both libraries; the updates agree to float32 rounding
    # (PyTorch's vectorised kernels may fuse a multiply-add), the loss sums to its order.
    np.testing.assert_allclose(result["losses"], expected["losses"], rtol=1e-6, atol=0)
    np.testing.assert_allclose(result["weights"], expected["weights"], rtol=0, atol=1e-7)


@pytest.mark.parametrize("name", list(CONFIGS))
def test_state_dict_layout_and_values_match_pytorch(name):
    expected = RECORDED[name]
    state_dict = run(torch, name)["state_dict"]
    assert {str(k): list(v) for k, v in state_dict["state"].items()} == expected["state_keys"]
    assert _plain(state_dict["param_groups"]) == expected["param_groups"]
    for index, state in _plain(state_dict["state"]).items():
        for key, value in state.items():
            want = expected["state"][index][key]
            assert value.dtype == want.dtype and value.shape == want.shape, (index, key)
            np.testing.assert_allclose(value, want, rtol=1e-5, atol=1e-8, err_msg=key)


@pytest.mark.parametrize("name", ["adadelta", "adagrad", "adamax", "nadam", "radam"])
def test_defaults_match_pytorch(name):
    opt = getattr(torch.optim, CONFIGS[name][0])([torch.zeros(2, requires_grad=True)])
    assert _plain(opt.defaults) == RECORDED[name]["defaults"]


@pytest.mark.parametrize("name", ["adadelta_options", "adagrad_options", "adamax_options",
                                  "nadam_decoupled", "radam_options"])
def test_state_dict_round_trip_resumes_identically(name):
    """Ten steps, save, load into a fresh optimizer, ten more: the 20-step weights."""
    opt_name, kwargs, _, _ = CONFIGS[name]
    full = run(torch, name)["weights"][-1]
    params = [torch.tensor(a, requires_grad=True) for a in problem()[2]]
    opt = getattr(torch.optim, opt_name)(params, **kwargs)
    take_steps(torch, params, opt, 10)
    saved = copy.deepcopy(opt.state_dict())
    resumed = [torch.tensor(p.detach().numpy().copy(), requires_grad=True) for p in params]
    opt2 = getattr(torch.optim, opt_name)(resumed)
    opt2.load_state_dict(saved)
    assert opt2.param_groups[0]["lr"] == opt.param_groups[0]["lr"]
    weights = take_steps(torch, resumed, opt2, 10)[1][-1]
    np.testing.assert_array_equal(weights, full)


def test_adagrad_state_exists_before_the_first_step():
    p = torch.zeros(3, requires_grad=True)
    opt = torch.optim.Adagrad([p], initial_accumulator_value=0.5)
    state = opt.state_dict()["state"][0]
    assert list(state) == ["step", "sum"] and state["step"].item() == 0.0
    assert state["sum"].tolist() == [0.5, 0.5, 0.5]


def test_parameters_without_grad_are_skipped():
    for cls in (torch.optim.Adadelta, torch.optim.Adamax, torch.optim.NAdam, torch.optim.RAdam):
        a, b = torch.ones(2, requires_grad=True), torch.ones(2, requires_grad=True)
        a.grad = torch.ones(2)
        opt = cls([a, b])
        opt.step()
        assert b.tolist() == [1.0, 1.0] and b not in opt.state and a in opt.state


ERRORS = [  # PyTorch 2.13's messages
    ("Adadelta", {"lr": -1.0}, "Invalid learning rate: -1.0"),
    ("Adadelta", {"rho": 1.5}, "Invalid rho value: 1.5"),
    ("Adadelta", {"eps": -1.0}, "Invalid epsilon value: -1.0"),
    ("Adadelta", {"weight_decay": -1.0}, "Invalid weight_decay value: -1.0"),
    ("Adagrad", {"lr_decay": -1.0}, "Invalid lr_decay value: -1.0"),
    ("Adagrad", {"initial_accumulator_value": -1.0},
     "Invalid initial_accumulator_value value: -1.0"),
    ("Adamax", {"betas": (1.0, 0.9)}, "Invalid beta parameter at index 0: 1.0"),
    ("NAdam", {"betas": (0.9, 1.0)}, "Invalid beta parameter at index 1: 1.0"),
    ("NAdam", {"momentum_decay": -1.0}, "Invalid momentum_decay value: -1.0"),
    ("RAdam", {"weight_decay": -0.5}, "Invalid weight_decay value: -0.5"),
]


@pytest.mark.parametrize("name,kwargs,message", ERRORS)
def test_argument_errors_are_pytorchs(name, kwargs, message):
    with pytest.raises(ValueError) as info:
        getattr(torch.optim, name)([torch.zeros(1, requires_grad=True)], **kwargs)
    assert str(info.value) == message


def test_tensor_lr_must_have_one_element():
    with pytest.raises(ValueError, match="^Tensor lr must be 1-element$"):
        torch.optim.RAdam([torch.zeros(1, requires_grad=True)], lr=torch.tensor([0.1, 0.2]))


def test_optimizer_hooks_run_around_the_new_optimizers():
    p = torch.ones(2, requires_grad=True)
    p.grad = torch.ones(2)
    opt = torch.optim.NAdam([p])
    seen = []
    opt.register_step_pre_hook(lambda o, a, k: seen.append("pre"))
    opt.register_step_post_hook(lambda o, a, k: seen.append("post"))
    opt.step()
    assert seen == ["pre", "post"]
