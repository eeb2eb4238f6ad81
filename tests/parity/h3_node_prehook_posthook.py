# Spec 3.4, 3.5: node pre-hook fn(grad_outputs) -> tuple|None, one entry per forward output;
# a returned tuple replaces grad_outputs for later pre-hooks, the computation and post-hooks.
# Post-hook fn(grad_inputs, grad_outputs) -> tuple|None; grad_inputs aligned with
# next_functions (None where not needed), grad_outputs after tensor hooks and pre-hooks; a
# returned tuple replaces grad_inputs for later post-hooks and downstream. Returning the same
# tuple is allowed.
import torch
log = []
a = torch.tensor([1., 2.], requires_grad=True)
e = a * 4
e.register_hook(lambda g: g + 1)
e.grad_fn.register_prehook(lambda go: (log.append(('pre1 sees', [g.tolist() for g in go])), (go[0] * 2,))[1])
e.grad_fn.register_prehook(lambda go: log.append(('pre2 sees', [g.tolist() for g in go])))
e.grad_fn.register_prehook(lambda go: go)
e.grad_fn.register_hook(lambda gi, go: log.append(('post sees', [None if g is None else g.tolist() for g in gi], [g.tolist() for g in go])))
e.sum().backward()
for entry in log:
    print(entry)
log.clear()
print('a.grad', a.grad.tolist())
d = a * 3
d.grad_fn.register_hook(lambda gi, go: log.append(('post1', [None if g is None else g.tolist() for g in gi])))
d.grad_fn.register_hook(lambda gi, go: (gi[0] * 100, None))
d.grad_fn.register_hook(lambda gi, go: log.append(('post3', [None if g is None else g.tolist() for g in gi])))
d.grad_fn.register_hook(lambda gi, go: gi)
a.grad = None
d.sum().backward()
print(log, 'a.grad', a.grad.tolist()); log.clear()
b = torch.tensor([1., 2.], requires_grad=True)
c = torch.tensor([3., 4.], requires_grad=True)
m = b * c
m.grad_fn.register_hook(lambda gi, go: (gi[0], gi[1] * 0))
m.grad_fn.register_hook(lambda gi, go: log.append(('both inputs', [g.tolist() for g in gi])))
m.sum().backward()
print(log, b.grad.tolist(), c.grad.tolist()); log.clear()
k = torch.tensor([1., 2., 3.], requires_grad=True)
u = k.unbind()
u[0].grad_fn.register_prehook(lambda go: log.append(('unbind pre', [None if g is None else g.item() for g in go])))
u[0].grad_fn.register_prehook(lambda go: (go[0], go[1], go[2]))
(u[0] + u[2] * 2).backward()
print(log, k.grad.tolist())
