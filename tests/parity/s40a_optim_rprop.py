# Pins PyTorch 2.13's Rprop: parameters after each of 25 steps under several option sets
# (etas, step_sizes, lr, maximize, two groups, foreach accepted), its state_dict layout
# (step/prev/step_size: dtypes, shapes, values), defaults, a state round trip, complex
# parameters, and argument errors (s40a: optimizers hookgrad lacked).
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
    return run(torch.optim.Rprop, start, loss_fn, name, split=1, **kw)


train("default")
train("options", lr=0.05, etas=(0.3, 1.5), step_sizes=(0.001, 0.08))
train("groups_max", groups=True, sign=-1, maximize=True)
train("foreach", lr=0.02, foreach=True)
opt, ps = train("half", steps=10)
print("defaults", opt.defaults)

# resume from a saved state: the same weights as without the pause
saved = copy.deepcopy(opt.state_dict())
resumed = [p.detach().clone().requires_grad_() for p in ps]
opt2 = torch.optim.Rprop(resumed, lr=0.5)
opt2.load_state_dict(saved)
for _ in range(5):
    for o, q in ((opt, ps), (opt2, resumed)):
        o.zero_grad()
        loss_fn(q).backward()
        o.step()
print("resumed", [torch.equal(a, b) for a, b in zip(ps, resumed)])

# complex parameters: real and imaginary parts stepped as independent reals
z = torch.tensor([1.0 + 2.0j, -0.5 + 0.25j], requires_grad=True)
opt = torch.optim.Rprop([z], lr=0.1)
for i in range(6):
    opt.zero_grad()
    ((z - (0.2 - 0.3j)).abs() ** 2).sum().backward()
    opt.step()
    print("complex", i, z.detach().tolist())
print("complex state", {k: v for k, v in opt.state_dict()["state"][0].items()})

# parameters without a gradient are skipped and get no state
a, b = torch.ones(2, requires_grad=True), torch.ones(2, requires_grad=True)
a.grad = torch.tensor([1.0, -1.0])
opt = torch.optim.Rprop([a, b])
opt.step()
print("skipped", a.tolist(), b.tolist(), list(opt.state_dict()["state"]))

for kw in [{"lr": -0.1}, {"etas": (1.0, 1.2)}, {"etas": (0.5, 1.0)}, {"etas": (0.0, 2.0)},
           {"lr": torch.tensor([0.1, 0.2])}]:
    try:
        torch.optim.Rprop([torch.zeros(1, requires_grad=True)], **kw)
    except ValueError as e:
        print("ValueError", e)
