# cdist under create_graph: PyTorch's formula for x2 takes grad.mT.contiguous() and
# result.mT.contiguous() (CloneBackward0 over TransposeBackward0) into CdistBackwardBackward0.
import torch


def tree(fn, depth=2):
    if fn is None:
        return None
    return [fn.name(), [tree(f, depth - 1) for f, _ in fn.next_functions] if depth else '...']


for s1, s2, p in [((2, 1), (3, 1), 2.0), ((2, 2, 3), (2, 4, 3), 2.0), ((2, 3), (4, 3), 1.0),
                  ((1, 3), (4, 3), 2.0)]:
    n1 = n2 = 1
    for s in s1:
        n1 *= s
    for s in s2:
        n2 *= s
    x = (torch.arange(n1, dtype=torch.float32).reshape(s1) * 0.7 - 1).requires_grad_()
    y = (torch.arange(n2, dtype=torch.float32).reshape(s2) * -0.4 + 1).requires_grad_()
    r = torch.cdist(x, y, p=p)
    g = torch.ones_like(r, requires_grad=True)
    gx, gy = torch.autograd.grad(r, [x, y], g, create_graph=True)
    print(s1, s2, p, tree(gx.grad_fn), tree(gy.grad_fn))
    print(gx, gy)
    try:  # (PyTorch has no derivative for _cdist_backward)
        torch.autograd.grad((gx * gx).sum() + (gy * gy).sum(), [x, y, g])
    except NotImplementedError as e:
        print(type(e).__name__, e)
