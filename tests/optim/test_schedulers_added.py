"""The lr schedulers added after the first five (ConstantLR, LinearLR, MultiplicativeLR,
PolynomialLR, CosineAnnealingWarmRestarts, CyclicLR, OneCycleLR, SequentialLR,
ChainedScheduler, ReduceLROnPlateau) against PyTorch 2.13: their first lrs (bit for bit: the
expected values were printed by the same runs in PyTorch), state_dict round trips, the
step-order warning, and argument errors. The long runs are tests/parity/s40a_lr_*.py."""
import copy
import warnings

import pytest

import hookgrad as torch
from hookgrad.optim import lr_scheduler as S

CONFIGS = {
    "constant": lambda o: S.ConstantLR(o, factor=0.5, total_iters=3),
    "linear": lambda o: S.LinearLR(o, start_factor=0.25, end_factor=0.75, total_iters=4),
    "multiplicative": lambda o: S.MultiplicativeLR(o, lambda e: 0.9),
    "polynomial": lambda o: S.PolynomialLR(o, total_iters=5, power=2.0),
    "warm_restarts": lambda o: S.CosineAnnealingWarmRestarts(o, T_0=2, T_mult=2, eta_min=0.01),
    "cyclic": lambda o: S.CyclicLR(o, 0.01, 0.1, step_size_up=2, mode="triangular2"),
    "one_cycle": lambda o: S.OneCycleLR(o, 1.0, total_steps=8, three_phase=True),
    "sequential": lambda o: S.SequentialLR(o, [S.LinearLR(o, 0.5, total_iters=2),
                                               S.ExponentialLR(o, 0.5)], [3]),
    "chained": lambda o: S.ChainedScheduler([S.ConstantLR(o, 0.5, 2), S.ExponentialLR(o, 0.5)]),
}

PYTORCH_LRS = {  # the lr after each of 8 steps in PyTorch 2.13 (SGD, lr=1.0)
    "constant": [0.5, 0.5, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0],
    "linear": [0.375, 0.5, 0.625, 0.75, 0.75, 0.75, 0.75, 0.75],
    "multiplicative": [0.9, 0.81, 0.7290000000000001, 0.6561000000000001, 0.5904900000000002,
                       0.5314410000000002, 0.47829690000000014, 0.43046721000000016],
    "polynomial": [0.6400000000000001, 0.36, 0.16000000000000003, 0.03999999999999999, 0.0,
                   0.0, 0.0, 0.0],
    "warm_restarts": [0.505, 1.0, 0.855017856687341, 0.505, 0.15498214331265903, 1.0,
                      0.9623203685930869, 0.855017856687341],
    "cyclic": [0.05500000000000001, 0.1, 0.05500000000000001, 0.01, 0.0325,
               0.05500000000000001, 0.0325, 0.01],
    "one_cycle": [0.819275104892192, 0.6268100482990309, 0.03977663886285012,
                  0.03247054905757095, 0.01850754758845869, 0.005342428667147138, 4e-06,
                  0.005342428667147135],
    "sequential": [0.75, 1.0, 1.0, 0.5, 0.25, 0.125, 0.0625, 0.03125],
    "chained": [0.25, 0.25, 0.125, 0.0625, 0.03125, 0.015625, 0.0078125, 0.00390625],
}


def _optimizer():
    return torch.optim.SGD([torch.zeros(1, requires_grad=True)], lr=1.0, momentum=0.9)


def _steps(opt, sched, n):
    lrs = []
    for _ in range(n):
        opt.step()
        sched.step()
        lrs.append(sched.get_last_lr()[0])
    return lrs


@pytest.mark.parametrize("name", list(CONFIGS))
def test_lrs_match_pytorch_bit_for_bit(name):
    opt = _optimizer()
    assert _steps(opt, CONFIGS[name](opt), 8) == PYTORCH_LRS[name]


@pytest.mark.parametrize("name", list(CONFIGS))
def test_state_dict_round_trip_resumes_identically(name):
    """Four steps, save, load into a fresh scheduler on a copy of the optimizer, four more:
    the same lrs (and momenta) as the uninterrupted run."""
    opt = _optimizer()
    sched = CONFIGS[name](opt)
    _steps(opt, sched, 4)
    saved_opt, saved = copy.deepcopy(opt.state_dict()), copy.deepcopy(sched.state_dict())
    opt2 = _optimizer()
    sched2 = CONFIGS[name](opt2)
    opt2.load_state_dict(saved_opt)
    sched2.load_state_dict(saved)
    assert _steps(opt2, sched2, 4) == _steps(opt, sched, 4) == PYTORCH_LRS[name][4:]
    assert opt2.param_groups[0]["momentum"] == opt.param_groups[0]["momentum"]


def test_state_dict_layouts_are_pytorchs():
    opt = _optimizer()
    sched = S.SequentialLR(opt, [S.ConstantLR(opt), S.StepLR(opt, 2)], [2])
    assert list(sched.state_dict()) == ["_milestones", "last_epoch", "_last_lr", "_schedulers"]
    sched = S.ReduceLROnPlateau(opt)
    assert list(sched.state_dict()) == [
        "factor", "default_min_lr", "min_lrs", "patience", "cooldown", "eps", "last_epoch",
        "_last_lr", "mode_worse", "mode", "threshold", "threshold_mode", "best",
        "cooldown_counter", "num_bad_epochs"]
    sched = S.OneCycleLR(opt, 0.5, total_steps=10)
    assert list(sched.state_dict()) == [
        "total_steps", "_schedule_phases", "_anneal_func_type", "cycle_momentum", "use_beta1",
        "base_lrs", "last_epoch", "_step_count", "_is_initial",
        "_get_lr_called_within_step", "_last_lr"]
    assert {k: opt.param_groups[0][k] for k in ("initial_lr", "max_lr", "min_lr",
                                                "base_momentum", "max_momentum")} == {
        "initial_lr": 0.02, "max_lr": 0.5, "min_lr": 2e-06, "base_momentum": 0.85,
        "max_momentum": 0.95}


def test_reduce_lr_on_plateau_steps_on_the_metric():
    opt = torch.optim.SGD([torch.zeros(1, requires_grad=True)], lr=1.0)
    sched = S.ReduceLROnPlateau(opt, patience=1, factor=0.5, cooldown=1, min_lr=0.2)
    lrs = []
    for metric in [3.0, 3.0, 3.0, 3.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0]:
        sched.step(torch.tensor(metric))
        lrs.append(sched.get_last_lr()[0])
    assert lrs == [1.0, 1.0, 0.5, 0.5, 0.5, 0.5, 0.25, 0.25, 0.25, 0.2]  # PyTorch 2.13's


@pytest.mark.parametrize("name", list(CONFIGS))
def test_step_before_optimizer_step_warns_as_pytorch(name):
    opt = _optimizer()
    sched = CONFIGS[name](opt)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        sched.step()
        sched.step()
    messages = [str(w.message) for w in caught]
    # once, at the first step: CosineAnnealingWarmRestarts has its own step, without the
    # check, and ChainedScheduler's wrapped schedulers warn each (as in PyTorch)
    assert len(messages) == {"warm_restarts": 0, "chained": 2}.get(name, 1)
    assert all(m.startswith("Detected call of `lr_scheduler.step()` before `optimizer.step()`")
               for m in messages)


ERRORS = [  # PyTorch 2.13's
    (lambda o: S.ConstantLR(o, factor=2.0), ValueError,
     "Constant multiplicative factor expected to be between 0 and 1."),
    (lambda o: S.LinearLR(o, start_factor=0.0), ValueError,
     "Starting multiplicative factor expected to be greater than 0 and less or equal to 1."),
    (lambda o: S.LinearLR(o, end_factor=1.5), ValueError,
     "Ending multiplicative factor expected to be between 0 and 1."),
    (lambda o: S.MultiplicativeLR(o, 0.9), TypeError,
     "lr_lambda should be a function, but got float"),
    (lambda o: S.CosineAnnealingWarmRestarts(o, T_0=0), ValueError,
     "Expected positive integer T_0, but got 0"),
    (lambda o: S.CosineAnnealingWarmRestarts(o, T_0=2, T_mult=1.5), ValueError,
     "Expected integer T_mult >= 1, but got 1.5"),
    (lambda o: S.CosineAnnealingWarmRestarts(o, T_0=2, eta_min="0"), ValueError,
     "Expected float or int eta_min, but got 0 of type <class 'str'>"),
    (lambda o: S.CyclicLR(o, 0.1, 1.0, mode="zigzag"), ValueError,
     "mode is invalid and scale_fn is None"),
    (lambda o: S.CyclicLR(o, [0.1, 0.2], 1.0), ValueError,
     "base_lr must have the same length as optimizer.param_groups. base_lr has 2 values, "
     "param_groups has 1."),
    (lambda o: S.OneCycleLR(o, 1.0), ValueError,
     "You must define either total_steps OR (epochs AND steps_per_epoch)"),
    (lambda o: S.OneCycleLR(o, 1.0, total_steps=10, pct_start=1), ValueError,
     "Expected float between 0 and 1 pct_start, but got 1"),
    (lambda o: S.OneCycleLR(o, 1.0, total_steps=10, anneal_strategy="exp"), ValueError,
     "anneal_strategy must be one of 'cos' or 'linear', instead got exp"),
    (lambda o: S.SequentialLR(o, [S.StepLR(o, 2)], [3]), ValueError,
     "Sequential Schedulers expects number of schedulers provided to be one more than the "
     "number of milestone points, but got number of schedulers 1 and the number of "
     "milestones to be equal to 1"),
    (lambda o: S.ChainedScheduler([]), ValueError,
     "ChainedScheduler expects at least one scheduler to be chained, but got no scheduler."),
    (lambda o: S.ChainedScheduler([S.StepLR(o, 2), S.ReduceLROnPlateau(o)]), ValueError,
     "ChainedScheduler does not support `ReduceLROnPlateau` scheduler as it requires "
     "additional kwargs to be specified when calling `step`, but got one at index 1 in the "
     "given schedulers sequence."),
    (lambda o: S.ReduceLROnPlateau(o, factor=1.0), ValueError, "Factor should be < 1.0."),
    (lambda o: S.ReduceLROnPlateau(o, mode="avg"), ValueError, "mode avg is unknown!"),
    (lambda o: S.ReduceLROnPlateau(o, min_lr=[0.1, 0.2]), ValueError,
     "expected 1 min_lrs, got 2"),
]


@pytest.mark.parametrize("make,exc,message", ERRORS)
def test_argument_errors_are_pytorchs(make, exc, message):
    with pytest.raises(exc) as info:
        make(_optimizer())
    assert str(info.value) == message


def test_one_cycle_refuses_to_step_past_total_steps():
    opt = _optimizer()
    sched = S.OneCycleLR(opt, 1.0, total_steps=3)
    _steps(opt, sched, 3)
    with pytest.raises(ValueError, match="^Tried to step 4 times. The specified number of "
                                         "total steps is 3$"):
        sched.step()
