# Spec 4.1: a node becomes ready only when all its producers in this graph task have
# finished, so hooks and pre-hooks never see partial sums, even when paths have different
# lengths; nodes reachable only from other roots are not counted.
import torch
log = []
x = torch.tensor([1., 2.], requires_grad=True)
h = x * 1
h.register_hook(lambda g: log.append(('h tensor hook', g.tolist())))
h.grad_fn.register_prehook(lambda go: log.append(('h pre', go[0].tolist())))
short = h * 2
long = (h * 3) * 1 * 1 * 1
(short + long).sum().backward()
print(log); log.clear()
y = x * 1
y.register_hook(lambda g: log.append(('y', g.tolist())))
other = y * 100      # not part of the graph task below
(y * 5).sum().backward()
print('unused consumer ignored:', log); log.clear()
z = x * 1
z.register_hook(lambda g: log.append(('z', g.tolist())))
torch.autograd.backward([(z * 2).sum(), (z * z).sum(), z[0]])
print('three roots:', log)
