# Issue 11 (fuzz): hypot saves each input only for its own gradient (as PyTorch): changing in
# place an input that needs no gradient is no error; one that is needed still is.
import torch

a = torch.tensor([0.25, -0.75, 3.0])
b = torch.tensor(0.5, requires_grad=True)
y = a.hypot(b)
a[1] = 0.25
y.backward(torch.tensor([1.0, 2.0, 3.0]))
print(b.grad)
a2 = torch.tensor([0.25, -0.75, 3.0], requires_grad=True)
b2 = torch.tensor([0.5, 1.0, 2.0])
y = torch.hypot(a2 * 1, b2)
b2.add_(1)
y.sum().backward()
print(a2.grad)
x = torch.tensor([3.0, 4.0], requires_grad=True)
w = torch.tensor([4.0, 3.0], requires_grad=True)
y = x.hypot(w)
print(torch.autograd.grad(y.sum(), (x, w), create_graph=True))
y = x.hypot(w * 1)
try:
    x2 = x * 1
    y = x2.hypot(w)
    x2.add_(1)
    y.sum().backward()
except RuntimeError as e:
    print(e)
