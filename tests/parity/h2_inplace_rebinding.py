# Spec 2.9: hooks registered before an in-place op stay on the old grad_fn and receive the
# gradient w.r.t. the pre-in-place value; afterwards _backward_hooks reads None, and new
# hooks bind to the new grad_fn (gradient w.r.t. the final value). Old handles still remove
# old hooks. In-place on a leaf that requires grad is an error.
import torch
log = []
x = torch.tensor(1., requires_grad=True)
t = x.sin()
old_fn = t.grad_fn
h_old = t.register_hook(lambda g: log.append(('before inplace', round(g.item(), 5))))
t.register_hook(lambda g: log.append(('before inplace 2', round(g.item(), 5))))
d1 = t._backward_hooks
print('hooks before', len(t._backward_hooks))
t.cos_()
print('grad_fn changed:', old_fn.name(), '->', t.grad_fn.name(), 'old still linked:', t.grad_fn.next_functions[0][0] is old_fn)
print('after inplace _backward_hooks:', t._backward_hooks, 'old dict kept', len(d1))
t.register_hook(lambda g: log.append(('after inplace', g.item())))
print('new dict', len(t._backward_hooks), t._backward_hooks is d1)
t.backward(retain_graph=True)
print(log); log.clear()
h_old.remove()
t.backward()
print('old handle removed old hook:', log); log.clear()
print('x.grad', round(x.grad.item(), 5))
# several in-place ops in a row: each hook sees its own version's gradient
a = torch.tensor([1., 2.], requires_grad=True)
b = a * 1
b.register_hook(lambda g: log.append(('v0', g.tolist())))
b.mul_(2)
b.register_hook(lambda g: log.append(('v1', g.tolist())))
b.add_(1)
b.mul_(3)
b.register_hook(lambda g: log.append(('v3', g.tolist())))
b.sum().backward()
print(log); log.clear()
print('a.grad', a.grad.tolist())
y = torch.ones(2, requires_grad=True)
try:
    y.add_(1)
except RuntimeError as e:
    print(type(e).__name__, e)
with torch.no_grad():
    y.add_(1)
print('no_grad in-place on leaf ok', y.tolist(), y.requires_grad)
