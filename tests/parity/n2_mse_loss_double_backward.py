# mse_loss's gradient node MseLossBackwardBackward0 (mse_loss_backward) is in its own 'self'
# argument's dtype, and is differentiated by PyTorch's double-backward formulas: 2 * grad
# (MulBackward1) over the count for a mean (DivBackward1), negated for the target, and for
# the incoming gradient mse_loss_backward of the new gradient summed to its shape.
import torch
F = torch.nn.functional

def tree(fn, depth=4):
    if fn is None: return None
    return [fn.name(), [tree(f, depth-1) for f, _ in fn.next_functions] if depth else '...']
for red in ['mean', 'sum', 'none']:
    for dt in [torch.float32, torch.float64]:
        x = torch.tensor([0.5, -1.0, 2.0], requires_grad=True)
        y = torch.tensor([1.5, 0.25, -0.75], dtype=dt, requires_grad=True)
        out = F.mse_loss(x, y, reduction=red)
        g = torch.full_like(out, 1.5, requires_grad=True)
        gx, gy = torch.autograd.grad(out, [x, y], g, create_graph=True)
        s = (gx * gx * gx).sum() + (gy * gy).sum()
        second = torch.autograd.grad(s, [x, y, g], create_graph=True)
        print(red, dt, [tree(t.grad_fn) for t in second])
        third = torch.autograd.grad(sum((t * t).sum() for t in second), [x, y, g], allow_unused=True)
        print(third)
