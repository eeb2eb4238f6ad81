# Spec 8.7: register_load_state_dict_pre_hook: hook(module, state_dict, prefix,
# local_metadata, strict, missing_keys, unexpected_keys, error_msgs) runs at the start of
# each module's own loading, pre-order; the root gets an OrderedDict copy, children a plain
# dict filtered to their prefix; strict passed to hooks is always True; local_metadata is
# {} without _metadata, else the module's entry (+ 'assign_to_params_buffers' with
# assign=True); hooks may rename keys; appending to error_msgs raises even with
# strict=False; appending to missing_keys raises only when strict.
import torch
import torch.nn as nn

log = []
net = nn.Sequential(nn.Linear(2, 2), nn.Sequential(nn.Linear(2, 1)))
with torch.no_grad():
    for p in net.parameters():
        p.fill_(0.5)
sd = net.state_dict()


def pre(tag):
    def h(module, state_dict, prefix, local_metadata, strict, missing_keys, unexpected_keys, error_msgs):
        log.append((tag, type(module).__name__, type(state_dict).__name__, prefix, dict(local_metadata), strict,
                    list(missing_keys), list(unexpected_keys), len(error_msgs), sorted(state_dict.keys())))
    return h


for name, mod in net.named_modules():
    mod.register_load_state_dict_pre_hook(pre(name or 'root'))
print(net.load_state_dict(sd))
for entry in log:
    print(entry)
log.clear()
plain = {k: v for k, v in sd.items()}
print(net.load_state_dict(plain, strict=False, assign=True))
for entry in log:
    print(entry)
log.clear()
print('user dict untouched', sorted(plain.keys()) == sorted(sd.keys()))

lin = nn.Linear(1, 1)


def rename(module, state_dict, prefix, *rest):
    if prefix + 'w' in state_dict:
        state_dict[prefix + 'weight'] = state_dict.pop(prefix + 'w')


lin.register_load_state_dict_pre_hook(rename)
user = {'w': torch.tensor([[2.]]), 'bias': torch.tensor([3.])}
print('rename ->', lin.load_state_dict(user), lin.weight.tolist(), lin.bias.tolist(), 'user keys', sorted(user))

lin2 = nn.Linear(1, 1)
lin2.register_load_state_dict_pre_hook(lambda m, sd, prefix, md, strict, mk, uk, em: em.append('custom problem'))
try:
    lin2.load_state_dict({'weight': torch.ones(1, 1), 'bias': torch.ones(1)}, strict=False)
except RuntimeError as e:
    print('error_msgs:', repr(str(e)))

lin3 = nn.Linear(1, 1)
lin3.register_load_state_dict_pre_hook(lambda m, sd, prefix, md, strict, mk, uk, em: mk.append('ghost'))
good = {'weight': torch.ones(1, 1), 'bias': torch.ones(1)}
print('missing_keys, strict=False ->', lin3.load_state_dict(good, strict=False))
try:
    lin3.load_state_dict(good)
except RuntimeError as e:
    print('missing_keys, strict:', repr(str(e)))
