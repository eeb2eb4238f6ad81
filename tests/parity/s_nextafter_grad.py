# Issue 11 (fuzz): nextafter's gradient is an exact 0 where input equals other (also for an
# infinite gradient), the gradient itself elsewhere; its node saves both operands.
import torch

x = torch.tensor([0.25, 0.5, float("nan"), -1.5, -0.0, 0.0, 1e-45], requires_grad=True)
x.nextafter(torch.tensor(False)).sum().backward()
print(x.grad)
a = torch.tensor([1.0, 2.0, float("nan"), 3.0], requires_grad=True)
b = torch.tensor([1.0, 2.5, float("nan"), 3.0], requires_grad=True)
a.nextafter(b).backward(torch.tensor([float("inf"), 2.0, 3.0, float("nan")]))
print(a.grad, b.grad)
c = a.clone()
y = c.nextafter_(torch.tensor([-0.5]))
y.sum().backward(create_graph=True)
print(a.grad)
o = torch.tensor([1.0, 2.5, 0.0, 3.0])
y = a.nextafter(o)
o.add_(1)
try:
    y.sum().backward()
except RuntimeError as error:
    print("RuntimeError:", error)
