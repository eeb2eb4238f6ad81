"""The optimizer cases run against values recorded from PyTorch: a tiny two-layer regression
model trained for 20 steps by each configuration, in hookgrad (test_optim.py) and in real
PyTorch (tools/record/optim.py, which writes tests/recorded/optim.json)."""
import numpy as np

SGD_BASE = ("SGD", {"lr": 0.1, "momentum": 0.5})
CONFIGS = {  # name: (optimizer, kwargs, scheduler or None, loss sign, two param groups)
    "sgd": ("SGD", {"lr": 0.1}, None, 1, False),
    "sgd_momentum_wd": ("SGD", {"lr": 0.05, "momentum": 0.9, "dampening": 0.1,
                                "weight_decay": 0.01}, None, 1, False),
    "sgd_nesterov_max": ("SGD", {"lr": 0.05, "momentum": 0.8, "nesterov": True,
                                 "maximize": True}, None, -1, True),
    "adam": ("Adam", {"lr": 0.01}, None, 1, False),
    "adam_amsgrad_wd": ("Adam", {"lr": 0.01, "amsgrad": True, "weight_decay": 0.1},
                        None, 1, False),
    "adam_betas_max": ("Adam", {"lr": 0.01, "betas": (0.8, 0.99), "maximize": True},
                       None, -1, True),
    "adamw": ("AdamW", {"lr": 0.01}, None, 1, False),
    "adamw_amsgrad": ("AdamW", {"lr": 0.02, "weight_decay": 0.1, "amsgrad": True},
                      None, 1, True),
    "rmsprop": ("RMSprop", {"lr": 0.01}, None, 1, False),
    "rmsprop_centered": ("RMSprop", {"lr": 0.01, "alpha": 0.9, "eps": 1e-6, "centered": True,
                                     "momentum": 0.5, "weight_decay": 0.01}, None, 1, False),
    "rmsprop_max": ("RMSprop", {"lr": 0.005, "maximize": True}, None, -1, True),
    "steplr": (*SGD_BASE, ("StepLR", {"step_size": 5, "gamma": 0.5}), 1, False),
    "multisteplr": (*SGD_BASE, ("MultiStepLR", {"milestones": [3, 8, 8], "gamma": 0.5}),
                    1, False),
    "exponentiallr": (*SGD_BASE, ("ExponentialLR", {"gamma": 0.9}), 1, False),
    "cosine": (*SGD_BASE, ("CosineAnnealingLR", {"T_max": 6, "eta_min": 0.01}), 1, False),
    "lambdalr": (*SGD_BASE, ("LambdaLR", {"lr_lambda": lambda e: 1 / (1 + 0.3 * e)}), 1, True),
}


def problem():
    """Exactly representable inputs and targets, and fixed initial weights."""
    f = np.float32
    x = (((np.arange(24) * 7) % 13 - 6) / 6).reshape(8, 3).astype(f)
    y = (((np.arange(8) * 5) % 9 - 4) / 5).reshape(8, 1).astype(f)
    w1 = (((np.arange(12) * 5) % 11 - 5) / 10).reshape(3, 4).astype(f)
    w2 = (((np.arange(4) * 3) % 7 - 3) / 5).reshape(4, 1).astype(f)
    return x, y, [w1, np.array([0.1, -0.2, 0.05, 0.0], f), w2, np.array([0.1], f)]


def train(tm, name, steps=20):
    """Run config ``name`` with ``tm`` (hookgrad, or real torch when recording)."""
    opt_name, opt_kwargs, sched, sign, groups = CONFIGS[name]
    x, y, init = problem()
    x, y = tm.tensor(x), tm.tensor(y)
    params = [tm.tensor(a, requires_grad=True) for a in init]
    spec = [{"params": params[:2]}, {"params": params[2:], "lr": 0.02}] if groups else params
    opt = getattr(tm.optim, opt_name)(spec, **opt_kwargs)
    scheduler = sched and getattr(tm.optim.lr_scheduler, sched[0])(opt, **sched[1])
    losses, lrs = [], []
    for _ in range(steps):
        opt.zero_grad()
        loss = ((tm.tanh(x @ params[0] + params[1]) @ params[2] + params[3] - y) ** 2).mean()
        (sign * loss).backward()
        opt.step()
        losses.append(loss.item())
        if scheduler:
            scheduler.step()
            lrs.append(scheduler.get_last_lr()[0])
    weights = np.concatenate([p.detach().numpy().ravel() for p in params])
    return losses, weights.tolist(), lrs
