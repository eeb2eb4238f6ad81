# In-place ops (on a tensor and through a view) and GRUCell's in-place steps under the
# saved-tensor hooks of checkpoint (both modes) and save_on_cpu: PyTorch's values and gradients.
import torch
from torch.utils.checkpoint import checkpoint
def f(x, y):
    a = x * 2
    a.mul_(y)
    b = a[0]
    b.relu_()
    c = a.exp() * 1
    c.mul_(y)
    return c.sum()
x = torch.tensor([[0.5, -1.0], [0.25, 2.0]], requires_grad=True)
y = torch.tensor([[1.5, -0.5], [2.0, 0.75]], requires_grad=True)
for reentrant in (False, True):
    out = checkpoint(f, x, y, use_reentrant=reentrant)
    out.backward()
    print(out, x.grad, y.grad)
    x.grad = y.grad = None
with torch.autograd.graph.save_on_cpu():
    out = f(x, y)
out.backward()
print(out, x.grad, y.grad)
cell = torch.nn.GRUCell(2, 2)
with torch.no_grad():
    for p in cell.parameters(): p.fill_(0.3)
h = checkpoint(cell, x, y, use_reentrant=False)
h.sum().backward()
print(h, x.grad)
