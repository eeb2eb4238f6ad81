# amax / amin of a 0-d tensor under create_graph: PyTorch's restore_reduced_dims reshapes the
# gradient to one size-1 dim per dim named (ViewBackward0), the ties' share follows, and the
# (1,)-shaped result is summed back to 0-d (SumBackward0) when a dim was named.
import torch


def tree(fn, depth=4):
    if fn is None:
        return None
    return [fn.name(), [tree(f, depth - 1) for f, _ in fn.next_functions] if depth else '...']


x = torch.tensor(-0.75, requires_grad=True)
for label, f in [('amax(0)', lambda: x.amax(0)), ('amax()', lambda: x.amax()),
                 ('amax((0,))', lambda: x.amax((0,))), ('amax(())', lambda: x.amax(())),
                 ('amax(0, keepdim)', lambda: x.amax(0, keepdim=True)),
                 ('amin(-1)', lambda: torch.amin(x, -1)), ('amin()', lambda: x.amin())]:
    y = f()
    g = torch.full_like(y, 2.0, requires_grad=True)
    gx, = torch.autograd.grad(y, x, g, create_graph=True)
    print(label, y, gx, tree(gx.grad_fn))
    print(torch.autograd.grad(gx * gx, [x, g], allow_unused=True))
