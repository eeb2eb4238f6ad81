# The scans' formulas return the gradient itself where PyTorch's do: cumsum when it has at most
# one element or one along dim, cumprod when the input has at most one element or one along
# dim, logcumsumexp for an empty or 0-d gradient; cummax/cummin of an empty input return the
# input itself.
import torch


def tree(fn, depth=3):
    if fn is None:
        return None
    return [fn.name(), [tree(f, depth - 1) for f, _ in fn.next_functions] if depth else '...']


ops = [('cumsum', lambda x: x.cumsum(-1)), ('cumsum0', lambda x: x.cumsum(0)),
       ('cumprod', lambda x: x.cumprod(-1)), ('cumprod0', lambda x: x.cumprod(0)),
       ('cummax', lambda x: x.cummax(-1)[0]), ('cummin', lambda x: x.cummin(0)[0]),
       ('logcumsumexp', lambda x: x.logcumsumexp(-1))]
for shape in [(0, 2), (2, 0), (3, 1), (1, 3), (1, 1), (1,), (2, 3)]:
    n = 1
    for s in shape:
        n *= s
    for name, f in ops:
        x = (torch.arange(n, dtype=torch.float32).reshape(shape) * 0.5 + 0.5).requires_grad_()
        y = f(x)
        g = torch.ones_like(y, requires_grad=True)
        gx, = torch.autograd.grad(y, x, g, create_graph=True)
        print(name, shape, gx is x, gx, tree(gx.grad_fn))
        if gx.requires_grad:
            print(torch.autograd.grad((gx * gx).sum(), [x, g], allow_unused=True))
