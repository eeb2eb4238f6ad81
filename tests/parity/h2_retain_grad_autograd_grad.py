# Spec 2.17: retains-grad hooks are tensor pre-hooks, so torch.autograd.grad populates a
# retained non-leaf's .grad whenever the engine evaluates that node; leaves' .grad stay None.
import torch
a = torch.tensor([1., 2.], requires_grad=True)
b = a * 2
b.retain_grad()
c = (b * b).sum()
g, = torch.autograd.grad(c, b, retain_graph=True)
print('grad w.r.t. b', g.tolist(), 'b.grad', b.grad.tolist(), 'a.grad', a.grad)
g, = torch.autograd.grad(c, a, retain_graph=True)
print('grad w.r.t. a', g.tolist(), 'b.grad accumulated', b.grad.tolist(), 'a.grad', a.grad)
d = a * 3
d.retain_grad()
e = (b * 1).sum() + (d * 1).sum()
torch.autograd.grad(e, b)
print('node not evaluated -> d.grad', d.grad)
