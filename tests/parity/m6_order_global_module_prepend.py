# Spec 6.2 / 6.9: dispatch order inside one call: global forward pre-hooks (registration
# order) -> module pre-hooks (prepend=True moves to the front of the *module* list only)
# -> forward -> global forward hooks -> module forward hooks (prepend honoured, also for
# with_kwargs / always_call hooks). Upstream test_forward_hooks ([4, 1, 0, 2, 3]) and
# test_forward_pre_hooks ([4, 0, 1, 2, 3]). Forward hooks are not re-fired by backward.
import torch
import torch.nn as nn
from torch.nn.modules import module as mm

log = []


class M(nn.Module):
    def forward(self, x):
        log.append('forward')
        return x + 1


def mk(name):
    return lambda *a: log.append(name)


m = M()
m.register_forward_pre_hook(mk('pre1'))
m.register_forward_pre_hook(mk('pre2_prepend'), prepend=True)
m.register_forward_pre_hook(mk('pre3_kw'), with_kwargs=True)
m.register_forward_pre_hook(mk('pre4_prepend_kw'), prepend=True, with_kwargs=True)
g1 = mm.register_module_forward_pre_hook(mk('gpre1'))
g2 = mm.register_module_forward_pre_hook(mk('gpre2'))
m.register_forward_hook(mk('fwd1'))
m.register_forward_hook(mk('fwd2_prepend'), prepend=True)
m.register_forward_hook(mk('fwd3_always'), always_call=True)
m.register_forward_hook(mk('fwd4_prepend_kw'), prepend=True, with_kwargs=True)
g3 = mm.register_module_forward_hook(mk('gfwd1'))
g4 = mm.register_module_forward_hook(mk('gfwd2_kw'), with_kwargs=True)
g5 = mm.register_module_forward_hook(mk('gfwd3_always'), always_call=True)
x = torch.ones(2, requires_grad=True)
out = m(x)
print(log)
log.clear()
print('output', out)
out.sum().backward()
print('after backward', log)
for g in (g1, g2, g3, g4, g5):
    g.remove()
m(x)
print('globals removed', log)
log.clear()

# upstream-style numbering
order = []
m2 = M()
m2.register_forward_hook(lambda *a: order.append(0))
m2.register_forward_hook(lambda *a: order.append(1), prepend=True)
m2.register_forward_hook(lambda *a: order.append(2))
m2.register_forward_hook(lambda *a: order.append(3))
m2.register_forward_hook(lambda *a: order.append(4), prepend=True)
m2(torch.ones(1))
print('forward hooks', order)
order.clear()
m3 = M()
m3.register_forward_pre_hook(lambda *a: order.append(0))
m3.register_forward_pre_hook(lambda *a: order.append(1))
m3.register_forward_pre_hook(lambda *a: order.append(2))
m3.register_forward_pre_hook(lambda *a: order.append(3))
m3.register_forward_pre_hook(lambda *a: order.append(4), prepend=True)
m3(torch.ones(1))
print('forward pre hooks', order)
log.clear()
