# pdist under create_graph: PyTorch's PdistBackwardBackward0 takes the pair gradient, self and
# the saved result, so its next functions are (grad's, self's, PdistBackward0).
import torch


def tree(fn, depth=3):
    if fn is None:
        return None
    return [fn.name(), [tree(f, depth - 1) for f, _ in fn.next_functions] if depth else '...']


for rows, cols, p in [(2, 2, 2.0), (3, 2, 1.0), (4, 3, 2.0), (3, 1, 3.0)]:
    x = (torch.arange(rows * cols, dtype=torch.float32).reshape(rows, cols) * 0.7 - 1)
    x.requires_grad_()
    r = torch.nn.functional.pdist(x, p=p)
    r.sum().backward(create_graph=True)
    print(rows, cols, p, tree(x.grad.grad_fn))
    print(x.grad)
    g = torch.ones_like(r, requires_grad=True)
    (gx,) = torch.autograd.grad(r, x, g, create_graph=True)
    print(tree(gx.grad_fn), gx.grad_fn.next_functions[2][0] is r.grad_fn)
