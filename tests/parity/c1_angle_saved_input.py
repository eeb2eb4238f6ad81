# angle saves its input as PyTorch's node does (real and complex): a second backward without
# retain_graph and an input written in place before backward are refused.
import torch

x = torch.tensor([0.2, -0.7, 0.0], requires_grad=True)
y = x.angle()
print(y, y.grad_fn._saved_self)
y.sum().backward()
print(x.grad)
try:
    y.sum().backward()
except RuntimeError as e:
    print(e)
h = x * 1
y = torch.angle(h)
h.mul_(2)
try:
    y.sum().backward()
except RuntimeError as e:
    print(e)
z = torch.tensor([1 + 1j, -2j], requires_grad=True)
y = z.angle()
print(y.grad_fn._saved_self)
y.sum().backward()
print(z.grad)
try:
    y.sum().backward()
except RuntimeError as e:
    print(e)
