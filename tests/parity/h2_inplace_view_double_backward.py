# An in-place op written through a view (the base's CopySlices) is differentiable again:
# create_graph=True through it gives the second derivative, for a number operand and for a
# tensor operand that is itself part of the graph (the op's saved input carries history).
# Also a view re-read after its base was modified (its regenerated grad_fn), an in-place op
# on a view of a view, and the graph's node names.
import torch

x = torch.tensor([1., 2., 3.], requires_grad=True)
y = x * 1
y[1:].mul_(2.0)
g, = torch.autograd.grad((y * y * y).sum(), x, create_graph=True)
print('number operand:', g, g.grad_fn.name(), torch.autograd.grad(g.sum(), x))

for loss in (lambda y: (y * y).sum(), lambda y: (y * y * y).sum()):
    x = torch.tensor([1., 2., 3.], requires_grad=True)
    y = x * 1
    v = y[1:]
    v.mul_(x[1:])
    g, = torch.autograd.grad(loss(y), x, create_graph=True)
    print('tensor operand:', g, torch.autograd.grad(g.sum(), x))

x = torch.tensor([[1., 2.], [3., 4.]], requires_grad=True)
y = x * 2
v = y[:, 1]
y[0].add_(x[1] * x[1])
g, = torch.autograd.grad((v * v).sum() + y.sum(), x, create_graph=True)
print('regenerated view:', v.grad_fn.name(), g, torch.autograd.grad(g.sum(), x))

x = torch.tensor([1., 2., 3., 4.], requires_grad=True)
y = x.clone()
w = y[1:][1:]
w.pow_(2)
g, = torch.autograd.grad((y * x).sum(), x, create_graph=True)
print('view of a view:', y.grad_fn.name(), g, torch.autograd.grad(g.sum(), x))

x = torch.tensor([0.5, -1.5, 2.0], requires_grad=True)
y = x.sin()
y[::2].sigmoid_()
h = torch.autograd.grad(y.sum(), x, create_graph=True)[0]
print('unary in place on a strided view:', h, torch.autograd.grad(h.sum(), x))
