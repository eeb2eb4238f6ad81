# nansum / nanmean with dtype=: PyTorch sums in the dtype with no cast node before its
# NansumBackward0, and its formula casts the gradient back first (ToCopyBackward0), then one
# UnsqueezeBackward0 per listed dim (none for a sum over every dim), ExpandBackward0, and the
# product with the not-NaN mask.
import torch


def tree(fn, depth=4):
    if fn is None:
        return None
    return [fn.name(), [tree(f, depth - 1) for f, _ in fn.next_functions] if depth else '...']


v = torch.tensor([-0.75, float('nan'), 1.75, -1.0], requires_grad=True)
w = torch.tensor([[-0.75, float('nan')], [1.75, -1.0]], requires_grad=True)
y = torch.nansum(v, -1, dtype=torch.float64)
print(y, tree(y.grad_fn))
g, = torch.autograd.grad(y, v, torch.tensor(2., dtype=torch.float64, requires_grad=True),
                         create_graph=True)
print(g, tree(g.grad_fn))
for dim in [0, None, (0, 1), []]:
    y = torch.nansum(w) if dim is None else torch.nansum(w, dim)
    g, = torch.autograd.grad(y, w, torch.ones_like(y, requires_grad=True), create_graph=True)
    print(dim, y, tree(g.grad_fn))
for args in [(), (0,)]:
    y = torch.nanmean(v, *args, dtype=torch.float64)
    print(y, tree(y.grad_fn))
    y.backward()
    print(v.grad)
try:
    torch.nanmean(torch.tensor([1, 2]), dtype=torch.float64)
except RuntimeError as e:
    print(e)
print(torch.nansum(torch.tensor([1, 2]), dtype=torch.float64))
