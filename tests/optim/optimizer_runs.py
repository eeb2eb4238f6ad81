"""Runs of the optimizers added for real programs (Adadelta, Adagrad, Adamax, NAdam, RAdam),
shared by their test and by the recorder that records PyTorch's numbers
(``python tools/record_optimizers.py`` with PyTorch installed).

Each run takes 20 steps on a weighted quadratic of four parameter tensors (fixed, exactly
representable starting values) and returns the losses, the weights after every step, and
the final optimizer state dict. Its gradients, ``2 k (p - t)`` with powers of two ``k``,
are exact in float32 in both libraries, so any difference in the weights comes from the
optimizers themselves (a model's forward pass would add ulp-level differences of its own,
which some optimizers amplify over 20 steps)."""
import numpy as np

STEPS = 20

# name: (optimizer, kwargs, two parameter groups, loss sign)
CONFIGS = {
    "adadelta": ("Adadelta", {}, False, 1),
    "adadelta_options": ("Adadelta", {"lr": 0.5, "rho": 0.8, "eps": 1e-5,
                                      "weight_decay": 0.1}, False, 1),
    "adadelta_max_groups": ("Adadelta", {"maximize": True}, True, -1),
    "adadelta_foreach": ("Adadelta", {"lr": 2.0, "foreach": True}, False, 1),
    "adagrad": ("Adagrad", {}, False, 1),
    "adagrad_options": ("Adagrad", {"lr": 0.1, "lr_decay": 0.05, "weight_decay": 0.1,
                                    "initial_accumulator_value": 0.2, "eps": 1e-8}, False, 1),
    "adagrad_max_groups": ("Adagrad", {"lr": 0.05, "maximize": True}, True, -1),
    "adagrad_foreach": ("Adagrad", {"lr": 0.05, "foreach": True}, False, 1),
    "adamax": ("Adamax", {}, False, 1),
    "adamax_options": ("Adamax", {"lr": 0.01, "betas": (0.8, 0.99), "eps": 1e-6,
                                  "weight_decay": 0.1}, False, 1),
    "adamax_max_groups": ("Adamax", {"lr": 0.01, "maximize": True}, True, -1),
    "adamax_foreach": ("Adamax", {"lr": 0.01, "foreach": True}, False, 1),
    "nadam": ("NAdam", {}, False, 1),
    "nadam_options": ("NAdam", {"lr": 0.01, "betas": (0.8, 0.99), "momentum_decay": 0.01,
                                "weight_decay": 0.1}, False, 1),
    "nadam_decoupled": ("NAdam", {"lr": 0.01, "weight_decay": 0.1,
                                  "decoupled_weight_decay": True}, False, 1),
    "nadam_max_groups": ("NAdam", {"lr": 0.01, "maximize": True}, True, -1),
    "nadam_foreach": ("NAdam", {"lr": 0.01, "foreach": True}, False, 1),
    "radam": ("RAdam", {}, False, 1),
    "radam_options": ("RAdam", {"lr": 0.01, "betas": (0.8, 0.99), "eps": 1e-6,
                                "weight_decay": 0.1}, False, 1),
    "radam_decoupled": ("RAdam", {"lr": 0.01, "weight_decay": 0.1,
                                  "decoupled_weight_decay": True}, False, 1),
    "radam_max_groups": ("RAdam", {"lr": 0.02, "maximize": True}, True, -1),
    "radam_foreach": ("RAdam", {"lr": 0.01, "foreach": True}, False, 1),
}


def problem():
    """Exactly representable inputs and targets, and fixed initial weights."""
    f = np.float32
    x = (((np.arange(24) * 7) % 13 - 6) / 6).reshape(8, 3).astype(f)
    y = (((np.arange(8) * 5) % 9 - 4) / 5).reshape(8, 1).astype(f)
    w1 = (((np.arange(12) * 5) % 11 - 5) / 10).reshape(3, 4).astype(f)
    w2 = (((np.arange(4) * 3) % 7 - 3) / 5).reshape(4, 1).astype(f)
    return x, y, [w1, np.array([0.1, -0.2, 0.05, 0.0], f), w2, np.array([0.1], f)]


def targets():
    """Where each parameter's quadratic has its minimum, and the powers of two weighting it."""
    _, _, init = problem()
    return ([np.roll(a.ravel(), 1).reshape(a.shape) * 0.5 + 0.25 for a in init],
            [2.0 ** -(i % 3) for i in range(len(init))])


def quadratic(tm, params):
    """The loss: a sum of weighted squared distances to the targets."""
    goals, scales = targets()
    return sum((((p - tm.tensor(g.astype(np.float32))) * (p - tm.tensor(g.astype(np.float32))))
                * k).sum() for p, g, k in zip(params, goals, scales))


def take_steps(tm, params, opt, steps, sign=1):
    """``steps`` optimizer steps on the quadratic; the losses and weights after each."""
    losses, weights = [], []
    for _ in range(steps):
        opt.zero_grad()
        loss = quadratic(tm, params)
        (sign * loss).backward()
        opt.step()
        losses.append(loss.item())
        weights.append(np.concatenate([p.detach().numpy().ravel() for p in params]))
    return losses, weights


def run(tm, name, steps=STEPS):
    """Train config ``name`` with ``tm`` (hookgrad, or real torch when recording)."""
    opt_name, kwargs, groups, sign = CONFIGS[name]
    _, _, init = problem()
    params = [tm.tensor(a, requires_grad=True) for a in init]
    spec = [{"params": params[:2]}, {"params": params[2:], "lr": 0.03}] if groups else params
    opt = getattr(tm.optim, opt_name)(spec, **kwargs)
    losses, weights = take_steps(tm, params, opt, steps, sign)
    return {"losses": np.array(losses), "weights": np.stack(weights),
            "state_dict": opt.state_dict(), "defaults": dict(opt.defaults)}
