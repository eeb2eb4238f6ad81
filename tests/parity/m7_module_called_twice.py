# Spec 7.5: a module called twice in one forward fires its backward pre-hooks and full
# hooks once per call, each with that call's gradients, later call first; retain_graph
# repeats fire again.
import torch
import torch.nn as nn

log = []
lin = nn.Linear(2, 2)
with torch.no_grad():
    lin.weight.copy_(torch.tensor([[0.5, 1.], [1., -1.]]))
    lin.bias.copy_(torch.tensor([0., 1.]))
lin.register_full_backward_pre_hook(lambda m, go: log.append(('pre', go[0].tolist())))
lin.register_full_backward_hook(lambda m, gi, go: log.append(('full', gi[0].tolist(), go[0].tolist())))
x = torch.tensor([[1., 2.]], requires_grad=True)
x.register_hook(lambda g: log.append(('x hook', g.tolist())))
mid = lin(x)
out = lin(mid * 2)
print('mid', mid.tolist(), 'out', out.tolist())
out.backward(torch.tensor([[1., 2.]]), retain_graph=True)
for entry in log:
    print(entry)
log.clear()
print('x.grad', x.grad.tolist(), 'weight.grad', lin.weight.grad.tolist())
out.sum().backward()
print('second pass', log)
