# Spec 6.7 / 6.8 / 6.9: global always_call forward hooks run in the cleanup before module
# ones and apply to every module (child and parent both clean up); a global always_call
# hook raising during cleanup gives "global module forward hook with ``always_call=True``
# raised an exception ..."; bug kept: a global always_call hook with with_kwargs=True is
# called with 3 args during cleanup (missing-argument warning).
import warnings
import torch
import torch.nn as nn
from torch.nn.modules import module as mm

log = []


class Bad(nn.Module):
    def forward(self, x):
        raise ValueError('fwd boom')


class Outer(nn.Module):
    def __init__(self):
        super().__init__()
        self.inner = Bad()

    def forward(self, x):
        return self.inner(x)


def show(w):
    for ww in w:
        print('  warning:', ww.category.__name__, ww.message)


g1 = mm.register_module_forward_hook(lambda m, a, o: log.append(('g_always', type(m).__name__, o)), always_call=True)
o = Outer()
o.register_forward_hook(lambda m, a, out: log.append('outer module always'), always_call=True)
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter('always')
    try:
        o(torch.ones(1))
    except ValueError as e:
        print('raised', e)
    show(w)
print(log)
log.clear()
g1.remove()


def graising(m, a, out):
    log.append('graising')
    raise IndexError('global inner')


g2 = mm.register_module_forward_hook(graising, always_call=True)
g3 = mm.register_module_forward_hook(lambda m, a, out: log.append('g after'), always_call=True)
b = Bad()
b.register_forward_hook(lambda m, a, out: log.append('module always'), always_call=True)
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter('always')
    try:
        b(torch.ones(1))
    except ValueError as e:
        print('raised', e)
    show(w)
print(log)
log.clear()
g2.remove()
g3.remove()

g4 = mm.register_module_forward_hook(lambda m, a, k, out: log.append(('gkw', a, k, out)), with_kwargs=True, always_call=True)
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter('always')
    try:
        Bad()(torch.ones(1))
    except ValueError as e:
        print('raised', e)
    show(w)
print('global with_kwargs always hook calls:', log)
# in the normal path the same hook gets 4 args
nn.Identity()(torch.ones(1))
print('normal path:', log)
log.clear()
g4.remove()
