# margin_ranking_loss clamps in place, as PyTorch's does: the loss (reduction='none') is at
# version 1, so a saved copy of it changed in place later names versions 2 and 1 in the
# version error; gradients and double backward are unchanged.
import torch

F = torch.nn.functional
x = torch.tensor([0.5, -0.25, 0.0, -1.5, -2.0], requires_grad=True)
target = torch.tensor([1.0, -1.0, 1.0, -1.0, -1.0])
other = torch.tensor([-1.25, -1.0, -1.25, -1.75, 0.25])
loss = F.margin_ranking_loss(x, other, target, reduction='none')
print(loss._version, loss.grad_fn.name(), loss)
low = loss.cummin(-1)
F.silu(loss, inplace=True)
try:
    low[0].sum().backward()
except RuntimeError as e:
    print(e)
for reduction in ['none', 'mean', 'sum']:
    x.grad = None
    loss = F.margin_ranking_loss(x, other, target, margin=0.3, reduction=reduction)
    print(reduction, loss._version, loss.grad_fn.name())
    (g,) = torch.autograd.grad((loss * loss).sum(), x, create_graph=True)
    print(g, g.grad_fn.name())
    g.sum().backward()
    print(x.grad)
print(F.margin_ranking_loss(torch.tensor([1, 2]), torch.tensor([2, 0]), torch.tensor([1, -1])))
