# Spec 9.2 / 9.4: a step pre-hook may return (new_args, new_kwargs), which replace the
# arguments of step (seen by later pre-hooks and by post-hooks); any other non-None return
# raises "RuntimeError: <function SGD.step at 0x...> must return None or a tuple of
# (new_args, new_kwargs), but got <value>."; post-hook return values are ignored.
import torch

log = []
p = torch.nn.Parameter(torch.tensor([1., 1.]))
opt = torch.optim.SGD([p], lr=0.1)
p.grad = torch.tensor([1., 2.])


def inject(o, args, kwargs):
    def closure():
        log.append('closure called')
        return torch.tensor(3.)
    return args, {'closure': closure}


h1 = opt.register_step_pre_hook(inject)
h2 = opt.register_step_pre_hook(lambda o, a, k: log.append(('second pre sees', sorted(k))))
h3 = opt.register_step_post_hook(lambda o, a, k: (log.append(('post sees', sorted(k))), 'ignored')[1])
r = opt.step()
print('step returned', r, log, p.tolist())
log.clear()
for h in (h1, h2, h3):
    h.remove()

for bad in (5, (1, 2, 3), [(1,), {}], 'xy', ((1,),), {'closure': None}):
    h = opt.register_step_pre_hook(lambda o, a, k, bad=bad: bad)
    try:
        opt.step()
        print('returned', repr(bad), '-> ok')
    except RuntimeError as e:
        print('returned', repr(bad), '->', type(e).__name__, e)
    h.remove()
print('parameters after failed steps', p.tolist())

h = opt.register_step_pre_hook(lambda o, a, k: (a, dict(k)))
opt.step()
print('identity replacement ok', p.tolist())
h.remove()
