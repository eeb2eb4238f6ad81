# The global register_module_* hooks see what parametrizations, pruning and the hook-based
# norms register (parameters, buffers, submodules), and the parametrization modules run
# through Module.__call__, so global forward hooks fire when a parametrized tensor is read.
import warnings

import torch
import torch.nn as nn
import torch.nn.utils.parametrize as P
import torch.nn.utils.prune as prune
from torch.nn.modules import module as M

events = []
handles = [
    M.register_module_parameter_registration_hook(
        lambda m, name, p: events.append(f'param {type(m).__name__}.{name} {tuple(p.shape)}')),
    M.register_module_buffer_registration_hook(
        lambda m, name, b: events.append(
            f'buffer {type(m).__name__}.{name} {None if b is None else tuple(b.shape)}')),
    M.register_module_module_registration_hook(
        lambda m, name, sub: events.append(f'module {type(m).__name__}.{name} '
                                           f'{type(sub).__name__}')),
]


def section(title, fn):
    events.clear()
    fn()
    print(title)
    for e in events:
        print('  ', e)


class Double(nn.Module):
    def forward(self, X):
        return X * 2


section('construct', lambda: nn.Linear(3, 2))
lin = nn.Linear(3, 2)
section('register_parametrization', lambda: P.register_parametrization(lin, 'weight', Double()))
section('second parametrization', lambda: P.register_parametrization(lin, 'weight', Double()))
section('remove_parametrizations', lambda: P.remove_parametrizations(lin, 'weight'))
section('weight_norm', lambda: nn.utils.parametrizations.weight_norm(nn.Linear(3, 2)))
section('orthogonal', lambda: nn.utils.parametrizations.orthogonal(nn.Linear(3, 3)))
section('spectral_norm', lambda: nn.utils.parametrizations.spectral_norm(nn.Linear(3, 2)))
with warnings.catch_warnings():
    warnings.simplefilter('ignore')
    section('old weight_norm', lambda: nn.utils.weight_norm(nn.Linear(3, 2)))
section('old spectral_norm', lambda: nn.utils.spectral_norm(nn.Linear(3, 2)))
pruned = nn.Linear(3, 2)
section('l1_unstructured', lambda: prune.l1_unstructured(pruned, 'weight', amount=2))
section('prune again', lambda: prune.l1_unstructured(pruned, 'weight', amount=1))
section('prune.remove', lambda: prune.remove(pruned, 'weight'))
for h in handles:
    h.remove()

calls = []
hook = M.register_module_forward_hook(lambda m, args, out: calls.append(type(m).__name__))
pre = M.register_module_forward_pre_hook(lambda m, args: calls.append('pre ' + type(m).__name__))
wn = nn.utils.parametrizations.weight_norm(nn.Linear(3, 2))
calls.clear()
wn.weight
print('reading a parametrized weight:', calls)
calls.clear()
wn(torch.ones(1, 3))
print('calling the module:', calls)
calls.clear()
with P.cached():
    wn.weight
    wn.weight
print('cached reads:', calls)
p2 = nn.Linear(3, 2)
prune.l1_unstructured(p2, 'weight', amount=1)
calls.clear()
p2(torch.ones(1, 3))
print('pruned module call:', calls, [type(h).__name__ for h in p2._forward_pre_hooks.values()])
hook.remove()
pre.remove()

# a module full backward hook sees the gradient flowing through the parametrization
grads = []
m = nn.utils.parametrizations.weight_norm(nn.Linear(3, 2))
m.parametrizations.weight.register_full_backward_hook(
    lambda mod, gi, go: grads.append([None if g is None else tuple(g.shape) for g in go]))
m.parametrizations.weight.original1.register_hook(lambda g: grads.append(('v', tuple(g.shape))))
m(torch.ones(4, 3)).sum().backward()
print('backward hooks:', grads)
