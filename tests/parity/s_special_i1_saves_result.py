# Issue 11 (fuzz): torch.special.i1's node saves its result, as PyTorch's: writing into the
# result in place makes the backward fail its version check.
import torch

x = torch.tensor([-1.5, 1.5, 0.0, 2.0], requires_grad=True)
y = torch.special.i1(x)
print(y, y.grad_fn.name())
print(torch.autograd.grad(y.sum(), x))
y.zero_()
try:
    y.sum().backward(create_graph=True)
except RuntimeError as error:
    print("RuntimeError:", error)
print(torch.special.i1(torch.tensor([1, 2])))
