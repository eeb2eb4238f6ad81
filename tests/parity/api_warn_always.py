# torch.set_warn_always / is_warn_always_enabled: PyTorch's warn-once warnings (the
# create_graph reference-cycle warning, meshgrid without indexing, a deprecated overload)
# warn every time while it is on; warnings given while it is on do not use up the one
# warning; Python-side once-only warnings (TypedStorage) are not affected.
import warnings

import torch


def count(fn, times=2):
    caught = 0
    for _ in range(times):
        with warnings.catch_warnings(record=True) as w:
            warnings.simplefilter('always')
            fn()
        caught += len(w)
    return caught


x = torch.tensor([1.0], requires_grad=True)
SITES = {'create_graph': lambda: (x * x).sum().backward(create_graph=True),
         'meshgrid': lambda: torch.meshgrid(torch.zeros(2), torch.zeros(3)),
         'overload': lambda: torch.zeros(2).add(1, torch.ones(2)),
         'storage': lambda: torch.zeros(2).storage()}

print('default', torch.is_warn_always_enabled())
# meshgrid is first used while warn-always is on
torch.set_warn_always(True)
print('on', torch.is_warn_always_enabled(), {'meshgrid': count(SITES['meshgrid'])})
torch.set_warn_always(False)
print('off', torch.is_warn_always_enabled(), {name: count(fn) for name, fn in SITES.items()})
torch.set_warn_always(True)
print('on', {name: count(fn, 3) for name, fn in SITES.items()})
torch.set_warn_always(False)
print('off again', {name: count(fn) for name, fn in SITES.items()})
for bad in (1, 1.0, None, 'yes', torch.tensor(True), [True]):
    try:
        torch.set_warn_always(bad)
    except RuntimeError as e:
        print('RuntimeError', e)
for call in (lambda: torch.set_warn_always(), lambda: torch.set_warn_always(b=True)):
    try:
        call()
    except TypeError as e:
        print('TypeError', e)
print('still', torch.is_warn_always_enabled())
