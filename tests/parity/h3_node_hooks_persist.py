# Spec 3.8, 4.8: node hooks stay on the node object and fire again on every later graph task
# that executes it (retain_graph, or nodes without saved tensors); handle.remove() works
# between passes. Tensor hooks likewise fire once per pass.
import torch
log = []
x = torch.ones(2, requires_grad=True)
y = x * x
y.grad_fn.register_prehook(lambda go: log.append('pre'))
hp = y.grad_fn.register_hook(lambda gi, go: log.append('post'))
y.register_hook(lambda g: log.append('tensor'))
y.sum().backward(retain_graph=True)
y.sum().backward(retain_graph=True)
print('two passes:', log); log.clear()
hp.remove()
(y * 2).sum().backward(retain_graph=True)
print('after removing post:', log); log.clear()
z = x + 1
z.grad_fn.register_hook(lambda gi, go: log.append('add post'))
z.sum().backward()
z.sum().backward()
print('no saved tensors, no retain_graph:', log, x.grad.tolist()); log.clear()
node = y.grad_fn
node.register_prehook(lambda go: log.append('late pre'))
y.sum().backward()
print('registered between passes:', log)
