# Issue 11 (fuzz): rrelu_ (F.rrelu(inplace=True)) saves its result, as leaky_relu_ does: a
# later in-place change of it fails the backward's version check.
import torch

F = torch.nn.functional
x = torch.tensor([0.75, -1.0], requires_grad=True)
y = F.rrelu(x.clone(), inplace=True)
print(y, y.grad_fn.name())
y.index_fill_(0, torch.tensor([0, 0]), 3)
try:
    y.sum().backward()
except RuntimeError as error:
    print("RuntimeError:", error)
z = F.rrelu(x.clone(), inplace=True)
z.sum().backward()
print(x.grad)
