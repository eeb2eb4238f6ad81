# torch.cdist of more than 25 rows (or compute_mode='use_mm_for_euclid_dist') takes PyTorch's
# matrix-product path: EuclideanDistBackward0 under a view, batched inputs expanded and made
# contiguous first; fewer rows, other norms and 'donot_use_mm_for_euclid_dist' keep
# CdistBackward0; a row against itself is exactly 0 on the product path too.
import torch

torch.manual_seed(0)


def chain(fn, depth=0):
    if fn is None:
        return
    print("  " * depth + fn.name())
    for next_fn, _ in fn.next_functions:
        chain(next_fn, depth + 1)


cases = [((30, 3), (4, 3), None), ((2, 30, 3), (4, 3), None), ((30, 3), (1, 4, 3), None),
         ((2, 30, 3), (2, 4, 3), None), ((3, 3), (4, 3), "use_mm_for_euclid_dist"),
         ((40, 5), (40, 5), "donot_use_mm_for_euclid_dist"), ((26, 2), (3, 2), None),
         ((25, 2), (25, 2), None)]
for shape1, shape2, mode in cases:
    a = torch.arange(float(torch.Size(shape1).numel())).reshape(shape1).div(7).sin()
    b = torch.arange(float(torch.Size(shape2).numel())).reshape(shape2).div(5).cos()
    a.requires_grad_()
    b.requires_grad_()
    d = torch.cdist(a, b) if mode is None else torch.cdist(a, b, compute_mode=mode)
    print(shape1, shape2, mode, tuple(d.shape), d.stride())
    chain(d.grad_fn)
    print(d.sum(), d[..., :2, :2])
    ga, gb = torch.autograd.grad(d.sum(), (a, b), create_graph=True)
    print(ga.grad_fn.name(), ga.sum(), gb.sum())

x = torch.tensor([[1.0, 2.0], [3.0, 4.0]] * 15, requires_grad=True)
d = torch.cdist(x, x)
print(d[:3, :3], (d == 0).sum())
(g,) = torch.autograd.grad(d.sum(), x)
print(g[:2])
try:
    torch.cdist(x, x, compute_mode="bad")
except ValueError as error:
    print("ValueError", error)
