# Issue 11 (fuzz): AccumulateGrad steals a gradient that nothing else references, counting
# references to the tensor, not to its memory: a gradient reshaped from the caller's
# `gradient=` (flatten, reshape_as) becomes the .grad and shares the caller's memory, so an
# in-place edit of the .grad in a hook shows in the caller's tensor and the next backward.
import torch

x = torch.tensor([[[[-2.0], [1.0]]], [[[1.5], [0.5]]]], dtype=torch.float64, requires_grad=True)
y = x.flatten()


def triple_grad(param):
    param.grad.mul_(3)


x.register_post_accumulate_grad_hook(triple_grad)
g = torch.tensor([1.25, 1.0, -0.25, -1.75], dtype=torch.float64)
y.backward(gradient=g)
print(x.grad, g)
y.backward(gradient=g)
print(x.grad, g)

x = torch.tensor([[2.5, 0.5], [-1.0, 1.5]], requires_grad=True)
y = x.reshape_as(x)
y.register_hook(lambda grad: grad.mul_(3))
g = torch.tensor([[1.0, 2.0], [3.0, 4.0]])
y.backward(gradient=g)
print(x.grad, g)
x.grad.add_(1)
print(g)
