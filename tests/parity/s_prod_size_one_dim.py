# Issue 11 (fuzz): with a zero in the input, prod along a dim of size 1 (or of one element)
# passes the gradient itself back (PyTorch's zero-safe formula), so the .grad shares the
# caller's memory; without a zero it is grad * (result / input), a new tensor.
import torch

x = torch.tensor([[[1.5, -0.0, 1.0, 2.0]], [[0.5, -0.25, -1.25, float("inf")]]],
                 requires_grad=True)


def triple_grad(param):
    param.grad.mul_(3)


x.register_post_accumulate_grad_hook(triple_grad)
g = torch.tensor([[0.75, 2.0, -1.5, -1.0], [2.0, -0.5, 1.75, 2.0]])
torch.prod(x, 1).backward(gradient=g)
print(x.grad, g)
print(torch.autograd.grad(torch.prod(x, -2, keepdim=True).sum(), x))
y = torch.tensor([[-0.0]], requires_grad=True)
g = torch.tensor(2.0)
y.prod().backward(g)
y.grad.add_(1)
print(g)
z = torch.tensor([[[1.5, 2.0]]], requires_grad=True)
g = torch.ones(1, 2)
torch.prod(z, 1).backward(g)
z.grad.add_(1)
print(g)
