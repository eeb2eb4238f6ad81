# Spec 3.6: per-node pipeline: (1) gradients summed, (2) tensor hooks of the node's outputs
# in registration order across outputs, (3) retains-grad, (4) node pre-hooks, (5) the
# computation, (6) node post-hooks, (7) routing. Upstream test_prehook_ordering expects
# [1, 2, 2, 1, 1, 2]-style interleaving: tensor hooks before pre-hooks regardless of
# registration order.
import torch
log = []
a = torch.tensor([1., 2., 3.], requires_grad=True)
u0, u1, u2 = a.unbind()
node = u0.grad_fn
u1.retain_grad()
node.register_hook(lambda gi, go: log.append(('post A', [g.tolist() for g in gi])))
node.register_prehook(lambda go: log.append(('pre A', [None if g is None else g.item() for g in go], 'u1.grad', u1.grad.item())))
u2.register_hook(lambda g: log.append(('tensor u2', g.item())))
u1.register_hook(lambda g: (log.append(('tensor u1', g.item())), g * 2)[1])
node.register_prehook(lambda go: log.append('pre B'))
u0.register_hook(lambda g: log.append(('tensor u0', g)))
node.register_hook(lambda gi, go: log.append('post B'))
(u1 * 3 + u1 * 4 + u2).backward()
for entry in log:
    print(entry)
log.clear()
b = torch.ones(2, requires_grad=True)
c = b * 2
d = c * 3
for t, n in ((c, 'c'), (d, 'd')):
    t.grad_fn.register_hook(lambda gi, go, n=n: log.append(n + ' post'))
    t.grad_fn.register_prehook(lambda go, n=n: log.append(n + ' pre'))
    t.register_hook(lambda g, n=n: log.append(n + ' tensor'))
b.register_hook(lambda g: log.append('b tensor'))
d.sum().backward()
print(log)
