# Pins PyTorch 2.13's LBFGS: the losses and parameters after each step(closure), with a fixed
# step and with line_search_fn='strong_wolfe', under several option sets (lr, max_iter,
# max_eval, history_size, tolerances), the closure call counts, its state_dict (global state
# kept as the first parameter's: func_evals, n_iter, d, t, old_dirs, ...), and its errors
# (s40a: optimizers hookgrad lacked).
import torch


def start():
    return [torch.tensor([-1.2, 1.0, -0.5], requires_grad=True),
            torch.tensor([[0.3, 0.8], [-0.4, 0.1]], requires_grad=True)]


def loss_fn(ps):
    x, w = ps
    # a Rosenbrock valley and a smooth quartic in the matrix
    rosen = (100 * (x[1:] - x[:-1] ** 2) ** 2 + (1 - x[:-1]) ** 2).sum()
    return rosen + ((w @ w - torch.eye(2)) ** 2).sum() + 0.1 * (w ** 4).sum()


def show(value):
    if isinstance(value, torch.Tensor):
        return ("T", value.dtype, tuple(value.shape), value.flatten().tolist()[:4])
    if isinstance(value, list):
        return [show(v) for v in value[:3]] + (["..."] if len(value) > 3 else [])
    return value


def train(name, steps=6, **kw):
    ps = start()
    opt = torch.optim.LBFGS(ps, **kw)
    calls = [0]

    def closure():
        calls[0] += 1
        opt.zero_grad()
        loss = loss_fn(ps)
        loss.backward()
        return loss

    for i in range(steps):
        loss = opt.step(closure)
        print(name, i, repr(loss.item()), calls[0], [p.detach().flatten().tolist() for p in ps])
    sd = opt.state_dict()
    print(name, "keys", {k: list(v) for k, v in sd["state"].items()})
    for key, value in sd["state"][0].items():
        print(name, key, show(value))
    print(name, "groups", sd["param_groups"])
    return opt


train("default")
train("short", lr=0.5, max_iter=4, history_size=3)
train("wolfe", line_search_fn="strong_wolfe")
train("wolfe_short", line_search_fn="strong_wolfe", max_iter=5, history_size=2, lr=0.8)
train("wolfe_eval", line_search_fn="strong_wolfe", max_iter=10, max_eval=12)
train("tol", lr=1, tolerance_grad=1e-3, tolerance_change=1e-4, steps=4)
opt = train("one", max_iter=1, steps=5)
print("defaults", opt.defaults)

# already optimal: the closure runs once and nothing moves
p = torch.tensor([0.0, 0.0], requires_grad=True)
opt = torch.optim.LBFGS([p])


def flat():
    opt.zero_grad()
    loss = (p * p).sum()
    loss.backward()
    return loss


print("optimal", opt.step(flat).item(), p.tolist(), {k: v for k, v in opt.state[p].items()})

for args, kw in [(([torch.zeros(1, requires_grad=True)],), {"lr": -1.0}),
                 (([{"params": [torch.zeros(1, requires_grad=True)]},
                    {"params": [torch.zeros(1, requires_grad=True)]}],), {})]:
    try:
        torch.optim.LBFGS(*args, **kw)
    except ValueError as e:
        print("ValueError", e)
ps = start()
opt = torch.optim.LBFGS(ps, line_search_fn="backtracking")


def closure():
    opt.zero_grad()
    loss = loss_fn(ps)
    loss.backward()
    return loss


try:
    opt.step(closure)
except RuntimeError as e:
    print("RuntimeError", e)
try:
    opt.step()
except TypeError as e:
    print("TypeError", e)
