# clamp_min / clamp_max with a tensor bound: PyTorch's formulas are where(self >= min, grad, 0)
# and where(self < min, grad, 0) (WhereBackward0 under create_graph, zeros where the gradient
# is infinite or NaN), the bound's gradient summed back to its shape.
import torch


def tree(fn, depth=3):
    if fn is None:
        return None
    return [fn.name(), [tree(f, depth - 1) for f, _ in fn.next_functions] if depth else '...']


x = torch.tensor([[0.5, -1.0, 2.0, float('nan')], [1.5, 0.0, -0.5, 3.0]], requires_grad=True)
m = torch.tensor([0.0, -2.0, 2.5, 1.0], requires_grad=True)
for f in (torch.clamp_min, torch.clamp_max):
    y = f(x, m)
    print(y, y.grad_fn.name())
    g_out = torch.tensor([[1.0, float('inf'), 2.0, 1.0], [float('nan'), 3.0, -1.0, 2.0]],
                         requires_grad=True)
    gx, gm = torch.autograd.grad(y, [x, m], g_out, create_graph=True)
    print(gx, tree(gx.grad_fn))
    print(gm, tree(gm.grad_fn))
    print(torch.autograd.grad((gx[:, :1] * gm[:1]).sum(), [g_out]))
y = x.clamp_min(m.double())
gx, = torch.autograd.grad(y.sum(), [x], create_graph=True)
print(gx, tree(gx.grad_fn))
