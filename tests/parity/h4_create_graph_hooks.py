# Spec 4.10, 2.8: with create_graph=True grad mode is on inside hooks, so what a hook computes
# is differentiable (double backward through hooks); hooks fire again when the second-order
# graph passes through them.
import torch
log = []
x = torch.tensor([1., 2.], requires_grad=True)
y = x ** 3
y.register_hook(lambda g: (log.append(('y hook', torch.is_grad_enabled(), g.requires_grad)), g * y)[1])
g, = torch.autograd.grad(y.sum(), x, create_graph=True)
print('first order', g.tolist(), g.requires_grad, log); log.clear()
gg, = torch.autograd.grad(g.sum(), x)
print('second order through hook', gg.tolist(), log); log.clear()
a = torch.tensor([1., 2.], requires_grad=True)
b = a * a
b.register_hook(lambda g: log.append(('b hook', g.requires_grad)))
ga, = torch.autograd.grad(b.sum(), a, create_graph=True)
print(ga.grad_fn is not None, log); log.clear()
ga.sum().backward()
print('hooks in the second pass:', log, 'a.grad', a.grad.tolist()); log.clear()
p = torch.tensor([2.], requires_grad=True)
q = p.sin()
q.grad_fn.register_hook(lambda gi, go: log.append('sin post'))
gp, = torch.autograd.grad(q, p, create_graph=True)
ggp, = torch.autograd.grad(gp, p)
print('node post-hook on first-order pass only:', log, round(ggp.item(), 5))
