# Pins PyTorch 2.13's ASGD: parameters after each of 25 steps under several option sets
# (lambd, alpha, t0 small enough for the averaging to start, weight decay, maximize, two
# groups, foreach=True's own formula), its state_dict layout (step/eta/mu/ax: dtypes,
# shapes, values), defaults, a state round trip, complex parameters, and argument errors
# (s40a).
import copy

import torch
from _optim_cases import bowl_loss
from _optim_cases import train as run


def start():
    w = torch.tensor([[0.5, -0.3, 0.2], [0.1, 0.4, -0.6]], requires_grad=True)
    b = torch.tensor([0.1, -0.2, 0.3, 0.0], requires_grad=True)
    s = torch.tensor(0.7, requires_grad=True)
    return [w, b, s]


TARGETS = [torch.tensor([[0.25, 0.5, -0.5], [1.0, -0.25, 0.125]]),
           torch.tensor([0.5, 0.5, -1.0, 0.25]), torch.tensor(-0.5)]


def loss_fn(ps):
    return bowl_loss(ps, TARGETS, lambda k: 2.0 ** -k)


def train(name, **kw):
    return run(torch.optim.ASGD, start, loss_fn, name, split=1, **kw)


train("default")
train("options", lr=0.05, lambd=0.01, alpha=0.5, t0=8, weight_decay=0.1)
train("t0_zero", lr=0.1, lambd=0.001, t0=0)
train("groups_max", groups=True, sign=-1, maximize=True, t0=3)
train("foreach", lr=0.02, foreach=True, t0=12.5)
opt, ps = train("half", steps=10, lr=0.05, t0=4)
print("defaults", opt.defaults)

# resume from a saved state: the same weights as without the pause
saved = copy.deepcopy(opt.state_dict())
resumed = [p.detach().clone().requires_grad_() for p in ps]
opt2 = torch.optim.ASGD(resumed, lr=0.5)
print("ax", [v["ax"].flatten().tolist() for v in saved["state"].values()])
opt2.load_state_dict(saved)
for _ in range(5):
    for o, q in ((opt, ps), (opt2, resumed)):
        o.zero_grad()
        loss_fn(q).backward()
        o.step()
print("resumed", [torch.equal(a, b) for a, b in zip(ps, resumed)])

# complex parameters: real and imaginary parts stepped as independent reals
z = torch.tensor([1.0 + 2.0j, -0.5 + 0.25j], requires_grad=True)
opt = torch.optim.ASGD([z], lr=0.1, t0=2)
for i in range(6):
    opt.zero_grad()
    ((z - (0.2 - 0.3j)).abs() ** 2).sum().backward()
    opt.step()
    print("complex", i, z.detach().tolist())
print("complex state", {k: v for k, v in opt.state_dict()["state"][0].items()})

# parameters without a gradient are skipped and get no state
a, b = torch.ones(2, requires_grad=True), torch.ones(2, requires_grad=True)
a.grad = torch.tensor([1.0, -1.0])
opt = torch.optim.ASGD([a, b])
opt.step()
print("skipped", a.tolist(), b.tolist(), list(opt.state_dict()["state"]))

for kw in [{"lr": -0.1}, {"weight_decay": -0.5}, {"lr": torch.tensor([0.1, 0.2])}]:
    try:
        torch.optim.ASGD([torch.zeros(1, requires_grad=True)], **kw)
    except ValueError as e:
        print("ValueError", e)
