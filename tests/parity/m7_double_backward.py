# Spec 7.5 (double backward): with create_graph=True the hooks fire for the first-order
# pass (grad_input then requires grad); a second-order backward that flows through the
# wrappers fires them again. Upstream test_full_backward_hook_double_backward: MSELoss with
# a full hook, grad of grad does not increment the counter.
import warnings
import torch
import torch.nn as nn

log = []
lin = nn.Linear(2, 2)
with torch.no_grad():
    lin.weight.copy_(torch.tensor([[1., -1.], [2., 0.5]]))
    lin.bias.fill_(0.)
lin.register_full_backward_hook(lambda m, gi, go: log.append(('full', [t.requires_grad for t in gi], gi[0].tolist(), go[0].tolist())))
x = torch.tensor([[1., 2.]], requires_grad=True)
z = lin(x).pow(2).sum()
gx, = torch.autograd.grad(z, x, create_graph=True)
print('first order', gx.tolist(), gx.grad_fn is not None, log)
log.clear()
gx.sum().backward()
print('second order', log)
print('x.grad', x.grad.tolist(), 'weight.grad', lin.weight.grad.tolist())
log.clear()

counter = [0]
func = nn.MSELoss()
func.register_full_backward_hook(lambda m, gi, go: counter.__setitem__(0, counter[0] + 1))
a = torch.tensor([0.5], requires_grad=True)
b = torch.tensor([2.])
f = func(a, b)
ga, = torch.autograd.grad(f, a, create_graph=True)
print('MSELoss first order', ga.tolist(), 'count', counter[0])
gga, = torch.autograd.grad(ga, a)
print('MSELoss second order', gga.tolist(), 'count', counter[0])

with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter('always')
    lin.zero_grad()
    z2 = lin(x).pow(2).sum()
    z2.backward(create_graph=True)
    print('backward(create_graph=True):', log, [ww.category.__name__ for ww in w])
