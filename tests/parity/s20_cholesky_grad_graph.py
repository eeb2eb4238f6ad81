# linalg.cholesky under create_graph: PyTorch's gradient is two triangular solves of
# 0.5 * (tril(L^H gL) + its strict lower triangle mirrored), with the factor as the solves' A.
import torch


def tree(fn, depth=4):
    if fn is None:
        return None
    return [fn.name(), [tree(f, depth - 1) for f, _ in fn.next_functions] if depth else '...']


for upper in (False, True):
    a = torch.tensor([[4.0, 1.2, 0.5], [1.2, 3.0, 0.7], [0.5, 0.7, 2.0]], requires_grad=True)
    f = torch.linalg.cholesky(a, upper=upper)
    g = torch.arange(9, dtype=torch.float32).reshape(3, 3) * 0.3 - 1
    (ga,) = torch.autograd.grad(f, a, g, create_graph=True)
    print(upper, tree(ga.grad_fn))
    print(ga)
    (gga,) = torch.autograd.grad((ga * ga).sum(), a)
    print(gga)
