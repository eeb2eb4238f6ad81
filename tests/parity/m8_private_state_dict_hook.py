# Spec 8.5: private _register_state_dict_hook: same signature, a non-None return replaces
# the state dict only when that module is the root of the state_dict() call (ignored for
# submodules); in-place edits work anywhere; public and private hooks share one ordered
# list; registering via the private API a function already registered publicly raises.
import torch
import torch.nn as nn

log = []
net = nn.Sequential(nn.Linear(1, 1))
net._register_state_dict_hook(lambda m, sd, p, md: {'root_replaced': 1})
print('root replace ->', net.state_dict())

net2 = nn.Sequential(nn.Linear(1, 1))
net2[0]._register_state_dict_hook(lambda m, sd, p, md: {'child_replaced': 1})
print('child replace ignored ->', list(net2.state_dict().keys()))
print('child as root ->', net2[0].state_dict())


def tag(m, sd, p, md):
    sd[p + 'tag'] = torch.tensor(1.)


net3 = nn.Sequential(nn.Linear(1, 1))
net3[0]._register_state_dict_hook(tag)
print('child in-place edit ->', list(net3.state_dict().keys()))

lin = nn.Linear(1, 1)
lin.register_state_dict_post_hook(lambda m, sd, p, md: log.append('public 1'))
lin._register_state_dict_hook(lambda m, sd, p, md: log.append('private 2'))
lin.register_state_dict_post_hook(lambda m, sd, p, md: log.append('public 3'))
lin.state_dict()
print('order', log)


def f(m, sd, p, md):
    pass


nn.Linear(1, 1).register_state_dict_post_hook(f)
try:
    nn.Linear(1, 1)._register_state_dict_hook(f)
except RuntimeError as e:
    print('same function both APIs:', type(e).__name__, e)


def g(m, sd, p, md):
    pass


nn.Linear(1, 1)._register_state_dict_hook(g)
nn.Linear(1, 1).register_state_dict_post_hook(g)
print('private first, then public: ok')
