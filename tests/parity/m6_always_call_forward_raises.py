# Spec 6.7: when forward raises, every always_call forward hook not yet started runs before
# the original exception is re-raised: globals first, then module hooks (module order incl.
# prepend), with (module, args, None) or (module, args, kwargs, None) for with_kwargs hooks;
# plain forward hooks do not run; an always_call hook raising during cleanup becomes
# "UserWarning: module forward hook with ``always_call=True`` raised an exception that was
# silenced as another error was raised in forward: <str(exc)>" and later hooks still run.
import warnings
import torch
import torch.nn as nn
from torch.nn.modules import module as mm

log = []


class Bad(nn.Module):
    def forward(self, x, flag=False):
        log.append('forward raises')
        raise ValueError('fwd boom')


b = Bad()
b.register_forward_hook(lambda m, a, o: log.append('normal hook'))
b.register_forward_hook(lambda m, a, o: log.append(('always', a, o)), always_call=True)
b.register_forward_hook(lambda m, a, k, o: log.append(('always_kw', a, k, o)), always_call=True, with_kwargs=True)


def raising_always(m, a, o):
    log.append('raising_always')
    raise KeyError('inner')


b.register_forward_hook(raising_always, always_call=True)


def raising_always2(m, a, o):
    log.append('raising_always2')
    raise RuntimeError('second inner')


b.register_forward_hook(raising_always2, always_call=True)
b.register_forward_hook(lambda m, a, o: log.append('always_prepend'), always_call=True, prepend=True)
b.register_forward_hook(lambda m, a, o: log.append('always_last'), always_call=True)
g = mm.register_module_forward_hook(lambda m, a, o: log.append(('global_always', type(m).__name__, o)), always_call=True)
g2 = mm.register_module_forward_hook(lambda m, a, o: log.append('global_normal'))
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter('always')
    try:
        b(torch.ones(1), flag=True)
    except Exception as e:
        print('raised', type(e).__name__, e)
    for ww in w:
        print('warning:', ww.category.__name__, ww.message)
for entry in log:
    print(entry)
log.clear()
g.remove()
g2.remove()

# forward that is not implemented at all (ModuleList) also triggers the cleanup
ml = nn.ModuleList([nn.Identity()])
ml.register_forward_hook(lambda m, a, o: log.append(('always on ModuleList', a, o)), always_call=True)
try:
    ml(torch.ones(1))
except NotImplementedError as e:
    print('raised', type(e).__name__, e)
print(log)
log.clear()

# no exception -> always_call hooks run once, in normal order
ok = nn.Identity()
ok.register_forward_hook(lambda m, a, o: log.append('always'), always_call=True)
ok.register_forward_hook(lambda m, a, o: log.append('normal'))
ok(torch.ones(1))
print('no error:', log)
