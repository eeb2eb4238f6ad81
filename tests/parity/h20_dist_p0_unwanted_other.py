# dist(p=0): PyTorch's formula for other negates an undefined gradient, which raises only when
# the pass wants other's gradient: autograd.grad of input alone returns None.
import torch

a = torch.tensor([[2.0, 2.0]], requires_grad=True)
b = torch.tensor([[0.5, -1.0]], requires_grad=True)
d = a.dist(b, 0)
print(d)
print(torch.autograd.grad([d], [a, a], create_graph=True, allow_unused=True))
print(torch.autograd.grad([d], [a], retain_graph=True, allow_unused=True))
for inputs in ([b], [a, b]):
    try:
        torch.autograd.grad([d], inputs, retain_graph=True, allow_unused=True)
    except RuntimeError as e:
        print(type(e).__name__, e)
try:
    d.backward()
except RuntimeError as e:
    print(type(e).__name__, e)
print(a.grad, b.grad)
e = torch.zeros((0, 2, 5)).requires_grad_().flip(1).dist(torch.zeros((0, 2, 5)), 0)
print(e, e.backward(), 'backward with other not requiring grad')
