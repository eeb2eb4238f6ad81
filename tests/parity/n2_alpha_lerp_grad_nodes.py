# add/sub/rsub with alpha and lerp with a tensor weight under create_graph: PyTorch's formulas
# scale by alpha with maybe_multiply (MulBackward1, after NegBackward0 for the subtracted
# side) and write 1 - weight as C++ does (SubBackward0 with an empty first edge).
import torch


def tree(fn, depth=3):
    if fn is None:
        return None
    return [fn.name(), [tree(f, depth - 1) for f, _ in fn.next_functions] if depth else '...']


x = torch.tensor([0.5, -1.0, 2.0], requires_grad=True)
y = torch.tensor([1.5, 0.25, -0.75], requires_grad=True)
w = torch.tensor([0.1, 0.5, 0.9], requires_grad=True)
cases = [('sub', lambda: torch.sub(x, y, alpha=2)), ('sub1', lambda: torch.sub(x, y)),
         ('add', lambda: torch.add(x, y, alpha=-1.5)), ('rsub', lambda: torch.rsub(x, y, alpha=2)),
         ('rsub_number', lambda: torch.rsub(x, 2, alpha=3)),
         ('sub_', lambda: (x * 1).sub_(y, alpha=2)), ('add_', lambda: (x * 1).add_(y, alpha=2)),
         ('lerp', lambda: torch.lerp(x, y, w)), ('lerp_number', lambda: torch.lerp(x, y, 0.3))]
for label, f in cases:
    out = f()
    g_out = torch.ones_like(out, requires_grad=True)
    grads = torch.autograd.grad(out, [x, y, w], g_out, create_graph=True, allow_unused=True)
    print(label, out, [None if g is None else tree(g.grad_fn) for g in grads])
    total = sum((g * g).sum() for g in grads if g is not None and g.requires_grad)
    print(torch.autograd.grad(total, [x, y, w, g_out], allow_unused=True))
