# special.i1 under create_graph: PyTorch's node saves the input and the result, and its
# formula is grad * where(|x| > eps, i0(safe) - result * safe.reciprocal(), 0.5) with
# safe = where(|x| > eps, x, eps): WhereBackward0 nodes, and the double backward passes
# through SpecialI1Backward0 again (the saved result).
import torch


def tree(fn, depth=4):
    if fn is None:
        return None
    return [fn.name(), [tree(f, depth - 1) for f, _ in fn.next_functions] if depth else '...']


for dtype in (torch.float32, torch.float64):
    x = torch.tensor([-1.5, 0.0, 1e-20, 0.75, 3.0], dtype=dtype, requires_grad=True)
    y = torch.special.i1(x)
    print(y, y.grad_fn.name())
    g_out = torch.ones_like(y, requires_grad=True)
    g, = torch.autograd.grad(y, x, g_out, create_graph=True)
    print(g, tree(g.grad_fn))
    print(torch.autograd.grad((g * g).sum(), [x, g_out]))
    torch.special.i1(x).sum().backward()
    print(x.grad)
