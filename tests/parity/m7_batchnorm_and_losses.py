# Spec 7.3 + upstream test_hook_cpp (full hook on BatchNorm1d: one grad_input, one
# grad_output) and test_hook_last_arg_requires_grad (L1Loss where only the second arg
# requires grad: grad_input = (zeros, grad)); MSELoss with both args requiring grad.
import torch
import torch.nn as nn


def fmt(ts):
    return [None if t is None else t.tolist() for t in ts]


bn = nn.BatchNorm1d(2)
info = {}
bn.register_full_backward_hook(lambda m, gi, go: info.update(gi=gi, go=go))
x = torch.tensor([[1., 2.], [3., 0.], [-1., 1.], [5., 5.]], requires_grad=True)
out = bn(x)
(out * torch.tensor([[1., 0.], [2., 0.], [0., 1.], [0., 3.]])).sum().backward()
print('bn lens', len(info['gi']), len(info['go']), 'shapes', tuple(info['gi'][0].shape), tuple(info['go'][0].shape))
print('bn grad_input equals x.grad', torch.allclose(info['gi'][0], x.grad))
print('bn x.grad', x.grad.tolist())
print('bn weight.grad', bn.weight.grad.tolist(), 'bias.grad', bn.bias.grad.tolist())
print('running_mean', bn.running_mean.tolist())

l1 = nn.L1Loss()
l1.register_full_backward_hook(lambda m, gi, go: print('L1 grad_input', fmt(gi), 'grad_output', fmt(go)))
inp = torch.tensor([1., 2., 3.])
target = torch.tensor([2., 2., 0.5], requires_grad=True)
l1(inp, target).backward()
print('target.grad', target.grad.tolist())

mse = nn.MSELoss()
mse.register_full_backward_hook(lambda m, gi, go: print('MSE grad_input', fmt(gi), 'grad_output', fmt(go)))
a = torch.tensor([1., 2.], requires_grad=True)
b = torch.tensor([0., 4.], requires_grad=True)
loss = mse(a, b)
print('loss', loss.item(), loss.grad_fn.name())
(loss * 3).backward()
print('a.grad', a.grad.tolist(), 'b.grad', b.grad.tolist())
