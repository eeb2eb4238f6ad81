# Spec 8.3: register_state_dict_pre_hook: hook(module, prefix, keep_vars) runs at the start
# of that module's state_dict, pre-order over submodules (child prefixes '0.', '1.0.',
# 'top.0.'), keep_vars forwarded; a pre-hook may change parameters before they are saved;
# removal.
import torch
import torch.nn as nn

log = []
net = nn.Sequential(nn.Linear(2, 2), nn.Sequential(nn.Linear(2, 1), nn.ReLU()))
with torch.no_grad():
    for p in net.parameters():
        p.fill_(1.)
handles = []
for name, mod in net.named_modules():
    handles.append(mod.register_state_dict_pre_hook(
        lambda m, prefix, keep_vars, n=name or 'root': log.append((n, type(m).__name__, prefix, keep_vars))))
sd = net.state_dict()
for entry in log:
    print(entry)
log.clear()
print('keys', list(sd.keys()))
net.state_dict(prefix='top.', keep_vars=True)
print(log)
log.clear()
for h in handles:
    h.remove()


def scale(m, prefix, keep_vars):
    with torch.no_grad():
        m.weight.mul_(3)


net[0].register_state_dict_pre_hook(scale)
sd = net.state_dict()
print('weight saved after pre-hook', sd['0.weight'].tolist(), 'requires_grad', sd['0.weight'].requires_grad)
sd = net.state_dict(keep_vars=True)
print('keep_vars', type(sd['0.weight']).__name__, sd['0.weight'].requires_grad)
net.state_dict()
print('after three calls', net[0].weight.tolist(), log)
