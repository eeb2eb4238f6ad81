# Spec 2.12, 2.14: retain_grad on a leaf is a no-op (retains_grad stays False), repeated
# calls are idempotent, retains_grad becomes True on non-leaves. The first .grad is a
# contiguous clone of the gradient (never the hook's argument object); later graph tasks
# add into it out of place; a None gradient leaves .grad untouched; with create_graph the
# retained grad requires grad.
import warnings
import torch
x = torch.ones(2, requires_grad=True)
y = x * 2
print('before', y.retains_grad, x.retains_grad)
y.retain_grad(); y.retain_grad(); x.retain_grad()
print('after', y.retains_grad, x.retains_grad, 'is_leaf', y.is_leaf)
y.sum().backward(retain_graph=True)
print('first', y.grad.tolist())
g1 = y.grad
(y * 3).sum().backward(retain_graph=True)
print('accumulates', y.grad.tolist(), 'new object (out of place):', y.grad is not g1, 'old unchanged', g1.tolist())
seen = []
y2 = x * 2
y2.retain_grad()
y2.register_hook(lambda g: seen.append(g))
y2.sum().backward()
print('clone of hook arg:', y2.grad is seen[0], y2.grad.data_ptr() == seen[0].data_ptr())
m = torch.ones(2, 3, requires_grad=True)
t = (m * 1).t()
t.retain_grad()
(t * torch.arange(6.).view(3, 2)).sum().backward()
print('retained grad of transposed is contiguous', t.grad.is_contiguous(), t.grad.tolist())
a = torch.tensor([1., 2.], requires_grad=True)
p, q = (a * 1).unbind()
q.retain_grad()
(p * 2).backward(retain_graph=True)
print('None gradient leaves .grad None:', q.grad)
(q * 5).backward(retain_graph=True)
(p * 2).backward(retain_graph=True)
print('then kept after a None pass:', q.grad)
x3 = torch.ones(2, requires_grad=True)
y3 = x3 ** 2
y3.retain_grad()
with warnings.catch_warnings():
    warnings.simplefilter('ignore')
    (y3 ** 2).sum().backward(create_graph=True)
print('create_graph:', y3.grad.requires_grad, y3.grad.tolist(), 'x3.grad requires grad', x3.grad.requires_grad)
