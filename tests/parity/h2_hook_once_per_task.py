# Spec 2.4, 4.1: a tensor hook fires once per graph task, with the sum of the contributions
# of every path (the node's input buffer is complete before hooks run); two roots sharing a
# tensor also give a single call with the total.
import torch
log = []
x = torch.tensor([1., 2.], requires_grad=True)
y = x * 2
y.register_hook(lambda g: log.append(('y', g.tolist())))
z = (y * y + y).sum()
z.backward()
print('y*y+y:', log); log.clear()
t = x * 2
t.register_hook(lambda g: log.append(('t', g.tolist())))
torch.autograd.backward([(t * 3).sum(), (t * 5).sum()])
print('two roots:', log); log.clear()
t2 = x * 2
t2.register_hook(lambda g: log.append(('t2', g.tolist())))
u = t2 * 3
torch.autograd.backward([t2, u], [torch.ones(2), torch.ones(2)])
print('root and internal:', log); log.clear()
x.grad = None
x.register_hook(lambda g: log.append(('leaf x', g.tolist())))
(x * x + x.exp() + x[0] * 4).sum().backward()
print('leaf used by several ops:', [(n, [round(v, 4) for v in g]) for n, g in log])
print('x.grad', [round(v, 4) for v in x.grad.tolist()])
log.clear()
a = torch.tensor([1., 2., 3.], requires_grad=True)
b = a * 1
b.register_hook(lambda g: log.append(('b', g.tolist())))
(b[0] + b[1:].sum() * 2 + b.mean()).backward()
print('several views of b:', log)
