# Spec 1.4: a handle is a context manager; __enter__ returns the handle itself and __exit__
# calls remove() without swallowing exceptions. Works for tensor, node and multi-grad handles.
import torch
from torch.autograd.graph import register_multi_grad_hook

x = torch.ones(2, requires_grad=True)
h = x.register_hook(lambda g: g * 2)
with h as same:
    print('enter returns the handle', same is h)
    (x * 1).sum().backward()
print('inside', x.grad.tolist())
x.grad = None
(x * 1).sum().backward(); print('after exit', x.grad.tolist())
try:
    with x.register_hook(lambda g: g * 3):
        raise KeyError('inner')
except KeyError as e:
    print('exception propagated:', type(e).__name__, e)
x.grad = None; (x * 1).sum().backward(); print('hook removed on exception', x.grad.tolist())
log = []
y = x * 2
with y.grad_fn.register_prehook(lambda go: log.append('pre')):
    y.sum().backward(retain_graph=True)
with y.grad_fn.register_hook(lambda gi, go: log.append('post')):
    y.sum().backward(retain_graph=True)
y.sum().backward()
print('node handles', log)
a = torch.ones(2, requires_grad=True); b = torch.ones(2, requires_grad=True)
log.clear()
with register_multi_grad_hook((a, b), lambda gs: log.append('multi')) as m:
    print('multi enter returns itself', type(m).__name__)
    (a * b).sum().backward()
(a * b).sum().backward()
print('multi', log)
