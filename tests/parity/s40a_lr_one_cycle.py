# Pins PyTorch 2.13's OneCycleLR: anneal_strategy cos/linear, three_phase, epochs x
# steps_per_epoch, per-group max_lr, momentum cycling of SGD's momentum and Adam's betas[0],
# the group keys it adds, state_dict, stepping past total_steps, argument errors (s40a).
import torch
from torch.optim.lr_scheduler import OneCycleLR


def sgd():
    a, b = torch.zeros(2, requires_grad=True), torch.zeros(3, requires_grad=True)
    return torch.optim.SGD([{"params": [a]}, {"params": [b]}], lr=0.1, momentum=0.9,
                           nesterov=True)


def adamw():
    a, b = torch.zeros(2, requires_grad=True), torch.zeros(3, requires_grad=True)
    return torch.optim.AdamW([{"params": [a]}, {"params": [b]}], lr=0.1)


def momenta(opt):
    return [repr(g["betas"][0]) if "betas" in g else repr(g.get("momentum"))
            for g in opt.param_groups]


def run(name, opt, steps, **kw):
    sched = OneCycleLR(opt, **kw)
    group = opt.param_groups[0]
    print(name, "init", sched.get_last_lr(), momenta(opt),
          sorted((k, v) for k, v in group.items() if k != "params"))
    for i in range(steps):
        opt.step()
        sched.step()
        print(name, i, [repr(x) for x in sched.get_last_lr()], momenta(opt))
    sd = sched.state_dict()
    print(name, list(sd), sd["total_steps"], sd["_anneal_func_type"])
    for phase in sd["_schedule_phases"]:
        print(name, phase)
    return sched


run("cos", sgd(), 20, max_lr=0.5, total_steps=20)
run("linear", sgd(), 20, max_lr=[0.5, 1.0], total_steps=20, anneal_strategy="linear")
run("three", adamw(), 30, max_lr=0.01, total_steps=30, three_phase=True, pct_start=0.25)
run("three_lin", sgd(), 24, max_lr=0.2, epochs=4, steps_per_epoch=6, three_phase=True,
    anneal_strategy="linear", div_factor=10.0, final_div_factor=100.0)
run("adam_mom", adamw(), 15, max_lr=0.01, total_steps=15, base_momentum=[0.8, 0.7],
    max_momentum=0.99, pct_start=0.4)
sched = run("nomom", torch.optim.Adagrad([torch.zeros(2, requires_grad=True)]), 10,
            max_lr=0.1, total_steps=11, cycle_momentum=False)
sched.optimizer.step()
sched.step()
print("last", sched.get_last_lr())
try:
    sched.step()
except ValueError as e:
    print("ValueError", e)

resume = OneCycleLR(sgd(), max_lr=0.5, total_steps=20)
full = OneCycleLR(sgd(), max_lr=0.5, total_steps=20)
for _ in range(7):
    resume.optimizer.step()
    resume.step()
    full.optimizer.step()
    full.step()
again = OneCycleLR(resume.optimizer, max_lr=0.5, total_steps=20, last_epoch=6)
again.load_state_dict(resume.state_dict())
full.step()
again.step()
print("resumed", again.get_last_lr() == full.get_last_lr(), again.last_epoch)

for make, kw in [(sgd, {}), (sgd, {"total_steps": 0}), (sgd, {"total_steps": 5.0}),
                 (sgd, {"epochs": 0, "steps_per_epoch": 3}),
                 (sgd, {"epochs": 2, "steps_per_epoch": 1.5}), (sgd, {"epochs": 3}),
                 (sgd, {"total_steps": 10, "pct_start": 1}),
                 (sgd, {"total_steps": 10, "pct_start": 1.5}),
                 (sgd, {"total_steps": 10, "anneal_strategy": "exp"}),
                 (sgd, {"total_steps": 10, "max_momentum": [0.9]}),
                 (lambda: torch.optim.Adagrad([torch.zeros(2, requires_grad=True)]),
                  {"total_steps": 10})]:
    try:
        OneCycleLR(make(), max_lr=0.1, **kw)
    except ValueError as e:
        print("ValueError", e)
