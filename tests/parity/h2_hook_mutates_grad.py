# Spec 2.10: a hook that mutates its grad argument in place (returning None) changes what
# flows downstream (not checked). When the gradient is an expanded view (e.g. coming out of
# SumBackward0) the in-place op fails with the memory-overlap error.
import torch
x = torch.tensor([1., 2.], requires_grad=True)
y = x * 3
z = y * y
def inplace(g):
    g.mul_(10)
y.register_hook(inplace)
z.sum().backward()
print('in-place mutation propagated:', x.grad.tolist())
x2 = torch.ones(3, requires_grad=True)
y2 = x2 * 2
y2.register_hook(lambda g: g.mul_(10))
try:
    y2.sum().backward()
except RuntimeError as e:
    print('expanded grad:', type(e).__name__, e)
x3 = torch.ones(3, requires_grad=True)
y3 = x3 * 2
y3.register_hook(lambda g: g.clone().mul_(10))
y3.sum().backward()
print('clone first is fine:', x3.grad.tolist())
x4 = torch.tensor([1., 2.], requires_grad=True)
def add_one(g):
    g.add_(1)
x4.register_hook(add_one)
(x4 * x4).sum().backward()
print('leaf hook mutates in place:', x4.grad.tolist())
