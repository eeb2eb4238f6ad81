"""Rprop, ASGD, Adafactor and LBFGS against PyTorch 2.13: weights after a few steps under two
option sets each, defaults, state_dict layout, state round trips, and PyTorch's argument
errors. The expected numbers were printed by the same runs in PyTorch 2.13; the long runs
are the parity cases tests/parity/s40a_optim_*.py."""
import copy

import numpy as np
import pytest

import hookgrad as torch


def _run(name, steps, params=None, **kwargs):
    w, b = params or (torch.tensor([[0.5, -0.25], [1.0, 0.75]], requires_grad=True),
                      torch.tensor([0.125, -0.5], requires_grad=True))
    opt = getattr(torch.optim, name)([w, b], **kwargs)

    def closure():
        opt.zero_grad()
        loss = ((w - 0.25) ** 2).sum() + ((b + 1) ** 4).sum()
        loss.backward()
        return loss

    for _ in range(steps):
        opt.step(closure)
    return opt, [w, b]


RUNS = [  # (optimizer, steps, kwargs, PyTorch's w and b after those steps)
    ("Rprop", 3, {}, [[0.4636000096797943, -0.21359999477863312, 0.9635999798774719,
                       0.7135999798774719], [0.08860000222921371, -0.5364000201225281]]),
    ("Rprop", 3, {"lr": 0.05, "etas": (0.4, 1.5), "step_sizes": (1e-3, 0.1)},
     [[0.2750000059604645, -0.02499999850988388, 0.7749999761581421, 0.5249999761581421],
      [-0.10000000149011612, -0.7250000238418579]]),
    ("ASGD", 3, {}, [[0.4852965474128723, -0.22059530019760132, 0.9558910727500916,
                      0.7205938100814819], [-0.023049691691994667, -0.5145602226257324]]),
    ("ASGD", 3, {"lr": 0.1, "lambd": 0.01, "alpha": 0.5, "t0": 1, "weight_decay": 0.1},
     [[0.3662123382091522, -0.0023120432160794735, 0.6118952631950378, 0.48905378580093384],
      [-0.5507194399833679, -0.6003600358963013]]),
    ("Adafactor", 3, {}, [[0.4879445731639862, -0.22303341329097748, 0.9775258898735046,
                           0.7332299947738647], [0.11405546218156815, -0.5108873248100281]]),
    ("Adafactor", 3, {"lr": 0.1, "beta2_decay": -0.5, "eps": (1e-6, 1e-2), "d": 2.0,
                      "weight_decay": 0.1},
     [[0.38186323642730713, -0.007064126897603273, 0.7725735306739807, 0.5788069367408752],
      [0.011620395816862583, -0.5911988019943237]]),
    ("LBFGS", 2, {}, [[0.24999932944774628, 0.24999995529651642, 0.25000104308128357,
                       0.25000056624412537], [-1.0052307844161987, -1.0059685707092285]]),
    ("LBFGS", 2, {"line_search_fn": "strong_wolfe", "history_size": 3, "max_iter": 5},
     [[0.24989426136016846, 0.25021153688430786, 0.24968256056308746, 0.2497883439064026],
      [-0.9546197652816772, -0.9520909786224365]]),
]


@pytest.mark.parametrize("name,steps,kwargs,expected", RUNS,
                         ids=[f"{r[0]}-{i}" for i, r in enumerate(RUNS)])
def test_steps_match_pytorch(name, steps, kwargs, expected):
    _, (w, b) = _run(name, steps, **kwargs)
    # float32 rounding: Adafactor's norms may round an ulp apart from PyTorch's kernels
    np.testing.assert_allclose(w.detach().numpy().ravel(), expected[0], rtol=1e-6, atol=1e-7)
    np.testing.assert_allclose(b.detach().numpy(), expected[1], rtol=1e-6, atol=1e-7)


DEFAULTS = {  # PyTorch 2.13's
    "Rprop": {"lr": 0.01, "etas": (0.5, 1.2), "step_sizes": (1e-06, 50), "foreach": None,
              "maximize": False, "differentiable": False, "capturable": False},
    "ASGD": {"lr": 0.01, "lambd": 0.0001, "alpha": 0.75, "t0": 1000000.0, "weight_decay": 0,
             "foreach": None, "maximize": False, "differentiable": False, "capturable": False},
    "Adafactor": {"lr": 0.01, "beta2_decay": -0.8, "eps": (None, 0.001), "d": 1.0,
                  "weight_decay": 0.0, "foreach": None, "maximize": False},
    "LBFGS": {"lr": 1, "max_iter": 20, "max_eval": 25, "tolerance_grad": 1e-07,
              "tolerance_change": 1e-09, "history_size": 100, "line_search_fn": None},
}

LAYOUTS = {  # PyTorch 2.13's state per parameter: key, dtype, shape (or the value's type)
    "Rprop": {0: [("step", "float32", ()), ("prev", "float32", (2, 2)),
                  ("step_size", "float32", (2, 2))],
              1: [("step", "float32", ()), ("prev", "float32", (2,)),
                  ("step_size", "float32", (2,))]},
    "ASGD": {0: [("step", "float32", ()), ("eta", "float32", ()), ("mu", "float32", ()),
                 ("ax", "float32", (2, 2))],
             1: [("step", "float32", ()), ("eta", "float32", ()), ("mu", "float32", ()),
                 ("ax", "float32", (2,))]},
    "Adafactor": {0: [("step", "float32", ()), ("row_var", "float32", (2, 1)),
                      ("col_var", "float32", (1, 2))],
                  1: [("step", "float32", ()), ("variance", "float32", (2,))]},
    "LBFGS": {0: [("func_evals", "int"), ("n_iter", "int"), ("al", "list"),
                  ("d", "float32", (6,)), ("t", "int"), ("old_dirs", "list"),
                  ("old_stps", "list"), ("ro", "list"), ("H_diag", "float32", ()),
                  ("prev_flat_grad", "float32", (6,)), ("prev_loss", "float")]},
}


@pytest.mark.parametrize("name", list(DEFAULTS))
def test_defaults_and_state_layout_match_pytorch(name):
    opt, _ = _run(name, 3 if name != "LBFGS" else 2)
    assert opt.defaults == DEFAULTS[name]
    layout = {k: [(n, str(v.dtype).removeprefix("torch."), tuple(v.shape))
                  if isinstance(v, torch.Tensor) else (n, type(v).__name__)
                  for n, v in s.items()] for k, s in opt.state_dict()["state"].items()}
    assert layout == LAYOUTS[name]
    groups = opt.state_dict()["param_groups"]
    assert groups == [dict(DEFAULTS[name], params=[0, 1])]


@pytest.mark.parametrize("name,kwargs", [("Rprop", {"lr": 0.05}), ("ASGD", {"t0": 2}),
                                         ("Adafactor", {"lr": 0.1}),
                                         ("LBFGS", {"history_size": 3, "max_iter": 4}),
                                         ("LBFGS", {"line_search_fn": "strong_wolfe",
                                                    "max_iter": 3})])
def test_state_dict_round_trip_resumes_identically(name, kwargs):
    """Steps, save, load into a fresh optimizer, more steps: the uninterrupted weights."""
    _, full = _run(name, 6, **kwargs)
    opt, params = _run(name, 3, **kwargs)
    saved = copy.deepcopy(opt.state_dict())
    resumed = [p.detach().clone().requires_grad_() for p in params]
    opt2 = getattr(torch.optim, name)(resumed)
    opt2.load_state_dict(saved)
    w, b = resumed

    def closure():
        opt2.zero_grad()
        loss = ((w - 0.25) ** 2).sum() + ((b + 1) ** 4).sum()
        loss.backward()
        return loss

    for _ in range(3):
        opt2.step(closure)
    for got, want in zip(resumed, full):
        np.testing.assert_array_equal(got.detach().numpy(), want.detach().numpy())


def test_lbfgs_closure_and_evaluation_counts():
    opt, _ = _run("LBFGS", 1, max_iter=4)
    state = opt.state_dict()["state"][0]
    # PyTorch 2.13: the first evaluation and one per iteration but the last
    assert (state["func_evals"], state["n_iter"]) == (4, 4)
    assert len(state["old_dirs"]) == len(state["ro"]) == 3 and len(state["al"]) == 100


ERRORS = [  # PyTorch 2.13's messages
    ("Rprop", {"lr": -1.0}, "Invalid learning rate: -1.0"),
    ("Rprop", {"etas": (1.0, 1.2)}, "Invalid eta values: 1.0, 1.2"),
    ("Rprop", {"etas": (0.5, 0.9)}, "Invalid eta values: 0.5, 0.9"),
    ("ASGD", {"lr": -0.5}, "Invalid learning rate: -0.5"),
    ("ASGD", {"weight_decay": -1.0}, "Invalid weight_decay value: -1.0"),
    ("Adafactor", {"lr": -1.0}, "Learning rate should be >= 0 but is: -1.0"),
    ("Adafactor", {"beta2_decay": 0.1}, "beta2_decay should be <= 0 but is: 0.1"),
    ("Adafactor", {"eps": (-1e-3, 1e-3)}, "epsilon1 should be >= 0 but is: -0.001"),
    ("Adafactor", {"eps": (None, -1.0)}, "epsilon2 should be >= 0 but is: -1.0"),
    ("Adafactor", {"d": 0.5}, "Clipping threshold d should be >= 1 but is: 0.5"),
    ("Adafactor", {"weight_decay": -0.1}, "weight_decay should be >= 0 but is: -0.1"),
    ("LBFGS", {"lr": -1.0}, "Invalid learning rate: -1.0"),
]


@pytest.mark.parametrize("name,kwargs,message", ERRORS)
def test_argument_errors_are_pytorchs(name, kwargs, message):
    with pytest.raises(ValueError) as info:
        getattr(torch.optim, name)([torch.zeros(1, requires_grad=True)], **kwargs)
    assert str(info.value) == message


def test_lbfgs_refuses_groups_and_other_line_searches():
    a, b = torch.zeros(1, requires_grad=True), torch.zeros(1, requires_grad=True)
    with pytest.raises(ValueError, match=r"^LBFGS doesn't support per-parameter options "
                                         r"\(parameter groups\)$"):
        torch.optim.LBFGS([{"params": [a]}, {"params": [b]}])
    opt = torch.optim.LBFGS([a], line_search_fn="backtracking")

    def closure():
        opt.zero_grad()
        loss = ((a - 1) ** 2).sum()
        loss.backward()
        return loss

    with pytest.raises(RuntimeError, match="^only 'strong_wolfe' is supported$"):
        opt.step(closure)


def test_adafactor_refuses_complex_and_prints_as_torch_optim():
    z = torch.tensor([1.0 + 1.0j], requires_grad=True)
    z.grad = torch.tensor([1.0 + 0.0j])
    with pytest.raises(RuntimeError, match="^Adafactor does not support complex parameters$"):
        torch.optim.Adafactor([z]).step()
    assert torch.optim.Adafactor.__module__ == "hookgrad.optim"


def test_parameters_without_grad_are_skipped():
    for cls in (torch.optim.Rprop, torch.optim.ASGD, torch.optim.Adafactor):
        a, b = torch.ones(2, requires_grad=True), torch.ones(2, requires_grad=True)
        a.grad = torch.ones(2)
        opt = cls([a, b])
        opt.step()
        assert b.tolist() == [1.0, 1.0] and b not in opt.state and a in opt.state
