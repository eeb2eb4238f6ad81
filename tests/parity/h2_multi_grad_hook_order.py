# Spec 2.24: the multi-grad fn is called from inside the last of its per-tensor hooks, i.e.
# at that tensor's tensor-hook time, after tensor hooks registered earlier on that tensor
# and before ones registered later; it counts as a tensor hook (before node pre-hooks).
import torch
from torch.autograd.graph import register_multi_grad_hook
log = []
x = torch.ones(2, requires_grad=True)
y = torch.ones(2, requires_grad=True)
x.register_hook(lambda g: log.append('x hook'))
register_multi_grad_hook((x, y), lambda grads: log.append('multi'))
y.register_hook(lambda g: log.append('y hook'))
x.register_hook(lambda g: log.append('x hook 2'))
(x * 2 + y * 3).sum().backward()
print(log); log.clear()
a = torch.ones(2, requires_grad=True)
p = a * 2
q = a * 3
p.register_hook(lambda g: log.append('p hook'))
q.register_hook(lambda g: log.append('q hook'))
register_multi_grad_hook((p, q), lambda grads: log.append(('multi', [g.tolist() for g in grads])))
q.grad_fn.register_prehook(lambda go: log.append('q node pre'))
p.grad_fn.register_prehook(lambda go: log.append('p node pre'))
(p * 5 + q * 7).sum().backward()
print(log)
