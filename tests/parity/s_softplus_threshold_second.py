# Issue 11 (fuzz): softplus's second derivative is 0 at beta * x == threshold (PyTorch's double
# backward masks with a strict `<`, while the forward is still the curve there).
import torch

F = torch.nn.functional
x = torch.tensor([2.0, 0.5, 0.25], dtype=torch.float64, requires_grad=True)
y = F.softplus(x, beta=2, threshold=1)
(g,) = torch.autograd.grad(y.sum(), x, create_graph=True)
print(g)
print(torch.autograd.grad(g.sum(), x))
