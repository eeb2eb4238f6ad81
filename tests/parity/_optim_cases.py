"""What the s40a optimizer cases share: a loss of quartic and quadratic bowls (the gradients
change sign as the steps overshoot) and a training run that prints the loss, the parameters
after each step, and the state_dict's layout at the end."""
import torch


def bowl_loss(ps, targets, scale):
    """The sum over parameters ``p`` of ``(d^2 (1 + d^2)).sum() * scale(k)``, ``d = p - t``."""
    total = 0
    for k, (p, t) in enumerate(zip(ps, targets)):
        diff = p - t
        total = total + (diff * diff * (1 + diff * diff)).sum() * scale(k)
    return total


def train(optimizer, start, loss_fn, name, steps=25, groups=False, split=1, sign=1, **kw):
    """``steps`` steps of ``optimizer`` on ``start()``'s parameters (two groups: the first
    ``split`` parameters, and the rest with lr 0.03), printing as they go."""
    ps = start()
    spec = [{"params": ps[:split]}, {"params": ps[split:], "lr": 0.03}] if groups else ps
    opt = optimizer(spec, **kw)
    for i in range(steps):
        opt.zero_grad()
        loss = loss_fn(ps)
        (sign * loss).backward()
        opt.step()
        print(name, i, repr(loss.item()), [p.detach().flatten().tolist() for p in ps])
    sd = opt.state_dict()
    for key, st in sd["state"].items():
        print(name, "state", key, [(k, v.dtype, tuple(v.shape), v.flatten().tolist())
                                   for k, v in st.items()])
    print(name, "groups", sd["param_groups"])
    return opt, ps
