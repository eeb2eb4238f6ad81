# Pins PyTorch 2.13's ReduceLROnPlateau: min/max modes, rel/abs thresholds, patience,
# cooldown, per-group min_lr, eps (tiny reductions skipped), a Tensor metric, step(metric,
# epoch) with its deprecation warning, state_dict layout and round trip, a param group added
# later, and argument errors (s40a: schedulers hookgrad lacked).
import warnings

import torch
from torch.optim.lr_scheduler import ReduceLROnPlateau


def make(lr=1.0):
    a, b = torch.zeros(2, requires_grad=True), torch.zeros(3, requires_grad=True)
    return torch.optim.SGD([{"params": [a]}, {"params": [b], "lr": lr / 4}], lr=lr)


METRICS = [5.0, 4.0, 4.0, 3.9999, 4.1, 4.0, 3.9, 3.9, 3.9, 3.9, 3.89, 3.5, 3.5, 3.6, 3.7,
           3.5, 3.49, 3.49, 3.49, 3.49, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0]


def run(name, metrics=METRICS, opt=None, **kw):
    opt = opt or make()
    sched = ReduceLROnPlateau(opt, **kw)
    for i, m in enumerate(metrics):
        sched.step(m)
        print(name, i, m, [repr(x) for x in sched.get_last_lr()], repr(sched.best),
              sched.num_bad_epochs, sched.cooldown_counter, sched.last_epoch)
    return sched


sched = run("default", patience=2)
print(list(sched.state_dict().items()))
run("abs", patience=1, threshold=0.05, threshold_mode="abs", factor=0.5)
run("cooldown", patience=1, cooldown=2, factor=0.5, min_lr=[0.2, 0.01])
run("max", [-m for m in METRICS], mode="max", patience=1, factor=0.3)
run("max_abs", [-m for m in METRICS], mode="max", threshold_mode="abs", threshold=0.2,
    patience=0, factor=0.9)
run("max_rel_pos", [1, 2, 2, 2.0001, 2.0001, 2.0001, 3, 3, 3], mode="max", patience=0,
    threshold=0.5)
run("eps", [1.0] * 12, opt=make(1e-6), patience=0, factor=0.5, eps=1e-7)
run("min_lr", [1.0] * 10, patience=0, factor=0.1, min_lr=0.01)
run("tensor", [torch.tensor(3.0), torch.tensor([2.5]), torch.tensor(2.5, dtype=torch.float64)],
    patience=0)
run("nan", [1.0, float("nan"), float("nan"), 0.5], patience=0)

opt = make()
sched = ReduceLROnPlateau(opt, patience=0)
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    sched.step(1.0, epoch=7)
    sched.step(2.0)
print("epoch", sched.last_epoch, sched.get_last_lr(), [str(x.message)[:50] for x in w])

sd = sched.state_dict()
fresh = ReduceLROnPlateau(make(), mode="max", threshold_mode="abs")
fresh.load_state_dict(sd)
print("loaded", fresh.mode, fresh.threshold_mode, fresh.mode_worse, fresh.best,
      fresh.last_epoch, fresh.num_bad_epochs)

# a group added after construction: a single min_lr grows to cover it, a list raises
opt = make()
sched = ReduceLROnPlateau(opt, patience=0, min_lr=0.1)
opt.add_param_group({"params": [torch.zeros(1, requires_grad=True)], "lr": 0.5})
sched.step(1.0)
sched.step(1.0)
print("grown", sched.min_lrs, sched.get_last_lr())
opt = make()
sched = ReduceLROnPlateau(opt, patience=0, min_lr=[0.1, 0.2])
opt.add_param_group({"params": [torch.zeros(1, requires_grad=True)], "lr": 0.5})
sched.step(1.0)
try:
    sched.step(1.0)
except RuntimeError as e:
    print("RuntimeError", e)

for kw in [{"factor": 1.0}, {"mode": "avg"}, {"threshold_mode": "pct"}, {"min_lr": [0.1]}]:
    try:
        ReduceLROnPlateau(make(), **kw)
    except ValueError as e:
        print("ValueError", e)
try:
    ReduceLROnPlateau([1.0])
except TypeError as e:
    print("TypeError", e)
