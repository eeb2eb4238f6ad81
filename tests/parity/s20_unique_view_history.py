# unique / unique_consecutive of a view whose base came to require grad (an in-place write)
# record their not-implemented node before anything reads the view's grad_fn; of a view made
# without grad mode they record one with no next edge, and a backward reaching it then runs
# (PyTorch raises only when the input's gradient is wanted).
import torch

base = torch.tensor([[0.0, -1.0], [-0.75, 1.75]])
view = base[0]
view[-2:, None] = torch.tensor([[1.5], [0.5]], requires_grad=True)
for f in (torch.unique, torch.unique_consecutive, lambda t: torch.unique(t, dim=0)):
    r = f(base[1:])
    print(r.requires_grad, r.grad_fn.name())
r = torch.unique(view, return_counts=True)
print(r[0].requires_grad, r[0].grad_fn.name(), r[1].requires_grad)
try:
    r[0].sum().backward()
except NotImplementedError as e:
    print(e)

leaf = torch.tensor([[1.0, -2.0], [1.0, 3.0]], requires_grad=True)
with torch.no_grad():
    unsqueezed = torch.unsqueeze(leaf, -1)
for f in (torch.unique, torch.unique_consecutive, lambda t: torch.unique(t, dim=1)):
    r = f(unsqueezed)
    print(r.requires_grad, r.grad_fn.name(), r.grad_fn.next_functions)
    r.sum().backward()
    print(leaf.grad, unsqueezed.grad)
    y = torch.tensor(2.0, requires_grad=True)
    print(torch.autograd.grad(f(leaf).sum() * y, y))

for f in (torch.unique, torch.unique_consecutive):
    try:
        f(torch.tensor([1 + 1j, 1 + 1j, 2]))
    except NotImplementedError as e:
        print(e)
