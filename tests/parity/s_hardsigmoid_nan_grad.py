# Issue 11 (fuzz): hardsigmoid's gradient is grad / 6 strictly inside (-3, 3) and 0 elsewhere,
# a NaN input included (its comparisons are false).
import torch

F = torch.nn.functional
x = torch.tensor([float("nan"), 5.0, -5.0, 3.0, -3.0, 0.0, 2.5], requires_grad=True)
F.hardsigmoid(x).backward(torch.tensor([1.0, 1.0, 1.0, 1.0, 1.0, float("inf"), 6.0]))
print(x.grad)
a = torch.tensor(float("nan"), requires_grad=True)
F.hardsigmoid(torch.tensor(float("-inf")) * a).backward()
print(a.grad)
