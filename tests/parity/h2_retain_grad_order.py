# Spec 2.13, 3.6: the retains-grad hook of a non-leaf always runs after all ordinary tensor
# hooks of that node (whatever the registration order) and before the node's pre-hooks, so
# .grad reflects tensor-hook changes but not node pre-hook changes.
import torch
log = []
a = torch.tensor([1., 2.], requires_grad=True)
b = a * 2
b.retain_grad()
b.register_hook(lambda g: (log.append(('th1', g.tolist())), g * 10)[1])
b.grad_fn.register_prehook(lambda go: (log.append(('pre', go[0].tolist())), (go[0] + 1,))[1])
b.grad_fn.register_hook(lambda gi, go: log.append(('post', [x.tolist() if x is not None else None for x in gi], [x.tolist() for x in go])))
b.register_hook(lambda g: (log.append(('th2', g.tolist())), None)[1])
b.register_hook(lambda g: log.append(('th3 sees grad attr', b.grad)))
b.sum().backward()
for entry in log:
    print(entry)
print('b.grad', b.grad.tolist(), 'a.grad', a.grad.tolist())
# retain_grad on an output of a multi-output node, hooks on a sibling output
log.clear()
c = torch.tensor([1., 2., 3.], requires_grad=True)
u0, u1, u2 = c.unbind()
u1.retain_grad()
u1.register_hook(lambda g: g * 7)
u0.register_hook(lambda g: log.append(('u0 hook sees u1.grad', u1.grad)))
u0.grad_fn.register_prehook(lambda go: log.append(('node pre sees u1.grad', u1.grad)))
(u0 + u1 * 2).backward()
print(log, 'u1.grad', u1.grad)
