# Spec 6.5: forward hook hook(module, args, output): a non-None return replaces the output
# for later hooks and for the caller, with no type restriction (a lambda returning a
# RemovableHandle silently replaces the output); args are the post-pre-hook values.
import torch
import torch.nn as nn
from torch.nn.modules import module as mm

lin = nn.Linear(2, 2)
with torch.no_grad():
    lin.weight.copy_(torch.tensor([[1., 2.], [3., 4.]]))
    lin.bias.copy_(torch.tensor([0.5, -0.5]))
x = torch.tensor([[1., 1.]])

h1 = lin.register_forward_hook(lambda m, a, o: None)
print('None keeps output', lin(x).tolist())
h2 = lin.register_forward_hook(lambda m, a, o: o * 10)
h3 = lin.register_forward_hook(lambda m, a, o: print('  third hook sees', o.tolist()))
print('replaced', lin(x).tolist())
h4 = lin.register_forward_hook(lambda m, a, o: 'a string')
print('replaced by', repr(lin(x)))
for h in (h1, h2, h3, h4):
    h.remove()

h = lin.register_forward_hook(lambda m, a, o: o.register_hook(lambda g: None))
y = lin(torch.ones(1, 2))
print('lambda returning a handle ->', type(y).__name__)
h.remove()

hp = lin.register_forward_pre_hook(lambda m, a: (a[0] * 0,))
hf = lin.register_forward_hook(lambda m, a, o: print('  hook args', a[0].tolist(), 'output', o.tolist()))
print('pre-hook zeroed input ->', lin(x).tolist())
hp.remove()
hf.remove()

g = mm.register_module_forward_hook(lambda m, a, o: o + 1 if isinstance(o, torch.Tensor) else None)
hl = lin.register_forward_hook(lambda m, a, o: print('  module hook sees global replacement', o.tolist()))
print('global replaces first ->', lin(x).tolist())
g.remove()
hl.remove()

hk = lin.register_forward_hook(lambda m, a, k, o: -o, with_kwargs=True)
print('with_kwargs hook replaces ->', lin(x).tolist())
hk.remove()
print('no hooks ->', lin(x).tolist())
