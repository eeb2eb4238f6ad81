# Spec 2.6: for multi-output nodes (unbind, split, chunk), hooks on outputs that received no
# gradient are still called, with None, when the node runs; hooks on different outputs run
# in the order they were registered on the node (not output order); if the node does not
# run, none of its outputs' hooks run.
import torch
log = []
a = torch.tensor([1., 2., 3.], requires_grad=True)
u0, u1, u2 = a.unbind()
print(u0.grad_fn.name(), [u.output_nr for u in (u0, u1, u2)], u1.grad_fn is u0.grad_fn)
u1.register_hook(lambda g: log.append(('u1', g)))
u0.register_hook(lambda g: log.append(('u0', g)))
u2.register_hook(lambda g: log.append(('u2', g)))
u2.register_hook(lambda g: log.append(('u2b', g)))
u0.register_hook(lambda g: log.append(('u0b', g)))
(u0 * 2 + u2).backward()
print(log); log.clear()
print('a.grad', a.grad.tolist())

c = torch.arange(6.).requires_grad_()
s0, s1, s2 = c.split(2)
print(s0.grad_fn.name(), s1.output_nr)
s2.register_hook(lambda g: log.append(('s2', g)))
s0.register_hook(lambda g: log.append(('s0', g.tolist())))
s1.register_hook(lambda g: log.append(('s1', g)))
(s0 * s0).sum().backward()
print(log); log.clear()

d = torch.arange(4.).requires_grad_()
k0, k1 = d.chunk(2)
print(k0.grad_fn.name())
k0.register_hook(lambda g: log.append(('k0', g)))
k1.register_hook(lambda g: log.append(('k1', g.tolist())))
k1.sum().backward()
print(log); log.clear()

# node does not run at all: no hooks
e = torch.ones(2, requires_grad=True)
f = torch.ones(2, requires_grad=True)
p, q = e.unbind()
p.register_hook(lambda g: log.append('p'))
q.register_hook(lambda g: log.append('q'))
(f * 2).sum().backward()
print('unrelated backward:', log)
