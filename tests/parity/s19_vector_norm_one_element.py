# Fuzz (3:4074): PyTorch's vector norm over dims that all have size 1 is the absolute value
# (|x| != 0 for ord 0): no power is taken, so normalize(p=3) of -0.25 alone is exactly -1
# (polygamma(2, -1.) is -inf) and a 1e30 does not overflow.
import torch

F = torch.nn.functional
v = torch.tensor([[[1.75]], [[-0.25]]])
n = F.normalize(v, p=3)
print(n.tolist(), torch.polygamma(2, n))
x = torch.tensor([[1e30, -0.25], [float("nan"), -0.0]], requires_grad=True)
for p in (2, 3, 0.5, -1.5, 0, 1, float("inf")):
    r = torch.linalg.vector_norm(x[:, :1], p, dim=1)
    print(p, r.tolist(), x[:1].norm(p=p, dim=0, keepdim=True).tolist(), x[1, 1].norm(p).tolist())
print(torch.linalg.vector_norm(x[:, 1:], 3.0, dim=(1,), dtype=torch.float64))
print(torch.norm(x[:, :1], 2, dim=1), F.pairwise_distance(x[:, :1], torch.zeros(2, 1)))
y = torch.tensor([[0.25], [-2.0]], requires_grad=True)
(g,) = torch.autograd.grad(torch.linalg.vector_norm(y, 3, dim=1).sum(), y)
print(g)
print(torch.linalg.vector_norm(y.half(), 7, dim=1), torch.linalg.vector_norm(y[0, 0], 3))
