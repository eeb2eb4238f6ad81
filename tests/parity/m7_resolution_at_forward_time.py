# Spec 1.6 (+6.2 step 3): module backward hooks (full, pre, legacy, globals) are resolved at
# forward time: registered after the forward -> do not fire for that graph; removed after the
# forward -> still fire for that graph. The backward-hook lists are read before the forward
# pre-hooks run, so a full hook registered by a forward pre-hook only applies from the next call.
import warnings
import torch
import torch.nn as nn
from torch.nn.modules import module as mm

warnings.simplefilter('ignore')
log = []
x = torch.ones(1, 2, requires_grad=True)


def mk(name):
    return lambda *a: log.append(name)


lin = nn.Linear(2, 1)
h1 = lin.register_full_backward_hook(mk('full registered before, removed after forward'))
h2 = lin.register_full_backward_pre_hook(mk('pre registered before, removed after forward'))
out = lin(x)
h1.remove()
h2.remove()
lin.register_full_backward_hook(mk('full registered after forward'))
lin.register_full_backward_pre_hook(mk('pre registered after forward'))
g = mm.register_module_full_backward_hook(mk('global registered after forward'))
out.sum().backward()
print('graph 1:', log)
log.clear()
g.remove()
lin(x).sum().backward()
print('graph 2:', log)
log.clear()

plain = nn.Linear(2, 1)
out = plain(x)
plain.register_full_backward_hook(mk('late full'))
out.sum().backward()
print('module had no hooks at forward:', log)

legacy = nn.Linear(2, 1)
out = legacy(x)
legacy.register_backward_hook(mk('late legacy'))
out.sum().backward()
print('legacy registered after forward:', log)
legacy(x).sum().backward()
print('legacy next graph:', log)
log.clear()

m = nn.Linear(2, 1)
state = {}


def pre(mod, args):
    if 'h' not in state:
        state['h'] = mod.register_full_backward_hook(mk('full registered by forward pre-hook'))


m.register_forward_pre_hook(pre)
m(x).sum().backward()
print('call 1:', log)
log.clear()
m(x).sum().backward()
print('call 2:', log)
