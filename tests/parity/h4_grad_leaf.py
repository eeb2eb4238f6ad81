# Spec 4.6: torch.autograd.grad never touches leaves' .grad and never executes AccumulateGrad;
# tensor hooks of a leaf input do run and their return value is what grad() returns; for a
# non-leaf input whose grad_fn is not otherwise needed, its tensor hooks run and the result
# includes their changes, but its grad_fn's pre/post hooks do not run.
import torch
log = []
x = torch.tensor([1., 2.], requires_grad=True)
x.register_hook(lambda g: (log.append(('x hook', g.tolist())), g * 100)[1])
x.register_hook(lambda g: (log.append(('x hook 2', g.tolist())), g + 1)[1])
g, = torch.autograd.grad((x * x).sum(), x)
print('leaf:', log, g.tolist(), 'x.grad', x.grad); log.clear()
a = torch.tensor([1., 2.], requires_grad=True)
b = a * 2
b.register_hook(lambda g: (log.append(('b hook', g.tolist())), g + 1)[1])
b.grad_fn.register_prehook(lambda go: log.append('b node pre'))
b.grad_fn.register_hook(lambda gi, go: log.append('b node post'))
g, = torch.autograd.grad((b * b).sum(), b)
print('non-leaf:', log, g.tolist(), 'a.grad', a.grad); log.clear()
p = torch.tensor([1., 2.], requires_grad=True)
q = torch.tensor([3., 4.], requires_grad=True)
gp, gq = torch.autograd.grad((p * q).sum(), [p, q])
print('two leaves', gp.tolist(), gq.tolist())
r = torch.tensor([1., 2.], requires_grad=True)
unused = torch.tensor([1., 2.], requires_grad=True)
unused.register_hook(lambda g: log.append('unused hook'))
print('allow_unused', torch.autograd.grad((r * 2).sum(), [r, unused], allow_unused=True), log)
