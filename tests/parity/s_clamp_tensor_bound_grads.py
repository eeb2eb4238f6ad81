# Issue 11 (fuzz): clamp_min / clamp_max with a tensor bound pass the gradient through where
# (an exact 0 on the side that loses, even for an infinite or NaN gradient), not grad * mask.
import torch

x = torch.tensor([1.5, float("nan"), -3.0], requires_grad=True)
m = torch.tensor([0.5, 0.0, 0.0], requires_grad=True)
g = torch.tensor([float("nan"), float("inf"), float("inf")])
print(torch.autograd.grad(torch.clamp_min(x, m), (x, m), g))
print(torch.autograd.grad(torch.clamp_max(x, m), (x, m), g))
b = torch.tensor(-1.813, dtype=torch.float64, requires_grad=True)
y = torch.tensor([1.5, 0.75, 1.75], dtype=torch.float64, requires_grad=True)
torch.clamp_min(y, b).logit().mean().backward(create_graph=True)
print(y.grad, b.grad)
