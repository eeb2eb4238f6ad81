# Spec 6 / 8: the process-wide module hooks live in torch.nn.modules.module's globals, read at
# each use: rebinding a dict there (how test suites reset them) clears those hooks, and later
# registrations go into the new dict. The full/legacy choice of the global backward hooks
# (_global_is_full_backward_hook) is not reset by rebinding the dict.
import collections
import warnings
import torch
import torch.nn as nn

warnings.simplefilter('ignore')
mm = torch.nn.modules.module
calls = []
NAMES = ['_global_forward_pre_hooks', '_global_forward_hooks', '_global_backward_pre_hooks',
         '_global_backward_hooks', '_global_buffer_registration_hooks',
         '_global_module_registration_hooks', '_global_parameter_registration_hooks',
         '_global_forward_hooks_always_called', '_global_forward_hooks_with_kwargs']


def exercise(label):
    calls.clear()
    lin = nn.Linear(2, 1)
    lin(torch.ones(1, 2, requires_grad=True)).sum().backward()
    lin.register_buffer('b', torch.zeros(1))
    lin.add_module('child', nn.Identity())
    lin.register_parameter('p', nn.Parameter(torch.zeros(1)))
    print(label, calls)


def register_all():
    mm.register_module_forward_pre_hook(lambda m, i: calls.append('forward_pre'))
    mm.register_module_forward_hook(lambda m, i, o: calls.append('forward'))
    mm.register_module_forward_hook(lambda m, i, k, o: calls.append('forward kwargs'),
                                    with_kwargs=True)
    mm.register_module_forward_hook(lambda m, i, o: calls.append('always'), always_call=True)
    mm.register_module_full_backward_pre_hook(lambda m, g: calls.append('backward_pre'))
    mm.register_module_full_backward_hook(lambda m, gi, go: calls.append('backward'))
    mm.register_module_buffer_registration_hook(lambda m, n, b: calls.append('buffer'))
    mm.register_module_module_registration_hook(lambda m, n, s: calls.append('module'))
    mm.register_module_parameter_registration_hook(lambda m, n, p: calls.append('parameter'))


register_all()
exercise('registered')
for name in NAMES:
    setattr(mm, name, collections.OrderedDict())
exercise('after rebinding every dict')
register_all()
print('sizes after registering again', [len(getattr(mm, name)) for name in NAMES])
exercise('registered again')

# one dict at a time: only that kind stops
for name in NAMES[:7]:
    for other in NAMES:
        setattr(mm, other, collections.OrderedDict())
    register_all()
    setattr(mm, name, collections.OrderedDict())
    exercise('without ' + name)

# a handle removes from the dict it was registered in, not from a newer one
for other in NAMES:
    setattr(mm, other, collections.OrderedDict())
handle = mm.register_module_forward_hook(lambda m, i, o: None)
old = mm._global_forward_hooks
mm._global_forward_hooks = collections.OrderedDict()
mm.register_module_forward_hook(lambda m, i, o: None)
handle.remove()
print('old dict', len(old), 'new dict', len(mm._global_forward_hooks))
mm._global_forward_hooks = collections.OrderedDict()

# the full/legacy choice outlives the reset of the dict
mm._global_backward_hooks = collections.OrderedDict()
try:
    mm.register_module_backward_hook(lambda m, gi, go: None)
except RuntimeError as e:
    print('RuntimeError', e)
print('flag', mm._global_is_full_backward_hook)
mm._global_is_full_backward_hook = None
mm.register_module_backward_hook(lambda m, gi, go: calls.append('legacy'))
calls.clear()
sig = nn.Sigmoid()  # (kept alive: legacy hooks hold their module weakly)
sig(torch.ones(2, requires_grad=True)).sum().backward()
print('legacy after resetting the flag', calls)
