# Pins PyTorch 2.13's CyclicLR: modes triangular/triangular2/exp_range, a custom scale_fn
# (cycle and iterations), step_size_down, per-group lists, momentum cycling of SGD's momentum
# and Adam's betas[0], state_dict (scale function saved as None or a callable's __dict__),
# and argument errors (s40a: schedulers hookgrad lacked).
import torch
from torch.optim.lr_scheduler import CyclicLR


def sgd(momentum=0.9):
    a, b = torch.zeros(2, requires_grad=True), torch.zeros(3, requires_grad=True)
    return torch.optim.SGD([{"params": [a]}, {"params": [b], "lr": 0.3}], lr=0.1,
                           momentum=momentum)


def adam():
    a, b = torch.zeros(2, requires_grad=True), torch.zeros(3, requires_grad=True)
    return torch.optim.Adam([{"params": [a]}, {"params": [b]}], lr=0.1, betas=(0.9, 0.99))


def momenta(opt):
    return [repr(g["betas"][0]) if "betas" in g else repr(g.get("momentum"))
            for g in opt.param_groups]


def run(name, opt, steps=26, **kw):
    sched = CyclicLR(opt, **kw)
    print(name, "init", sched.get_last_lr(), momenta(opt),
          sorted((k, v) for k, v in opt.param_groups[0].items() if k != "params"))
    for i in range(steps):
        opt.step()
        sched.step()
        print(name, i, [repr(x) for x in sched.get_last_lr()], momenta(opt))
    sd = sched.state_dict()
    print(name, list(sd), sd["_scale_fn_custom"], sd["scale_mode"], sd["total_size"],
          sd["step_ratio"], sd["base_lrs"], sd["last_epoch"])
    return sched


run("tri", sgd(), base_lr=0.01, max_lr=0.1, step_size_up=4)
run("tri_down", sgd(), base_lr=0.01, max_lr=0.1, step_size_up=2, step_size_down=5)
run("tri2", sgd(), base_lr=0.001, max_lr=[0.1, 0.2], step_size_up=3, mode="triangular2")
run("exp", sgd(), base_lr=[0.01, 0.02], max_lr=0.1, step_size_up=3, mode="exp_range",
    gamma=0.9)
run("adam", adam(), base_lr=0.001, max_lr=0.01, step_size_up=3, base_momentum=0.7,
    max_momentum=[0.95, 0.9])
run("nomom", torch.optim.Adagrad([torch.zeros(2, requires_grad=True)]), base_lr=0.01,
    max_lr=0.1, step_size_up=3, cycle_momentum=False)
run("fn_cycle", sgd(), base_lr=0.01, max_lr=0.1, step_size_up=2,
    scale_fn=lambda x: 1.0 / x, scale_mode="cycle")
run("fn_iter", sgd(), base_lr=0.01, max_lr=0.1, step_size_up=2, mode="bogus",
    scale_fn=lambda x: 0.99 ** x, scale_mode="iterations")


class Scale:
    def __init__(self):
        self.factor = 0.5

    def __call__(self, x):
        return self.factor ** x


sched = run("callable", sgd(), base_lr=0.01, max_lr=0.1, step_size_up=2, scale_fn=Scale())
sd = sched.state_dict()
other_fn = Scale()
other_fn.factor = 0.1
other = CyclicLR(sgd(), base_lr=0.01, max_lr=0.1, step_size_up=2, scale_fn=other_fn)
other.load_state_dict(sd)
print("loaded", other_fn.factor, other.last_epoch, other.get_last_lr(), "_scale_fn_custom" in sd)
tri = CyclicLR(sgd(), base_lr=0.01, max_lr=0.1, mode="exp_range", gamma=0.5)
sd = tri.state_dict()
print("ref dropped", "_scale_fn_ref" in sd, sd["_scale_fn_custom"])
tri2 = CyclicLR(sgd(), base_lr=0.01, max_lr=0.1)
tri2.load_state_dict(sd)
print("reloaded", tri2.mode, tri2.scale_mode, tri2.scale_fn(3), tri2.gamma)

for make, kw in [(sgd, {"mode": "bogus"}), (sgd, {"base_lr": [0.1]}),
                 (sgd, {"max_lr": (0.1, 0.2, 0.3)}),
                 (lambda: sgd(0), {"base_momentum": [0.8]}),
                 (lambda: torch.optim.Adagrad([torch.zeros(2, requires_grad=True)]), {})]:
    args = {"base_lr": 0.01, "max_lr": 0.1}
    args.update(kw)
    try:
        CyclicLR(make(), **args)
    except ValueError as e:
        print("ValueError", e)
try:
    CyclicLR(None, 0.01, 0.1)
except TypeError as e:
    print("TypeError", e)
