# Issue 11 (fuzz): the divisor's gradient of remainder is -grad * div(self, other,
# rounding_mode='floor'), whose floor division of an infinity is NaN (not floor(inf / b)).
import torch

a = torch.tensor([1.5, 0.75, float("inf"), 1.75, 0.0, -float("inf"), 7.0])
b = torch.tensor([0.681, -0.248, -1.876, -1.523, -0.359, 2.0, float("inf")], requires_grad=True)
print(torch.autograd.grad((a % b).sum(), b))
print(torch.autograd.grad(torch.fmod(a, b).sum(), b))
(g,) = torch.autograd.grad((a % b).sum(), b, create_graph=True)
print(g)
