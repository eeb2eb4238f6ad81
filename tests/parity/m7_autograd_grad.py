# Spec 4.7 / 7.5: module full hooks under torch.autograd.grad: gradient w.r.t. the module
# output fires nothing; w.r.t. the module input fires the pre-hook and the full hook (and a
# full hook's replacement is what grad() returns); w.r.t. a parameter only the pre-hook.
# x.grad / param.grad are never touched.
import torch
import torch.nn as nn

log = []
lin = nn.Linear(2, 2)
with torch.no_grad():
    lin.weight.copy_(torch.tensor([[1., 2.], [3., 4.]]))
    lin.bias.fill_(1.)
lin.register_full_backward_pre_hook(lambda m, go: log.append(('pre', go[0].tolist())))
lin.register_full_backward_hook(lambda m, gi, go: log.append(('full', gi[0].tolist())))
x = torch.tensor([[1., 1.]], requires_grad=True)
out = lin(x)
loss = (out * out).sum()
g, = torch.autograd.grad(loss, out, retain_graph=True)
print('wrt output', g.tolist(), log)
log.clear()
g, = torch.autograd.grad(loss, x, retain_graph=True)
print('wrt input', g.tolist(), log)
log.clear()
g, = torch.autograd.grad(loss, lin.weight, retain_graph=True)
print('wrt weight', g.tolist(), log)
log.clear()
gx, gw = torch.autograd.grad(loss, (x, lin.weight), retain_graph=True)
print('wrt input and weight', gx.tolist(), gw.tolist(), log)
log.clear()
print('x.grad untouched', x.grad, lin.weight.grad)

g, = torch.autograd.grad(out[0, 1], x, retain_graph=True)
print('grad of one output element', g.tolist(), log)
log.clear()
lin.register_full_backward_hook(lambda m, gi, go: (gi[0] * 0 + 5,))
g, = torch.autograd.grad(loss, x, retain_graph=True)
print('hook added after forward: not applied', g.tolist(), log)
log.clear()
out2 = lin(x)
g, = torch.autograd.grad(out2.sum(), x)
print('new forward: replaced by hook', g.tolist(), log)
