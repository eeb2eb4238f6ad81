# parametrizations.weight_norm / spectral_norm and the hook-based nn.utils.weight_norm /
# spectral_norm: keys, reprs, the deprecation warning, values with explicit power-iteration
# vectors, loading old state dicts into new modules, removal.
import torch, warnings
import torch.nn as nn
from torch.nn.utils import parametrizations as PZ, parametrize as P
torch.set_printoptions(precision=5)
def lin(i, o):
    m = nn.Linear(i, o)
    with torch.no_grad():
        m.weight.copy_(torch.linspace(-1, 1, i*o).reshape(o, i).sin() * 2 + 0.3 * torch.arange(i*o).reshape(o, i).cos())
        m.bias.copy_(torch.linspace(-0.5, 0.5, o))
    return m
xx = torch.linspace(-1, 1, 8).reshape(2, 4)
for dim in [0, 1, None]:
    m = PZ.weight_norm(lin(4, 3), dim=dim)
    print('wn', dim, sorted(m.state_dict().keys()), m.parametrizations.weight.original0.shape)
    print(m.weight, m.weight.grad_fn.name())
    (m(xx) ** 2).sum().backward()
    print(m.parametrizations.weight.original0.grad, m.parametrizations.weight.original1.grad)
print(m)
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter('always')
    old = nn.utils.weight_norm(lin(4, 3))
print([(x.category.__name__, str(x.message)) for x in w])
print(sorted(old.state_dict().keys()), list(old._forward_pre_hooks.values())[0].__class__.__name__)
print(old.weight, old.weight_g.shape)
(old(xx) ** 2).sum().backward()
print(old.weight_g.grad, old.weight_v.grad)
with warnings.catch_warnings():
    warnings.simplefilter('ignore')
    try: nn.utils.weight_norm(old)
    except Exception as e: print(type(e).__name__, e)
new = PZ.weight_norm(lin(4, 3))
print(new.load_state_dict(old.state_dict()))
print(torch.allclose(new.weight, old.weight))
nn.utils.remove_weight_norm(old)
print(sorted(old.state_dict().keys()), type(old.weight).__name__, old._forward_pre_hooks)
try: nn.utils.remove_weight_norm(old)
except Exception as e: print(type(e).__name__, e)
# spectral norm, parametrization: set the power-iteration vectors explicitly
for dim in [None, 1]:
    m = PZ.spectral_norm(lin(4, 3), dim=dim)
    sn = m.parametrizations.weight[0]
    print('sn', dim, sorted(m.state_dict().keys()), sn._u.shape, sn._v.shape)
    with torch.no_grad():
        sn._u.copy_(torch.nn.functional.normalize(torch.linspace(0.2, 1, sn._u.numel()), dim=0))
        sn._v.copy_(torch.nn.functional.normalize(torch.linspace(-1, 0.5, sn._v.numel()), dim=0))
    for step in range(3):
        W = m.weight
        (m(xx) ** 2).sum().backward()
    print(W, sn._u, sn._v, m.parametrizations.weight.original.grad)
    m.eval()
    print(m.weight)
print(m)
# the older hook-based spectral_norm
m = nn.utils.spectral_norm(lin(4, 3))
print(sorted(m.state_dict().keys()), m.state_dict()._metadata[''])
with torch.no_grad():
    m.weight_u.copy_(torch.nn.functional.normalize(torch.linspace(0.2, 1, 3), dim=0))
    m.weight_v.copy_(torch.nn.functional.normalize(torch.linspace(-1, 0.5, 4), dim=0))
for step in range(3):
    out = m(xx)
    (out ** 2).sum().backward()
print(m.weight, m.weight_u, m.weight_orig.grad)
m.eval(); m(xx); print(m.weight)
try: nn.utils.spectral_norm(m)
except Exception as e: print(type(e).__name__, e)
sd = m.state_dict()
m2 = nn.utils.spectral_norm(lin(4, 3)); print(m2.load_state_dict(sd)); m2.eval(); m2(xx); print(torch.allclose(m2.weight, m.weight))
nn.utils.remove_spectral_norm(m)
# (PyTorch 2.13 leaves its load_state_dict pre-hook behind here; hookgrad removes it)
print(sorted(m.state_dict().keys()), m._state_dict_hooks, m._forward_pre_hooks)
try: nn.utils.remove_spectral_norm(m)
except Exception as e: print(type(e).__name__, e)
