# Spec 2.24: register_multi_grad_hook mode="all": fn(grads) once per graph task, grads
# aligned with tensors, None for tensors not in this graph task (or not needed for the
# requested inputs); mode="any": fn(grad) once with the first gradient computed; the
# return value of fn is ignored; handle.remove() removes everything.
import torch
from torch.autograd.graph import register_multi_grad_hook
log = []
a = torch.ones(2, 3, requires_grad=True)
b = torch.full((2, 3), 2., requires_grad=True)
c = a * b
d = a * b
h = register_multi_grad_hook((a, b, c, d), lambda grads: log.append([g is not None for g in grads]))
c.sum().backward(retain_graph=True); print(log); log.clear()
c.sum().backward(inputs=(a,), retain_graph=True); print(log); log.clear()
(c.sum() + d.sum()).backward(retain_graph=True); print(log); log.clear()
h.remove()
c.sum().backward(retain_graph=True); print('after remove', log); log.clear()
vals = []
h = register_multi_grad_hook((a, b), lambda grads: vals.append([g[0].tolist() for g in grads]))
(a * b * 3).sum().backward()
print('all values', vals); h.remove()
x = torch.ones(2, requires_grad=True)
y = torch.ones(2, requires_grad=True)
h = register_multi_grad_hook((x, y), lambda g: log.append(('any', g.tolist())), mode='any')
(x * 2 + y * 3).sum().backward(); print(log); log.clear()
(y * 5).sum().backward(); print(log); log.clear()
h.remove()
h = register_multi_grad_hook((x, torch.ones(2)), lambda g: log.append(('any skips no-grad', g.tolist())), mode='any')
(x * 7).sum().backward(); print(log); log.clear(); h.remove()
x.grad = None; y.grad = None
h = register_multi_grad_hook((x, y), lambda grads: [g * 0 for g in grads])
(x * y).sum().backward()
print('return ignored:', x.grad.tolist(), y.grad.tolist())
