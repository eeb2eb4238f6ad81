# masked_scatter's node saves its mask as PyTorch's does: a second backward without
# retain_graph is refused (even for empty tensors), a mask written in place before backward
# fails the version check, and _saved_mask reads it; double backward is unchanged.
import torch

x = torch.zeros((2, 2, 2, 0))
s = torch.tensor([-1.036], requires_grad=True)
y = x.masked_scatter_(torch.zeros((2, 2, 2, 0), dtype=torch.bool), s).sum()
y.backward()
print(s.grad)
try:
    y.backward()
except RuntimeError as e:
    print(e)
m = torch.tensor([True, False, True])
s = torch.tensor([1., 2.], requires_grad=True)
y = torch.zeros(3).masked_scatter(m, s)
print(y.grad_fn._saved_mask, y.grad_fn._raw_saved_mask.data)
m.logical_not_()
try:
    y.sum().backward()
except RuntimeError as e:
    print(e)
x = torch.tensor([1., 2., 3.], requires_grad=True)
y = x.masked_scatter(torch.tensor([[True, False, True], [False, True, True]]), s.repeat(2))
g = torch.autograd.grad(y.pow(2).sum(), (x, s), create_graph=True)
print(g)
sum(t.sum() for t in g).backward()
print(x.grad, s.grad)
