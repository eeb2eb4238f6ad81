# Spec 5: a value returned by an unpack hook is a new tensor carrying the saved tensor's
# autograd identity (its grad_fn, or for a leaf its grad accumulator), whatever history the
# hook's own result has; so detaching hooks keep double backward working.
import torch

x = torch.ones(2, requires_grad=True)
with torch.autograd.graph.saved_tensors_hooks(lambda t: t, lambda t: t):
    y = x * x
    z = y.exp()
s = y.grad_fn._saved_self
print('identity hooks: new object', s is not x, s.requires_grad, s.is_leaf)
r = z.grad_fn._saved_result
print('saved output', r is not z, r.grad_fn is z.grad_fn, r._version)
with torch.autograd.graph.saved_tensors_hooks(lambda t: t.detach(), lambda t: t):
    w = x.view(2) * x
saved_view = w.grad_fn._saved_self
print('saved view', saved_view.grad_fn.name(), saved_view._is_view(), saved_view.requires_grad)
with torch.autograd.graph.saved_tensors_hooks(lambda t: t, lambda t: t * 1):
    q = x.sin()
print('hook result with history', q.grad_fn._saved_self.grad_fn, q.grad_fn._saved_self.is_leaf)
q.sum().backward()
print(x.grad)
x.grad = None
with torch.autograd.graph.saved_tensors_hooks(lambda t: t.detach(), lambda t: t):
    q = x.exp() * x
(g,) = torch.autograd.grad(q.sum(), x, create_graph=True)
print('first derivative', g, g.grad_fn.name())
(h,) = torch.autograd.grad(g.sum(), x)
print('second derivative', h)
c = torch.ones(2)
with torch.autograd.graph.saved_tensors_hooks(lambda t: t, lambda t: t.requires_grad_()):
    d = x * c
print('saved tensor without grad', d.grad_fn._saved_other.requires_grad)
