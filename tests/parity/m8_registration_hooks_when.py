# Spec 8.1 / 8.2: global buffer/parameter/module registration hooks: when they fire.
# Buffer hooks: register_buffer (also None, also persistent=False), assignment to an
# existing buffer name; parameter hooks: register_parameter / attribute assignment of a
# Parameter, not for None; module hooks: add_module / register_module / attribute
# assignment incl. None; plain tensor attributes trigger nothing; built-in layers trigger
# them during construction (Linear, BatchNorm1d buffers, Sequential/ModuleList/ModuleDict).
import torch
import torch.nn as nn
from torch.nn.modules import module as mm

log = []


def desc(v):
    if v is None:
        return None
    if isinstance(v, torch.Tensor):
        return (type(v).__name__, tuple(v.shape))
    return type(v).__name__


h1 = mm.register_module_buffer_registration_hook(lambda m, n, v: log.append(('buffer', type(m).__name__, n, desc(v))))
h2 = mm.register_module_parameter_registration_hook(lambda m, n, v: log.append(('param', type(m).__name__, n, desc(v))))
h3 = mm.register_module_module_registration_hook(lambda m, n, v: log.append(('module', type(m).__name__, n, desc(v))))


def flush(label):
    print(label)
    for entry in log:
        print('  ', entry)
    log.clear()


nn.Linear(2, 3)
flush('Linear(2, 3)')
nn.Linear(2, 3, bias=False)
flush('Linear(2, 3, bias=False)')
nn.BatchNorm1d(2)
flush('BatchNorm1d(2)')
nn.Sequential(nn.ReLU(), nn.Tanh())
flush('Sequential(ReLU, Tanh)')
nn.ModuleList([nn.Identity()])
nn.ModuleDict({'k': nn.Sigmoid()})
flush('ModuleList / ModuleDict')

m = nn.Module()
m.register_buffer('b1', torch.ones(2))
m.register_buffer('b_none', None)
m.register_buffer('np', torch.ones(1), persistent=False)
m.b1 = torch.zeros(3)
m.t = torch.ones(1)
flush('buffers (incl. re-assignment; plain tensor attribute last)')
m.register_parameter('p_none', None)
m.register_parameter('p1', nn.Parameter(torch.ones(2)))
m.p2 = nn.Parameter(torch.ones(1))
m.p2 = None
flush('parameters')
m.sub = nn.ReLU()
m.sub = None
m.add_module('sub2', nn.Tanh())
m.register_module('sub3', None)
flush('modules')
for h in (h1, h2, h3):
    h.remove()
nn.Linear(1, 1)
flush('after removal')
