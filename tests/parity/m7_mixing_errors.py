# Spec 7.8: a module is permanently in full or legacy mode after the first registration of
# either kind (even after removal) -> "Cannot use both regular backward hooks and full
# backward hooks on a single Module. Please use only one of them."; the global registry
# has its own sticky flag ("... as a global Module hook. ..."); backward pre-hooks are
# independent; global legacy + module full is allowed and both fire.
import warnings
import torch
import torch.nn as nn
from torch.nn.modules import module as mm

warnings.simplefilter('ignore')
noop = lambda *a: None


def tryit(label, f):
    try:
        f()
        print(label, '-> ok')
    except RuntimeError as e:
        print(label, '->', type(e).__name__, e)


m1 = nn.Linear(2, 2)
m1.register_full_backward_hook(noop)
tryit('full then legacy', lambda: m1.register_backward_hook(noop))
m2 = nn.Linear(2, 2)
m2.register_backward_hook(noop)
tryit('legacy then full', lambda: m2.register_full_backward_hook(noop))
tryit('legacy then backward pre-hook', lambda: m2.register_full_backward_pre_hook(noop))
m3 = nn.Linear(2, 2)
m3.register_full_backward_hook(noop).remove()
tryit('full removed, then legacy', lambda: m3.register_backward_hook(noop))
tryit('full removed, then full again', lambda: m3.register_full_backward_hook(noop))
m4 = nn.Linear(2, 2)
m4.register_full_backward_pre_hook(noop)
tryit('pre-hook then legacy', lambda: m4.register_backward_hook(noop))

log = []
g = mm.register_module_backward_hook(lambda m, gi, go: log.append(('global legacy', type(m).__name__)))
m5 = nn.Linear(2, 2)
m5.register_full_backward_hook(lambda m, gi, go: log.append('module full'))
m5(torch.ones(1, 2, requires_grad=True)).sum().backward()
print('global legacy + module full:', log)
g.remove()
tryit('global: legacy removed, then full', lambda: mm.register_module_full_backward_hook(noop))
tryit('global: legacy again', lambda: mm.register_module_backward_hook(noop).remove())
tryit('global pre-hook', lambda: mm.register_module_full_backward_pre_hook(noop).remove())
tryit('module full while global is legacy', lambda: nn.ReLU().register_full_backward_hook(noop))
