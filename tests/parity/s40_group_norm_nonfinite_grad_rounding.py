# group_norm's backward where some groups get a NaN or infinite gradient: PyTorch's kernel
# spreads it over those groups only, and the other groups keep its roundings (a group of one
# value: dy * x rounded, times rstd cubed, leaves 2048 where the exact gradient is 0).
import torch

F = torch.nn.functional

x = torch.tensor([[0.25, -1.25], [-2.0, 1.75]], requires_grad=True)
y = F.group_norm(x, 2)
other = torch.tensor([[-1.25, float("inf")], [1.5, -1.5]])
(F.cosine_similarity(y, other, dim=-1).sum() + y.sum()).backward()
print(x.grad)

x = torch.tensor([[[1.0, 1.0], [0.5, -3.0]], [[2.0, 2.0], [-1.0, 4.0]]], requires_grad=True)
weight = torch.tensor([1.5, -0.5], requires_grad=True)
bias = torch.tensor([0.0, 0.25], requires_grad=True)
y = F.group_norm(x, 2, weight, bias)
grad = torch.tensor([[[3.0e7, -1.0e7], [float("nan"), 1.0]], [[float("inf"), 2.0], [5.0e6, 7.0]]])
y.backward(grad)
print(x.grad, weight.grad, bias.grad)
