# Spec 7.2 / 7.7: global full backward hooks and backward pre-hooks
# (register_module_full_backward_hook / register_module_full_backward_pre_hook) apply to
# every module call including containers; globals run before module hooks (module prepend
# only reorders the module list); upstream test_global_and_local_hooks_order; removal.
import torch
import torch.nn as nn
from torch.nn.modules import module as mm

log = []
net = nn.Sequential(nn.Linear(2, 2), nn.Tanh())
with torch.no_grad():
    net[0].weight.copy_(torch.tensor([[1., 0.], [0., -1.]]))
    net[0].bias.zero_()
names = {m: n or 'seq' for n, m in net.named_modules()}
g1 = mm.register_module_full_backward_pre_hook(lambda m, go: log.append(('gpre', names[m], [tuple(g.shape) for g in go])))
g2 = mm.register_module_full_backward_hook(lambda m, gi, go: log.append(('gfull', names[m], [None if g is None else g.tolist() for g in gi])))
net[0].register_full_backward_hook(lambda m, gi, go: log.append(('local full', names[m])))
net[0].register_full_backward_hook(lambda m, gi, go: log.append(('local full prepend', names[m])), prepend=True)
net[0].register_full_backward_pre_hook(lambda m, go: log.append(('local pre', names[m])))
x = torch.tensor([[0.5, 1.]], requires_grad=True)
net(x).sum().backward()
for entry in log:
    print(entry)
log.clear()

# global hooks returning values replace like module hooks
g3 = mm.register_module_full_backward_hook(lambda m, gi, go: tuple(None if g is None else g * 2 for g in gi))
x.grad = None
net(x).sum().backward()
print('after doubling global hook: x.grad', x.grad.tolist())
log.clear()
for g in (g1, g2, g3):
    g.remove()
x.grad = None
net(x).sum().backward()
print('globals removed:', log, 'x.grad', x.grad.tolist())
