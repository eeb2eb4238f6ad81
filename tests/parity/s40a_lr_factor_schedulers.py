# Pins PyTorch 2.13's ConstantLR, LinearLR, MultiplicativeLR and PolynomialLR: the chainable
# lrs over many steps (two param groups), the closed form of step(epoch) with its deprecation
# warning, state_dict contents, and argument errors (s40a: schedulers hookgrad lacked).
import warnings

import torch
from torch.optim import lr_scheduler as S


def make(lr=0.1, lr2=0.05):
    a, b = torch.zeros(2, requires_grad=True), torch.zeros(3, requires_grad=True)
    return torch.optim.SGD([{"params": [a]}, {"params": [b], "lr": lr2}], lr=lr, momentum=0.9)


def run(name, cls, steps=14, **kw):
    opt = make()
    sched = cls(opt, **kw)
    print(name, "init", sched.get_last_lr())
    for i in range(steps):
        opt.step()
        sched.step()
        print(name, i, [repr(x) for x in sched.get_last_lr()])
    sd = sched.state_dict()
    print(name, "state", sorted(sd), {k: v for k, v in sd.items() if k != "lr_lambdas"})


run("constant", S.ConstantLR)
run("constant.5", S.ConstantLR, factor=0.5, total_iters=3)
run("constant1", S.ConstantLR, factor=1.0, total_iters=2)
run("constant0", S.ConstantLR, factor=0.0, total_iters=0, steps=3)
run("linear", S.LinearLR)
run("linear_down", S.LinearLR, start_factor=1.0, end_factor=0.1, total_iters=7)
run("linear_to0", S.LinearLR, start_factor=0.25, end_factor=0.0, total_iters=4)
run("poly", S.PolynomialLR)
run("poly2", S.PolynomialLR, total_iters=8, power=2.0)
run("poly.5", S.PolynomialLR, total_iters=6, power=0.5)
run("mult", S.MultiplicativeLR, lr_lambda=lambda e: 0.95)
run("mult_groups", S.MultiplicativeLR, lr_lambda=[lambda e: 0.9, lambda e: 1.0 - 0.01 * e])


class Factor:
    def __init__(self):
        self.calls = 0

    def __call__(self, epoch):
        self.calls += 1
        return 0.5 if epoch % 3 == 0 else 1.0


fn = Factor()
opt = make()
sched = S.MultiplicativeLR(opt, fn)
for _ in range(5):
    opt.step()
    sched.step()
print("callable", fn.calls, sched.get_last_lr(), sched.state_dict()["lr_lambdas"])
sd = sched.state_dict()
fn2 = Factor()
other = S.MultiplicativeLR(make(), fn2)
other.load_state_dict(sd)
print("loaded", fn2.calls, other.last_epoch, other.get_last_lr(), list(sd))

# closed form through the deprecated step(epoch)
for cls, kw in [(S.ConstantLR, {"factor": 0.5, "total_iters": 4}),
                (S.LinearLR, {"start_factor": 0.2, "total_iters": 6}),
                (S.PolynomialLR, {"total_iters": 6, "power": 3.0})]:
    opt = make()
    sched = cls(opt, **kw)
    opt.step()
    for epoch in [0, 1, 3, 4, 5, 6, 9, 2]:
        with warnings.catch_warnings(record=True) as w:
            warnings.simplefilter("always")
            sched.step(epoch)
        print(cls.__name__, "epoch", epoch, [repr(x) for x in sched.get_last_lr()],
              [str(x.message)[:60] for x in w])

# a scheduler's direct get_lr() call warns
opt = make()
sched = S.LinearLR(opt)
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    print("get_lr", sched.get_lr())
print([str(x.message) for x in w])

for cls, kw in [(S.ConstantLR, {"factor": 1.5}), (S.ConstantLR, {"factor": -0.1}),
                (S.LinearLR, {"start_factor": 0}), (S.LinearLR, {"start_factor": 1.1}),
                (S.LinearLR, {"end_factor": 1.5}), (S.LinearLR, {"end_factor": -1}),
                (S.MultiplicativeLR, {"lr_lambda": 0.5}),
                (S.MultiplicativeLR, {"lr_lambda": [lambda e: 1.0]}),
                (S.PolynomialLR, {"last_epoch": 3})]:
    try:
        cls(make(), **kw)
    except Exception as e:
        print(cls.__name__, type(e).__name__, e)
