# Issue 11 (fuzz): interpolate(mode="area") in 3-D is adaptive_avg_pool3d, whose gradient's
# node takes the gradient and the input: under create_graph it requires grad when the input
# does (its derivative in the input is zeros; in the gradient, the pooling again).
import torch

F = torch.nn.functional
x = torch.arange(12.0).reshape(1, 1, 3, 2, 2).requires_grad_()
y = F.interpolate(x, mode="area", size=2)
print(y, y.grad_fn.name())
y.sum().backward(create_graph=True)
print(x.grad, x.grad.grad_fn.name())
print(torch.autograd.grad(x.grad.sum(), x))
go = torch.ones(1, 1, 2, 2, 2, requires_grad=True)
(g,) = torch.autograd.grad(F.interpolate(x, mode="area", size=2), x, go, create_graph=True)
print(g.grad_fn.name(), torch.autograd.grad(g.sum(), go))
z = torch.arange(6.0).reshape(1, 1, 3, 2).requires_grad_()
(g,) = torch.autograd.grad(F.interpolate(z, mode="area", size=2).sum(), z, create_graph=True)
print(g.grad_fn.name())
