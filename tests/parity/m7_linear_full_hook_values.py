# Spec 7.1 / 7.3: full backward hook on nn.Linear: grad_input is a tuple with one entry per
# positional arg (the input gradient), grad_output one entry per output; the backward
# pre-hook sees the same grad_output first; values match the gradients that reach x and the
# parameters (hook values are plain tensors without grad).
import torch
import torch.nn as nn


def fmt(ts):
    return [None if t is None else t.tolist() for t in ts]


lin = nn.Linear(3, 2)
with torch.no_grad():
    lin.weight.copy_(torch.arange(6.).reshape(2, 3) / 10)
    lin.bias.copy_(torch.tensor([0.5, -0.5]))
lin.register_full_backward_pre_hook(lambda m, go: print('pre: grad_output', type(go).__name__, len(go), fmt(go)))


def full(m, gi, go):
    print('full: grad_input', type(gi).__name__, len(gi), fmt(gi))
    print('full: grad_output', fmt(go))
    print('full: requires_grad', [t.requires_grad for t in gi + go], 'module is lin', m is lin)


lin.register_full_backward_hook(full)
x = torch.tensor([[1., 2., 3.], [-1., 0., 2.]], requires_grad=True)
out = lin(x)
print('out', out.tolist())
(out * torch.tensor([[1., 2.], [3., 4.]])).sum().backward()
print('x.grad', x.grad.tolist())
print('weight.grad', lin.weight.grad.tolist())
print('bias.grad', lin.bias.grad.tolist())

# 1-D input and 3-D input
lin.zero_grad()
v = torch.tensor([1., 1., 1.], requires_grad=True)
lin(v).sum().backward()
x3 = torch.ones(2, 1, 3, requires_grad=True)
lin.register_full_backward_hook(lambda m, gi, go: print('shapes', [tuple(t.shape) for t in gi], [tuple(t.shape) for t in go]))
lin(x3).sum().backward()
