# Spec 1.3 / 1.8: per-module with_kwargs / always_call flag dicts are extra dicts of the
# handle and are cleaned on remove(); the global with_kwargs flag dict is not attached to
# the handle, so a stale entry survives removal of a global with_kwargs forward hook, while
# the global always_call flag dict is cleaned.
import torch
import torch.nn as nn
from torch.nn.modules import module as mm

m = nn.Identity()


def sizes():
    return (len(m._forward_pre_hooks), len(m._forward_pre_hooks_with_kwargs),
            len(m._forward_hooks), len(m._forward_hooks_with_kwargs), len(m._forward_hooks_always_called))


print('empty', sizes())
h1 = m.register_forward_pre_hook(lambda *a: None, with_kwargs=True)
h2 = m.register_forward_hook(lambda *a: None, with_kwargs=True, always_call=True)
h3 = m.register_forward_hook(lambda *a: None)
print('registered', sizes())
print('flag entries are True:', list(m._forward_hooks_with_kwargs.values()), list(m._forward_hooks_always_called.values()))
print('ids match:', h2.id in m._forward_hooks_with_kwargs, h2.id in m._forward_hooks_always_called, h3.id in m._forward_hooks_with_kwargs)
h1.remove()
h2.remove()
print('after remove', sizes())
h3.remove()
h3.remove()
print('double remove ok', sizes())

kw0 = len(mm._global_forward_hooks_with_kwargs)
al0 = len(mm._global_forward_hooks_always_called)
g = mm.register_module_forward_hook(lambda *a: None, with_kwargs=True, always_call=True)
print('global registered: +kw', len(mm._global_forward_hooks_with_kwargs) - kw0,
      '+always', len(mm._global_forward_hooks_always_called) - al0,
      'hooks', len(mm._global_forward_hooks))
g.remove()
print('global removed: +kw', len(mm._global_forward_hooks_with_kwargs) - kw0,
      '+always', len(mm._global_forward_hooks_always_called) - al0,
      'hooks', len(mm._global_forward_hooks),
      'stale id', g.id in mm._global_forward_hooks_with_kwargs)
print('module still works:', m(torch.ones(1)))
