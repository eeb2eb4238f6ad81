# Spec 9.1 / 9.2 / 9.3: optimizer step hooks: order global pre -> optimizer pre -> step ->
# optimizer post -> global post (upstream test_step_all_hooks [0, 1, 2, 5]-style);
# args is the positional tuple of step including the optimizer itself, kwargs the keyword
# arguments; hooks see parameters before/after the update; the globals live in
# torch.optim.optimizer only.
import torch
from torch.optim.optimizer import register_optimizer_step_pre_hook, register_optimizer_step_post_hook

log = []
p = torch.nn.Parameter(torch.tensor([1., 2.]))
opt = torch.optim.SGD([p], lr=0.5)
p.grad = torch.tensor([1., -1.])


def rec(tag):
    def h(o, args, kwargs):
        log.append((tag, type(o).__name__, o is opt, len(args), args[0] is opt, kwargs, p.tolist()))
    return h


g1 = register_optimizer_step_pre_hook(rec('global pre 1'))
g2 = register_optimizer_step_post_hook(rec('global post 1'))
h1 = opt.register_step_pre_hook(rec('pre 1'))
h2 = opt.register_step_post_hook(rec('post 1'))
g3 = register_optimizer_step_pre_hook(rec('global pre 2'))
h3 = opt.register_step_pre_hook(rec('pre 2'))
h4 = opt.register_step_post_hook(rec('post 2'))
g4 = register_optimizer_step_post_hook(rec('global post 2'))
opt.step()
for entry in log:
    print(entry)
log.clear()
opt.step(closure=None)
print('with closure=None kwarg:', log[0][5], log[-1][5])
log.clear()
r = opt.step(lambda: torch.tensor(4.))
print('positional closure: step returned', r, 'args length seen', log[0][3])
log.clear()
for h in (g1, g2, g3, g4, h1, h2, h3, h4):
    h.remove()
opt.step()
print('all removed', log, p.tolist())
print('re-exported in torch.optim:', hasattr(torch.optim, 'register_optimizer_step_pre_hook'))
