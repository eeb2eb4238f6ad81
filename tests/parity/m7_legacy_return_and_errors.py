# Spec 7.9 / 7.11: legacy hook return value (same-length tuple) replaces the node's
# grad_inputs; a wrong count raises with the user function's name; a dict output hooks the
# first Tensor value; an int output raises "'int' object is not subscriptable" at call
# time; if the module died before backward: "You are trying to call the hook of a dead Module!".
import gc
import warnings
import torch
import torch.nn as nn

warnings.simplefilter('ignore')
lin = nn.Linear(2, 2)
with torch.no_grad():
    lin.weight.copy_(torch.tensor([[1., 2.], [3., 4.]]))
    lin.bias.zero_()
lin.register_backward_hook(lambda m, gi, go: tuple(None if g is None else g * 0.5 for g in gi))
x = torch.tensor([[1., 1.]], requires_grad=True)
lin(x).sum().backward()
print('halved: x.grad', x.grad.tolist(), 'weight.grad', lin.weight.grad.tolist(), 'bias.grad', lin.bias.grad.tolist())

sig = nn.Sigmoid()


def bw_fail1(mod, gi, go):
    return gi[:-1]


sig.register_backward_hook(bw_fail1)
try:
    sig(x).sum().backward()
except RuntimeError as e:
    print('wrong count:', e)

sig2 = nn.Sigmoid()


def bw_fail2(mod, gi, go):
    return gi + gi


sig2.register_backward_hook(bw_fail2)
try:
    sig2(x).sum().backward()
except RuntimeError as e:
    print('wrong count:', e)


class D(nn.Module):
    def forward(self, a):
        return {'n': 3, 'y': a * 3, 'z': a + 1}


d = D()
d.register_backward_hook(lambda m, gi, go: print('dict output hook: node grads', [None if g is None else g.tolist() for g in gi], [g.tolist() for g in go]))
r = d(x)
(r['y'].sum() + r['z'].sum()).backward()


class I(nn.Module):
    def forward(self, a):
        return 3


i = I()
i.register_backward_hook(lambda *a: None)
try:
    i(x)
except TypeError as e:
    print('int output:', type(e).__name__, e)


def make():
    m = nn.Sigmoid()
    m.register_backward_hook(lambda mod, gi, go: None)
    return m(x)


out = make()
gc.collect()
try:
    out.sum().backward()
except RuntimeError as e:
    print('dead module:', type(e).__name__, e)
