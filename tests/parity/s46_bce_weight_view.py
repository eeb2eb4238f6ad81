# F.binary_cross_entropy expands its weight to the target's shape, a view even for a weight
# of the same shape, and its node saves that view (fuzz 73:13309): a weight written in place
# afterwards is reported as output 0 of AsStrided (the view's regenerated node).
import torch

F = torch.nn.functional
x = torch.tensor([0.9, 0.3, 0.6], requires_grad=True)
t = torch.tensor([0.6, 0.8, 0.5])
for case in ("slice from a grad tensor", "mul_", "untouched"):
    w = torch.tensor([1.25, 1.75, 2.25])
    loss = F.binary_cross_entropy(x, t, weight=w, reduction="sum")
    if case == "slice from a grad tensor":
        w[1:-1] = torch.tensor([-0.25], requires_grad=True)
    elif case == "mul_":
        w.mul_(2)
    try:
        print(case, torch.autograd.grad(loss, x))
    except RuntimeError as error:
        print(case, error)
w = torch.tensor([[1.0], [2.0]])
y = torch.tensor([[0.2, 0.7, 0.4], [0.5, 0.1, 0.9]], requires_grad=True)
print(F.binary_cross_entropy(y, torch.full((2, 3), 0.5), weight=w))
try:
    F.binary_cross_entropy(y, torch.full((2, 3), 0.5), weight=torch.ones(2))
except RuntimeError as error:
    print(error)
