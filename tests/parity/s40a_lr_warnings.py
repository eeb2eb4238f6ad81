# Pins PyTorch 2.13's warnings of the schedulers hookgrad lacked: "Detected call of
# `lr_scheduler.step()` before `optimizer.step()`" (given once, at the first step, by those
# built on LRScheduler's step; not by CosineAnnealingWarmRestarts, ReduceLROnPlateau,
# SequentialLR or ChainedScheduler themselves), the overridden-step warning, the epoch
# deprecation, and a Tensor lr filled in place (s40a).
import warnings

import torch
from torch.optim import lr_scheduler as S


def make(lr=0.1):
    p = torch.zeros(2, requires_grad=True)
    return torch.optim.SGD([p], lr=lr, momentum=0.9)


MAKERS = {
    "ConstantLR": lambda o: S.ConstantLR(o),
    "LinearLR": lambda o: S.LinearLR(o),
    "MultiplicativeLR": lambda o: S.MultiplicativeLR(o, lambda e: 0.9),
    "PolynomialLR": lambda o: S.PolynomialLR(o),
    "CosineAnnealingWarmRestarts": lambda o: S.CosineAnnealingWarmRestarts(o, 3),
    "CyclicLR": lambda o: S.CyclicLR(o, 0.01, 0.1, step_size_up=2),
    "OneCycleLR": lambda o: S.OneCycleLR(o, 0.1, total_steps=10),
    "ReduceLROnPlateau": lambda o: S.ReduceLROnPlateau(o),
    "SequentialLR": lambda o: S.SequentialLR(o, [S.ConstantLR(o), S.StepLR(o, 2)], [2]),
    "ChainedScheduler": lambda o: S.ChainedScheduler([S.ConstantLR(o), S.StepLR(o, 2)]),
}


def messages(w):
    return [(x.category.__name__, str(x.message)) for x in w]


for name, maker in MAKERS.items():
    opt = make()
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        sched = maker(opt)
        print(name, "construct", messages(w))
    for when in ("first", "second"):
        with warnings.catch_warnings(record=True) as w:
            warnings.simplefilter("always")
            if name == "ReduceLROnPlateau":
                sched.step(1.0)
            else:
                sched.step()
        print(name, when, messages(w), sched.get_last_lr())
    opt = make()
    sched = maker(opt)
    opt.step = lambda closure=None: None  # replaced after the scheduler wrapped it
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        if name == "ReduceLROnPlateau":
            sched.step(1.0)
        else:
            sched.step()
    print(name, "overridden", messages(w))
    opt = make()
    sched = maker(opt)
    opt.step()
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        try:
            if name == "ReduceLROnPlateau":
                sched.step(1.0, 3)
            else:
                sched.step(3)
        except TypeError as e:
            print(name, "TypeError", e)
    print(name, "epoch", messages(w), sched.get_last_lr())

# a Tensor lr stays the same Tensor, filled in place; get_last_lr gives clones
lr = torch.tensor(0.1)
opt = make(lr)
sched = S.LinearLR(opt, start_factor=0.5, total_iters=3)
for _ in range(4):
    opt.step()
    sched.step()
    last = sched.get_last_lr()
    print("tensor lr", opt.param_groups[0]["lr"] is lr, lr.item(), type(last[0]).__name__,
          last[0] is lr, type(opt.param_groups[0]["initial_lr"]).__name__)
opt = make(torch.tensor(0.5))
sched = S.ReduceLROnPlateau(opt, patience=0)
sched.step(1.0)
sched.step(1.0)
print("plateau tensor", opt.param_groups[0]["lr"], sched.get_last_lr())
print(S._LRScheduler.__name__, issubclass(S._LRScheduler, S.LRScheduler))
print(sorted(S.__all__))
