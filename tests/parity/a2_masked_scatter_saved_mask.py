# masked_scatter's node saves the mask as PyTorch's does: a second backward through the freed
# graph raises at that node, before a tensor hook further down runs; the saved mask reads
# back as _saved_mask, and changing it in place afterwards breaks the backward.
import torch

v0 = torch.tensor([[-0.25], [1.5], [0.5], [-1.0], [-1.5]], requires_grad=True)
v1 = torch.abs(v0)


def hook(grad):
    print("hook", grad)
    grad.mul_(3)


v1.register_hook(hook)
v5 = v1.masked_scatter(torch.tensor(True), torch.tensor([0.0, 1.0, -1.25, 2.0, 0.75, -1.5]))
v6 = v5.sum()
v6.backward()
print(v0.grad)
try:
    v6.backward()
except RuntimeError as error:
    print("raised", str(error)[:60])
x = torch.ones(3, requires_grad=True)
mask = torch.tensor([True, False, True])
y = x.masked_scatter(mask, torch.arange(3.0))
print(y.grad_fn._saved_mask, y.grad_fn._saved_mask is mask)
mask[1] = True
try:
    y.sum().backward()
except RuntimeError as error:
    print("raised", str(error)[:80])
