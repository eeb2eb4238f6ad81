# Spec 8.1: registration hooks run in registration order after name/type validation and
# just before storing; a non-None return replaces the value and later hooks see the
# replacement; a failing validation never reaches the hooks.
import torch
import torch.nn as nn
from torch.nn.modules import module as mm

log = []


def buf_hook(m, name, b):
    log.append(('buf hook 1', name, None if b is None else b.tolist()))
    if name == 'replace_me':
        return torch.zeros(3)


def buf_hook2(m, name, b):
    log.append(('buf hook 2 sees', name, None if b is None else b.tolist()))


made = {}


def param_hook(m, name, p):
    log.append(('param hook', name))
    made[name] = nn.Parameter(torch.full_like(p, 42.))
    return made[name]


def mod_hook(m, name, sub):
    log.append(('module hook', name, type(sub).__name__))
    if isinstance(sub, nn.ReLU):
        return nn.Tanh()


h1 = mm.register_module_buffer_registration_hook(buf_hook)
h2 = mm.register_module_buffer_registration_hook(buf_hook2)
m = nn.Module()
m.register_buffer('replace_me', torch.ones(2))
m.register_buffer('keep', torch.ones(2))
print('buffers', {k: v.tolist() for k, v in m.named_buffers()})
try:
    m.register_buffer('a.b', torch.ones(1))
except KeyError as e:
    print('bad buffer name:', type(e).__name__, e)
try:
    m.register_buffer('x', 5)
except TypeError as e:
    print('bad buffer type:', type(e).__name__, e)
for entry in log:
    print(entry)
log.clear()
h1.remove()
h2.remove()

h3 = mm.register_module_parameter_registration_hook(param_hook)
m.q = nn.Parameter(torch.ones(2))
lin = nn.Linear(2, 1)
print('q', m.q.tolist(), type(m.q).__name__, m.q is made['q'])
# Linear re-initialises its parameters after registering them, in place on the replacements
print('Linear params are the replacements', lin.weight is made['weight'], lin.bias is made['bias'])
try:
    m.register_parameter('bad', torch.ones(1))
except TypeError as e:
    print('bad param type:', type(e).__name__, e)
print(log)
log.clear()
h3.remove()

h4 = mm.register_module_module_registration_hook(mod_hook)
seq = nn.Sequential(nn.ReLU(), nn.Sigmoid())
print('sequential after module hook:', [type(c).__name__ for c in seq])
print(log)
h4.remove()
