# Spec 6.3 / 6.5 + upstream test_module_global_forward_preforward_hook_writeable and
# test_hook_forward_preforward_writable: a (global or module) pre-hook returning a bare
# tensor (relu of the input) replaces the input; a forward hook negating the output
# replaces the output; gradients flow through the replacements.
import torch
import torch.nn as nn
from torch.nn.modules import module as mm

x = torch.tensor([[-1., 0.5], [2., -0.25]], requires_grad=True)
sig = nn.Sigmoid()
g1 = mm.register_module_forward_pre_hook(lambda m, a: torch.relu(a[0]))
g2 = mm.register_module_forward_hook(lambda m, a, o: -o)
out = sig(x)
print('global writeable out', out)
out.backward(torch.ones_like(out))
print('x.grad', x.grad)
g1.remove()
g2.remove()
x.grad = None

sig2 = nn.Sigmoid()
sig2.register_forward_pre_hook(lambda m, a: torch.relu(a[0]))
sig2.register_forward_hook(lambda m, a, o: -o)
out2 = sig2(x)
print('module writeable out', out2)
out2.backward(torch.ones_like(out2))
print('x.grad', x.grad)
print('plain sigmoid', nn.Sigmoid()(x))
