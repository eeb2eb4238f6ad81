# Spec 1.5: forward pre-hooks are snapshotted when the pre-hook loop starts (a pre-hook
# removed by an earlier one still runs this call; one added does not); forward hooks are
# snapshotted after forward returns (a forward hook added by a pre-hook runs in the same
# call, one added by a forward hook does not; one removed by an earlier forward hook still
# runs). Upstream test_module_forward_preforward_hook_removable /
# test_module_forward_forward_hook_removable (hooks removing themselves).
import torch
import torch.nn as nn
from torch.nn.modules import module as mm

log = []
m = nn.Identity()
handles = {}


def pre_a(mod, a):
    log.append('pre_a')
    handles['b'].remove()
    if 'c' not in handles:
        handles['c'] = mod.register_forward_pre_hook(lambda *x: log.append('pre_c (added by pre_a)'))
        handles['f'] = mod.register_forward_hook(lambda *x: log.append('fwd_f (added by pre_a)'))


handles['a'] = m.register_forward_pre_hook(pre_a)
handles['b'] = m.register_forward_pre_hook(lambda *x: log.append('pre_b (removed by pre_a)'))
m(1)
print('call 1', log)
log.clear()
m(1)
print('call 2', log)
log.clear()
for h in handles.values():
    h.remove()
handles.clear()


def fwd_a(mod, a, o):
    log.append('fwd_a')
    handles['b'].remove()
    if 'c' not in handles:
        handles['c'] = mod.register_forward_hook(lambda *x: log.append('fwd_c (added by fwd_a)'))


handles['a'] = m.register_forward_hook(fwd_a)
handles['b'] = m.register_forward_hook(lambda *x: log.append('fwd_b (removed by fwd_a)'))
m(1)
print('call 1', log)
log.clear()
m(1)
print('call 2', log)
log.clear()
for h in handles.values():
    h.remove()
handles.clear()

# hooks removing themselves
def self_removing_pre(mod, a):
    log.append('self removing pre')
    handles['sp'].remove()
    return (a[0] * 2,)


def self_removing_fwd(mod, a, o):
    log.append('self removing fwd')
    handles['sf'].remove()
    return o + 1


handles['sp'] = m.register_forward_pre_hook(self_removing_pre)
handles['sf'] = m.register_forward_hook(self_removing_fwd)
print('first', m(torch.tensor([1.])), log)
log.clear()
print('second', m(torch.tensor([1.])), log)
log.clear()

# a global pre-hook removing a module pre-hook, and a module pre-hook removing a global fwd hook
def gpre(mod, a):
    log.append('gpre')
    handles['mpre'].remove()
    handles['gfwd'].remove()


handles['g'] = mm.register_module_forward_pre_hook(gpre)
handles['mpre'] = m.register_forward_pre_hook(lambda *x: log.append('module pre (removed by gpre)'))
handles['gfwd'] = mm.register_module_forward_hook(lambda *x: log.append('global fwd (removed by gpre)'))
m(1)
print('global removes', log)
log.clear()
m(1)
print('again', log)
handles['g'].remove()
