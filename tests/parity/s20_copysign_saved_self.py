# copysign saves self only when self requires grad (self is needed by self's gradient
# alone): with only other requiring grad, an in-place edit of self before backward is no error
# (with or without create_graph); _saved_self is then None. Saved when self requires grad.
import torch

for create_graph in (False, True):
    self_ = torch.tensor([[-1.0, 0.75], [0.0, -0.25]])
    other = torch.tensor([[-0.5, 1.25], [1.5, -2.0]], requires_grad=True)
    y = torch.copysign(self_, other)
    print(y.grad_fn._saved_self, y.grad_fn._saved_result)
    self_ -= 1.0
    y.sum().backward(create_graph=create_graph)
    print(other.grad)

a = torch.tensor([-1.0, 0.0, 2.0], requires_grad=True)
h = a * 1
for y in (torch.copysign(h, torch.tensor([1.0, -1.0, -0.0])), torch.copysign(h, -1.0)):
    print(y.grad_fn.name(), y.grad_fn._saved_self)
h.mul_(2)
try:
    y.sum().backward()
except RuntimeError as e:
    print(e)
b = torch.tensor([1.0, -1.0, 3.0], requires_grad=True)
y = torch.copysign(a * 1, b)
print(torch.autograd.grad(y.sum(), (a, b)))
