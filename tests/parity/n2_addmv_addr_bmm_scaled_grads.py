# addmv, addr, addbmm, baddbmm (and their in-place forms): PyTorch scales the gradients by
# beta and alpha with maybe_multiply (grad * Scalar: MulBackward1, nothing when the factor is
# 1), and addmv's matrix gradient is grad.ger(vec) (outer: a reshape times vec).
import torch


def tree(fn, depth=3):
    if fn is None:
        return None
    return [fn.name(), [tree(f, depth - 1) for f, _ in fn.next_functions] if depth else '...']


def leaf(*shape):
    n = 1
    for s in shape:
        n *= s
    return (torch.arange(n, dtype=torch.float32).reshape(shape) * 0.3 - 0.5).requires_grad_()


cases = [("addmv", torch.addmv, (2,), (2, 3), (3,)), ("addr", torch.addr, (2, 3), (2,), (3,)),
         ("addbmm", torch.addbmm, (2, 4), (2, 2, 3), (2, 3, 4)),
         ("baddbmm", torch.baddbmm, (2, 2, 4), (2, 2, 3), (2, 3, 4))]
for name, f, *shapes in cases:
    for beta, alpha in [(1, 1), (0.5, 2), (0, 3)]:
        leaves = [leaf(*s) for s in shapes]
        y = f(*leaves, beta=beta, alpha=alpha)
        g_out = torch.ones_like(y, requires_grad=True)
        grads = torch.autograd.grad(y, leaves, g_out, create_graph=True)
        print(name, beta, alpha, [tree(g.grad_fn) for g in grads])
        print(torch.autograd.grad(sum((g * g).sum() for g in grads), leaves + [g_out],
                                  allow_unused=True))
    base = leaf(*shapes[0]).detach().clone().requires_grad_()
    out = base * 1
    getattr(out, name + "_")(*[leaf(*s) for s in shapes[1:]], beta=2, alpha=0.5)
    g, = torch.autograd.grad(out, base, torch.ones_like(out, requires_grad=True),
                             create_graph=True)
    print(name + "_", out.grad_fn.name(), tree(g.grad_fn))
