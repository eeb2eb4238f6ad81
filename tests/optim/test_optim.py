"""Optimizers, lr schedulers and the optimizer hooks.

The numeric cases (optim_cases.py) train a tiny two-layer regression model for 20 steps
and compare losses, final weights and learning rates with values recorded from PyTorch 2.13
(tests/recorded/optim.json; re-record with ``python tools/record/optim.py``, needs torch)."""
import copy
import warnings

import numpy as np
import pytest
from _recorded import load

import hookgrad as torch
import hookgrad.optim
from hookgrad.optim import lr_scheduler
from hookgrad.optim.optimizer import (
    register_optimizer_step_post_hook,
    register_optimizer_step_pre_hook,
)

from .optim_cases import CONFIGS, problem, train

RECORDED = load("optim")


@pytest.mark.parametrize("name", list(CONFIGS))
def test_matches_pytorch(name):
    losses, weights, lrs = train(torch, name)
    expected = RECORDED[name]
    np.testing.assert_allclose(losses, expected["losses"], rtol=0, atol=1e-5)
    np.testing.assert_allclose(weights, expected["weights"], rtol=0, atol=1e-5)
    np.testing.assert_allclose(lrs, expected["lrs"], rtol=1e-10, atol=0)


def _param(*values):
    return torch.tensor(list(values) or [1.0, 1.0], requires_grad=True)


def _with_grad(p, value=1.0):
    p.grad = torch.full(tuple(p.shape), value)
    return p


def test_step_updates_in_place_without_history():
    p = _with_grad(_param())
    address, version = p.data_ptr(), p._version
    torch.optim.SGD([p], lr=0.5).step()
    assert p.data_ptr() == address and p._version > version
    assert p.is_leaf and p.grad_fn is None
    assert p.tolist() == [0.5, 0.5]


def test_state_dict_round_trip_continues_training():
    full = train(torch, "adam_amsgrad_wd", steps=20)
    x, y, init = problem()

    def run(params, opt, steps):
        for _ in range(steps):
            opt.zero_grad()
            out = torch.tanh(torch.tensor(x) @ params[0] + params[1]) @ params[2] + params[3]
            ((out - torch.tensor(y)) ** 2).mean().backward()
            opt.step()

    kwargs = CONFIGS["adam_amsgrad_wd"][1]
    params = [torch.tensor(a, requires_grad=True) for a in init]
    opt = torch.optim.Adam(params, **kwargs)
    run(params, opt, 10)
    saved = copy.deepcopy(opt.state_dict())
    assert sorted(saved["state"]) == [0, 1, 2, 3]
    assert list(saved["state"][0]) == ["step", "exp_avg", "exp_avg_sq", "max_exp_avg_sq"]
    assert saved["state"][0]["step"].item() == 10.0 and saved["param_groups"][0]["params"] == [
        0, 1, 2, 3]
    resumed = [torch.tensor(p.detach().numpy().copy(), requires_grad=True) for p in params]
    opt2 = torch.optim.Adam(resumed, lr=0.5)
    opt2.load_state_dict(saved)
    assert opt2.param_groups[0]["lr"] == 0.01 and opt2.param_groups[0]["params"][0] is resumed[0]
    run(resumed, opt2, 10)
    weights = np.concatenate([p.detach().numpy().ravel() for p in resumed])
    np.testing.assert_allclose(weights, full[1], rtol=0, atol=1e-6)


def test_state_dict_format_and_load_errors():
    a, b = _with_grad(_param()), _with_grad(_param(1.0, 1.0, 1.0))
    opt = torch.optim.SGD([a, b], lr=0.1, momentum=0.9)
    opt.step()
    sd = opt.state_dict()
    assert list(sd) == ["state", "param_groups"]
    assert sd["param_groups"] == [{"lr": 0.1, "momentum": 0.9, "dampening": 0, "weight_decay": 0,
                                   "nesterov": False, "maximize": False, "foreach": None,
                                   "differentiable": False, "fused": None, "params": [0, 1]}]
    assert sd["state"][1]["momentum_buffer"].tolist() == [1.0, 1.0, 1.0]
    with pytest.raises(ValueError, match="^loaded state dict contains a parameter group that "
                                         "doesn't match the size of optimizer's group$"):
        torch.optim.SGD([a], lr=0.1).load_state_dict(sd)
    with pytest.raises(ValueError, match="^loaded state dict has a different number of "
                                         "parameter groups$"):
        torch.optim.SGD([{"params": [a]}, {"params": [b]}], lr=0.1).load_state_dict(sd)
    opt2 = torch.optim.SGD([b, a], lr=0.3)
    opt2.load_state_dict(sd)
    assert opt2.state[a]["momentum_buffer"] is sd["state"][1]["momentum_buffer"]
    assert [id(p) for p in opt2.param_groups[0]["params"]] == [id(b), id(a)]
    assert sd["param_groups"][0] is not opt2.param_groups[0]


def test_param_groups_defaults_and_errors():
    a, b = _param(), _param()
    opt = torch.optim.Adam([{"params": [a]}, {"params": b, "lr": 0.5}])
    assert [g["lr"] for g in opt.param_groups] == [0.001, 0.5]
    assert opt.param_groups[1]["params"][0] is b and opt.param_groups[1]["betas"] == (0.9, 0.999)
    cases = [
        (lambda: torch.optim.SGD([{"params": [a]}, {"params": [a]}], lr=0.1), ValueError,
         "some parameters appear in more than one parameter group"),
        (lambda: torch.optim.SGD([], lr=0.1), ValueError, "optimizer got an empty parameter list"),
        (lambda: torch.optim.SGD(a, lr=0.1), TypeError, ("params argument given to the optimizer "
         "should be an iterable of Tensors or dicts, but got torch.FloatTensor")),
        (lambda: torch.optim.SGD([5], lr=0.1), TypeError,
         "optimizer can only optimize Tensors, but one of the params is int"),
        (lambda: torch.optim.SGD([a * 2], lr=0.1), ValueError, "can't optimize a non-leaf Tensor"),
        (lambda: opt.add_param_group([a]), TypeError,
         "param_group must be a dict, but got <class 'list'>"),
        (lambda: opt.add_param_group({"params": {_param()}}), TypeError,
         ("optimizer parameters need to be organized in ordered collections, but the ordering of "
         "tensors in sets will change between runs. Please use a list instead.")),
        (lambda: torch.optim.Optimizer([a], {"lr": torch.optim.optimizer.required}), ValueError,
         "parameter group didn't specify a value of required optimization parameter lr"),
        (lambda: torch.optim.SGD([("a", a), b], lr=0.1), ValueError, ("all optimizer params "
         "should be with/without names. Some param names are missing")),
        (lambda: torch.optim.SGD([a], lr=0.1, nesterov=True), ValueError,
         "Nesterov momentum requires a momentum and zero dampening"),
        (lambda: torch.optim.Adam([a], betas=(1.0, 0.9)), ValueError,
         "Invalid beta parameter at index 0: 1.0"),
        (lambda: torch.optim.RMSprop([a], alpha=-1), ValueError, "Invalid alpha value: -1"),
        (lambda: torch.optim.SGD([a], differentiable=True), NotImplementedError,
         ("SGD(differentiable=True) is not supported: hookgrad optimizers update parameters in "
         "place without recording autograd history; write the update with tensor ops yourself "
         "to differentiate through it")),
    ]
    for make, exc, message in cases:
        with pytest.raises(exc) as info:
            make()
        assert str(info.value) == message
    named = torch.optim.SGD([("x", a)], lr=0.1)
    assert named.param_groups[0]["param_names"] == ["x"]
    with pytest.raises(ValueError, match="cannot add param group without names"):
        named.add_param_group({"params": [b]})
    with pytest.warns(UserWarning, match="duplicate parameters"):
        torch.optim.SGD([a, a], lr=0.1)


def test_zero_grad():
    a = _with_grad(_param())
    opt = torch.optim.SGD([a], lr=0.1)
    grad = a.grad
    opt.zero_grad(set_to_none=False)
    assert a.grad is grad and a.grad.tolist() == [0.0, 0.0] and not a.grad.requires_grad
    opt.zero_grad()
    assert a.grad is None


def test_repr_and_deepcopy_drop_hooks():
    opt = torch.optim.SGD([_param()], lr=0.1)
    opt.register_step_pre_hook(lambda *args: None)
    assert repr(opt).splitlines()[:3] == ["SGD (", "Parameter Group 0", "    dampening: 0"]
    clone = copy.deepcopy(opt)
    assert len(clone._optimizer_step_pre_hooks) == 0 and clone.param_groups[0]["lr"] == 0.1


# ------------------------------------------------------ step hooks (docs/hooks.md §9.1-9.4)
def test_step_hook_order_args_and_kwargs():
    p = _with_grad(_param())
    opt = torch.optim.SGD([p], lr=0.1)
    log = []
    handles = [
        register_optimizer_step_pre_hook(
            lambda o, a, k: log.append(("gpre", a[0] is o, len(a), k))),
        register_optimizer_step_post_hook(lambda o, a, k: log.append(("gpost", len(a), k))),
        opt.register_step_pre_hook(lambda o, a, k: log.append(("lpre", type(a).__name__, k))),
        opt.register_step_post_hook(lambda o, a, k: log.append(("lpost", k))),
    ]
    try:
        assert [h.id - handles[0].id for h in handles] == [0, 1, 2, 3]
        assert opt.step() is None
        assert log == [("gpre", True, 1, {}), ("lpre", "tuple", {}), ("lpost", {}),
                       ("gpost", 1, {})]
        log.clear()

        def closure():
            log.append("closure")
            return 3.0

        assert opt.step(closure) == 3.0
        assert log == [("gpre", True, 2, {}), ("lpre", "tuple", {}), "closure", ("lpost", {}),
                       ("gpost", 2, {})]
        log.clear()
        # a pre-hook may replace (args, kwargs); post-hooks see the replacement
        with opt.register_step_pre_hook(lambda o, a, k: (a, {"closure": closure})):
            assert opt.step() == 3.0
        assert log == [("gpre", True, 1, {}), ("lpre", "tuple", {}), "closure",
                       ("lpost", {"closure": closure}), ("gpost", 1, {"closure": closure})]
    finally:
        for handle in handles:
            handle.remove()
    assert not opt._optimizer_step_pre_hooks and not opt._optimizer_step_post_hooks
    assert type(opt._optimizer_step_pre_hooks).__name__ == "OrderedDict"


@pytest.mark.parametrize("bad", [5, (1, 2, 3), [(), {}]])
def test_step_pre_hook_bad_return(bad):
    p = _with_grad(_param())
    for cls in (torch.optim.SGD, torch.optim.AdamW):
        opt = cls([p], lr=0.1)
        opt.register_step_pre_hook(lambda o, a, k: bad)
        with pytest.raises(RuntimeError) as info:
            opt.step()
        owner = "SGD" if cls is torch.optim.SGD else "Adam"
        message = str(info.value)
        assert message.startswith(f"<function {owner}.step at 0x")
        assert message.endswith("> must return None or a tuple of (new_args, new_kwargs), but "
                                f"got {bad}.")


def test_step_wrapped_once_per_class_and_custom_subclasses():
    class Custom(torch.optim.Optimizer):
        def __init__(self, params):
            super().__init__(params, {})

        def step(self, closure=None):
            raise ValueError("boom")

    p = _param()
    opt = Custom([p])
    wrapped = Custom.step
    Custom([p])
    assert Custom.step is wrapped and wrapped.hooked and torch.optim.SGD.step.__name__ == "step"
    log = []
    opt.register_step_pre_hook(lambda *args: log.append("pre"))
    opt.register_step_post_hook(lambda *args: log.append("post"))
    with pytest.raises(ValueError, match="boom"):
        opt.step()
    assert log == ["pre"]  # post-hooks do not run when step raises


def test_step_all_hooks_order_like_upstream():
    p = _with_grad(_param())
    opt = torch.optim.Adam([p])
    data = []
    handles = [register_optimizer_step_pre_hook(lambda *args: data.append(0)),
               opt.register_step_pre_hook(lambda *args: data.append(1)),
               opt.register_step_post_hook(lambda *args: data.append(2)),
               register_optimizer_step_post_hook(lambda *args: data.append(5))]
    opt.step()
    for handle in handles:
        handle.remove()
    opt.step()
    assert data == [0, 1, 2, 5]


# ------------------------------------------------------ state_dict hooks (docs/hooks.md §9.5)
def test_state_dict_hooks_and_prepend():
    opt = torch.optim.SGD([_param()], lr=0.1)
    log = []
    opt.register_state_dict_pre_hook(lambda o: log.append("pre1"))
    opt.register_state_dict_pre_hook(lambda o: log.append("pre0"), prepend=True)

    def post(o, sd):
        log.append("post1")
        sd["extra"] = 1

    opt.register_state_dict_post_hook(post)
    opt.register_state_dict_post_hook(lambda o, sd: (log.append("post0"), {"x": sd})[1],
                                      prepend=True)
    sd = opt.state_dict()
    assert log == ["pre0", "pre1", "post0", "post1"]
    assert list(sd) == ["x", "extra"] and list(sd["x"]) == ["state", "param_groups"]


def test_load_state_dict_hooks_and_prepend():
    opt = torch.optim.SGD([_param()], lr=0.1)
    sd = copy.deepcopy(opt.state_dict())
    sd["param_groups"][0]["lr"] = 0.5
    log = []

    def pre(o, s):
        log.append(("pre", s is sd))
        s["param_groups"][0]["lr"] = 0.25

    def pre0(o, s):
        log.append(("pre0", s is sd, s == sd))
        return dict(s, param_groups=[dict(s["param_groups"][0], lr=0.002)])

    opt.register_load_state_dict_pre_hook(pre)
    opt.register_load_state_dict_pre_hook(pre0, prepend=True)
    opt.register_load_state_dict_post_hook(lambda o: log.append(("post", o.param_groups[0]["lr"])))
    opt.register_load_state_dict_post_hook(lambda o: log.append("post0"), prepend=True)
    opt.load_state_dict(sd)
    assert log == [("pre0", False, True), ("pre", False), "post0", ("post", 0.25)]
    assert opt.param_groups[0]["lr"] == 0.25 and sd["param_groups"][0]["lr"] == 0.5
    assert list(opt._optimizer_load_state_dict_pre_hooks) == sorted(
        opt._optimizer_load_state_dict_pre_hooks, reverse=True)


# ---------------------------------------------------------------- lr schedulers
def test_scheduler_state_dict_and_warnings():
    opt = torch.optim.SGD([_param()], lr=0.1)
    sched = lr_scheduler.StepLR(opt, 3, gamma=0.5)
    assert sched.state_dict() == {"step_size": 3, "gamma": 0.5, "base_lrs": [0.1],
                                  "last_epoch": 0, "_step_count": 1, "_is_initial": False,
                                  "_get_lr_called_within_step": False, "_last_lr": [0.1]}
    assert opt.param_groups[0]["initial_lr"] == 0.1 and opt.step._wrapped_by_lr_sched
    with pytest.warns(UserWarning, match=r"before `optimizer.step\(\)`"):
        sched.step()
    with pytest.warns(UserWarning, match=r"please use `get_last_lr\(\)`"):
        sched.get_lr()
    other = lr_scheduler.StepLR(torch.optim.SGD([_param()], lr=1.0), 3)
    other.load_state_dict(sched.state_dict())
    assert other.last_epoch == 1 and other.gamma == 0.5
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        opt2 = torch.optim.SGD([_param()], lr=0.1)
        sched2 = lr_scheduler.ExponentialLR(opt2, 0.5)
        opt2.step()
        sched2.step()
    assert sched2.get_last_lr() == [0.05]


def test_scheduler_closed_form_and_errors():
    sched = lr_scheduler.MultiStepLR(torch.optim.SGD([_param()], lr=0.1), [2, 4, 4])
    sched.optimizer.step()
    assert sched.state_dict()["milestones"] == {4: 2, 2: 1}
    with pytest.warns(UserWarning, match=r"The epoch parameter in `scheduler.step\(\)`"):
        sched.step(2)
    assert sched.get_last_lr() == [0.1 * 0.1]
    with pytest.raises(KeyError, match="param 'initial_lr' is not specified in param_groups"):
        lr_scheduler.StepLR(torch.optim.SGD([_param()], lr=0.1), 3, last_epoch=2)
    with pytest.raises(TypeError, match="^int is not an Optimizer$"):
        lr_scheduler.StepLR(5, 3)
    with pytest.raises(ValueError, match="^Expected 1 lr_lambdas, but got 2$"):
        lr_scheduler.LambdaLR(torch.optim.SGD([_param()], lr=0.1), [abs, abs])
