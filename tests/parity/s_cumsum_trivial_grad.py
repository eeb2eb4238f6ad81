# Issue 11 (fuzz): cumsum along a dim of size 1 (or of at most one element) passes the
# gradient itself back, as PyTorch's trivial case: autograd.grad returns that very tensor.
import torch

x = torch.ones(2, 1, 3, requires_grad=True)
g = torch.tensor([[[1.25, -1.0, 0.5]], [[0.75, 0.5, 2.0]]], requires_grad=True)
(out,) = torch.autograd.grad(x.clone().cumsum_(1), x, g, create_graph=True)
print(out is g, out.is_leaf, out.grad_fn)
(out,) = torch.autograd.grad(x.cumsum(2), x, g, create_graph=True)
print(out, out.is_leaf)
y = torch.tensor([2.5], requires_grad=True)
(out,) = torch.autograd.grad(y.cumsum(0), y, torch.tensor([4.0], requires_grad=True),
                             create_graph=True)
print(out, out.is_leaf)
