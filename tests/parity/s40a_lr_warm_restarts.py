# Pins PyTorch 2.13's CosineAnnealingWarmRestarts: T_0/T_mult/eta_min over many steps,
# step(epoch) with fractional epochs (no deprecation warning, unlike other schedulers),
# its state_dict, and its argument errors (s40a: schedulers hookgrad lacked).
import warnings

import torch
from torch.optim.lr_scheduler import CosineAnnealingWarmRestarts


def make():
    a, b = torch.zeros(2, requires_grad=True), torch.zeros(3, requires_grad=True)
    return torch.optim.Adam([{"params": [a]}, {"params": [b], "lr": 0.02}], lr=0.1)


for kw in [{"T_0": 3}, {"T_0": 2, "T_mult": 2}, {"T_0": 4, "T_mult": 3, "eta_min": 0.001},
           {"T_0": 5, "eta_min": 1}]:
    opt = make()
    sched = CosineAnnealingWarmRestarts(opt, **kw)
    print(kw, "init", sched.get_last_lr(), sched.T_cur, sched.T_i, sched._step_count)
    for i in range(30):
        opt.step()
        sched.step()
        print(i, [repr(x) for x in sched.get_last_lr()], sched.T_cur, sched.T_i,
              sched.last_epoch)
    print(sorted(sched.state_dict().items()))

# per-batch fractional epochs, as in the docs' example
for kw in [{"T_0": 3}, {"T_0": 2, "T_mult": 2}, {"T_0": 3, "T_mult": 3, "eta_min": 0.01}]:
    opt = make()
    sched = CosineAnnealingWarmRestarts(opt, **kw)
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        for epoch in range(8):
            for batch in range(5):
                opt.step()
                sched.step(epoch + batch / 5)
                print(kw, epoch, batch, [repr(x) for x in sched.get_last_lr()],
                      repr(sched.T_cur), sched.T_i, sched.last_epoch)
        sched.step(1.5)
        print("back", [repr(x) for x in sched.get_last_lr()], sched.T_cur, sched.T_i)
        sched.step(13)
        print("jump", [repr(x) for x in sched.get_last_lr()], sched.T_cur, sched.T_i)
    print("warnings", len(w))

# stepped before optimizer.step(): no warning here either (its step is its own)
opt = make()
sched = CosineAnnealingWarmRestarts(opt, 3)
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    sched.step()
    sched.step()
print("order warnings", len(w), sched._step_count)

resumed = CosineAnnealingWarmRestarts(make(), 3)
resumed.load_state_dict(sched.state_dict())
opt.step()
sched.step()
resumed.step()
print("resumed", resumed.get_last_lr() == sched.get_last_lr(), resumed.T_cur, resumed.last_epoch)

for kw in [{"T_0": 0}, {"T_0": 2.0}, {"T_0": 3, "T_mult": 0}, {"T_0": 3, "T_mult": 1.5},
           {"T_0": 3, "eta_min": "0"}, {"T_0": 3, "eta_min": None}]:
    try:
        CosineAnnealingWarmRestarts(make(), **kw)
    except ValueError as e:
        print("ValueError", e)
try:
    CosineAnnealingWarmRestarts(make(), 3).step(-1)
except ValueError as e:
    print("ValueError", e)
