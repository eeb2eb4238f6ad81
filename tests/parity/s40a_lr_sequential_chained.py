# Pins PyTorch 2.13's SequentialLR (milestones, the undo of each scheduler's initial step,
# the closed-form restart at a milestone, nesting) and ChainedScheduler (compounding),
# their state_dict layout and round trip, and their argument errors (s40a).
import torch
from torch.optim import lr_scheduler as S


def make(lr=1.0):
    a, b = torch.zeros(2, requires_grad=True), torch.zeros(3, requires_grad=True)
    return torch.optim.SGD([{"params": [a]}, {"params": [b], "lr": lr / 2}], lr=lr,
                           momentum=0.9)


def run(name, sched, opt, steps=20):
    print(name, "init", sched.get_last_lr(), [g["lr"] for g in opt.param_groups])
    for i in range(steps):
        opt.step()
        sched.step()
        print(name, i, [repr(x) for x in sched.get_last_lr()],
              [repr(g["lr"]) for g in opt.param_groups])
    sd = sched.state_dict()
    print(name, list(sd), [sorted(s) for s in sd["_schedulers"]])
    return sd


opt = make()
warm = S.LinearLR(opt, start_factor=0.1, total_iters=4)
decay = S.ExponentialLR(opt, gamma=0.8)
seq_sd = run("seq", S.SequentialLR(opt, [warm, decay], milestones=[5]), opt)
print(seq_sd["_milestones"], seq_sd["last_epoch"], seq_sd["_schedulers"][1]["last_epoch"])

opt = make()
scheds = [S.ConstantLR(opt, factor=0.5, total_iters=2), S.StepLR(opt, 3, gamma=0.5),
          S.CosineAnnealingLR(opt, T_max=5, eta_min=0.01)]
run("seq3", S.SequentialLR(opt, scheds, milestones=[3, 9]), opt, 22)

opt = make()
inner = S.SequentialLR(opt, [S.LinearLR(opt, 0.5, total_iters=2), S.StepLR(opt, 2)], [3])
run("nested", S.SequentialLR(opt, [inner, S.ExponentialLR(opt, 0.9)], [6]), opt, 12)

opt = make()
chain_sd = run("chain", S.ChainedScheduler([S.ConstantLR(opt, factor=0.1, total_iters=2),
                                            S.ExponentialLR(opt, gamma=0.9)]), opt)
opt = make()
run("chain3", S.ChainedScheduler([S.LinearLR(opt, 0.2, total_iters=4),
                                  S.MultiStepLR(opt, [3, 6], 0.5),
                                  S.PolynomialLR(opt, total_iters=12, power=2.0)],
                                 optimizer=opt), opt, 14)
print("chain keys", list(chain_sd), chain_sd["_last_lr"])

# round trip: load into fresh schedulers, step both on
def chain_for(o):
    return S.ChainedScheduler([S.ConstantLR(o, factor=0.1, total_iters=2),
                               S.ExponentialLR(o, gamma=0.9)])


a_opt, b_opt = make(), make()
a, b = chain_for(a_opt), chain_for(b_opt)
for _ in range(3):
    a_opt.step()
    a.step()
sd = a.state_dict()
b.load_state_dict(sd)
print("loaded", b._schedulers[1].last_epoch, b.get_last_lr(), list(sd))

opt = make()
other = make()
for args in [([], []), ([S.StepLR(opt, 2)], [1]), ([S.StepLR(opt, 2), S.StepLR(opt, 3)], []),
             ([S.StepLR(opt, 2), S.ReduceLROnPlateau(opt)], [2]),
             ([S.StepLR(opt, 2), S.StepLR(other, 2)], [2]), ([S.StepLR(opt, 2), 5], [2])]:
    try:
        S.SequentialLR(opt, *args)
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
for args in [[], [S.StepLR(opt, 2), S.ReduceLROnPlateau(opt)],
             [S.StepLR(opt, 2), S.StepLR(other, 2)], [S.StepLR(opt, 2), object()]]:
    try:
        S.ChainedScheduler(args)
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
