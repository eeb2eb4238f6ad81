# The gradients of addmv / addbmm / baddbmm / addr (and their in-place forms) under
# create_graph=True scale by beta and alpha as PyTorch's maybe_multiply does, a
# multiplication by a number (MulBackward1); addmv's matrix gets grad.outer(vec).
import torch


def tree(fn, depth=3):
    if fn is None:
        return None
    if depth == 0:
        return fn.name()
    return [fn.name(), [tree(f, depth - 1) for f, _ in fn.next_functions]]


a = torch.ones(2, 2, requires_grad=True)
m1 = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], requires_grad=True)
m2 = torch.tensor([[1.0, 0.5], [2.0, 1.5], [0.5, 0.25]], requires_grad=True)
v = torch.tensor([1.0, -1.0], requires_grad=True)
v3 = torch.tensor([0.5, 1.0, 2.0], requires_grad=True)
b1 = torch.arange(24.0).reshape(4, 2, 3).requires_grad_()
b2 = torch.arange(24.0).reshape(4, 3, 2).div(10).requires_grad_()
for name, f, ins in [('addmm', lambda: torch.addmm(a, m1, m2, beta=0.5, alpha=2), [a, m1, m2]),
                     ('addmv', lambda: torch.addmv(v, m1, v3, beta=0.5, alpha=2), [v, m1, v3]),
                     ('addmv alpha 1', lambda: torch.addmv(v, m1, v3), [v, m1, v3]),
                     ('addbmm', lambda: torch.addbmm(a, b1, b2, beta=0.5, alpha=2), [a, b1, b2]),
                     ('baddbmm', lambda: torch.baddbmm(a, b1, b2, beta=0.5, alpha=2), [a, b1, b2]),
                     ('addr', lambda: torch.addr(a, v, v, beta=0.5, alpha=2), [a, v]),
                     ('addbmm_', lambda: (a * 1).addbmm_(b1, b2, beta=0.5, alpha=2), [a, b1, b2])]:
    y = f()
    g = torch.ones_like(y).requires_grad_()
    grads = torch.autograd.grad(y, ins, g, create_graph=True)
    print(name, grads, [tree(t.grad_fn) for t in grads])
    print(name, torch.autograd.grad(sum((t * t).sum() for t in grads), ins + [g],
                                    allow_unused=True))
