# torch.linalg.vecdot / matmul / diagonal: values, nodes and the errors for mixed or integer
# dtypes.
import torch

a = torch.tensor([[1.0, 2.0, -1.0], [0.5, 0.25, 3.0]], requires_grad=True)
b = torch.tensor([[2.0, -1.0, 0.5], [1.0, 4.0, -2.0]], requires_grad=True)
v = torch.linalg.vecdot(a, b)
print(v, v.grad_fn.name(), [f[0].name() for f in v.grad_fn.next_functions])
v0 = torch.linalg.vecdot(a, b, dim=0)
v0.sum().backward()
print(v0, a.grad, b.grad)
c = torch.tensor([[1 + 2j, 3 - 1j], [0.5j, 2.0]], requires_grad=True)
print(torch.linalg.vecdot(c, c), torch.linalg.vecdot(c, c.flip(0)))
m = torch.linalg.matmul(a, b.T)
print(m, m.grad_fn.name())
d = torch.linalg.diagonal(torch.arange(24.0).reshape(2, 3, 4), offset=1)
print(d, torch.linalg.diagonal(a).grad_fn.name())
for x, y in ((a, b.double()), (torch.arange(3), torch.arange(3)), (a, torch.ones(2, 4))):
    try:
        torch.linalg.vecdot(x, y)
    except RuntimeError as error:
        print(error)
