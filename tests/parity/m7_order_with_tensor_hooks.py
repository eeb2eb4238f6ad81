# Spec 7.2 (+4.3): per backward: tensor hooks on the returned (wrapped) output run before the
# module's backward pre-hooks (global first, then module list with prepend); tensor hooks
# registered on the raw forward output (in a forward hook) run after the pre-hooks; weight
# hooks / post-accumulate hooks run before the full hooks (global, then module list with
# prepend); the input's tensor hook runs last. Same order again with retain_graph.
import torch
import torch.nn as nn
from torch.nn.modules import module as mm

log = []


def mk(n):
    return lambda *a: log.append(n)


lin = nn.Linear(2, 2)
with torch.no_grad():
    lin.weight.fill_(1.)
    lin.bias.fill_(0.)
x = torch.ones(3, 2, requires_grad=True)
lin.register_full_backward_hook(mk('full1'))
lin.register_full_backward_hook(mk('full2_prepend'), prepend=True)
lin.register_full_backward_pre_hook(mk('bpre1'))
lin.register_full_backward_pre_hook(mk('bpre2_prepend'), prepend=True)
g1 = mm.register_module_full_backward_hook(mk('gfull'))
g2 = mm.register_module_full_backward_pre_hook(mk('gbpre'))
lin.register_forward_hook(lambda m, a, out: out.register_hook(mk('tensor hook on raw out')) and None)
out = lin(x)
out.register_hook(mk('tensor hook on returned out'))
x.register_hook(mk('tensor hook on x'))
lin.weight.register_hook(mk('weight hook'))
lin.weight.register_post_accumulate_grad_hook(mk('weight post-accumulate'))
lin.bias.register_hook(mk('bias hook'))
out.sum().backward(retain_graph=True)
for entry in log:
    print(entry)
first = list(log)
log.clear()
out.sum().backward()
print('second pass identical:', log == first)
log.clear()
g1.remove()
g2.remove()

# mixed hooks per iteration (upstream test_mixed_hooks)
m = nn.Sigmoid()
m.register_forward_pre_hook(mk('fwd pre'))
m.register_forward_hook(mk('fwd'))
m.register_full_backward_pre_hook(mk('bwd pre'))
m.register_full_backward_hook(mk('bwd'))
for i in range(2):
    m(torch.ones(2, requires_grad=True)).sum().backward()
    print('iteration', i, log)
    log.clear()
