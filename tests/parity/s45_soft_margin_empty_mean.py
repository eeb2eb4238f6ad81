# soft_margin_loss of an empty input with the mean reduction: its backward's 1 / numel is
# C++'s 1. / 0 (inf) over no elements, not a Python division error (fuzz 67:6590).
import torch

x = torch.zeros((3, 0), requires_grad=True)
loss = torch.nn.functional.soft_margin_loss(x, torch.zeros((3, 0)))
print(loss)
loss.backward()
print(x.grad, x.grad.shape)
x = torch.zeros(0, requires_grad=True)
loss = torch.nn.functional.soft_margin_loss(x, torch.zeros(0))
(g,) = torch.autograd.grad(loss, x, create_graph=True)
print(g, g.requires_grad)
