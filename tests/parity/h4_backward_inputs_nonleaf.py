# Spec 4.5: backward(inputs=[non-leaf]): the input's own grad_fn still executes (its pre/post
# hooks fire), its .grad is accumulated like a retained grad (after tensor hooks, before node
# pre-hooks: hook x10 on grad 4 -> 40), and nothing upstream is accumulated.
# Upstream test_prehook_ordering (b.grad == 3). Observed: it also leaves b.retains_grad True,
# so later passes without inputs= keep filling b.grad.
import warnings
import torch
warnings.simplefilter('ignore')
log = []
a = torch.ones(2, requires_grad=True)
b = a * 2
b.register_hook(lambda g: (log.append(('b hook', g.tolist())), g * 10)[1])
b.grad_fn.register_prehook(lambda go: (log.append(('b node pre', go[0].tolist())), (go[0] + 1,))[1])
b.grad_fn.register_hook(lambda gi, go: log.append('b node post'))
a.register_hook(lambda g: log.append('a hook'))
c = (b * b).sum()
c.backward(inputs=[b], retain_graph=True)
print(log, 'b.grad', b.grad.tolist(), 'a.grad', a.grad, 'retains_grad', b.retains_grad); log.clear()
c.backward(inputs=[b], retain_graph=True)
print('accumulates', b.grad.tolist()); log.clear()
c.backward(inputs=[a, b])
print('inputs=[a, b]:', log, 'b.grad', b.grad.tolist(), 'a.grad', a.grad.tolist()); log.clear()
d = a * 2
print('retains_grad before', d.retains_grad)
(d * d).sum().backward(inputs=[d], retain_graph=True)
print('retains_grad after', d.retains_grad, d.grad.tolist())
(d * d).sum().backward()
print('plain backward afterwards also fills d.grad', d.grad.tolist())
x = torch.tensor(1., requires_grad=True)
y = x * 1
z = y * 3
z.backward(inputs=y)
print('single tensor as inputs', y.grad)
