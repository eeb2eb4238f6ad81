# Issue 11 (fuzz): addmv saves each factor only for the other's gradient (as PyTorch): with
# only the input requiring grad nothing is saved and a second backward works.
import torch

v0 = torch.tensor([-0.75, -1.5], requires_grad=True)
m = torch.tensor([[-0.75, -1.0], [-1.0, 1.25]])
v = torch.tensor([-1.5, 0.75])
s = torch.addmv(v0, m, v).sum()
s.backward()
s.backward()
print(v0.grad)
m2 = m.clone().requires_grad_()
v2 = v.clone().requires_grad_()
s = torch.addmv(v0, m2, v2, beta=0.5, alpha=2).sum()
print(torch.autograd.grad(s, (v0, m2, v2), retain_graph=True))
try:
    s.backward()
    s.backward()
except RuntimeError as e:
    print(e)
s = torch.addmv(v0, m, v2).sum()
m.add_(1)
try:
    print(torch.autograd.grad(s, v2))
except RuntimeError as e:
    print(e)
