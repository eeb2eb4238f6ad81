# Spec 9.3 (dispatch detail, read in optimizer.py): step hooks are iterated live from the
# OrderedDicts (no snapshot), so CPython's OrderedDict iterator rules apply: a pre-hook
# removing a later pre-hook -> "RuntimeError: OrderedDict mutated during iteration" (step
# does not run); a pre-hook adding a post-hook -> fine, it runs in the same step; the last
# pre-hook adding a pre-hook or removing itself -> no error, the new hook does not run.
import torch

log = []
p = torch.nn.Parameter(torch.tensor([1.]))
opt = torch.optim.SGD([p], lr=1.0)
p.grad = torch.tensor([1.])
handles = {}


def remover(o, a, k):
    log.append('remover')
    handles['other'].remove()


handles['rm'] = opt.register_step_pre_hook(remover)
handles['other'] = opt.register_step_pre_hook(lambda *a: log.append('other'))
try:
    opt.step()
    print('no error', log)
except RuntimeError as e:
    print('remove during dispatch:', type(e).__name__, e, log, p.tolist())
log.clear()
handles['rm'].remove()


def adder(o, a, k):
    log.append('adder')
    if 'added' not in handles:
        handles['added'] = o.register_step_post_hook(lambda *a: log.append('added post'))


handles['adder'] = opt.register_step_pre_hook(adder)
opt.step()
print('pre-hook adding a post-hook:', log, p.tolist())
log.clear()
opt.step()
print('next step:', log)
handles['adder'].remove()
handles['added'].remove()
log.clear()


def pre_adder(o, a, k):
    log.append('pre_adder')
    handles['new_pre'] = o.register_step_pre_hook(lambda *a: log.append('new pre'))


handles['pa'] = opt.register_step_pre_hook(pre_adder)
try:
    opt.step()
    print('last pre-hook adding a pre-hook: no error', log)
except RuntimeError as e:
    print('last pre-hook adding a pre-hook:', type(e).__name__, e, log)
handles['pa'].remove()
handles['new_pre'].remove()
log.clear()


def self_remover(o, a, k):
    log.append('self_remover (last hook)')
    handles['self'].remove()


handles['self'] = opt.register_step_pre_hook(self_remover)
try:
    opt.step()
    print('self removal of the last hook: no error', log, p.tolist())
except RuntimeError as e:
    print('self removal of the last hook:', type(e).__name__, e, log)
