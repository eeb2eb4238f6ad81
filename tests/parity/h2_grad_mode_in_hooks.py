# Spec 2.8, 2.19, 4.10: inside tensor hooks, node hooks and post-accumulate hooks grad mode
# is off, unless the graph task uses create_graph=True. Hooks run on the calling thread.
import threading
import torch
log = []
x = torch.ones(2, requires_grad=True)
y = x * 2
y.register_hook(lambda g: log.append(('tensor hook', torch.is_grad_enabled(), g.requires_grad)))
y.grad_fn.register_prehook(lambda go: log.append(('node pre', torch.is_grad_enabled())))
y.grad_fn.register_hook(lambda gi, go: log.append(('node post', torch.is_grad_enabled())))
x.register_post_accumulate_grad_hook(lambda p: log.append(('post-acc', torch.is_grad_enabled(), p.grad.requires_grad)))
x.register_hook(lambda g: log.append(('thread', threading.current_thread() is threading.main_thread())))
y.sum().backward(retain_graph=True)
print('plain:', log); log.clear()
x.grad = None
torch.autograd.grad(y.sum(), x, create_graph=True)
print('grad(create_graph=True):', log); log.clear()
import warnings
with warnings.catch_warnings():
    warnings.simplefilter('ignore')
    (y * y).sum().backward(create_graph=True)
print('backward(create_graph=True):', log); log.clear()
# a hook result computed with grad enabled becomes part of the graph
a = torch.tensor([1., 2.], requires_grad=True)
b = a * a
b.register_hook(lambda g: g * b)
ga, = torch.autograd.grad(b.sum(), a, create_graph=True)
print('grad through hook', ga.tolist(), ga.requires_grad, ga.grad_fn is not None)
