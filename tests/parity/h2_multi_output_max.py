# Spec 2.6, 3.4, 3.5: max with dim returns (values, indices); only values is differentiable.
# Hooks on values see the gradient; the node's grad_outputs has one entry (values only);
# indices cannot take a hook (2.1). min with dim behaves the same.
import torch
log = []
a = torch.tensor([[1., 5.], [3., 2.]], requires_grad=True)
v, i = a.max(dim=1)
print(v.grad_fn.name(), i.grad_fn, i.requires_grad, i.tolist())
v.register_hook(lambda g: log.append(('values hook', g.tolist())))
v.grad_fn.register_prehook(lambda go: log.append(('pre', len(go), [g.tolist() for g in go])))
v.grad_fn.register_hook(lambda gi, go: log.append(('post', [g.tolist() for g in gi])))
(v * torch.tensor([1., 10.])).sum().backward()
for entry in log:
    print(entry)
log.clear()
print('a.grad', a.grad.tolist())
try:
    i.register_hook(lambda g: g)
except RuntimeError as e:
    print('indices:', e)
b = torch.tensor([[4., 1.], [0., 2.]], requires_grad=True)
mn = b.min(dim=0).values
mn.register_hook(lambda g: g * 3)
mn.sum().backward()
print('min(dim) grad with hook', b.grad.tolist())
