# Spec 8.7: private _register_load_state_dict_pre_hook(hook, with_module=False) calls the
# hook without the module argument (7 args) unless with_module=True (8 args, module first);
# public and private pre-hooks share one ordered list; removal works for both.
import torch
import torch.nn as nn

log = []
lin = nn.Linear(1, 1)
h1 = lin._register_load_state_dict_pre_hook(lambda *a: log.append(('private', len(a), type(a[0]).__name__)))
h2 = lin._register_load_state_dict_pre_hook(lambda *a: log.append(('private with_module', len(a), type(a[0]).__name__)), with_module=True)
h3 = lin.register_load_state_dict_pre_hook(lambda *a: log.append(('public', len(a), type(a[0]).__name__)))
sd = {'weight': torch.ones(1, 1), 'bias': torch.zeros(1)}
print(lin.load_state_dict(sd))
for entry in log:
    print(entry)
log.clear()
h1.remove()
h3.remove()
lin.load_state_dict(sd)
print('after removing two', log)
log.clear()

seq = nn.Sequential(nn.Linear(1, 1))
seq[0]._register_load_state_dict_pre_hook(lambda sd, prefix, md, strict, mk, uk, em: log.append((prefix, sorted(sd))))
seq.load_state_dict({'0.weight': torch.ones(1, 1), '0.bias': torch.zeros(1)})
print('child private hook', log)
print('loaded', seq[0].weight.tolist(), seq[0].bias.tolist())
