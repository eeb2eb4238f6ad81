# Spec 8.8 / 8.9: register_load_state_dict_post_hook: hook(module, incompatible_keys) runs
# after the module and all its children loaded (post-order); incompatible_keys is the
# namedtuple _IncompatibleKeys whose lists are shared and cumulative for the whole load;
# in-place edits change the strict check and the returned value (clearing both lists lets a
# strict load succeed, printing <All keys matched successfully>); a non-None return raises
# AssertionError. Upstream test_load_state_dict_post_hook.
import torch
import torch.nn as nn

log = []
net = nn.Sequential(nn.Linear(2, 2), nn.Sequential(nn.Linear(2, 1)))
sd = net.state_dict()


def post(tag):
    def h(module, ik):
        log.append((tag, type(module).__name__, type(ik).__name__, list(ik.missing_keys), list(ik.unexpected_keys)))
    return h


net.register_load_state_dict_post_hook(post('root'))
net[1][0].register_load_state_dict_post_hook(post('1.0'))
net[0].register_load_state_dict_post_hook(post('0'))
net[1].register_load_state_dict_post_hook(post('1'))
bad = dict(sd)
del bad['0.bias']
bad['extra'] = torch.zeros(1)
bad['1.0.junk'] = torch.zeros(1)
r = net.load_state_dict(bad, strict=False)
for entry in log:
    print(entry)
log.clear()
print('result', r)
print('fields', r._fields, r.missing_keys, r.unexpected_keys)
try:
    net.load_state_dict(bad)
except RuntimeError as e:
    print('strict error:', e)
print('post hooks ran before the strict error:', len(log))
log.clear()

lin = nn.Linear(2, 2)


def clear(m, ik):
    ik.missing_keys.clear()
    ik.unexpected_keys.clear()


lin.register_load_state_dict_post_hook(clear)
print('cleared ->', lin.load_state_dict({'weight': torch.zeros(2, 2), 'junk': 1}))

lin2 = nn.Linear(2, 2)
lin2.register_load_state_dict_post_hook(lambda m, ik: ik.missing_keys.append('made.up'))
r = lin2.load_state_dict(lin2.state_dict(), strict=False)
print('appended ->', r, bool(r))
try:
    lin2.load_state_dict(lin2.state_dict())
except RuntimeError as e:
    print('strict with appended key:', e)

lin3 = nn.Linear(2, 2)
lin3.register_load_state_dict_post_hook(lambda m, ik: 5)
try:
    lin3.load_state_dict(lin3.state_dict())
except AssertionError as e:
    print('returns value:', type(e).__name__, e)
