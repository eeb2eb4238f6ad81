# Pins PyTorch 2.13's Adafactor: parameters after each of 25 steps under several option sets
# (lr, beta2_decay, eps, d clipping, weight decay, maximize, two groups, foreach accepted) on
# 0-d, vector, matrix and 3-d parameters (factored row/col second moments for dim > 1), its
# state_dict layout (step, row_var/col_var or variance: dtypes, shapes, values), defaults,
# a state round trip, and its errors (s40a: optimizers hookgrad lacked).
import copy

import torch
from _optim_cases import bowl_loss
from _optim_cases import train as run


def start():
    w = torch.tensor([[0.5, -0.3, 0.2], [0.1, 0.4, -0.6]], requires_grad=True)
    b = torch.tensor([0.1, -0.2, 0.3, 0.0], requires_grad=True)
    c = torch.tensor([[[0.2, -0.1], [0.3, 0.05], [-0.4, 0.6]],
                      [[0.0, 0.25], [-0.2, 0.1], [0.5, -0.5]]], requires_grad=True)
    s = torch.tensor(0.7, requires_grad=True)
    return [w, b, c, s]


TARGETS = [torch.tensor([[0.25, 0.5, -0.5], [1.0, -0.25, 0.125]]),
           torch.tensor([0.5, 0.5, -1.0, 0.25]), torch.linspace(-1, 1, 12).reshape(2, 3, 2),
           torch.tensor(-0.5)]


def loss_fn(ps):
    return bowl_loss(ps, TARGETS, lambda k: 2.0 ** -(k % 3))


def train(name, **kw):
    return run(torch.optim.Adafactor, start, loss_fn, name, split=2, **kw)


train("default")
train("options", lr=0.05, beta2_decay=-0.5, eps=(1e-6, 1e-2), d=1.5, weight_decay=0.1)
train("clip", lr=0.2, d=1.0, eps=(1e-30, 0.1))
train("groups_max", groups=True, sign=-1, maximize=True, lr=0.02)
train("foreach", lr=0.02, foreach=True)
opt, ps = train("half", steps=10, lr=0.1)
print("defaults", opt.defaults)
print("repr", torch.optim.Adafactor, torch.optim.Adafactor.__module__)

saved = copy.deepcopy(opt.state_dict())
resumed = [p.detach().clone().requires_grad_() for p in ps]
opt2 = torch.optim.Adafactor(resumed, lr=0.5)
opt2.load_state_dict(saved)
for _ in range(5):
    for o, q in ((opt, ps), (opt2, resumed)):
        o.zero_grad()
        loss_fn(q).backward()
        o.step()
print("resumed", [torch.equal(a, b) for a, b in zip(ps, resumed)])

# float64 parameters: eps1 defaults to float64's epsilon
p64 = torch.tensor([[1.0, -2.0], [0.5, 0.25]], dtype=torch.float64, requires_grad=True)
opt = torch.optim.Adafactor([p64], lr=0.1)
for i in range(5):
    opt.zero_grad()
    (p64 ** 2).sum().backward()
    opt.step()
    print("float64", i, p64.tolist())
print("float64 state", {k: (v.dtype, v.tolist()) for k, v in opt.state[p64].items()})

z = torch.tensor([1.0 + 1.0j], requires_grad=True)
z.grad = torch.tensor([1.0 + 0.0j])
try:
    torch.optim.Adafactor([z]).step()
except RuntimeError as e:
    print("RuntimeError", e)

for kw in [{"lr": -0.1}, {"beta2_decay": 0.5}, {"eps": (-1.0, 1e-3)}, {"eps": (None, -1.0)},
           {"d": 0.5}, {"weight_decay": -0.1}, {"lr": torch.tensor([0.1, 0.2])}]:
    try:
        torch.optim.Adafactor([torch.zeros(1, requires_grad=True)], **kw)
    except ValueError as e:
        print("ValueError", e)
